import Formwork
import FormworkREPL
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Surveys of our own (`Fixtures/`) that use every element type and property the
/// reader maps: `kinds.json` (each element type), `logic.json` (conditions,
/// requiredness, read-only, defaults, value rules, choice conditions and sources,
/// extra items, validators, calculated values, triggers, translations, `{q}` in
/// titles). Each is shown as `NAME.show.txt` says, filled by `NAME.script` in script
/// mode to give `NAME.data.json`, and that data is what survey-core itself keeps
/// when given the answers a person typed (its `completedData`, checked live where
/// the oracle runs).
@Suite("SurveyJS fixtures")
struct SurveyJSFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let names = ["kinds", "logic"]

    static func load(_ name: String) throws -> FormDefinition {
        try FormDefinition.load(
            contentsOf: folder.appendingPathComponent(name + ".json"), displayPath: name + ".json",
            formats: .surveyJS)
    }

    static func expected(_ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    /// The data `NAME.script` gives, filled in script mode from the project's root
    /// (the script names files by paths from there).
    static func filled(_ name: String) throws -> (FormSession, String) {
        let session = FormSession(definition: try load(name))
        var options = ReplSession.Options(interactive: false)
        options.answerFormat = SurveyJSAnswerFormat()
        let repl = ReplSession(form: session, options: options)
        _ = repl.start()
        var output: [String] = []
        let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for line in try expected(name + ".script").split(separator: "\n") {
            let resolved = line.replacingOccurrences(
                of: "Tests/FormworkSurveyJSTests/", with: root.path + "/Tests/FormworkSurveyJSTests/")
            let step = repl.handle(.line(resolved))
            #expect(step.errors.isEmpty, "\(name): \(line): \(step.errors)")
            output += step.output
        }
        let start = try #require(output.firstIndex(of: "{"), "\(name): submit printed no data")
        return (session, output[start...].joined(separator: "\n") + "\n")
    }

    @Test(arguments: names) func showRendersAsExpected(_ name: String) throws {
        let session = FormSession(definition: try Self.load(name))
        let table = TerminalTable(session: session, renderer: TableRenderer(width: 100))
        session.reload(table, animated: false)
        #expect(table.render().joined(separator: "\n") + "\n" == (try Self.expected(name + ".show.txt")))
    }

    @Test(arguments: names) func aScriptedFillWritesTheExpectedData(_ name: String) throws {
        let (session, data) = try Self.filled(name)
        let expected = try Self.expected(name + ".data.json").replacingOccurrences(
            of: "\"Tests/FormworkSurveyJSTests/", with: "\"" + Self.folder.deletingLastPathComponent().path + "/")
        #expect(data == expected)
        #expect(session.validate().isEmpty)
    }

    @Test(arguments: names) func surveyCoreKeepsTheSameDataFromTheSameAnswers(_ name: String) throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let (session, data) = try Self.filled(name)
        let ours = try JSONSerialization.jsonObject(with: Data(data.utf8)) as! [String: Any]
        // What a person typed: not what the form computes or its rules set.
        let computed = Set(
            session.definition.fields.filter { field in
                if case .always = field.readOnly { return true }
                return field.kind.isComputed || field.trigger != nil
            }.map { $0.key ?? $0.id })
        let survey = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json")))
        let answers = ours.filter { !computed.contains($0.key) }.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
        let result = try SurveyJSOracle.fill(survey: survey, answers: answers)
        let validation = result["validation"] as? [String: Any]
        #expect(validation?["valid"] as? Bool == true, "\(name): \(validation ?? [:])")
        let theirs = result["completedData"] as? [String: Any] ?? [:]
        #expect(try Self.canonical(theirs) == Self.canonical(ours), "\(name)")
    }

    /// JSON with sorted keys, for comparing what two engines wrote.
    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
