import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: pages in guided filling")
struct ReplPageTests {
    static let form = """
        id: pages
        title: Pages
        sections:
          - id: intro
            header: Start
            fields:
              - { id: name, kind: text, label: Name, required: true }
          - id: contact
            header: Contact
            page: true
            fields:
              - { id: phone, kind: text, label: Phone }
              - { id: email, kind: text, label: E-mail, required: true }
              - { id: privacy, kind: note, text: We never share these. }
          - id: health
            header: Health
            page: true
            fields:
              - { id: smoker, kind: switch, label: Smoker }
              - { id: packs, kind: number, label: Packs a day, visible: $smoker, required: true }
          - id: visits
            header: Visit
            page: true
            repeat: { min: 1, max: 3, addLabel: Add a visit }
            fields:
              - { id: place, kind: text, label: Place }
              - { id: year, kind: number, label: Year }
          - id: end
            header: End
            fields:
              - { id: comments, kind: text, label: Comments }
        """

    @Test func theDefinitionSaysWhichSectionsArePages() throws {
        let definition = try FormDefinition(yaml: Self.form)
        #expect(definition.sections.map(\.page) == [false, true, true, true, false])
    }

    @Test func aPageIsShownOnceThenAskedQuestionByQuestion() throws {
        let repl = try ReplHarness(Self.form, interactive: true, guided: true)
        #expect(repl.prompt?.text == "Name *: ")
        let contact = repl.type("Ada").output
        #expect(
            contact == [
                "~  1  Name *         Ada",
                "",
                "Contact",
                "   2  Phone",
                "   3  E-mail *",
                "   4  We never share these.",
            ])
        #expect(repl.prompt?.text == "Phone: ")
        #expect(repl.type("555").output == ["~  2  Phone          555"])  // the page is not shown again
        #expect(repl.prompt?.text == "E-mail *: ")
        let health = repl.type("ada@example.org").output
        #expect(
            health == [
                "~  3  E-mail *       ada@example.org",
                "",
                "Health",
                "   5  Smoker         [ ]",
            ])  // the note was shown with its page, not again on the way
        #expect(repl.prompt?.text == "Smoker [y/N]: ")
        #expect(repl.type("y").output == ["~  5  Smoker         [x]", "+  6  Packs a day *"])
        #expect(repl.prompt?.text == "Packs a day *: ")  // appeared on the page, asked in its place
    }

    @Test func backGoesToThePreviousPageOrQuestion() throws {
        let repl = try ReplHarness(Self.form, interactive: true, guided: true)
        repl.type("Ada", "555", "ada@example.org", "y")
        #expect(repl.prompt?.text == "Packs a day *: ")
        // On a page: the page before, from its start, shown again.
        let back = repl.type(":back").output
        #expect(back.prefix(2) == ["", "Contact"])
        #expect(repl.prompt == Prompt("Phone: ", prefill: "555"))
        // On the first question of a page: the question before, not on a page.
        #expect(repl.type(":back").output.isEmpty)
        #expect(repl.prompt == Prompt("Name *: ", prefill: "Ada"))
        #expect(repl.type(":back").output == ["This is the first question."])
        #expect(repl.prompt == Prompt("Name *: ", prefill: "Ada"))
        // Onwards again: the page is shown again on the way.
        #expect(repl.type("Ada").output.contains("Contact"))
        #expect(repl.prompt?.text == "Phone: ")
    }

    @Test func eachEntryOfARepeatingPageSectionIsAPage() throws {
        let repl = try ReplHarness(Self.form, interactive: true, guided: true)
        repl.type("Ada", "555", "ada@example.org", "n")
        #expect(repl.output.suffix(4) == ["", "Visit #1", "   6  Place", "   7  Year"])
        #expect(repl.prompt?.text == "Place (visits[1].place): ")
        repl.type("Rome", "1999")
        #expect(repl.prompt?.text == "Add another visit? (1 so far) [y/N] ")
        let second = repl.type("y").output
        #expect(second.contains("Visit #2"))
        #expect(repl.prompt?.text == "Place (visits[2].place): ")
        repl.type("Paris")
        #expect(repl.prompt?.text == "Year (visits[2].year): ")
        #expect(repl.type(":back").output.contains("Visit #1"))  // the entry before, from its start
        #expect(repl.prompt == Prompt("Place (visits[1].place): ", prefill: "Rome"))
        repl.type(":goto comments")
        #expect(repl.prompt?.text == "Comments: ")
        repl.type("")
        #expect(repl.prompt?.text == "Submit now? [y/N] ")
        repl.type(":back")  // from the review: the last question, not on a page
        #expect(repl.prompt?.text == "Comments: ")
    }

    @Test func backFromTheReviewGoesToTheStartOfTheLastPage() throws {
        let form = Self.form.replacingOccurrences(
            of: "  - id: end\n    header: End\n", with: "  - id: end\n    header: End\n    page: true\n")
        let repl = try ReplHarness(form, interactive: true, guided: true)
        repl.type(":goto comments", "Fine")
        #expect(repl.prompt?.text == "Submit now? [y/N] ")
        #expect(repl.type(":back").output.prefix(2) == ["", "End"])
        #expect(repl.prompt == Prompt("Comments: ", prefill: "Fine"))
    }

    @Test func scriptsAnswerPagesInTheSameOrderShowingNothing() throws {
        let repl = try ReplHarness(Self.form, guided: true)
        let (output, errors) = repl.type("Ada", "555", "ada@example.org", "y", ":back", "556", ":skip", "", "3")
        #expect(errors.isEmpty)
        #expect(
            output == [
                "~  1  Name *         Ada",
                "~  2  Phone          555",
                "~  3  E-mail *       ada@example.org",
                "~  5  Smoker         [x]",
                "+  6  Packs a day *",
                "~  2  Phone          556",
                "~  6  Packs a day *  3",
            ])
    }
}
