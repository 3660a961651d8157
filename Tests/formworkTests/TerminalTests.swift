import FormworkTesting
import Foundation
import Testing

/// `formwork fill` on a real pseudo-terminal, checked by what the program prints.
@Suite("formwork fill at a terminal", .serialized)
struct TerminalTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let seed = package.appendingPathComponent("Forms/seed.yaml").path

    /// A terminal running `formwork fill` with its own, empty history.
    static func start(
        _ arguments: [String] = [seed], state: URL? = nil, waitForPrompt: Bool = true
    ) throws -> (PseudoTerminal, URL) {
        let state = state ?? FileManager.default.temporaryDirectory.appendingPathComponent("formwork-tty-\(UUID())")
        let terminal = try PseudoTerminal(
            executable: CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
            arguments: ["fill"] + arguments, environment: ["XDG_STATE_HOME": state.path, "NO_COLOR": "1"])
        if waitForPrompt { try terminal.waitFor("formwork> ") }
        return (terminal, state)
    }

    @Test func typingAValueAndCompletingAFieldID() throws {
        let (terminal, _) = try Self.start()
        try terminal.type("set firstName Ada\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.type("set la\t")  // TAB completes the id (libedit redraws only what it adds)
        try terminal.waitFor("stName ")
        try terminal.type("Lovelace\r")
        try terminal.waitFor("~  2  Last name                  Lovelace")  // so the completed id was right
        try terminal.type("to\t")  // commands complete too
        try terminal.waitFor("ggle ")
        try terminal.type("add\t\r")
        try terminal.waitFor("+  4  E-mail")
    }

    @Test func recallingHistoryWithTheUpArrowAcrossRuns() throws {
        let (first, state) = try Self.start()
        try first.type("set firstName Grace\r")
        try first.waitFor("~  1  First name                 Grace")
        try first.type("save \(state.path)/values.json\r")
        try first.waitFor("Saved")
        try first.type("quit\r")
        #expect(try first.waitForExit() == 0)

        let (second, _) = try Self.start([Self.seed, "--fresh"], state: state)  // not resuming Grace
        try second.type("\u{1b}[A")  // Up: the previous run's last command
        try second.waitFor("quit")
        second.send("\u{1b}[A")
        try second.waitFor("values.json")
        second.send("\u{1b}[A\r")
        try second.waitFor("~  1  First name                 Grace")  // the recalled command ran
    }

    @Test func editingAPrefilledValue() throws {
        let (terminal, _) = try Self.start()
        try terminal.type("set firstName Ada\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.type("1\r")
        try terminal.waitFor("First name: ")
        terminal.send("\u{1}Dr. \r")  // Ctrl-A, then type before the prefilled "Ada"
        try terminal.waitFor("~  1  First name                 Dr. Ada")
        try terminal.type("set lastName Ünïcødé 李\r")
        try terminal.waitFor("~  2  Last name                  Ünïcødé 李")
    }

    @Test func controlCAbandonsTheLineControlDEnds() throws {
        let (terminal, _) = try Self.start()
        try terminal.type("set firstName Half-typed")
        terminal.send("\u{3}")  // Ctrl-C
        try terminal.waitFor("^C")
        try terminal.type("why lastName\r")
        let output = try terminal.waitFor("$firstName = null (unanswered)")  // the abandoned line never ran
        #expect(!output.contains("Half-typed\r\n~"))
        try terminal.type("set firstName Ada\r")
        try terminal.waitFor("+  2  Last name")
        try terminal.type("\u{4}")  // Ctrl-D on an empty line: nothing to confirm, the draft keeps the answer
        try terminal.waitFor("Your answers are kept in the draft")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Ctrl-C sent together with keys still being echoed: the signal comes while libedit
    /// is busy, not waiting in read(), and must still abandon the line, every time.
    @Test func controlCDuringTypeAheadIsNeverLost() throws {
        let (terminal, _) = try Self.start()
        for round in 1...20 {
            try terminal.type("set firstName " + String(repeating: "typed-ahead ", count: 40) + "\(round)")
            try terminal.waitFor("set firstName typed-ahead")  // echoing has begun
            terminal.send("\u{3}")
            try terminal.waitFor("^C")
        }
        try terminal.type("why lastName\r")
        try terminal.waitFor("$firstName = null (unanswered)")  // none of the abandoned lines ran
    }

    @Test func secureValuesAreNotEchoedNorRemembered() throws {
        let signup = Self.package.appendingPathComponent("Forms/signup.yaml").path
        let (terminal, state) = try Self.start([signup])
        try terminal.type("goto password\r")
        try terminal.waitFor("Password *: ")
        try terminal.waitForHiddenInput()
        terminal.send("hunter2hunter2x\r")
        let echo = try terminal.waitFor("~  3  Password *")
        #expect(!echo.contains("hunter2"))
        try terminal.type("set username ada\r")
        try terminal.waitFor("~  1  Username")
        try terminal.type("quit\r")
        try terminal.waitFor("Secure answers (Password) are never kept in drafts. Quit anyway? [y/N] ")
        try terminal.type("y\r")
        try terminal.waitFor("Your answers are kept in the draft")
        #expect(try terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: state.appendingPathComponent("formwork/history").path, encoding: .utf8)
        #expect(!history.contains("hunter2"))
        #expect(history.contains("goto\\040password"))
        let drafts = state.appendingPathComponent("formwork/drafts")
        let files = try FileManager.default.contentsOfDirectory(atPath: drafts.path)
        #expect(files.count == 1)
        let draft = try String(contentsOfFile: drafts.appendingPathComponent(files[0]).path, encoding: .utf8)
        #expect(draft.contains(#"{"id":"username","value":"ada"}"#))
        #expect(!draft.contains("hunter2") && !draft.contains("password"))
    }
}
