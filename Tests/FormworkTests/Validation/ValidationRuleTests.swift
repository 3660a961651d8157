import Testing

@testable import Formwork

/// Each rule's name, as the definition spells it, and its message.
@Suite("Validation rules: names and messages")
struct ValidationRuleTests {
    @Test(
        arguments: [
            (ValidationRule.type(expected: "a number", input: "abc"), "type", "'abc' is not a number"),
            (.required, "required", "is required"),
            (.requiredMessage("Give the child's age"), "required", "Give the child's age"),
            (.pattern("[a-z]+"), "pattern", "must match the pattern [a-z]+"),
            (.minLength(1), "minLength", "must be at least 1 character long"),
            (.minLength(3), "minLength", "must be at least 3 characters long"),
            (.maxLength(1), "maxLength", "must be at most 1 character long"),
            (.maxLength(12), "maxLength", "must be at most 12 characters long"),
            (.minimum("1"), "min", "must be at least 1"),
            (.maximum("2024-12-31"), "max", "must be at most 2024-12-31"),
            (.step("0.5"), "step", "must be a multiple of 0.5"),
            (.option("x", options: ["a", "b", "c"]), "options", "'x' is not an option (choose 'a', 'b' or 'c')"),
            (.option("x", options: ["a"]), "options", "'x' is not an option (choose 'a')"),
            (.format("email"), "format", "must be an e-mail address"),
            (.format("url"), "format", "must be a URL (http:// or https://)"),
            (.minSelected(2), "minSelected", "select at least 2"),
            (.maxSelected(3), "maxSelected", "select at most 3"),
            (.lengthLimit(100_000), "limit", "must be at most 100000 characters long (the limit for any text)"),
            (.readOnly(kind: "computed"), "readOnly", "is read-only (computed)"),
            (
                .check(index: 1, message: "must not be before the start date"), "rules[1]",
                "must not be before the start date"
            ),
        ])
    func nameAndMessage(rule: ValidationRule, name: String, message: String) {
        #expect(rule.name == name)
        #expect(rule.message == message)
    }

    @Test func longInputsAndPatternsAreCutInMessages() {
        let long = String(repeating: "x", count: 100)
        let cut = String(repeating: "x", count: 59) + "…"
        #expect(ValidationRule.type(expected: "a number", input: long).message == "'\(cut)' is not a number")
        #expect(ValidationRule.pattern(long).message == "must match the pattern \(cut)")
        #expect(ValidationRule.option(long, options: ["a"]).message == "'\(cut)' is not an option (choose 'a')")
    }

    @Test func aFieldErrorNamesItsField() {
        let error = FieldError(field: "age", rule: .maximum("120"))
        #expect(error.message == "must be at most 120")
        #expect(error.description == "age: must be at most 120")
    }

    /// With every option hidden, the message used to end "(choose )".
    @Test func anOptionErrorWithNoOptionOfferedSaysSo() {
        #expect(ValidationRule.option("gold", options: []).message == "'gold' is not an option (none is offered now)")
    }
}
