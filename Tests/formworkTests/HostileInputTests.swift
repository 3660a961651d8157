import FormworkTesting
import Foundation
import Testing

/// The hostile-input corpus (`Hostile/`): definitions, values files, REPL scripts and
/// JSON-RPC streams meant to crash, hang or take over the terminal. Each is run
/// through the real `formwork` and must end in time, without a crash, with no raw
/// control character on either stream, and with exactly the outcome in its
/// `.expected` file (exit status, standard output, standard error).
///
/// `FORMWORK_UPDATE_HOSTILE=1 swift test --filter HostileInputTests` rewrites the
/// `.expected` files; review the difference before committing it.
@Suite("Hostile inputs")
struct HostileInputTests {
    static let corpus = CommandLineTests.package.appendingPathComponent("Tests/formworkTests/Hostile")
    /// The form every values file, script and stream runs against (no dates from today).
    static let target = "form.yaml"
    /// The form inputs named `…kinds-…` run against: times, places, files and ranks.
    static let kindsTarget = "kinds.yaml"

    static func target(for name: String) -> String { name.contains("kinds-") ? kindsTarget : target }

    /// Every input file, as `kind/name.ext`.
    static let cases: [String] = ["definitions", "values", "repl", "rpc"].flatMap { kind in
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(kind).path)) ?? [])
            .filter { !$0.hasSuffix(".expected") }.sorted().map { "\(kind)/\($0)" }
    }

    @Test func theCorpusHasAtLeastFiftyInputsOfEveryKind() {
        #expect(Self.cases.count >= 50)
        for kind in ["definitions", "values", "repl", "rpc"] {
            #expect(Self.cases.contains { $0.hasPrefix(kind + "/") })
        }
    }

    /// How each kind is run: the command and what goes to standard input.
    static func run(_ name: String) throws -> CommandRunner.Result {
        let kind = name.split(separator: "/")[0]
        let input = try Data(contentsOf: corpus.appendingPathComponent(name))
        let arguments: [String]
        var stdin = Data()
        switch kind {
        case "definitions": arguments = ["show", name]
        case "values": arguments = ["show", target(for: name), "--values", name]
        case "repl":
            arguments = ["fill", target(for: name)]
            stdin = input
        default:
            arguments = ["serve", target]
            stdin = input
        }
        return try CommandRunner.run(
            "formwork", arguments, bytes: stdin, directory: corpus,
            environment: ["NO_COLOR": "1", "COLUMNS": "100"], timeout: .seconds(20))
    }

    static func transcript(_ result: CommandRunner.Result) -> String {
        "status: \(result.status)\n--- stdout\n\(result.standardOutput)--- stderr\n\(result.standardError)"
    }

    @Test(arguments: cases)
    func endsCleanlyWithTheExpectedOutcome(_ name: String) throws {
        let result = try Self.run(name)
        #expect(!result.timedOut, "\(name) hung")
        #expect(!result.killedBySignal, "\(name) crashed with signal \(result.status)")
        #expect([0, 1, 2].contains(result.status), "\(name) exited \(result.status)")
        for (stream, text) in [("stdout", result.standardOutput), ("stderr", result.standardError)] {
            let raw = text.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            #expect(
                raw == nil, "\(name) wrote a raw control character U+\(String(raw?.value ?? 0, radix: 16)) on \(stream)"
            )
        }
        #expect(!result.standardError.contains("Fatal error") && !result.standardError.contains("Stack dump"))

        let expectedURL = Self.corpus.appendingPathComponent(name + ".expected")
        let actual = Self.transcript(result)
        if ProcessInfo.processInfo.environment["FORMWORK_UPDATE_HOSTILE"] != nil {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(name): outcome differs from \(name).expected")
    }
}
