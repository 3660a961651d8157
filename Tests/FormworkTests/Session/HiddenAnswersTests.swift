import Testing

@testable import Formwork

/// `hiddenAnswers:` — whether expressions read the answer of a hidden question
/// (`kept`, as SurveyJS until completion) or read it as unanswered (`blank`, the
/// default, as ODK), or the answer is cleared as the question is hidden (`erased`, as
/// SurveyJS's `onHidden`). Either way the hidden answer is not submitted.
@Suite("Hidden answers")
struct HiddenAnswersTests {
    static func session(_ hiddenAnswers: String?) throws -> FormSession {
        let key = hiddenAnswers.map { "hiddenAnswers: \($0)\n" } ?? ""
        let yaml = """
            id: f
            title: F
            \(key)sections:
              - id: s
                fields:
                  - { id: kids, kind: switch, label: Children }
                  - { id: count, kind: number, label: How many, visible: "$kids" }
                  - { id: many, kind: computed, label: Many, value: "$count > 2" }
                  - { id: names, kind: text, label: Their names, visible: "$count > 2" }
            """
        return FormSession(definition: try FormDefinition(yaml: yaml))
    }

    @Test func aHiddenAnswerReadsAsUnansweredByDefault() throws {
        let session = try Self.session(nil)
        try session.set("kids", to: .bool(true), origin: .person)
        try session.set("count", to: .number(3), origin: .person)
        #expect(session.isVisible("names"))
        try session.set("kids", to: .bool(false), origin: .person)
        #expect(session.value(of: "many") == .bool(false))
        #expect(!session.isVisible("names"))
    }

    @Test func aKeptHiddenAnswerIsStillReadButNotSubmitted() throws {
        let session = try Self.session("kept")
        #expect(session.definition.hiddenAnswers == .kept)
        try session.set("kids", to: .bool(true), origin: .person)
        try session.set("count", to: .number(3), origin: .person)
        try session.set("kids", to: .bool(false), origin: .person)
        #expect(session.value(of: "many") == .bool(true))
        #expect(session.isVisible("names"))
        #expect(!session.answers().contains { $0.id == "count" })
    }

    /// `erased`: an answer is cleared as its own condition hides it, within the same
    /// undo step, and what it hid follows; a value given while hidden stays.
    @Test func anErasedHiddenAnswerIsGoneWhenShownAgain() throws {
        let session = try Self.session("erased")
        #expect(session.definition.erasesHiddenAnswers && session.definition.hiddenAnswers == .cleared)
        try session.set("kids", to: .bool(true), origin: .person)
        try session.set("count", to: .number(3), origin: .person)
        try session.set("names", to: .string("Ada, Bob, Cy"), origin: .person)
        try session.set("kids", to: .bool(false), origin: .person)
        #expect(session.value(of: "count") == .null)
        #expect(session.value(of: "names") == .null)  // its condition read the cleared count
        try session.set("kids", to: .bool(true), origin: .person)
        #expect(session.isVisible("count") && session.value(of: "count") == .null)
        #expect(session.undo())  // showing again
        #expect(session.undo())  // hiding, and what it cleared
        #expect(session.value(of: "count") == .number(3) && session.value(of: "names") == .string("Ada, Bob, Cy"))
        // A value given while the question is hidden stays until it is shown and hidden again.
        try session.set("kids", to: .bool(false), origin: .person)
        try session.set("count", to: .number(5), origin: .program)
        #expect(session.value(of: "count") == .number(5))
    }

    @Test func anotherValueIsAClearError() {
        let rendered = Fixtures.diagnostics(
            yaml:
                "id: f\ntitle: F\nhiddenAnswers: maybe\n"
                + "sections: [{ id: s, fields: [{ id: a, kind: text, label: A }] }]\n"
        )
        #expect(
            rendered.contains("form.yaml:3:16: error: 'hiddenAnswers' must be blank, kept or erased, not 'maybe'"),
            "\(rendered)")
    }
}
