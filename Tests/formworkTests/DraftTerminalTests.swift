import FormworkTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nothing typed is lost: `formwork fill` keeps a draft, survives SIGKILL, and exits
/// cleanly on SIGTERM and SIGHUP, on a real pseudo-terminal.
@Suite("drafts at a terminal", .serialized)
struct DraftTerminalTests {
    static func start(state: URL, _ extra: [String] = []) throws -> PseudoTerminal {
        let (terminal, _) = try TerminalTests.start([TerminalTests.seed] + extra, state: state)
        return terminal
    }

    static func freshState() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("formwork-draft-\(UUID())")
    }

    /// Answers three questions, then waits for the prompt to return (the draft is
    /// written before it does).
    static func answerThree(_ terminal: PseudoTerminal) throws {
        try terminal.type("set firstName Ada\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.type("set lastName Lovelace\r")
        try terminal.waitFor("~  2  Last name")
        try terminal.type("toggle additional\r")
        try terminal.waitFor("+  4  E-mail")
        try terminal.type("set email ada@example.org\r")
        try terminal.waitFor("~  4  E-mail")
        try terminal.waitForLineEditing()  // the prompt is back
    }

    @Test func everyAnswerSurvivesSIGKILL() throws {
        let state = Self.freshState()
        let first = try Self.start(state: state)
        try Self.answerThree(first)
        first.signal(SIGKILL)
        #expect(try first.waitForExit() == -SIGKILL)

        let second = try PseudoTerminal(
            executable: CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
            arguments: ["fill", TerminalTests.seed], environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"])
        try second.waitFor("Resumed 4 answers from ")
        try second.waitFor("formwork> ")
        try second.type("values\r")
        let values = try second.waitFor("}")
        for expected in [
            "\"firstName\": \"Ada\"", "\"lastName\": \"Lovelace\"", "\"additional\": true",
            "\"email\": \"ada@example.org\"",
        ] {
            #expect(values.contains(expected), "missing \(expected) in \(values)")
        }
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationSignalsSaveAndRestoreTheTerminal(signal: Int32) throws {
        let state = Self.freshState()
        let terminal = try Self.start(state: state)
        try terminal.type("set firstName Grace\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.waitForLineEditing()
        #expect(!terminal.isInNormalMode)  // libedit owns the terminal while it reads
        terminal.signal(signal)
        try terminal.waitFor("received; exiting. Answers are kept in the draft")
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(terminal.isInNormalMode)

        let again = try Self.start(state: state)
        #expect(again.transcript.contains("Resumed 1 answer from "))
    }

    @Test func signalWhileEditingAValueKeepsEarlierAnswers() throws {
        let state = Self.freshState()
        let terminal = try Self.start(state: state)
        try terminal.type("set firstName Grace\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.type("2\r")
        try terminal.waitFor("Last name: ")
        try terminal.type("Hopp")  // half typed: not an answer yet
        try terminal.waitFor("pp")
        terminal.signal(SIGTERM)
        #expect(try terminal.waitForExit() == 128 + SIGTERM)
        #expect(terminal.isInNormalMode)
        let again = try Self.start(state: state)
        #expect(again.transcript.contains("Resumed 1 answer from "))
    }

    @Test func submitRemovesTheDraftAndFreshStartsOver() throws {
        let state = Self.freshState()
        let first = try Self.start(state: state)
        try first.type("set firstName Ada\r")
        try first.waitFor("+  2  Last name")
        try first.type("quit\r")
        #expect(try first.waitForExit() == 0)
        let drafts = state.appendingPathComponent("formwork/drafts")
        #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.path).count == 1)

        let fresh = try Self.start(state: state, ["--fresh"])
        #expect(fresh.transcript.contains("Starting fresh"))
        try fresh.type("set firstName Grace\r")
        try fresh.waitFor("~  1  First name                 Grace")
        try fresh.type("submit\r")
        try fresh.waitFor("Submitted")
        #expect(try fresh.waitForExit() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.path).isEmpty)
    }

    /// On a 60-column terminal the draft notices used to be cut by the terminal
    /// mid-word ("filling this for" / "m again resumes them"); the program wraps them
    /// itself now, at word boundaries.
    @Test func draftNoticesWrapAtWordBoundaries() throws {
        let state = Self.freshState()
        func terminal(_ arguments: [String] = []) throws -> PseudoTerminal {
            try PseudoTerminal(
                executable: CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
                arguments: ["fill", TerminalTests.seed] + arguments,
                environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"], columns: 60)
        }
        func lines(_ transcript: String) -> [String] { transcript.components(separatedBy: "\r\n") }
        let first = try terminal()
        try first.waitFor("formwork> ")
        try first.type("set firstName Ada\r")
        try first.waitFor("+  2  Last name")
        try first.type("quit\r")
        #expect(try first.waitForExit() == 0)
        let kept = lines(first.transcript).drop { !$0.hasPrefix("Your answers are kept") }
        #expect(kept.count >= 2)
        for line in kept where !line.isEmpty { #expect(line.count <= 60, "\(line)") }
        #expect(kept.joined(separator: " ").contains("filling this form again resumes them (--fresh starts over)."))

        let second = try terminal()
        try second.waitFor("formwork> ")
        let resumed = lines(second.transcript).drop { !$0.hasPrefix("Resumed 1 answer from") }.prefix {
            !$0.hasPrefix("Filling")
        }
        #expect(resumed.count >= 2)
        for line in resumed { #expect(line.count <= 60, "\(line)") }
        #expect(resumed.joined(separator: " ").contains("--fresh starts over)."))
    }
}
