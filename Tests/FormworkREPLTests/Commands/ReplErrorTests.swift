import Formwork
import Testing

@testable import FormworkREPL

/// `ReplError.message`: the one place the prompt's errors become words.
@Suite("REPL errors: messages")
struct ReplErrorTests {
    static func spec(_ name: String) throws -> CommandSpec {
        try #require(CommandTable.entry(name))
    }

    @Test func engineErrorsKeepTheEnginesWords() {
        #expect(
            ReplError.session(.rejected(FieldError(field: "age", rule: .maximum("120")))).message
                == "age must be at most 120 (rule: max)")
        #expect(
            ReplError.session(.rejected(FieldError(field: "terms", rule: .check(index: 2, message: "must agree"))))
                .message == "terms must agree (rule: rules[2])")
        #expect(
            ReplError.session(.unknownField("nme", suggestions: ["name"])).message
                == "no field 'nme' (did you mean 'name'?)")
        #expect(
            ReplError.session(.unknownField("x", suggestions: ["a", "b", "c"])).message
                == "no field 'x' (did you mean 'a', 'b' or 'c'?)")
        #expect(ReplError.session(.unknownFieldOrSection("zz", suggestions: [])).message == "no field or section 'zz'")
        #expect(
            ReplError.session(.notToggleable(field: "size", kind: "choice", needsOption: false)).message
                == "size is a choice field: toggle works on switches and on multichoice options")
        #expect(
            ReplError.session(.notToggleable(field: "colours", kind: "multichoice", needsOption: true)).message
                == "colours is a multichoice field: name the option to toggle (toggle colours OPTION)")
    }

    @Test func unknownCommandsSayWhereAndWhatToTry() {
        #expect(
            ReplError.unknownCommand("sumbit", suggestion: "submit", scope: .prompt).message
                == "unknown command 'sumbit' (did you mean 'submit'?)")
        #expect(
            ReplError.unknownCommand("xyzzy", suggestion: nil, scope: .prompt).message
                == "unknown command 'xyzzy' (type 'help')")
        #expect(
            ReplError.unknownCommand(":bakc", suggestion: ":back", scope: .guided).message
                == "unknown guided command ':bakc' (did you mean ':back'?)")
        #expect(
            ReplError.unknownCommand(":x", suggestion: nil, scope: .guided).message
                == "unknown guided command ':x' (type :help)")
    }

    @Test func everyOtherCase() throws {
        #expect(try ReplError.usage(Self.spec("toggle")).message == "usage: toggle ID [OPTION]")
        #expect(try ReplError.usage(Self.spec("select")).message == "usage: N  or  select N")
        #expect(ReplError.notANumber("two").message == "'two' is not a row number")
        #expect(ReplError.noRow(9, count: 4).message == "there is no row 9 (rows are 1 to 4)")
        #expect(ReplError.hiddenField("state").message == "state is hidden now ('why state' says why)")
        #expect(ReplError.hiddenSection("extras").message == "section 'extras' is hidden now ('why extras' says why)")
        #expect(ReplError.nothingToUndo.message == "nothing to undo")
        #expect(ReplError.nothingToRedo.message == "nothing to redo")
        #expect(
            ReplError.readOnly.message
                == "read-only: this session only views the draft (fill --read-only); nothing was changed")
        #expect(
            ReplError.requiredInGuided(field: "fullName").message
                == "fullName is required (rule: required); answer it, or :skip to leave it for now")
        #expect(
            ReplError.requiredInGuided(field: "age", message: "How old is Ada?").message
                == "age: How old is Ada? (rule: required); answer it, or :skip to leave it for now")
        #expect(
            ReplError.writeFailed("cannot write /x/a.json: permission denied").message
                == "cannot write /x/a.json: permission denied")
    }

    /// Messages quote what was typed as it was typed; the session escapes control
    /// characters when it prints them (`ReplSession.error`).
    @Test func messagesQuoteInputVerbatimAndTheSessionEscapesIt() throws {
        #expect(ReplError.notANumber("\u{1B}[2J").message == "'\u{1B}[2J' is not a row number")
        let repl = try ReplHarness("seed.yaml")
        #expect(repl.type("select \u{1B}[2J").errors == ["error: '\\e[2J' is not a row number"])
    }
}
