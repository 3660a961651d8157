import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// Golden transcripts of the accessible mode: a whole guided fill of the seed form as
/// a screen reader's user hears it, and every line of it checked for what a screen
/// reader reads badly. `FORMWORK_UPDATE_GOLDEN=1` writes a golden anew (then read
/// the difference before committing it).
@Suite("The accessible mode's golden transcripts")
struct AccessibleGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// Compares `transcript` with the golden file `name`, or writes it when asked to.
    static func matchGolden(_ transcript: String, _ name: String) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FORMWORK_UPDATE_GOLDEN"] == "1" {
            try Data(transcript.utf8).write(to: file)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(transcript == golden, "\(name) differs from its golden:\n\(transcript)")
    }

    @Test func theSeedFormFilledGuided() throws {
        let definition = try FormDefinition.load(contentsOf: ReplHarness.forms.appendingPathComponent("seed.yaml"))
        // The answers go to a file (printed, they would be the program's data, not speech).
        var options = ReplSession.Options(
            interactive: true, guided: true, width: 80, answersPath: "answers.json", writeFile: { _, _ in })
        options.accessible = true
        let repl = ReplSession(form: FormSession(definition: definition), options: options)
        // A name; a last name; the switch on; an e-mail refused, then given; submit.
        let transcript = repl.transcript(typing: ["Ada", "Lovelace", "yes", "not an address", "ada@example.org", "y"])
        try Self.matchGolden(transcript, "accessible-seed.txt")
        for line in transcript.split(separator: "\n") {
            #expect(SpokenTableTests.problems(String(line)).isEmpty, "\(line)")
        }
    }
}
