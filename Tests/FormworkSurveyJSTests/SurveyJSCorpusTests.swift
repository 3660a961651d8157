import Formwork
import FormworkREPL
import FormworkTesting
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Every real survey of `../shared/corpus/surveyjs`: it loads, or fails with exactly
/// the elements Formwork cannot represent; with `--skip-unsupported` it loads and
/// `show` renders it; a scripted fill answers every visible required question and
/// submits; and the answers, written as SurveyJS's data, validate against the
/// form's `answers-schema` and load back as values.
@Suite("SurveyJS corpus")
struct SurveyJSCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/surveyjs")

    /// The corpus's surveys, sorted; empty after saying so when it is absent.
    static func names() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            print("skipped: ../shared/corpus/surveyjs is absent")
            return []
        }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func load(_ name: String, skipUnsupported: Bool = false) throws(DiagnosticList) -> FormDefinition {
        try FormDefinition.load(
            contentsOf: folder.appendingPathComponent(name), displayPath: name, formats: .surveyJS,
            skipUnsupported: skipUnsupported)
    }

    /// What the corpus's surveys hold that survey-core drops or does not enforce,
    /// found in their JSON independently of the reader: elements of the host
    /// application's custom types (`addressvalidation`, `medications`), elements that
    /// only name a template of that application (`questionTemplateName`, no `type`),
    /// which survey-core drops (they are in its `jsonErrors`); and timers that run
    /// (`maxTimeToFinish`, `maxTimeToFinishPage` above 0, named so).
    static func droppedNames(in name: String) throws -> [String] {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let survey = try JSONSerialization.jsonObject(with: data)
        var found: [String] = []
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                let type = object["type"] as? String
                if let name = object["name"] as? String,
                    type == nil && object["questionTemplateName"] != nil
                        || ["addressvalidation", "medications"].contains(type ?? "")
                {
                    found.append(name)
                }
                for key in ["maxTimeToFinish", "maxTimeToFinishPage"] where (object[key] as? Int ?? 0) > 0 {
                    found.append(key)
                }
                for key in ["pages", "elements", "templateElements", "questions"] {
                    (object[key] as? [Any])?.forEach(visit)
                }
            } else if let list = node as? [Any] {
                list.forEach(visit)
            }
        }
        visit(survey)
        return found
    }

    /// Every survey opens without a flag, as survey-core opens it; each element it
    /// drops, and each timer, is a warning at its place naming it.
    @Test func everySurveyLoadsAndWarnsOfWhatSurveyCoreDrops() throws {
        for name in Self.names() {
            let expected = try Self.droppedNames(in: name)
            let form = try Self.load(name)
            #expect(!form.fields.isEmpty, "\(name)")
            let (_, problems) = try SurveyJSImport.document(
                fromJSON: Array(try Data(contentsOf: Self.folder.appendingPathComponent(name))), path: name)
            #expect(problems.allSatisfy { $0.severity == .warning }, "\(name): \(problems.map(\.message))")
            let warned = problems.compactMap { problem -> String? in
                if problem.message.hasPrefix("the timer '") {
                    return expected.first { problem.message.hasPrefix("the timer '\($0)'") }
                }
                guard problem.message.hasPrefix("the element '") else { return nil }
                return expected.first { problem.message.hasPrefix("the element '\($0)' is left out") }
            }
            #expect(warned.sorted() == expected.sorted(), "\(name)")
            let dropped = Set(expected)
            #expect(form.fields.allSatisfy { !dropped.contains($0.id) }, "\(name)")
        }
    }

    @Test func showRendersEverySurvey() throws {
        for name in Self.names() {
            let session = FormSession(definition: try Self.load(name, skipUnsupported: true))
            let table = TerminalTable(session: session, renderer: TableRenderer(width: 100))
            session.reload(table, animated: false)
            let lines = table.render()
            #expect(lines.count > 3, "\(name)")
            #expect(lines.allSatisfy { !$0.contains("\u{1B}") }, "\(name): no escape sequence reaches the terminal")
            let firstQuestion = try #require(
                session.definition.fields.first { $0.kind.isEditable && $0.visible == nil })
            #expect(lines.contains { $0.contains(String(firstQuestion.label.prefix(30))) }, "\(name)")
        }
    }

    @Test func aScriptedFillSubmitsAndItsDataValidatesAgainstTheAnswersSchema() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var documents: [String] = []
        for name in Self.names() {
            let form = try Self.load(name, skipUnsupported: true)
            let session = FormSession(definition: form)
            let unanswerable = ScriptedFill.fill(session, file: Self.folder.appendingPathComponent(name).path)
            #expect(unanswerable.isEmpty, "\(name): no valid answer found for \(unanswerable)")
            #expect(session.validate().isEmpty, "\(name): \(session.validate().map(\.description))")
            let data = SurveyJSData.json(of: session)
            let stem = String(name.dropLast(5))
            try data.write(to: work.appendingPathComponent(stem + ".data.json"), atomically: true, encoding: .utf8)
            try AnswersSchema.document(for: form).pretty.write(
                to: work.appendingPathComponent(stem + ".schema.json"), atomically: true, encoding: .utf8)
            documents.append(stem)
            // The data loads back as values and gives the same data.
            let again = FormSession(definition: form)
            try again.loadValues(bytes: Array(data.utf8), isJSON: true, path: stem + ".data.json")
            #expect(SurveyJSData.json(of: again) == data, "\(name)")
        }
        guard let python = SchemaValidator.unavailable == nil ? SchemaValidator.python : nil else {
            print("skipped: answers-schema validation: \(SchemaValidator.unavailable ?? "")")
            return
        }
        for stem in documents {
            let output = try SchemaValidator.validate(
                python: python, schema: work.appendingPathComponent(stem + ".schema.json"),
                document: work.appendingPathComponent(stem + ".data.json"))
            #expect(output.hasSuffix("valid\n") && !output.contains("invalid"), "\(stem): \(output)")
        }
    }
}

/// `Tests/FormworkTests/validate_json_schema.py` (Python's `jsonschema`).
enum SchemaValidator {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FormworkTests/validate_json_schema.py")
    /// `python3` as the PATH finds it (through `env`), as `make deps` installed
    /// jsonschema for it.
    static let python = "/usr/bin/env"

    /// Why schemas cannot be checked here; `nil` when they can.
    static var unavailable: String? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["python3", "-c", "import jsonschema"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 does not run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3 has no jsonschema (apt-get install python3-jsonschema)"
    }

    static func validate(python: String, schema: URL, document: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["python3", script.path, schema.path, document.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
