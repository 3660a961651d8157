import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// The accessible mode's questions: said in sentences with their position, nothing
/// prefilled (Enter keeps the value), choices read as a numbered list once and again
/// on `?`; and no line of it means something by alignment or a symbol.
@Suite("Questions in words")
struct ReplWordsTests {
    static let yaml = """
        id: words
        title: Sign up
        sections:
          - id: you
            header: About you
            fields:
              - { id: name, kind: text, label: First name, required: true, help: As on your passport }
              - { id: news, kind: switch, label: Newsletter }
              - { id: plan, kind: choice, label: Plan, options: [{value: free, label: Free}, {value: pro, label: Pro}] }
              - { id: pains, kind: multichoice, label: Where does it hurt, options: [head, back] }
        """

    static func harness() throws -> ReplHarness {
        try ReplHarness(yaml, interactive: true, guided: true, accessible: true)
    }

    @Test func aGuidedFillIsSaidInSentences() throws {
        let repl = try Self.harness()
        #expect(
            repl.output.suffix(4) == [
                "Question 1 of 4, section About you.",
                "First name, required, not answered.",
                "Hint: As on your passport.",
                "Type a new value.",
            ])
        #expect(repl.prompt == Prompt("First name: "))
        let news = repl.type("Ada").output
        #expect(
            news == [
                "Changed: row 1, First name, required, now Ada.", "1 of 1 required answered.",
                "Question 2 of 4, section About you.", "Newsletter, currently off.",
                "Answer yes or no; press Enter to keep no.",
            ])
        #expect(repl.prompt == Prompt("Newsletter, yes or no: "))
        let plan = repl.type("y").output
        #expect(
            plan.suffix(5) == [
                "Question 3 of 4, section About you.", "Plan, not answered.", "Option 1 of 2: Free.",
                "Option 2 of 2: Pro.",
                "Type the number or the value of an option.",
            ])
        let again = repl.type("3").output + repl.errors
        #expect(again.contains("2 options; type ? to hear them again."), "\(again)")
        #expect(repl.errors.last == "Problem: Plan: '3' is not an option (choose 'free' or 'pro') (rule: options).")
        let read = repl.type("?").output
        #expect(read.contains("Option 2 of 2: Pro."))
        let pains = repl.type("2").output
        #expect(pains.contains("Option 1 of 2: head, not selected."), "\(pains)")
        // The progress is said when it changes, not after every answer.
        #expect(!pains.contains("1 of 1 required answered."))
        // A line is read whole: nothing is wrapped at the terminal's width.
        #expect(pains.last == "Type the numbers or values of the options to select or unselect, separated by commas.")
        repl.type("1")
        #expect(repl.prompt == Prompt("Submit now? Answer yes or no: "))
        for line in repl.output + repl.errors { #expect(SpokenTableTests.problems(line).isEmpty, "\(line)") }
    }

    @Test func enterKeepsTheValueNothingIsPrefilled() throws {
        let repl = try Self.harness()
        repl.type("Ada", "y", "2", "1")
        let review = repl.type(":goto name").output
        #expect(review.contains("First name, required, currently Ada."), "\(review)")
        #expect(review.contains("Type a new value, or press Enter to keep it."))
        #expect(repl.prompt?.prefill == nil)
        repl.type("")
        #expect(repl.form.value(of: "name") == .string("Ada"))
    }
}

/// `help`, `errors` and `values` in the accessible mode: sentences, one per line.
@Suite("Commands in words")
struct ReplWordsCommandTests {
    @Test func helpErrorsAndValuesAreSentences() throws {
        let repl = try ReplHarness(ReplWordsTests.yaml, interactive: true, accessible: true)
        let help = repl.type("help").output
        #expect(help.first == "Commands, one per line:")
        #expect(help.contains("Command clear ID: empty a field (a switch turns off)."), "\(help)")
        let errors = repl.type("errors").errors
        #expect(errors == ["1 problem.", "Row 1, First name: is required (rule: required)."])
        #expect(repl.type("values").output.prefix(1) == ["Row 2, Newsletter, off."])
        repl.type("set name Ada")
        let values = repl.type("values").output
        #expect(values.prefix(2) == ["Row 1, First name, required, Ada.", "Row 2, Newsletter, off."])
        let why = repl.type("why plan").output
        #expect(why.first?.hasSuffix(".") == true, "\(why)")
        #expect(why.allSatisfy { !$0.hasPrefix(" ") })
        for line in help + errors + values + why { #expect(SpokenTableTests.problems(line).isEmpty, "\(line)") }
    }
}

@Suite("Asking for the accessible mode")
struct AccessibleModeTests {
    @Test func theEnvironmentVariableAsksUnlessItSaysNo() {
        for yes in ["1", "true", "yes", " on "] {
            #expect(AccessibleMode.isRequested(environment: ["ACCESSIBLE": yes]))
        }
        for no in ["", "0", "false", "No", "off"] {
            #expect(!AccessibleMode.isRequested(environment: ["ACCESSIBLE": no]))
        }
        #expect(!AccessibleMode.isRequested(environment: [:]))
    }
}

@Suite("Languages and the command prompt in words")
struct ReplWordsLanguageTests {
    @Test func languagesAreListedAsSentencesAndThePromptIsAWord() throws {
        let yaml = """
            id: l
            title: L
            languages: { en: English, fr: Français }
            sections:
              - id: s
                fields:
                  - {id: name, kind: text, label: {en: Name, fr: Nom}}
            """
        let repl = try ReplHarness(yaml, interactive: true, accessible: true)
        #expect(repl.prompt?.text == "Command: ")
        #expect(repl.type("language").output == ["Language en, English, shown now.", "Language fr, Français."])
    }
}
