import Foundation
import Testing

@testable import Formwork

/// Masks read what a person types — the masked form or the bare value — hold the
/// value survey-core holds, show it masked, and refuse what does not fit, at the prompt
/// only (values from files and programs are not masked).
@Suite("Input masks")
struct InputMaskTests {
    @Test(arguments: [
        ("+1(999)999-99-99", "+1(555)123-45-67", "15551234567"), ("+1(999)999-99-99", "5551234567", "15551234567"),
        ("+1(999)999-99-99", "15551234567", "15551234567"), ("aa-999", "AB-123", "AB123"), ("aa-999", "AB123", "AB123"),
        ("##-9", "x1-2", "x12"), ("\\9-99", "9-12", "912"),
    ])
    func patternsReadTheMaskedOrTheBareForm(pattern: String, typed: String, held: String) throws {
        let mask = InputMask.pattern(pattern)
        #expect(try mask.unmasked(typed).get() == held)
        #expect(try mask.unmasked(try #require(mask.masked(held))).get() == held)
    }

    @Test(arguments: ["+1(555)123-45", "555123456a", "A1-123", ""])
    func patternsRefuseWhatDoesNotFit(typed: String) {
        #expect(throws: MaskProblem.self) { try InputMask.pattern("+1(999)999-99-99").unmasked(typed).get() }
    }

    @Test func numbersWithSeparatorsSignsAndCurrency() throws {
        var price = NumericMask(precision: 2, prefix: "$")
        price.minimum = 0
        let mask = InputMask.numeric(price)
        #expect(try mask.unmasked("$1,234.50").get() == "1234.5")
        #expect(try mask.unmasked("1234.5").get() == "1234.5")
        #expect(mask.masked("1234.5") == "$1,234.50")
        for refused in ["-3", "1.234", "12a", "$", "1.2.3"] {
            #expect(throws: MaskProblem.self, "\(refused)") { try mask.unmasked(refused).get() }
        }
        var european = NumericMask(precision: 1, suffix: " €")
        european.decimalSeparator = ","
        european.thousandsSeparator = "."
        #expect(try InputMask.numeric(european).unmasked("1.234,5 €").get() == "1234.5")
        #expect(InputMask.numeric(european).masked("-1234.5") == "-1.234,5 €")
    }

    @Test func datesAndTimesByTheirPattern() throws {
        let day = InputMask.dateTime("mm/dd/yyyy")
        #expect(try day.unmasked("01/31/2024").get() == "2024-01-31")
        #expect(try day.unmasked("2024-01-31").get() == "2024-01-31")
        #expect(day.masked("2024-01-31") == "01/31/2024")
        #expect(throws: MaskProblem.self) { try day.unmasked("13/01/2024").get() }
        #expect(throws: MaskProblem.self) { try day.unmasked("02/30/2024").get() }
        let moment = InputMask.dateTime("dd.mm.yy hh:MM TT")
        #expect(try moment.unmasked("31.01.24 02:30 PM").get() == "2024-01-31T14:30")
        #expect(moment.masked("2024-01-31T00:05") == "31.01.24 12:05 AM")
        #expect(try InputMask.dateTime("HH:MM").unmasked("23:59").get() == "23:59")
    }

    @Test func aMaskIsAnInputRuleOfTheField() throws {
        let session = FormSession(
            definition: try FormDefinition(
                yaml: """
                    id: m
                    title: M
                    sections:
                      - id: s
                        fields:
                          - { id: phone, kind: text, label: Phone, mask: "+1(999)999-99-99" }
                          - { id: price, kind: number, label: Price, mask: { number: { prefix: "$" } } }
                    """))
        try session.set("phone", text: "+1(555)123-45-67")
        try session.set("price", text: "$1,234.50")
        #expect(session.value(of: "phone") == "15551234567" && session.value(of: "price") == 1234.5)
        #expect(try session.display(session.value(of: "phone"), of: "phone") == "+1(555)123-45-67")
        #expect(try session.display(session.value(of: "price"), of: "price") == "$1,234.50")
        do {
            try session.set("phone", text: "555")
            Issue.record("a value that does not fit the mask was taken")
        } catch {
            #expect("\(error)".contains("must be typed as +1(999)999-99-99"))
        }
        // A value from a file is not masked.
        try session.loadValues(bytes: Array(#"{"phone": "555"}"#.utf8), isJSON: true)
        #expect(session.value(of: "phone") == "555")
        #expect(throws: DiagnosticList.self) {
            try FormDefinition(
                yaml: """
                    id: m
                    title: M
                    sections:
                      - id: s
                        fields:
                          - { id: a, kind: text, label: A, mask: { pattern: "9", dateTime: "mm" } }
                    """)
        }
    }
}
