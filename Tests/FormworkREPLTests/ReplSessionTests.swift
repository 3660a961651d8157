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

    @Test func selectingEachKind() throws {
        let repl = try ReplHarness("kitchen-sink.yaml", interactive: true)
        // A note prints its text.
        #expect(
            repl.type("1").output == ["  Each section shows one family of fields. Try invalid values to see the rules."]
        )
        // A text field asks with its value prefilled.
        repl.type("2")
        #expect(repl.prompt == Prompt("Nickname: ", prefill: "ada"))
        #expect(repl.type("grace").output.first == "~  2  Nickname                     grace")
        // A secure field asks without echo and never prefilled.
        repl.type("6")
        #expect(repl.prompt?.isSecure == true && repl.prompt?.prefill == nil)
        repl.type("s3cret phrase")
        #expect(repl.form.value(of: "secret") == "s3cret phrase")
        // A number out of range: one-line error naming the rule, asked again with the input.
        repl.type("7")
        #expect(repl.type("500").errors == ["error: quantity must be at most 99 (rule: max)"])
        #expect(repl.prompt == Prompt("Quantity: ", prefill: "500"))
        repl.type("3")
        #expect(repl.form.value(of: "quantity") == 3)
        // A computed field prints its value and expression.
        #expect(repl.type("10").output == ["  Subtotal = 29.85", "  computed as: round($quantity * $unitPrice, 2)"])
        // A switch toggles at once.
        #expect(repl.type("15").output.contains("~ 15  Show the extras              [ ]"))
        repl.type("15")
        // A choice lists its options and takes a number or a value.
        let listing = repl.type("16").output
        #expect(listing == ["   1) Small  (s)", "   2) Medium  (m)", "   3) Large  (l)"])
        #expect(repl.prompt == Prompt("Size * [m] (number or value): ", completion: .options(fieldID: "size")))
        repl.type("3")
        #expect(repl.form.value(of: "size") == "l")
        // A multichoice lists its options with marks and toggles those given.
        #expect(
            repl.type("17").output == ["   1) [x] Red  (red)", "   2) [ ] Green  (green)", "   3) [ ] Blue  (blue)"])
        repl.type("2, blue")
        #expect(repl.form.value(of: "colours") == ["red", "green", "blue"])
        // A date takes YYYY-MM-DD or today.
        repl.type("13")
        #expect(repl.prompt?.text == "End date (YYYY-MM-DD): ")
        repl.type("2024-03-05")
        #expect(repl.form.value(of: "nights") == 4)
        #expect(repl.errors == ["error: quantity must be at most 99 (rule: max)"])
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

    @Test func whyExplainsVisibility() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(
            repl.type("why lastName").output == [
                "lastName is hidden because its condition is false:",
                "  visible: not empty($firstName)",
                "  $firstName = null (unanswered)",
            ])
        #expect(
            repl.type("why email").output == [
                "email is hidden because its section 'additionalFields' is hidden:",
                "  visible: $additional",
                "  $additional = false",
            ])
        repl.type("set firstName Ada")
        #expect(repl.type("why lastName").output[0] == "lastName is shown because its condition is true:")
        #expect(repl.type("why firstName").output == ["firstName is always shown."])
        #expect(
            repl.type("why additionalFields").output[0]
                == "section additionalFields is hidden because its condition is false:")
        #expect(repl.type("why lastNam").errors == ["error: no field or section 'lastNam' (did you mean 'lastName'?)"])
    }

    @Test func hiddenCascadeIsExplained() throws {
        let repl = try ReplHarness("health-intake.yaml")
        repl.type("set visitReason pain", "toggle painLocation chest", "set visitReason checkup")
        #expect(
            repl.type("why chestWarning").output == [
                "chestWarning is hidden because its condition is false:",
                "  visible: $painLocation != null and 'chest' in $painLocation",
                "  $painLocation = null (hidden, so it reads as null)",
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

    /// A draft in a temporary directory (removed by the caller).
    static func temporaryDraft() throws -> (DraftStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formwork-repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (
            DraftStore(
                path: directory.appendingPathComponent("draft.json").path, formPath: "/forms/signup.yaml",
                fingerprint: "fnv1a64:0"), directory
        )
    }

    @Test func quitWithADraftKeepsTheAnswersWithoutAsking() throws {
        let (draft, directory) = try Self.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repl = try ReplHarness("signup.yaml", interactive: true, draft: draft)
        repl.type("set username ada")
        #expect(FileManager.default.fileExists(atPath: draft.path))  // saved before the prompt returned
        repl.type("quit")
        #expect(repl.exitStatus == 0)
        let kept = repl.output.drop { !$0.hasPrefix("Your answers are kept in the draft") }  // wrapped to 80 columns
        #expect(kept.joined(separator: " ").hasSuffix("filling this form again resumes them (--fresh starts over)."))
        #expect(kept.allSatisfy { $0.count <= 80 })
    }

    @Test func quitWithADraftAsksWhenSecureAnswersWouldBeLost() throws {
        let (draft, directory) = try Self.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repl = try ReplHarness("signup.yaml", interactive: true, draft: draft)
        repl.type("set username ada", "set password hunter2hunter2", "quit")
        #expect(repl.prompt?.text == "Secure answers (Password) are never kept in drafts. Quit anyway? [y/N] ")
        repl.type("n")
        #expect(repl.exitStatus == nil)
        #expect(try !String(contentsOfFile: draft.path, encoding: .utf8).contains("hunter2"))
        repl.type("quit", "y")
        #expect(repl.exitStatus == 0)
    }

    @Test func endOfInputEndsAScript() throws {
        let repl = try ReplHarness("seed.yaml")
        repl.type("set firstName Ada")
        repl.send(.endOfInput)
        #expect(repl.exitStatus == 0)
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
                "error: unknown command 'nope' (did you mean 'note'?)".replacingOccurrences(
                    of: " (did you mean 'note'?)", with: " (type 'help')")
            ])
    }

    @Test func secureValuesNeverEnterHistory() throws {
        let repl = try ReplHarness("signup.yaml")
        repl.type("set username ada", "set password hunter2hunter2", "show")
        #expect(repl.history == ["set username ada", "show"])
    }
}

