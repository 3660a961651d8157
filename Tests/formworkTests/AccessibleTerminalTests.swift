import FormworkTesting
import Foundation
import Testing

/// A whole fill in the accessible mode at a real pseudo-terminal: asked for by
/// `ACCESSIBLE=1`, guided, answered, submitted; what the terminal receives holds the
/// sentences and no escape sequence, table row or prefilled edit.
@Suite("the accessible mode at a terminal", .serialized)
struct AccessibleTerminalTests {
    @Test func aWholeFillIsSentencesAtTheTerminal() throws {
        let directory = try PagingTerminalTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = try String(
            contentsOf: CommandLineTests.package.appendingPathComponent("Forms/seed.yaml"), encoding: .utf8)
        let answers = directory.appendingPathComponent("answers.json")
        let terminal = try PagingTerminalTests.start(
            seed, in: directory, arguments: ["--guided", "--out", answers.path], environment: ["ACCESSIBLE": "1"])
        try terminal.waitFor("First name: ")
        try terminal.type("Ada\r")
        try terminal.waitFor("Last name: ")
        try terminal.type("Lovelace\r")
        try terminal.waitFor("Show additional options, yes or no: ")
        try terminal.type("yes\r")
        try terminal.waitFor("E-mail: ")
        try terminal.type("ada@example.org\r")
        try terminal.waitFor("Submit now? Answer yes or no: ")
        try terminal.type("y\r")
        #expect(try terminal.waitForExit() == 0)
        let heard = terminal.transcript
        for sentence in [
            "Question 1 of 2, section Name.", "First name, not answered.", "Changed: row 1, First name, now Ada.",
            "Appeared: section Additional Fields, 2 rows.", "Row 4, E-mail, ada@example.org.",
            "Submitted. The answers are in",
        ] {
            #expect(heard.contains(sentence), "\(sentence) not heard in:\n\(heard)")
        }
        #expect(!heard.contains("\u{1B}"), "an escape sequence reached the terminal:\n\(heard.debugDescription)")
        #expect(!heard.contains("   1  First name"))
        let written = try String(contentsOf: answers, encoding: .utf8)
        #expect(written.contains("\"email\": \"ada@example.org\""))
    }
}
