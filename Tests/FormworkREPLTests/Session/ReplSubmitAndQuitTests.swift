import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: values, submit, save and quit")
struct ReplSubmitAndQuitTests {
    @Test func errorsValuesAndSubmit() throws {
        let repl = try ReplHarness("signup.yaml", answersPath: "out.json")
        repl.type("set username ada", "set password correcthorse1", "set passwordAgain correcthorse1")
        #expect(
            repl.type("values").output == [
                "{", "  \"username\": \"ada\",", "  \"password\": \"•••\",", "  \"passwordAgain\": \"•••\",",
                "  \"newsletter\": false,",
                "  \"terms\": false", "}",
            ])
        let failedSubmit = repl.type("submit")
        #expect(failedSubmit.errors.first == "error: 4 problems to fix before submitting:")
        #expect(failedSubmit.errors.dropFirst().first == "  2  E-mail: is required (rule: required)")
        #expect(repl.exitStatus == nil)
        repl.type("set email ada@example.org", "set birthDate 1990-01-01", "set country DE", "toggle terms")
        #expect(repl.type("errors").errors.isEmpty)
        repl.type("submit")
        #expect(repl.exitStatus == 1)  // a command failed earlier in the script
        #expect(repl.files["out.json"]?.contains("\"password\": \"correcthorse1\"") == true)
    }

    @Test func successfulScriptExitsZeroAndPrintsAnswers() throws {
        let repl = try ReplHarness("seed.yaml")
        let (output, errors) = repl.type("set firstName Ada", "submit")
        #expect(errors.isEmpty)
        #expect(
            output.suffix(3) == ["{", "  \"firstName\": \"Ada\",", "  \"additional\": false"]
                || output.suffix(4) == ["{", "  \"firstName\": \"Ada\",", "  \"additional\": false", "}"])
        #expect(repl.exitStatus == 0)
    }

    @Test func saveWritesValuesWithoutSecrets() throws {
        let repl = try ReplHarness("signup.yaml", interactive: true)
        repl.type("set username ada", "set password hunter2hunter2", "save my.json")
        #expect(
            repl.files["my.json"] == "{\n  \"username\": \"ada\",\n  \"newsletter\": false,\n  \"terms\": false\n}\n")
        #expect(repl.output.last == "Saved 3 answers to my.json (secure values are never saved).")
        repl.type("quit")
        #expect(repl.exitStatus == 0)  // saved: no question
    }

    @Test func quitAsksOnATerminalWithUnsavedChanges() throws {
        let repl = try ReplHarness("seed.yaml", interactive: true)
        repl.type("set firstName Ada", "quit")
        #expect(repl.prompt?.text == "Discard unsaved answers? [y/N] ")
        repl.type("n")
        #expect(repl.exitStatus == nil && repl.prompt?.completion == .commands)
        repl.send(.endOfInput)
        #expect(repl.prompt?.text == "Discard unsaved answers? [y/N] ")
        repl.type("y")
        #expect(repl.exitStatus == 0)
    }

    @Test func endOfInputEndsAScript() throws {
        let repl = try ReplHarness("seed.yaml")
        repl.type("set firstName Ada")
        repl.send(.endOfInput)
        #expect(repl.exitStatus == 0)
    }
}
