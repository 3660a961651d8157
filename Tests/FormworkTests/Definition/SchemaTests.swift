import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// The JSON Schemas, checked with a real validator (Python's jsonschema, draft 2020-12).
@Suite("JSON Schemas")
struct SchemaTests {
    static let validator = Fixtures.testsDirectory.appendingPathComponent("validate_json_schema.py")

    /// Validates documents; returns each file name's verdict ("valid" or "invalid: …").
    static func validate(schema: String, documents: [String: String]) throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-schema-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schemaPath = directory.appendingPathComponent("schema.json")
        try schema.write(to: schemaPath, atomically: true, encoding: .utf8)
        var paths: [String] = []
        for (name, text) in documents {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", validator.path, schemaPath.path] + paths)
        guard result.status == 0 else { throw ValidatorFailure(output: result.standardError) }
        var verdicts: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            verdicts[String(parts[0])] = String(parts[1])
        }
        return verdicts
    }

    struct ValidatorFailure: Error { let output: String }

    /// A format's name is any name without registered formats, one of theirs with them.
    @Test func submissionFormatsAreTheRegisteredOnes() throws {
        let none = DefinitionSchema.document().encoded
        #expect(none.contains(#""format":{"type":"string"}"#), "\(none)")
        struct Named: AnswerFormat {
            var name: String { "named" }
            var summary: String { "" }
            var fileExtension: String { "txt" }
            func recognizes(_ bytes: [UInt8], path: String?) -> Bool { false }
            func write(_ session: FormSession, options: AnswerWriting) -> String { "" }
        }
        let named = DefinitionSchema.document(formats: FormatRegistry(answerFormats: [Named()])).encoded
        #expect(named.contains(#""format":{"enum":["named"]}"#), "\(named)")
    }

    /// Broken fixtures whose problem is one of shape, which the schema must reject; the
    /// others (references, cycles, ranges across keys…) need the whole form.
    static let rejectedByShape: Set<String> = [
        "04-unknown-key", "05-unknown-key-synonym", "06-missing-keys", "07-wrong-type", "08-unknown-kind",
        "10-invalid-id",
        "23-key-not-applicable", "24-choice-without-options", "26-range-inverted", "29-computed-without-value",
        "31-empty-section", "32-unknown-format", "33-rule-without-message", "35-not-a-mapping", "28-invalid-default",
        "44-required-message-without-required",
    ]

    @Test func acceptsEveryFormAndRejectsBrokenShapes() throws {
        var documents: [String: String] = [:]
        for form in Fixtures.forms {
            let tree = try YAMLLoader.parse(String(contentsOf: form, encoding: .utf8), limits: .default)
            documents["form-" + form.deletingPathExtension().lastPathComponent + ".json"] = Fixtures.json(tree)
        }
        let broken = Fixtures.fixturesDirectory.appendingPathComponent("broken")
        for name in try FileManager.default.contentsOfDirectory(atPath: broken.path)
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            let bytes = [UInt8](try Data(contentsOf: broken.appendingPathComponent(name)))
            guard
                let (tree, _) = try? SyntaxLoader.parse(
                    bytes, format: name.hasSuffix(".json") ? .json : .yaml, limits: .default)
            else {
                continue  // a syntax error: nothing for a schema to see
            }
            documents["broken-" + (name as NSString).deletingPathExtension + ".json"] = Fixtures.json(tree)
        }
        let verdicts = try Self.validate(schema: DefinitionSchema.document().pretty, documents: documents)
        #expect(verdicts.count == documents.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            let fixture = String(name.dropFirst("broken-".count).dropLast(".json".count))
            if name.hasPrefix("form-") || !Self.rejectedByShape.contains(fixture) {
                #expect(verdict == "valid", "\(name): \(verdict)")
            } else {
                #expect(verdict.hasPrefix("invalid"), "\(name) should be rejected by the schema")
            }
        }
    }

    /// `requiredMessage` where the decoder takes it (beside `required`, plain or per
    /// language, in entries too), and not where it refuses it.
    @Test func definitionSchemaTakesRequiredMessageAsTheDecoderDoes() throws {
        func form(_ fields: String) -> String {
            """
            id: t
            title: T
            languages: [en, fr]
            sections:
              - id: s
                fields:
            \(fields)
            """
        }
        let age = "      - { id: age, kind: number, label: Age, "
        let cases: [(name: String, yaml: String, valid: Bool)] = [
            ("plain", form(age + "required: true, requiredMessage: Give the age }"), true),
            ("translated", form(age + "required: $age == null, requiredMessage: { en: \"{$age}?\", fr: Âge }}"), true),
            (
                "in-entries",
                form(
                    """
                          - id: members
                            label: Members
                            repeat: { min: 1 }
                            fields:
                              - { id: name, kind: text, label: Name, required: true, requiredMessage: "Name {index()}" }
                    """), true
            ),
            ("without-required", form(age + "requiredMessage: Give the age }"), false),
            ("on-a-note", form("      - { id: n, kind: note, text: Hi, requiredMessage: Hi }"), false),
            ("not-a-text", form(age + "required: true, requiredMessage: { en: [a] } }"), false),
        ]
        var documents: [String: String] = [:]
        for (name, yaml, valid) in cases {
            let loaded = Fixtures.diagnostics(yaml: yaml) == "(loaded without errors)"
            #expect(loaded == valid, "\(name): \(Fixtures.diagnostics(yaml: yaml))")
            documents[name + ".json"] = Fixtures.json(try YAMLLoader.parse(yaml, limits: .default))
        }
        let verdicts = try Self.validate(schema: DefinitionSchema.document().pretty, documents: documents)
        #expect(verdicts.count == cases.count)
        for (name, _, valid) in cases {
            let verdict = verdicts[name + ".json"] ?? "-"
            #expect(valid ? verdict == "valid" : verdict.hasPrefix("invalid"), "\(name): \(verdict)")
        }
    }

    @Test func answersSchemaAcceptsWhatFormworkWritesAndRejectsTheRest() throws {
        let session = try Fixtures.session("conference.yaml")
        try session.set("name", text: "Ada")
        try session.set("email", text: "ada@example.org")
        try session.set("ticket", text: "business")
        try session.set("workshops", text: "tui, testing")
        try session.set("dinner", text: "yes")
        try session.set("guests", text: "2")
        #expect(session.validate().isEmpty)
        let schema = AnswersSchema.document(for: session.definition).pretty
        let verdicts = try Self.validate(
            schema: schema,
            documents: [
                "good.json": session.answersJSON(),
                "unknown-option.json": #"{"name": "Ada", "email": "ada@example.org", "ticket": "vip"}"#,
                "missing-required.json": #"{"email": "ada@example.org", "ticket": "regular"}"#,
                "wrong-type.json":
                    #"{"name": "Ada", "email": "ada@example.org", "ticket": "regular", "guests": "two"}"#,
                "extra-field.json": #"{"name": "Ada", "email": "ada@example.org", "ticket": "regular", "tickets": 2}"#,
            ])
        #expect(verdicts["good.json"] == "valid")
        for name in ["unknown-option.json", "missing-required.json", "wrong-type.json", "extra-field.json"] {
            #expect(verdicts[name]?.hasPrefix("invalid") == true, "\(name): \(verdicts[name] ?? "-")")
        }
    }

    @Test(arguments: Fixtures.forms.map(\.lastPathComponent))
    func answersSchemaOfEveryFormIsAValidSchema(_ name: String) throws {
        let schema = AnswersSchema.document(for: try Fixtures.form(name)).pretty
        #expect(try Self.validate(schema: schema, documents: ["empty.json": "{}"]).count == 1)
    }
}
