import Foundation
import Testing

@testable import Formwork

/// Loading `requiredMessage`: a text like a rule's message (plain, per language,
/// reading answers in the field's scope), allowed where `required` is and only
/// beside it.
@Suite("Definitions: requiredMessage")
struct RequiredMessageDefinitionTests {
    static func form(_ body: String, header: String = "languages: { en: English, fr: Français }") -> String {
        """
        id: t
        title: T
        \(header)
        sections:
          - id: s
            fields:
              - { id: child, kind: text, label: Child }
        \(body)
        """
    }

    @Test func aPlainMessage() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                "      - { id: age, kind: number, label: Age, required: true, requiredMessage: Give the age }",
                header: ""))
        let message = try #require(form.field("age")?.requiredMessage)
        #expect(message.source(in: nil, defaultLanguage: nil) == "Give the age")
        #expect(!message.isTranslated && message.isConstant)
        #expect(form.field("child")?.requiredMessage == nil)
        #expect(form.warnings.isEmpty)
    }

    @Test func aMessagePerLanguageReadingAnswers() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                """
                      - id: age
                        kind: number
                        label: Age
                        required: "$child != null"
                        requiredMessage: { en: "Give {$child}'s age", fr: "Donnez l'âge de {$child}" }
                """))
        let message = try #require(form.field("age")?.requiredMessage)
        #expect(message.languages == ["en", "fr"])
        #expect(message.source(in: "fr", defaultLanguage: "en") == "Donnez l'âge de {$child}")
        #expect(message.references == ["child"])
        // What the message reads makes the field checked again when it changes.
        let child = try #require(form.fieldIndex["child"])
        #expect(form.displayReaders[child].contains(try #require(form.fieldIndex["age"])))
    }

    /// Every kind that takes `required` takes `requiredMessage`, and no other.
    @Test(arguments: FieldKind.allCases)
    func allowedExactlyWhereRequiredIs(_ kind: FieldKind) {
        let keys = DefinitionDecoder.keys(for: kind)
        #expect(keys.contains("requiredMessage") == keys.contains("required"))
    }

    @Test func withoutRequiredItIsAnError() {
        let text = Fixtures.diagnostics(
            yaml: Self.form("      - { id: age, kind: number, label: Age, requiredMessage: Give the age }", header: ""))
        #expect(
            text == """
                form.yaml:8:46: error: 'requiredMessage' is given without 'required'
                          - { id: age, kind: number, label: Age, requiredMessage: Give the age }
                                                                 ^~~~~~~~~~~~~~~
                  hint: the message shows when a required field is left empty: add 'required: true' \
                (or a condition), or remove 'requiredMessage'
                """)
    }

    /// A kind without `required` is told the key does not apply, and nothing more.
    @Test func onACalculationItDoesNotApply() {
        let text = Fixtures.diagnostics(
            yaml: Self.form("      - { id: n, kind: calculate, value: 1, requiredMessage: Say hi }", header: ""))
        #expect(
            text == """
                form.yaml:8:45: error: 'requiredMessage' does not apply to a calculate field
                          - { id: n, kind: calculate, value: 1, requiredMessage: Say hi }
                                                                ^~~~~~~~~~~~~~~
                """)
    }

    /// A required note (ODK's blocking note) may say why it blocks.
    @Test func aRequiredNoteTakesAMessage() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                "      - { id: n, kind: note, text: Hi, required: true, requiredMessage: Agree first }", header: ""))
        let session = FormSession(definition: form)
        #expect(session.validate().first?.message == "Agree first")
    }

    @Test func itsExpressionsAreCheckedWherePlaced() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: age, kind: number, label: Age, required: true, requiredMessage: "Age of {$chlid}" }
                """, header: ""))
        #expect(text.contains("form.yaml:8:88: error: unknown field '$chlid'"), "\(text)")
        #expect(text.contains("hint: did you mean '$child'?"))
    }

    @Test func languagesAreCheckedLikeOtherTexts() throws {
        let unknown = Fixtures.diagnostics(
            yaml: Self.form(
                "      - { id: a, kind: switch, label: A, required: true, requiredMessage: { en: Yes, fe: Oui } }"))
        #expect(unknown.contains("form.yaml:8:86: error: the form does not declare the language 'fe'"), "\(unknown)")
        #expect(unknown.contains("hint: did you mean 'fr'?"))
        let undeclared = Fixtures.diagnostics(
            yaml: Self.form(
                "      - { id: a, kind: switch, label: A, required: true, requiredMessage: { en: Yes } }", header: ""))
        #expect(undeclared.contains("error: a text is written per language, but the form declares no languages"))
        let form = try FormDefinition(
            yaml: Self.form(
                "      - { id: a, kind: switch, label: A, required: true, requiredMessage: { en: Turn it on } }"),
            path: "form.yaml")
        #expect(
            form.warnings.map(\.message) == ["field 'a': 'requiredMessage' has no 'fr' text; 'en' is shown instead"])
    }

    /// In a repeat, the message reads the entry's fields, as the field's conditions do.
    @Test func inARepeatItReadsTheEntry() throws {
        let form = try FormDefinition(
            yaml: """
                id: t
                title: T
                sections:
                  - id: s
                    fields:
                      - id: members
                        label: Members
                        repeat: { min: 1 }
                        fields:
                          - { id: name, kind: text, label: Name }
                          - { id: age, kind: number, label: Age, required: true, requiredMessage: "{$name}'s age?" }
                """)
        #expect(form.field("age")?.requiredMessage?.references == ["name"])
        let outside = Fixtures.diagnostics(
            yaml: """
                id: t
                title: T
                sections:
                  - id: s
                    fields:
                      - { id: total, kind: number, label: Total, required: true, requiredMessage: "{$name}" }
                      - id: members
                        label: Members
                        repeat: { min: 1 }
                        fields:
                          - { id: name, kind: text, label: Name }
                """)
        #expect(outside.contains("error: '$name' is a field of each entry of 'members', read here outside its entries"))
    }
}
