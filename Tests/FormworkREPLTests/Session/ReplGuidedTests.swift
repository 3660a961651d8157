import Formwork
import Foundation
import Testing

@testable import FormworkREPL

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

    /// Coming into another section, guided filling says its header first, so that a
    /// question is read under it (a SurveyJS matrix row, then its cells by column).
    @Test func aSectionsHeaderIsSaidWhenTheFillingComesIntoIt() throws {
        let repl = try ReplHarness(
            """
            id: rows
            title: Rows
            sections:
              - id: first
                fields:
                  - { id: name, kind: text, label: Name }
              - id: paid
                header: Paid work
                fields:
                  - { id: paidHours, kind: number, label: Hours }
                  - { id: paidDays, kind: number, label: Days }
              - id: care
                header: "Care for {$name}"
                fields:
                  - { id: careHours, kind: number, label: Hours }
            """, interactive: true, guided: true)
        #expect(repl.prompt?.text == "Name: ")
        let answered = repl.type("Ada").output
        #expect(answered.first == "~  1  Name        Ada" && answered.suffix(2) == ["", "Paid work"], "\(answered)")
        #expect(repl.prompt?.text == "Hours: ")
        #expect(!repl.type("7").output.contains("Paid work"))  // said once, on coming in
        #expect(repl.prompt?.text == "Days: ")
        #expect(repl.type("3").output.suffix(2) == ["", "Care for Ada"])
        #expect(repl.prompt?.text == "Hours: ")
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

/// A field's `requiredMessage` is what guided filling, the table and `errors` say
/// when it is left empty, in the language shown.
@Suite("REPL session: required messages")
struct ReplRequiredMessageTests {
    static let yaml = """
        id: t
        title: T
        languages: { en: English, fr: Français }
        sections:
          - id: s
            fields:
              - { id: name, kind: text, label: Name }
              - id: age
                kind: number
                label: Age
                required: true
                requiredMessage: { en: "How old is {$name}?", fr: "Quel âge a {$name} ?" }
        """

    @Test func guidedFillingSaysTheMessage() throws {
        let repl = try ReplHarness(Self.yaml, interactive: true, guided: true)
        repl.type("Ada")
        #expect(repl.prompt?.text == "Age *: ")
        repl.type("")
        #expect(
            repl.errors.suffix(2) == [
                "error: age: How old is Ada? (rule: required); answer it, or :skip to leave it",
                "       for now",
            ])
        #expect(repl.prompt?.text == "Age *: ")
    }

    @Test func theTableAndErrorsSayTheMessage() throws {
        let repl = try ReplHarness(Self.yaml)
        repl.type("set name Ada")
        #expect(repl.type("errors").errors == ["  2  Age: How old is Ada? (rule: required)"])
        repl.type("language fr")
        #expect(repl.type("errors").errors == ["  2  Age: Quel âge a Ada ? (rule: required)"])
        repl.type("set age 3")
        #expect(repl.type("clear age").output == ["~  2  Age *", "      ! Quel âge a Ada ?"])
    }
}
