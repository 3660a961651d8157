import Foundation

@testable import FormworkODK

/// JavaRosa, through `../shared/oracles/javarosa/run.sh xpath`, evaluating XPath in a
/// form after a list of answers. One JVM evaluates many expressions at once
/// (`concat(string(e1), '␞', string(e2), …)`); where one fails, the batch is halved
/// until the failure is one expression. At most two JVMs run at once, whichever test
/// starts them (the machine's cores are shared).
enum XPathOracle {
    static let runner = Corpus.xlsform.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("oracles/javarosa/run.sh")
    static let separator = "\u{241E}"
    /// The JVMs that may run at once.
    static let slots = DispatchSemaphore(value: 2)
    /// The longest joined expression given to one run (an argument may be 128 KiB).
    static let longestBatch = 60_000

    /// Why the oracle cannot run here; `nil` when it can.
    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: runner.path)
            ? nil : "the JavaRosa oracle is not set up (../shared/oracles/setup.sh)"
    }

    /// Runs the oracle (`run.sh ARGUMENTS`, `TZ=UTC`) in one of the two slots: its JSON
    /// object, or `nil` when it exits with an error.
    static func run(_ arguments: [String]) throws -> [String: Any]? {
        let (status, data) = try output(arguments)
        guard status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// Runs the oracle (`run.sh ARGUMENTS`, `TZ=UTC`) in one of the two slots: its exit
    /// status and what it printed.
    static func output(_ arguments: [String]) throws -> (status: Int32, data: Data) {
        slots.wait()
        defer { slots.signal() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [runner.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// JavaRosa's results for a batch: each expression's `string()` (`nil`: it failed),
    /// and the status JavaRosa gave each answer (`ok`, `constraint`, `rejected`, …; empty
    /// when no run succeeded).
    struct Evaluation {
        var strings: [String?]
        var applied: [String]
    }

    /// What JavaRosa's `string()` gives for each expression in `form` (an XForm) after
    /// `answers` (`[[ref, value-or-null], …]`, as `run.sh random` prints them), in the
    /// context of `context` (an instance path with indexes; `nil`: the root). Without
    /// `halving`, a failed run fails every expression of the batch.
    static func evaluate(
        _ expressions: [String], form: URL, answers: [[Any]], context: String?, halving: Bool = true
    ) throws -> Evaluation {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xpath-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let answersFile = folder.appendingPathComponent("answers.json")
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        var applied: [String] = []
        func run(_ expression: String) throws -> String? {
            var arguments = ["xpath", form.path, expression, answersFile.path]
            if let context { arguments += ["--context", context] }
            guard let json = try Self.run(arguments) else { return nil }
            if applied.isEmpty, let statuses = json["applied"] as? [[String: Any]] {
                applied = statuses.map { $0["status"] as? String ?? "" }
            }
            return json["string"] as? String
        }
        // One run for all; where that fails, halves, so a failure costs a few runs.
        func results(_ strings: ArraySlice<String>) throws -> [String?] {
            let joined =
                strings.count == 1 ? strings.first! : "concat(" + strings.joined(separator: ", '\(separator)', ") + ")"
            if joined.count <= longestBatch || strings.count == 1, let result = try run(joined) {
                let parts = result.components(separatedBy: separator)
                if parts.count == strings.count { return parts }
            }
            guard strings.count > 1, halving else { return strings.map { _ in nil } }
            let middle = strings.startIndex + strings.count / 2
            return try results(strings[..<middle]) + results(strings[middle...])
        }
        let strings = try results(expressions.map { "string(\($0))" }[...])
        return Evaluation(strings: strings, applied: applied)
    }

    /// What JavaRosa's `string()` gives for each expression (`nil`: it failed, or an
    /// answer was not taken), in `XPathFixture.xform` in the context of `place` after
    /// the scenario's answers.
    static func evaluate(
        _ expressions: [String], at place: XPathFixture.Place, _ scenario: XPathFixture.Scenario
    ) throws -> [String?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xpath-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("form.xml")
        try XPathFixture.xform.write(to: form, atomically: true, encoding: .utf8)
        let answers = XPathFixture.oracleAnswers(scenario)
        let evaluation = try evaluate(expressions, form: form, answers: answers, context: place.reference)
        guard evaluation.applied.count == answers.count, evaluation.applied.allSatisfy({ $0 == "ok" }) else {
            return expressions.map { _ in nil }
        }
        return evaluation.strings
    }
}
