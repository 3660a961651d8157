import Testing

@testable import Formwork

/// `valid($field, …)`: whether fields have no error now, read by conditions and
/// computed values, kept up to date with what the fields' rules read (SurveyJS's
/// `isContainerReady()` is translated to it).
@Suite("valid()")
struct ValidFunctionTests {
    static let yaml = """
        id: v
        title: Valid
        sections:
          - id: main
            fields:
              - { id: email, kind: text, label: E-mail, required: true, format: email }
              - { id: limit, kind: number, label: Limit }
              - { id: spend, kind: number, label: Spend, rules: [{ check: "$spend <= $limit", message: over }] }
              - { id: extra, kind: text, label: Extra, required: true, visible: "$limit > 100" }
              - { id: locked, kind: text, label: Locked, required: true, readonly: true }
              - { id: ready, kind: computed, label: Ready, value: "valid($email, $spend, $extra, $locked)" }
              - { id: next, kind: text, label: Next step, visible: "valid($email)" }
          - id: later
            visible: "$limit > 1000"
            fields:
              - { id: code, kind: text, label: Code, required: true }
              - { id: coded, kind: computed, label: Coded, value: "valid($code)" }
        """

    @Test func aFieldIsValidWithoutAnErrorOfItsOwn() throws {
        let session = FormSession(definition: try FormDefinition(yaml: Self.yaml))
        #expect(session.value(of: "ready") == false && !session.isVisible("next"))
        try session.set("email", text: "ada@example.org")
        try session.set("limit", text: "10")
        try session.set("spend", text: "5")
        // `extra` is hidden by its own condition and `locked` is read-only: both count as valid.
        #expect(session.value(of: "ready") == true && session.isVisible("next"))
        // A change to what a rule reads changes the verdict.
        try session.set("limit", text: "2")
        #expect(session.value(of: "ready") == false)
        try session.set("limit", text: "200")
        #expect(session.value(of: "ready") == false)  // extra is shown now, and unanswered
        try session.set("extra", text: "x")
        #expect(session.value(of: "ready") == true)
        // A field of a hidden section is still checked (its section's condition is left aside).
        #expect(!session.isVisible("code") && session.value(of: "coded") == false)
        try session.set("limit", text: "2000")
        #expect(session.isVisible("code") && session.value(of: "coded") == false)
        try session.set("code", text: "A1")
        #expect(session.value(of: "coded") == true)
    }

    @Test(arguments: [
        ("valid()", "'valid' takes at least 1 argument"),
        ("valid(1)", "argument 1 of 'valid' must be a field ($field)"),
        ("valid($nope)", "unknown field '$nope'"),
    ])
    func anArgumentThatIsNoFieldIsAClearError(expression: String, message: String) {
        let rendered = Fixtures.diagnostics(
            yaml: "id: f\ntitle: F\nsections: [{ id: s, fields: [{ id: a, kind: text, label: A },\n"
                + "  { id: b, kind: computed, label: B, value: \"\(expression)\" }] }]\n")
        #expect(rendered.contains(message), "\(rendered)")
    }
}
