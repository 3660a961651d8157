import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// What a new user tripped over: row numbers where ids are expected, messages cut
/// mid-word at the terminal's edge, a value of 150,000 characters, and viewing a
/// draft read-only.
@Suite("REPL session: arguments, messages, limits")
struct ReplArgumentsAndMessagesTests {
    @Test func everyCommandTakingAnIDTakesARowNumber() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(repl.type("set 1 Ada").output == ["~  1  First name                 Ada", "+  2  Last name"])
        #expect(
            repl.type("why 2").output == [
                "lastName is shown because its condition is true:",
                "  visible: not empty($firstName)",
                "  $firstName = \"Ada\"",
            ])
        #expect(repl.type("toggle 3").output.first == "~  3  Show additional options    [x]")
        #expect(repl.type("clear 2").errors.isEmpty)
        #expect(repl.type("clear 1").output == ["-  2  Last name", "~  1  First name"])
        #expect(
            repl.type("why 9", "set 0 x", "clear 12").errors == [
                "error: there is no row 9 (rows are 1 to 4)",
                "error: there is no row 0 (rows are 1 to 4)",
                "error: there is no row 12 (rows are 1 to 4)",
            ])
    }

    @Test func gotoARowNumberAsksForThatRow() throws {
        let repl = try ReplHarness("signup.yaml", interactive: true)
        repl.type("goto 2")
        #expect(repl.prompt?.text == "E-mail *: ")
    }

    @Test func aSecureValueSetByRowNumberStaysOutOfHistory() throws {
        let repl = try ReplHarness("signup.yaml")
        let row = try #require(repl.form.visibleIndexPath(ofField: "password").flatMap(repl.repl.table.number(at:)))
        repl.type("set \(row) correcthorse1")
        #expect(repl.form.value(of: "password") == "correcthorse1")
        #expect(!repl.history.contains { $0.contains("correcthorse1") })
    }

    @Test func messagesWrapAtWordBoundariesAtATerminal() throws {
        let repl = try ReplHarness("kitchen-sink.yaml", interactive: true, width: 44)
        let errors = repl.type("set size huge").errors
        #expect(
            errors == [
                "error: size 'huge' is not an option (choose",
                "       's', 'm' or 'l') (rule: options)",
            ])
        for line in errors { #expect(TerminalText.displayWidth(line) <= 44) }
    }

    @Test func scriptsGetEachMessageOnOneLine() throws {
        let repl = try ReplHarness("kitchen-sink.yaml", width: 44)
        #expect(
            repl.type("set size huge").errors == [
                "error: size 'huge' is not an option (choose 's', 'm' or 'l') (rule: options)"
            ])
    }

    @Test func aValueBeyondTheStringLimitIsRefusedOnEveryPath() throws {
        let repl = try ReplHarness("seed.yaml")
        let long = String(repeating: "a", count: 150_000)
        #expect(
            repl.type("set firstName \(long)").errors == [
                "error: firstName must be at most 100000 characters long (the limit for any text) (rule: limit)"
            ])
        #expect(repl.form.value(of: "firstName") == .null)
    }

    @Test func aLongValueTakesAtMostThreeLinesInTheTable() throws {
        let repl = try ReplHarness(
            "id: long\ntitle: Long\nsections: [{id: s, fields: [{id: story, kind: text, label: Story, multiline: "
                + "true}, {id: next, kind: text, label: Next}]}]"
        )
        let words = Array(repeating: "lorem ipsum", count: 400).joined(separator: " ")
        let lines = repl.type("set story \(words)").output
        let row = lines.prefix { !$0.hasPrefix("+") }
        #expect(row.count == TableRenderer.valueLinesShown)
        #expect(row.last?.hasSuffix("…") == true)
        for line in row { #expect(TerminalText.displayWidth(line) <= 80) }
        // The whole value is still the answer.
        #expect(repl.form.value(of: "story") == .string(words))
    }

    @Test func aReadOnlySessionChangesNothing() throws {
        let repl = try ReplHarness("seed.yaml", readOnly: true)
        let (_, errors) = repl.type("set firstName Ada", "toggle additional", "clear firstName", "undo", "submit", "2")
        #expect(errors.count == 6)
        #expect(errors.allSatisfy { $0.hasPrefix("error: read-only: ") })
        #expect(repl.form.value(of: "firstName") == .null)
        #expect(repl.form.value(of: "additional") == false)
        #expect(repl.type("why 1").output == ["firstName is always shown."])
        #expect(repl.type("values").errors.isEmpty)
    }
}
