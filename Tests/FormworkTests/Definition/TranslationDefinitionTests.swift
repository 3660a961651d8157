import Foundation
import Testing

@testable import Formwork

/// Loading translated and interpolated texts: each problem at its place, with a
/// hint; missing translations are warnings, not errors.
@Suite("Definitions: languages and text templates")
struct TranslationDefinitionTests {
    static func form(_ body: String, header: String = "languages: { en: English, fr: Français }") -> String {
        """
        id: t
        title: T
        \(header)
        sections:
          - id: s
            fields:
        \(body)
        """
    }

    @Test func aTextPerLanguageNeedsDeclaredLanguages() {
        let text = Fixtures.diagnostics(
            yaml: Self.form("      - { id: a, kind: switch, label: { en: A, fr: B } }", header: ""))
        #expect(
            text.contains("form.yaml:7:39: error: a text is written per language, but the form declares no languages"))
        #expect(text.contains("hint: declare them at the top of the form: 'languages: { en: English, fr: Français }'"))
    }

    @Test func anUndeclaredLanguageGetsDidYouMean() {
        let text = Fixtures.diagnostics(yaml: Self.form("      - { id: a, kind: switch, label: { en: A, fe: B } }"))
        #expect(text.contains("form.yaml:7:48: error: the form does not declare the language 'fe'"))
        #expect(text.contains("hint: did you mean 'en'?") || text.contains("hint: did you mean 'fr'?"))
        let defaulted = Fixtures.diagnostics(
            yaml: Self.form(
                "      - { id: a, kind: switch, label: A }", header: "languages: [en, fr]\ndefaultLanguage: de"))
        #expect(defaulted.contains("form.yaml:4:18: error: the form does not declare the language 'de'"))
        #expect(defaulted.contains("hint: the form's languages are 'en' or 'fr' (declared in 'languages:')"))
    }

    @Test func badLanguageDeclarations() {
        let text = Fixtures.diagnostics(
            yaml: Self.form("      - { id: a, kind: switch, label: A }", header: "languages: [en, 'f r', en]"))
        #expect(text.contains("form.yaml:3:17: error: 'languages' must be a language code"))
        #expect(text.contains("form.yaml:3:24: error:"))  // the duplicate
    }

    @Test func expressionsInTextsAreCheckedWherePlaced() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: a, kind: number, label: A }
                      - { id: b, kind: note, text: { en: "Total {$a + 'x'}", fr: "Total {$nope}" } }
                """))
        #expect(text.contains("form.yaml:8:55: error: '+' needs numbers"))
        #expect(text.contains("form.yaml:8:74: error: unknown field '$nope'"))
        let brace = Fixtures.diagnostics(yaml: Self.form("      - { id: a, kind: switch, label: \"Open { brace\" }"))
        #expect(brace.contains("form.yaml:7:45: error: expected '{{' for a brace, found '{' without its '}'"))
    }

    @Test func doubledBracesAreLiteral() throws {
        let form = try FormDefinition(yaml: Self.form("      - { id: a, kind: note, text: \"{{not an expression}}\" }"))
        let session = FormSession(definition: form)
        session.reload(nil, animated: false)
        #expect(session.visibleSections()[0].rows[0].displayValue == "{not an expression}")
    }

    @Test func missingTranslationsAreWarningsNamingFieldAndLanguage() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                """
                      - { id: a, kind: switch, label: { en: Yes } }
                      - { id: b, kind: choice, label: { fr: Taille }, options: [{ value: s, label: { en: Small } }] }
                """), path: "form.yaml")
        let warnings = form.warnings.map(\.message)
        #expect(
            warnings == [
                "field 'a': 'label' has no 'fr' text; 'en' is shown instead",
                "field 'b': 'label' has no 'en' text; 'fr' is shown instead",
                "option 's' of field 'b': 'label' has no 'fr' text; 'en' is shown instead",
            ])
        #expect(form.warnings.allSatisfy { $0.severity == .warning })
        let rendered = DiagnosticList(path: "form.yaml", source: nil, diagnostics: form.warnings).rendered
        #expect(rendered.contains("form.yaml:7:39: warning: field 'a': 'label' has no 'fr' text"))
        // The fallback is shown.
        let session = FormSession(definition: form)
        try session.setLanguage("fr")
        session.reload(nil, animated: false)
        #expect(session.visibleSections()[0].rows.map(\.label) == ["Yes", "Taille"])
    }

    @Test func aHugeTranslatedLabelIsRefused() {
        let huge = String(repeating: "x", count: 100_001)
        let text = Fixtures.diagnostics(
            yaml: Self.form("      - { id: a, kind: switch, label: { en: A, fr: \(huge) } }"))
        #expect(text.contains("error: a string of 100001 characters exceeds the limit of 100000"))
    }
}
