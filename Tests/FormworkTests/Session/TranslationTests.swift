import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// Translations and text that reads answers: loading (languages, diagnostics,
/// warnings), rendering in the session's language, exactly the rows whose text
/// changed reported as updated, the environment's language, JSON-RPC.
@Suite("Translations and interpolated text")
struct TranslationTests {
    static let yaml = """
        id: t
        title: { en: Visit, fr: Visite }
        languages: { en: English, fr: Français }
        sections:
          - id: s
            header: { en: "About {$name}", fr: "À propos de {$name}" }
            fields:
              - { id: name, kind: text, label: { en: Name, fr: Nom } }
              - { id: email, kind: text, label: E-mail }
              - id: age
                kind: number
                label: { en: "How old is {$name}?", fr: "Quel âge a {$name} ?" }
                rules:
                  - { check: "$age < 150", message: { en: "{$age} is too old", fr: "{$age}, c'est trop" } }
              - id: size
                kind: choice
                label: Size
                options: [{ value: s, label: { en: Small, fr: Petit } }, { value: l, label: Large }]
              - { id: note, kind: note, text: { en: "Hello {$name}", fr: "Bonjour {$name}" } }
        """

    static func session(_ yaml: String = Self.yaml) throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: yaml), today: Fixtures.today)
    }

    static func labels(_ session: FormSession) -> [String] {
        session.visibleSections().flatMap { $0.rows.map(\.label) }
    }

    @Test func declaredLanguagesAndTheDefault() throws {
        let form = try FormDefinition(yaml: Self.yaml)
        #expect(
            form.languages == [FormLanguage(code: "en", name: "English"), FormLanguage(code: "fr", name: "Français")])
        #expect(form.defaultLanguage == "en")
        #expect(form.title == "Visit")
        #expect(form.warnings.isEmpty)
        let listed = try FormDefinition(
            yaml: """
                id: t
                title: { de: Besuch, en: Visit }
                languages: [de, en]
                defaultLanguage: en
                sections: [{ id: s, fields: [{ id: a, kind: switch, label: { de: Ja, en: Yes } }] }]
                """)
        #expect(listed.languages.map(\.code) == ["de", "en"])
        #expect(listed.defaultLanguage == "en")
        #expect(listed.title == "Visit")  // as written in the default language
        #expect(listed.fields[0].label == "Yes")
    }

    @Test func rowsShowTheSessionLanguageAndFallBack() throws {
        let session = try Self.session()
        session.reload(nil, animated: false)
        #expect(Self.labels(session) == ["Name", "E-mail", "How old is ?", "Size", ""])
        try session.set("name", text: "Ada")
        try session.setLanguage("fr")
        session.reload()
        #expect(Self.labels(session) == ["Nom", "E-mail", "Quel âge a Ada ?", "Size", ""])
        #expect(session.title == "Visite")
        #expect(session.visibleSections()[0].header == "À propos de Ada")
        try session.set("size", text: "petit")  // a label in the language shown
        session.reload()
        #expect(session.value(of: "size") == "s")
        #expect(session.visibleSections()[0].rows[3].displayValue == "Petit")
        #expect(session.visibleSections()[0].rows[4].displayValue == "Bonjour Ada")
        #expect(try session.optionLabels(of: "size").map(\.label) == ["Petit", "Large"])
        // Rule messages are translated and read answers.
        try session.set("age", text: "200")
        #expect(session.validate().map(\.message) == ["200, c'est trop"])
        try session.setLanguage(nil)
        #expect(session.language == "en")
        #expect(session.validate().map(\.message) == ["200 is too old"])
    }

    @Test func unknownLanguagesAreRefused() throws {
        let session = try Self.session()
        #expect(throws: SessionError.unknownLanguage("de", languages: ["en", "fr"])) { try session.setLanguage("de") }
        #expect(session.language == "en")
        let plain = try Self.session(
            "id: p\ntitle: P\nsections: [{ id: s, fields: [{ id: a, kind: switch, label: A }] }]")
        #expect(plain.language == nil)
        #expect(throws: SessionError.unknownLanguage("fr", languages: [])) { try plain.setLanguage("fr") }
    }

    /// Switching language updates exactly the rows whose text differs: not the plain
    /// `E-mail`, nor `Size` while unanswered.
    @Test func switchingLanguageUpdatesOnlyRowsWhoseTextChanged() throws {
        let session = try Self.session()
        let view = RecordingListView()
        session.reload(view, animated: false)
        try session.setLanguage("fr")
        let changes = try #require(session.reload(view))
        #expect(changes.rows.updated.map(\.to.row).sorted() == [0, 2, 4])
        #expect(changes.rows.inserted.isEmpty && changes.rows.deleted.isEmpty)
        #expect(changes.sections.updated.map(\.to) == [0])  // the header
    }

    /// Setting `name` updates the rows whose text reads it (age's label, the note)
    /// and the header, and nothing else.
    @Test func anAnswerUpdatesExactlyTheTextsThatReadIt() throws {
        let session = try Self.session()
        let view = RecordingListView()
        session.reload(view, animated: false)
        try session.set("name", text: "Ada")
        let changes = try #require(session.reload(view))
        #expect(changes.rows.updated.map(\.to.row).sorted() == [0, 2, 4])  // name itself, age, the note
        #expect(changes.sections.updated.map(\.to) == [0])
        try session.set("email", text: "ada@example.org")
        let other = try #require(session.reload(view))
        #expect(other.rows.updated.map(\.to.row) == [1])
        #expect(other.sections.updated.isEmpty)
    }

    @Test func textsInEntriesReadTheirEntry() throws {
        let session = try Self.session(
            """
            id: r
            title: R
            languages: [en, fr]
            sections:
              - id: people
                header: People
                repeat: { entryLabel: { en: "Person {index()}", fr: "Personne {index()}" } }
                fields:
                  - { id: name, kind: text, label: Name }
                  - { id: age, kind: number, label: { en: "Age of {$name}", fr: "Âge de {$name}" } }
            """)
        _ = try session.addEntry("people")
        _ = try session.addEntry("people")
        try session.set("people[2].name", text: "Bo")
        session.reload(nil, animated: false)
        #expect(try session.label(of: "people[2].age") == "Age of Bo")
        #expect(try session.label(of: "people[1].age") == "Age of ")
        try session.setLanguage("fr")
        session.reload()
        #expect(session.visibleSections().compactMap(\.header) == ["People", "Personne 1", "Personne 2"])
        #expect(try session.label(of: "people[2].age") == "Âge de Bo")
    }

    @Test func theEnvironmentChoosesALanguageTheFormHas() throws {
        let form = try FormDefinition(
            yaml: """
                id: t
                title: T
                languages: [en, fr, pt-BR]
                sections: [{ id: s, fields: [{ id: a, kind: switch, label: A }] }]
                """)
        #expect(FormSession.language(matching: "fr_CA.UTF-8", in: form) == "fr")
        #expect(FormSession.language(matching: "pt_BR.UTF-8", in: form) == "pt-BR")
        #expect(FormSession.language(matching: "pt_PT", in: form) == "pt-BR")
        #expect(FormSession.language(matching: "de_DE.UTF-8", in: form) == nil)
        #expect(FormSession.language(matching: "C.UTF-8", in: form) == nil)
        #expect(FormSession.language(fromEnvironment: ["LANG": "fr_FR.UTF-8"], in: form) == "fr")
        // POSIX order: LC_ALL first, then LC_MESSAGES, then LANG; the first set decides.
        #expect(FormSession.language(fromEnvironment: ["LC_ALL": "en_GB", "LANG": "fr_FR"], in: form) == "en")
        #expect(FormSession.language(fromEnvironment: ["LC_MESSAGES": "fr", "LANG": "en"], in: form) == "fr")
        #expect(FormSession.language(fromEnvironment: ["LC_ALL": "de_DE", "LANG": "fr_FR"], in: form) == nil)
    }

    @Test func labelReadsTheChosenOptionsLabelInTheLanguageShown() throws {
        let session = try Self.session(
            """
            id: l
            title: L
            languages: [en, fr]
            sections:
              - id: s
                fields:
                  - { id: size, kind: choice, label: Size, options: [{ value: s, label: { en: Small, fr: Petit } }, l] }
                  - id: extras
                    kind: multichoice
                    label: Extras
                    options: [{ value: m, label: { en: Milk, fr: Lait } }]
                  - { id: picked, kind: computed, label: Picked, value: "label($size)" }
                  - { id: summary, kind: note, text: "{label($size)} with {label($extras)}" }
            """)
        try session.set("size", text: "s")
        try session.set("extras", to: ["m"])
        #expect(session.value(of: "picked") == "Small")
        try session.setLanguage("fr")
        session.reload(nil, animated: false)
        #expect(session.value(of: "picked") == "Petit")
        #expect(session.visibleSections()[0].rows[3].displayValue == "Petit with Lait")
        try session.set("size", text: "l")
        #expect(session.value(of: "picked") == "l")  // an option without a label: its value
        let wrong = Fixtures.diagnostics(
            yaml: """
                id: w
                title: W
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: text, label: A }
                      - { id: b, kind: computed, label: B, value: "label($a)" }
                """)
        #expect(wrong.contains("error: argument 1 of 'label' must be a choice or multichoice field ($field), not text"))
    }

    @Test func theServerDescribesAndSwitchesLanguages() throws {
        let server = FormServer(session: try Self.session())
        let describe = server.handle(FormServerTests.request("form.describe"))[0]
        #expect(describe.contains(#""languages":[{"code":"en","name":"English"},{"code":"fr","name":"Français"}]"#))
        #expect(describe.contains(#""defaultLanguage":"en""#))
        #expect(describe.contains(#""label":{"en":"Name","fr":"Nom"}"#))
        #expect(describe.contains(#""label":"E-mail""#))
        let switched = server.handle(FormServerTests.request("form.setLanguage", params: #"{"language":"fr"}"#))
        #expect(switched.last!.contains(#""result":{"language":"fr","changes""#))
        let snapshot = server.handle(FormServerTests.request("form.snapshot"))[0]
        #expect(snapshot.contains(#""label":"Nom""#))
        #expect(snapshot.contains(#""language":"fr""#))
        let refused = server.handle(FormServerTests.request("form.setLanguage", params: #"{"language":"de"}"#))[0]
        #expect(refused.contains(#""code":-32008"#))
        #expect(refused.contains(#""languages":["en","fr"]"#))
        let wrong = server.handle(FormServerTests.request("form.setLanguage", params: #"{"language":3}"#))[0]
        #expect(wrong.contains(#""code":-32602"#))
    }
}
