import FormworkTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// One writer per draft: a second `formwork fill` of the same form (or the same
/// `--draft PATH`) is refused while the first runs, offered a draft of its own or a
/// read-only view, and is never silently given the same draft. Two processes on
/// real pseudo-terminals.
@Suite("draft locks", .serialized)
struct DraftLockTests {
    static func terminal(_ arguments: [String], state: URL) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
            arguments: ["fill"] + arguments, environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"])
    }

    @Test func aSecondSessionIsRefusedAndTheFirstKeepsItsAnswers() throws {
        let state = DraftTerminalTests.freshState()
        let first = try Self.terminal([TerminalTests.seed], state: state)
        try first.waitFor("formwork> ")
        try first.type("set firstName Ada\r")
        try first.waitFor("+  2  Last name")
        try first.waitForLineEditing()

        // The reproduction: before the lock, this session took the same draft and its
        // "Grace" replaced the first session's "Ada".
        let second = try Self.terminal([TerminalTests.seed], state: state)
        try second.waitFor("--read-only")
        #expect(try second.waitForExit() == 2)
        let said = second.transcript.replacingOccurrences(of: "\r\n", with: " ")  // as wrapped to the terminal
        #expect(said.contains("is in use by another formwork fill (process \(first.pid))"))
        #expect(second.transcript.contains("--draft PATH"))
        #expect(second.isInNormalMode)

        // Viewing read-only works beside the first session, and changes nothing.
        let viewer = try Self.terminal([TerminalTests.seed, "--read-only"], state: state)
        try viewer.waitFor("formwork> ")
        #expect(viewer.transcript.contains("First name                 Ada"))
        try viewer.type("set firstName Grace\r")
        try viewer.waitFor("error: read-only")
        try viewer.type("quit\r")
        #expect(try viewer.waitForExit() == 0)

        try first.type("quit\r")
        try first.waitFor("Your answers are kept in the draft")
        #expect(try first.waitForExit() == 0)

        // Once the first has quit, the form resumes with its answer.
        let third = try Self.terminal([TerminalTests.seed], state: state)
        try third.waitFor("formwork> ")
        #expect(third.transcript.contains("Resumed 1 answer from "))
        #expect(third.transcript.contains("First name                 Ada"))
        try third.type("quit\r")
        #expect(try third.waitForExit() == 0)
    }

    @Test func theSameDraftPathIsLockedToo() throws {
        let state = DraftTerminalTests.freshState()
        let draft = state.appendingPathComponent("shared-draft.json").path
        let first = try Self.terminal([TerminalTests.seed, "--draft", draft], state: state)
        try first.waitFor("formwork> ")
        // A script given the same --draft is refused as well (exit 2), with nothing written.
        let script = try CommandRunner.run(
            "formwork", ["fill", TerminalTests.seed, "--draft", draft],
            input: "set firstName Grace\n", directory: CommandLineTests.package,
            environment: ["XDG_STATE_HOME": state.path])
        #expect(script.status == 2)
        #expect(script.standardError.contains("is in use by another formwork fill"))
        #expect(!FileManager.default.fileExists(atPath: draft))
        try first.type("set firstName Ada\r")
        try first.waitFor("+  2  Last name")
        try first.type("quit\r")
        #expect(try first.waitForExit() == 0)
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains(#"{"id":"firstName","value":"Ada"}"#))
        #expect(!FileManager.default.fileExists(atPath: draft + ".lock"))  // a session that ends removes it
    }

    @Test func aKilledHolderLeavesNoStaleLock() throws {
        let state = DraftTerminalTests.freshState()
        let first = try Self.terminal([TerminalTests.seed], state: state)
        try first.waitFor("formwork> ")
        try first.type("set firstName Ada\r")
        try first.waitFor("+  2  Last name")
        try first.waitForLineEditing()
        first.signal(SIGKILL)
        #expect(try first.waitForExit() == -SIGKILL)
        let drafts = state.appendingPathComponent("formwork/drafts").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: drafts).contains { $0.hasSuffix(".lock") })

        let next = try Self.terminal([TerminalTests.seed], state: state)
        try next.waitFor("formwork> ")
        #expect(next.transcript.contains("Resumed 1 answer from "))
        #expect(!next.transcript.contains("in use"))
        try next.type("quit\r")
        #expect(try next.waitForExit() == 0)
    }
}
