import Testing

@testable import Formwork

/// `defaults: whenShown`: an empty answer takes its default again as its section is
/// shown (and, with `hiddenAnswers: erased`, as the field is), within the change that
/// showed it; a response is read the same way. The default (`start`) gives defaults
/// only as the form starts.
@Suite("Defaults given as a section is shown")
struct DefaultsWhenShownTests {
    static func form(_ defaults: String?, hiddenAnswers: String = "kept") throws -> FormDefinition {
        let key = defaults.map { "defaults: \($0)\n" } ?? ""
        return try FormDefinition(
            yaml: """
                id: f
                title: F
                hiddenAnswers: \(hiddenAnswers)
                \(key)sections:
                  - id: trip
                    fields:
                      - { id: visited, kind: switch, label: Visited }
                      - { id: guests, kind: number, label: Guests }
                      - { id: pets, kind: number, label: Pets, default: 0, visible: "$guests > 1" }
                  - id: stay
                    visible: $visited
                    fields:
                      - { id: nights, kind: number, label: Nights, default: 1, required: true }
                      - id: beds
                        kind: number
                        label: Beds
                        recalculate: { on: [guests], value: "$guests", atStart: true }
                """)
    }

    static func session(_ form: FormDefinition, _ steps: [(String, Value)]) throws -> FormSession {
        let session = FormSession(definition: form)
        for (id, value) in steps { try session.set(id, to: value, origin: .person) }
        return session
    }

    @Test func anEmptyAnswerTakesItsDefaultAsItsSectionIsShownAgain() throws {
        let form = try Self.form("whenShown")
        #expect(form.defaults == .whenShown)
        let session = try Self.session(
            form,
            [
                ("visited", true), ("guests", .number(2)), ("nights", .null), ("beds", .null), ("visited", false),
                ("visited", true),
            ])
        #expect(session.value(of: "nights") == .number(1))
        #expect(session.value(of: "beds") == .number(2))  // its rule that runs at the start, on today's answers
        // One undo takes back the change and the defaults it gave.
        #expect(session.undo())
        #expect(session.value(of: "nights") == .null && session.value(of: "beds") == .null)
        // An answer is left as it is; so is an empty one whose section stays shown.
        try session.set("visited", to: true, origin: .person)
        try session.set("nights", to: .number(4), origin: .person)
        try session.set("beds", to: .null, origin: .person)
        try session.set("pets", to: .number(1), origin: .person)
        #expect(session.value(of: "nights") == .number(4) && session.value(of: "beds") == .null)
    }

    @Test func byDefaultDefaultsAreGivenAtTheStartOnly() throws {
        let form = try Self.form(nil)
        #expect(form.defaults == .start && form.defaultsWhenShown.isEmpty)
        let session = try Self.session(
            form, [("visited", true), ("nights", .null), ("visited", false), ("visited", true)])
        #expect(session.value(of: "nights") == .null)
    }

    /// `erased`: the field shown again by its own condition takes its default; a
    /// section shown leaves a field whose own condition fails empty.
    @Test func withErasedAnswersAFieldShownAgainTakesItsDefault() throws {
        let form = try Self.form("whenShown", hiddenAnswers: "erased")
        let session = try Self.session(
            form, [("guests", .number(2)), ("pets", .number(3)), ("guests", .number(1)), ("guests", .number(2))])
        #expect(session.value(of: "pets") == .number(0))
        let kept = try Self.session(
            try Self.form("whenShown"),
            [("guests", .number(2)), ("pets", .null), ("guests", .number(1)), ("guests", .number(2))])
        #expect(kept.value(of: "pets") == .null)  // not erased: only a section shown gives it again
    }

    /// A response that leaves out an answer of a section hidden as the form starts,
    /// and shown by the response, is read with its default; one shown from the start
    /// is not.
    @Test func aResponseIsReadWithTheDefaultsOfWhatItShows() throws {
        let form = try Self.form("whenShown")
        let shown = ResponseValidator(definition: form).validate(Array(#"{"visited": true, "guests": 2}"#.utf8))
        #expect(shown.problems.filter { $0.severity == .error }.isEmpty, "\(shown.problems)")
        #expect(shown.session?.value(of: "nights") == .number(1))
        let atStart = try FormDefinition(
            yaml: """
                id: f
                title: F
                defaults: whenShown
                sections:
                  - id: stay
                    fields:
                      - { id: nights, kind: number, label: Nights, default: 1, required: true }
                """)
        let verdict = ResponseValidator(definition: atStart).validate(Array("{}".utf8))
        #expect(verdict.problems.map(\.rule) == ["required"], "\(verdict.problems)")
    }

    @Test func anotherValueIsAClearError() {
        let rendered = Fixtures.diagnostics(
            yaml:
                "id: f\ntitle: F\ndefaults: later\n"
                + "sections: [{ id: s, fields: [{ id: a, kind: text, label: A }] }]\n"
        )
        #expect(
            rendered.contains("form.yaml:3:11: error: 'defaults' must be start or whenShown, not 'later'"),
            "\(rendered)")
    }
}
