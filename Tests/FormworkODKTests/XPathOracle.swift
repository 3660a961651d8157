import Foundation

@testable import FormworkODK

/// JavaRosa, through `../shared/oracles/javarosa/run.sh xpath`, evaluating XPath in
/// `XPathFixture.xform` after a scenario's answers. One JVM evaluates many
/// expressions at once (`concat(string(e1), '␞', string(e2), …)`); where one fails,
/// the batch is halved until the failure is one expression.
enum XPathOracle {
    static let runner = Corpus.xlsform.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("oracles/javarosa/run.sh")
    static let separator = "\u{241E}"

    /// Why the oracle cannot run here; `nil` when it can.
    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: runner.path)
            ? nil : "the JavaRosa oracle is not set up (../shared/oracles/setup.sh)"
    }

    /// What JavaRosa's `string()` gives for each expression (`nil`: it failed), in
    /// the context of `place` after the scenario's answers.
    static func evaluate(
        _ expressions: [String], at place: XPathFixture.Place, _ scenario: XPathFixture.Scenario
    ) throws -> [String?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xpath-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("form.xml")
        try XPathFixture.xform.write(to: form, atomically: true, encoding: .utf8)
        let answers = folder.appendingPathComponent("answers.json")
        try JSONSerialization.data(withJSONObject: XPathFixture.oracleAnswers(scenario)).write(to: answers)
        func run(_ expression: String) throws -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                runner.path, "xpath", form.path, expression, answers.path, "--context", place.reference,
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let applied = json["applied"] as? [[String: Any]],
                applied.allSatisfy({ $0["status"] as? String == "ok" })
            else { return nil }
            return json["string"] as? String
        }
        // One run for all; where that fails, halves, so a failure costs a few runs.
        func results(_ strings: ArraySlice<String>) throws -> [String?] {
            let joined =
                strings.count == 1 ? strings.first! : "concat(" + strings.joined(separator: ", '\(separator)', ") + ")"
            if let result = try run(joined) {
                let parts = result.components(separatedBy: separator)
                if parts.count == strings.count { return parts }
            }
            guard strings.count > 1 else { return [nil] }
            let middle = strings.startIndex + strings.count / 2
            return try results(strings[..<middle]) + results(strings[middle...])
        }
        return try results(expressions.map { "string(\($0))" }[...])
    }
}
