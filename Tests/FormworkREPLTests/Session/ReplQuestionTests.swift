import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// Selecting a row asks the question its kind calls for (`ReplSession+Questions`).
@Suite("REPL session: questions by field kind")
struct ReplQuestionTests {
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
}
