import FormworkTesting
import Foundation
import Testing

/// `formwork-prompt-demo`, a command-line tool that asks what its options leave out
/// through `FormPrompt` (written with the package's products only, as an outside
/// tool would be): complete from its options, answered from a pipe, and asked at a
/// terminal, where it keeps a draft between runs.
@Suite("A tool asking through FormPrompt", .serialized)
struct PromptDemoTests {
    static let tool = "formwork-prompt-demo"

    static func state() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("formwork-prompt-demo-\(UUID())")
    }

    static func run(_ arguments: [String], input: String = "", state: URL = state()) throws -> CommandRunner.Result {
        try CommandRunner.run(
            tool, arguments, input: input, environment: ["XDG_STATE_HOME": state.path], timeout: .seconds(60))
    }

    @Test func optionsThatCompleteTheFormAskNothing() throws {
        let result = try Self.run(["--service", "api", "--env", "staging", "--replicas", "1"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Deploying api to staging with 1 replica.\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func pipedCommandsAnswerWhatTheOptionsLeaveOut() throws {
        let result = try Self.run(
            ["--service", "api", "--notify", "ops@example.org"],
            input: "set env production\nset confirm true\nsubmit\n")
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasSuffix(
                "Deploying api to production with 2 replicas; ops@example.org will be told.\n"))
        // The condition showed the confirmation once production was chosen.
        #expect(result.standardOutput.contains("+  4  I know this is production *  [ ]"))
    }

    @Test func aSubmitTheFormRefusesIsNoAnswer() throws {
        // Production asks for a confirmation; the input ends without one.
        let result = try Self.run(["--service", "api"], input: "set env production\nsubmit\n")
        #expect(result.status == 1)
        #expect(result.standardError.contains("I know this is production: is required (rule: required)"))
        #expect(result.standardOutput.hasSuffix("Nothing deployed.\n"))
    }

    @Test func aRuleAcrossAnswersIsEnforced() throws {
        let result = try Self.run(
            ["--service", "api", "--replicas", "1"], input: "set env production\nset confirm true\nsubmit\n")
        #expect(result.status == 1)
        #expect(result.standardError.contains("production runs at least 2"))
    }

    @Test func anOptionThatBreaksItsFieldsRuleIsAUsageError() throws {
        let result = try Self.run(["--service", "API", "--env", "staging"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("service must match the pattern [a-z][a-z0-9-]*"))
        #expect(result.standardOutput.isEmpty)
    }

    /// The tool on a terminal, with its own state directory.
    static func terminal(_ arguments: [String], state: URL) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: CommandRunner.productsDirectory.appendingPathComponent(tool).path, arguments: arguments,
            environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"])
    }

    @Test func atATerminalEachMissingAnswerIsAskedPrefilled() throws {
        let terminal = try Self.terminal(["--service", "api"], state: Self.state())
        // Given on the command line, prefilled (libedit redraws the line to show it).
        try terminal.waitFor("Service *: ")
        try terminal.waitFor("api")
        try terminal.type("\r")
        try terminal.waitFor("Environment * (number or value): ")
        try terminal.type("2\r")
        try terminal.waitFor("Replicas *: ")
        try terminal.waitFor("2")  // the form's default
        try terminal.type("\r")
        try terminal.waitFor("I know this is production * [y/N]: ")
        try terminal.type("y\r")
        try terminal.waitFor("Notify: ")
        try terminal.type("\r")
        try terminal.waitFor("Submit now? [y/N] ")
        try terminal.type("y\r")
        try terminal.waitFor("Deploying api to production with 2 replicas.")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func quittingKeepsTheAnswersForTheNextRun() throws {
        let state = Self.state()
        let first = try Self.terminal(["--service", "web"], state: state)
        try first.waitFor("Service *: ")
        try first.waitFor("web")
        try first.type("\r")
        try first.waitFor("Environment * (number or value): ")
        try first.type("staging\r")
        try first.waitFor("Replicas *: ")
        try first.waitFor("2")
        try first.type("\u{15}")  // Ctrl-U empties the line, Ctrl-D then ends the input
        try first.type("\u{4}")
        try first.waitFor("Nothing deployed.")
        #expect(try first.waitForExit() == 1)
        let draft = state.appendingPathComponent("formwork-prompt-demo/drafts/deploy.json")
        #expect(FileManager.default.fileExists(atPath: draft.path))

        // Complete from the draft alone, but a draft is asked again, prefilled.
        let second = try Self.terminal([], state: state)
        try second.waitFor("Resumed 2 answers")
        try second.waitFor("Service *: ")
        try second.waitFor("web")
        try second.type("\u{15}")
        try second.type("\u{4}")
        try second.waitFor("Nothing deployed.")
        #expect(try second.waitForExit() == 1)
    }

    @Test func withItsOutputInAPipeTheToolStillAsksAtTheTerminal() throws {
        let state = Self.state()
        let output = state.appendingPathComponent("out.txt")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let tool = CommandRunner.productsDirectory.appendingPathComponent(Self.tool).path
        // Standard output to a file, as `deploy | jq` would; the terminal is on
        // standard input and standard error.
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "exec '\(tool)' --service api > '\(output.path)'"],
            environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"])
        try terminal.waitFor("Service *: ")
        try terminal.type("\r")
        try terminal.waitFor("Environment * (number or value): ")
        try terminal.type("staging\r")
        try terminal.waitFor("Replicas *: ")
        try terminal.type("\r")
        try terminal.waitFor("Notify: ")
        try terminal.type("\r")
        try terminal.waitFor("Submit now? [y/N] ")
        try terminal.type("y\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.transcript.contains("Deploying"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "Deploying api to staging with 2 replicas.\n")
    }
}
