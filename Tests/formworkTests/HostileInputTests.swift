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

    /// Every input, as `kind/name.ext`: the files, and the generated inputs.
    static let cases: [String] = ["definitions", "values", "repl", "rpc", "responses"].flatMap { kind in
        (((try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(kind).path)) ?? [])
            .filter { !$0.hasSuffix(".expected") }.map { "\(kind)/\($0)" }
            + generated.keys.filter { $0.hasPrefix(kind + "/") }).sorted()
    }

    /// Inputs of megabytes, made when the tests run rather than kept in the repository
    /// (their `.expected` files are in the corpus with the others): each is written
    /// under its name into a directory of its own and run from there.
    static let generated: [String: @Sendable () -> String] = [
        "responses/20-million-deep.json": { String(repeating: "[", count: 1_000_000) + "\n" },
        "responses/21-ten-megabyte-string.json": {
            #"{"bio": ""# + String(repeating: "b", count: 10_000_000) + #"", "quantity": 3}"# + "\n"
        },
        "responses/22-ten-megabyte-line.jsonl": {
            #"{"bio": ""# + String(repeating: "b", count: 10_000_000) + "\"}\n" + #"{"quantity": 3, "total": 6}"# + "\n"
        },
        "responses/23-hundred-thousand-entries.json": {
            #"{"items": ["# + String(repeating: #"{"name": "x"},"#, count: 100_000) + #"{}]}"# + "\n"
        },
        "definitions/70-surveyjs-panels-ten-thousand-deep.json": {
            #"{ "pages": [ { "name": "p", "elements": ["#
                + String(repeating: #"{ "type": "panel", "elements": ["#, count: 10_000)
                + #"{ "type": "text", "name": "q" }"# + String(repeating: "] }", count: 10_000) + "] } ] }\n"
        },
        "definitions/71-surveyjs-ten-megabyte-title.json": {
            #"{ "title": ""# + String(repeating: "T", count: 10_000_000) + #"", "pages": [ { "elements": [ "#
                + #"{ "type": "html", "name": "h", "html": "<p>"# + String(repeating: "<b>x", count: 2_500_000)
                + #"" } ] } ] }"# + "\n"
        },
        "definitions/75-surveyjs-million-choices.json": {
            #"{ "pages": [ { "elements": [ { "type": "dropdown", "name": "d", "choices": ["#
                + (0..<1_000_000).map { "\"c\($0)\"" }.joined(separator: ",") + "] } ] } ] }\n"
        },
        "definitions/78-surveyjs-two-hundred-thousand-questions.json": {
            #"{ "pages": [ { "elements": [\#n"#
                + (0...200_000).map { #"{ "type": "text", "name": "q\#($0)" }"# }.joined(separator: ",\n")
                + "\n] } ] }\n"
        },
        "definitions/80-surveyjs-megabyte-reference.json": {
            let name = "{" + String(repeating: "n", count: 1_000_000) + "}"
            return #"{ "pages": [ { "elements": [ { "type": "text", "name": "a" }, "#
                + #"{ "type": "text", "name": "b", "title": ""# + name + #"", "visibleIf": ""# + name
                + #" = 1" } ] } ] }"#
                + "\n"
        },
        "definitions/84-surveyjs-unclosed-tags.json": {
            #"{ "pages": [ { "elements": [ { "type": "text", "name": "shown" }, "#
                + #"{ "type": "html", "name": "h", "visibleIf": "{shown} = 'html'", "html": ""#
                + String(repeating: "<", count: 99_999) + #"" } ] } ] }"# + "\n"
        },
        "definitions/85-surveyjs-ten-thousand-languages.json": {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            let codes = letters.flatMap { a in letters.flatMap { b in letters.map { c in "\(a)\(b)\(c)" } } }
            let title = "{ " + codes.prefix(10_000).map { #""\#($0)": "t""# }.joined(separator: ", ") + " }"
            return #"{ "title": \#(title), "pages": [ { "elements": ["#
                + (0..<500).map { #"{ "type": "text", "name": "q\#($0)", "title": { "default": "Q", "fr": "Q" } }"# }
                .joined(separator: ",\n") + "] } ] }\n"
        },
        "definitions/87-surveyjs-choices-each-translating.json": {
            let condition = (0..<30).map { "{item} = 'c\($0)'" }.joined(separator: " or ")
            return #"{ "pages": [ { "elements": [ { "type": "dropdown", "name": "d", "choicesVisibleIf": ""#
                + condition + #"", "choices": ["# + (0..<20_000).map { "\"c\($0)\"" }.joined(separator: ",")
                + "] } ] } ] }\n"
        },
        "definitions/86-surveyjs-unknown-names.json": {
            #"{ "pages": [ { "elements": [ { "type": "text", "name": "shown" },\#n"#
                + (0..<20_000).map {
                    #"{ "type": "text", "name": "question\#($0)", "visible": false, "visibleIf": "{zz\#($0)} = 1" }"#
                }.joined(separator: ",\n") + "\n] } ] }\n"
        },
    ]

    @Test func theCorpusHasAtLeastFiftyInputsOfEveryKind() {
        #expect(Self.cases.count >= 50)
        for kind in ["definitions", "values", "repl", "rpc", "responses"] {
            #expect(Self.cases.contains { $0.hasPrefix(kind + "/") })
        }
    }

    /// How each kind is run: the command and what goes to standard input.
    static func run(_ name: String) throws -> CommandRunner.Result {
        let kind = name.split(separator: "/")[0]
        var directory = corpus
        if let make = generated[name] {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(String(kind)), withIntermediateDirectories: true)
            try Data(make().utf8).write(to: directory.appendingPathComponent(name))
        }
        defer { if directory != corpus { try? FileManager.default.removeItem(at: directory) } }
        let input = try Data(contentsOf: directory.appendingPathComponent(name))
        let arguments: [String]
        var stdin = Data()
        switch kind {
        case "definitions": arguments = ["show", name]
        case "values": arguments = ["show", target(for: name), "--values", name]
        case "responses": arguments = ["validate", corpus.appendingPathComponent(target(for: name)).path, name]
        case "repl":
            arguments = ["fill", target(for: name)]
            stdin = input
        default:
            arguments = ["serve", target]
            stdin = input
        }
        return try CommandRunner.run(
            "formwork", arguments, bytes: stdin, directory: directory,
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
