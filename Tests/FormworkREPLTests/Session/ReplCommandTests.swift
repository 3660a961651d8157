import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: commands")
struct ReplCommandTests {
    @Test func mutationsPrintOnlyWhatChanged() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(repl.output.isEmpty)  // script mode: no banner
        #expect(
            repl.type("set firstName Ada").output == [
                "~  1  First name                 Ada",
                "+  2  Last name",
            ])
        #expect(
            repl.type("toggle additional").output == [
                "~  3  Show additional options    [x]",
                "+     Additional Fields",
                "+  4  E-mail",
                "+  5  Some random text",
            ])
        #expect(
            repl.type("clear firstName").output == [
                "-  2  Last name",
                "~  1  First name",
            ])
        #expect(
            repl.type("toggle additional").output == [
                "-     Additional Fields (2 fields hidden)",
                "~  2  Show additional options    [ ]",
            ])
    }

    @Test func showPrintsTheWholeForm() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(
            repl.type("show").output == [
                "Seed form",
                "The form from allaboutapps' DataSource example, as a definition file.",
                "",
                "Name",
                "   1  First name",
                "   2  Show additional options    [ ]",
            ])
    }

    @Test func badValuesKeepTheOldValueInScriptMode() throws {
        let repl = try ReplHarness("kitchen-sink.yaml")
        let (_, errors) = repl.type("set quantity 0", "set email ada@", "set size huge", "toggle size", "set nope 1")
        #expect(
            errors == [
                "error: quantity must be at least 1 (rule: min)",
                "error: email must be an e-mail address (rule: format)",
                "error: size 'huge' is not an option (choose 's', 'm' or 'l') (rule: options)",
                "error: size is a choice field: toggle works on switches and on multichoice options",
                "error: no field 'nope'",
            ])
        #expect(repl.form.value(of: "quantity") == 1)
        #expect(repl.prompt?.completion == .commands)
    }

    @Test func unknownCommandsSuggest() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(
            repl.type("sumbit", "shw", "xyzzy", "select", "select two").errors == [
                "error: unknown command 'sumbit' (did you mean 'submit'?)",
                "error: unknown command 'shw' (did you mean 'show'?)",
                "error: unknown command 'xyzzy' (type 'help')",
                "error: usage: N  or  select N",
                "error: 'two' is not a row number",
            ])
    }

    @Test func undoAndRedo() throws {
        let repl = try ReplHarness("seed.yaml")
        repl.type("set firstName Ada", "set firstName Grace")
        #expect(repl.type("undo").output == ["~  1  First name                 Ada"])
        #expect(repl.type("undo").output == ["-  2  Last name", "~  1  First name"])
        #expect(repl.type("undo").errors == ["error: nothing to undo"])
        repl.type("redo", "redo")
        #expect(repl.form.value(of: "firstName") == "Grace")
        #expect(repl.type("redo").errors == ["error: nothing to redo"])
    }

    @Test func navigation() throws {
        let repl = try ReplHarness("signup.yaml", interactive: true)
        repl.type("next")
        #expect(repl.prompt?.text == "Username *: ")
        repl.type("ada_l")
        repl.type("next")
        #expect(repl.prompt?.text == "E-mail *: ")
        repl.send(.interrupted)
        #expect(repl.prompt?.completion == .commands)
        repl.type("goto country")
        #expect(repl.prompt?.text == "Country * (number or value): ")
        repl.type("US")
        repl.type("back")
        #expect(repl.prompt?.text == "E-mail *: ")
        repl.send(.interrupted)
        #expect(repl.type("goto state").output.isEmpty)
        #expect(repl.prompt?.text == "State *: ")
        repl.send(.interrupted)
        #expect(
            repl.type("set country NL", "goto state").errors == ["error: state is hidden now ('why state' says why)"])
        repl.type("goto profile")
        #expect(repl.prompt?.text == "Display name: ")
    }

    @Test func helpListsAndExplains() throws {
        let repl = try ReplHarness("seed.yaml")
        let overview = repl.type("help").output
        #expect(overview.first == "Commands:")
        for entry in CommandTable.entries(in: .prompt) {
            #expect(overview.contains { $0.hasPrefix("  " + entry.usage + " ") })
        }
        #expect(overview.allSatisfy { $0.count <= 80 })
        #expect(
            repl.type("help why").output == [
                "  why ID", "    explain why a field or section is shown or hidden",
                "    ID is a field id or the row's number in the table.",
            ])
        #expect(
            repl.type("help nope").errors == [
                "error: unknown command 'nope' (did you mean 'move'?)"
            ])
    }
}