@Suite("REPL session: completion")
struct ReplCompletionTests {
    @Test func completesCommandsFieldsOptionsAndPaths() throws {
        let repl = try ReplHarness("kitchen-sink.yaml").repl
        #expect(repl.completions(for: "su", context: .commands) == ["submit"])
        #expect(repl.completions(for: "s", context: .commands) == ["show", "select", "set", "save", "submit"])
        #expect(repl.completions(for: "set qu", context: .commands) == ["quantity"])
        #expect(repl.completions(for: "why ch", context: .commands) == ["choices"])
        #expect(repl.completions(for: "set size ", context: .commands) == ["s", "m", "l"])
        #expect(repl.completions(for: "toggle colours gr", context: .commands) == ["green"])
        #expect(repl.completions(for: "set wantsExtras ", context: .commands) == ["yes", "no"])
        #expect(repl.completions(for: "red,b", context: .options(fieldID: "colours")) == ["red,blue"])
        #expect(repl.completions(for: "x", context: .none).isEmpty)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fw-complete-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("answers.json"))
        #expect(
            repl.completions(for: "save \(directory.path)/a", context: .commands) == ["\(directory.path)/answers.json"])
        #expect(repl.completions(for: "save \(directory.path)/s", context: .commands) == ["\(directory.path)/sub/"])
    }
}

@Suite("REPL session: guided")
struct ReplGuidedTests {
    @Test func asksEachVisibleFieldAndWhatAppearsNext() throws {
        let repl = try ReplHarness("seed.yaml", interactive: true, guided: true)
        #expect(repl.prompt?.text == "First name: ")
        repl.type("Ada")
        #expect(repl.prompt?.text == "Last name: ")  // appeared because of the answer, asked in its place
        repl.type("Lovelace")
        #expect(repl.prompt?.text == "Show additional options [y/N]: ")
        repl.type("y")
        #expect(repl.prompt?.text == "E-mail: ")
        repl.type("not an address")
        #expect(repl.errors.last == "error: email must be an e-mail address (rule: format)")
        #expect(repl.prompt == Prompt("E-mail: ", prefill: "not an address"))
        repl.type(":back")  // never blocked by the bad value
        #expect(repl.prompt?.text == "Show additional options [Y/n]: ")
        repl.type("")  // Enter keeps the value
        #expect(repl.prompt?.text == "E-mail: ")
        repl.type("ada@example.org")
        #expect(repl.prompt?.text == "Submit now? [y/N] ")
        repl.type("y")
        #expect(repl.exitStatus == 0)  // at a terminal the bad e-mail was seen and fixed
        #expect(repl.output.contains("  \"email\": \"ada@example.org\""))
    }

    @Test func anEmptyRequiredAnswerIsAskedAgain() throws {
        let repl = try ReplHarness("health-intake.yaml", interactive: true, guided: true)
        repl.type("")
        #expect(
            repl.errors.suffix(2) == [
                "error: fullName is required (rule: required); answer it, or :skip to leave it",
                "       for now",
            ])
        #expect(repl.prompt?.text == "Full name *: ")
        repl.type(":skip")
        #expect(repl.prompt?.text == "Date of birth * (YYYY-MM-DD): ")
    }

    @Test func skipGotoReviewInsideGuided() throws {
        let repl = try ReplHarness("conference.yaml", interactive: true, guided: true)
        repl.type(":skip")
        #expect(repl.prompt?.text == "E-mail for the ticket *: ")
        let review = repl.type(":review").output
        #expect(review.contains("SwiftTerm Conf 2026 registration"))
        #expect(repl.prompt?.text == "E-mail for the ticket *: ")
        repl.type(":goto name")
        #expect(repl.prompt == Prompt("Name on the badge *: ", prefill: ""))
        repl.type("Ada")
        repl.type(":goto name")
        #expect(repl.prompt == Prompt("Name on the badge *: ", prefill: "Ada"))
        repl.type("Ada:back")  // a guided command typed after the prefilled value is still a command
        #expect(repl.prompt?.text == "E-mail for the ticket *: ")
        repl.type(":goto dinner")
        #expect(repl.prompt?.text == "Speakers' dinner (€85) [y/N]: ")
        repl.type(":goto nope")
        #expect(repl.errors.last == "error: no field 'nope' (did you mean 'name'?)")
        repl.type(":quit")
        #expect(repl.prompt?.text == "Discard unsaved answers? [y/N] " || repl.exitStatus == 1)
    }

    @Test func scriptedGuidedFilling() throws {
        let repl = try ReplHarness("seed.yaml", guided: true)
        let (output, errors) = repl.type("Ada", "Lovelace", "no", "y")
        #expect(errors.isEmpty)
        #expect(
            output.suffix(5) == [
                "{", "  \"firstName\": \"Ada\",", "  \"lastName\": \"Lovelace\",", "  \"additional\": false", "}",
            ])
        #expect(repl.exitStatus == 0)
    }
}
