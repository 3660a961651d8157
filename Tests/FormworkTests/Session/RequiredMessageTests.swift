import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// `requiredMessage` in a session: the error of a required field left empty keeps
/// its rule (`required`) and says the field's message, in the session's language,
/// with the answers it reads (its entry's, in a repeat), kept up to date as they change.
@Suite("Required messages in a session")
struct RequiredMessageTests {
    static let yaml = """
        id: visit
        title: Visit
        languages: { en: English, fr: Français }
        sections:
          - id: s
            fields:
              - { id: child, kind: text, label: Child }
              - id: age
                kind: number
                label: Age
                required: true
                requiredMessage: { en: "Give {coalesce($child, 'the child')}'s age", fr: "Quel âge a {$child} ?" }
              - { id: email, kind: text, label: E-mail, required: true }
              - id: consent
                kind: switch
                label: Consent
                required: true
                requiredMessage: { en: Consent is needed }
              - id: phone
                kind: text
                label: Phone
                required: "$child != null"
                requiredMessage: "A phone for {$child}"
              - { id: shown, kind: switch, label: Shown }
              - id: hidden
                kind: text
                label: Hidden
                visible: $shown
                required: true
                requiredMessage: Only when shown
        """

    static func session() throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: yaml), today: Fixtures.today)
    }

    static func messages(_ errors: [FieldError]) -> [String] { errors.map(\.description) }

    @Test func theMessageReplacesIsRequiredAndTheRuleStaysRequired() throws {
        let session = try Self.session()
        let errors = session.validate()
        #expect(
            Self.messages(errors) == [
                "age: Give the child's age", "email: is required", "consent: Consent is needed",
            ])
        #expect(errors.map(\.rule.name) == ["required", "required", "required"])
        #expect(errors[0].rule == .requiredMessage("Give the child's age"))
        #expect(errors[1].rule == .required)
        // It reads answers, and is gone once the field is answered (or hidden).
        try session.set("child", text: "Ada")
        #expect(
            Self.messages(session.validate()) == [
                "age: Give Ada's age", "email: is required", "consent: Consent is needed", "phone: A phone for Ada",
            ])
        try session.set("age", text: "3")
        try session.set("consent", text: "yes")
        try session.set("shown", text: "yes")
        #expect(
            Self.messages(session.validate()) == [
                "email: is required", "phone: A phone for Ada", "hidden: Only when shown",
            ])
    }

    @Test func theMessageIsInTheSessionLanguage() throws {
        let session = try Self.session()
        try session.set("child", text: "Ada")
        try session.setLanguage("fr")
        // French where written; the default language's text where not; Formwork's own words in English.
        #expect(
            Self.messages(session.validate()) == [
                "age: Quel âge a Ada ?", "email: is required", "consent: Consent is needed", "phone: A phone for Ada",
            ])
        try session.setLanguage(nil)
        #expect(session.validate().first?.message == "Give Ada's age")
    }

    /// A change to what the message reads updates the row showing it, and no other.
    @Test func anAnswerTheMessageReadsUpdatesItsRow() throws {
        let session = try Self.session()
        let view = RecordingListView()
        _ = session.validate()
        session.reload(view, animated: false)
        #expect(session.visibleSections()[0].rows[1].error?.message == "Give the child's age")
        try session.set("child", text: "Ada")
        let changes = try #require(session.reload(view))
        // child itself, age (its message), phone (now required); not email nor consent.
        #expect(changes.rows.updated.map(\.to.row).sorted() == [0, 1, 4])
        #expect(session.visibleSections()[0].rows[1].error?.message == "Give Ada's age")
        try session.setLanguage("fr")
        let switched = try #require(session.reload(view))
        #expect(switched.rows.updated.map(\.to.row).contains(1))
        #expect(session.visibleSections()[0].rows[1].error?.message == "Quel âge a Ada ?")
    }

    static let household = """
        id: household
        title: Household
        languages: [en, fr]
        sections:
          - id: s
            fields:
              - id: members
                label: Members
                repeat: { min: 2 }
                fields:
                  - { id: name, kind: text, label: Name }
                  - id: age
                    kind: number
                    label: Age
                    required: true
                    requiredMessage:
                      en: "Member {index()}: give {$name}'s age"
                      fr: "Membre {index()} : âge de {$name}"
        """

    /// In an entry, the message reads that entry's fields and position.
    @Test func inARepeatTheMessageReadsItsEntry() throws {
        let session = try FormSession(definition: FormDefinition(yaml: Self.household), today: Fixtures.today)
        try session.set("members[1].name", text: "Ada")
        try session.set("members[2].name", text: "Bo")
        #expect(
            Self.messages(session.validate()) == [
                "members[1].age: Member 1: give Ada's age", "members[2].age: Member 2: give Bo's age",
            ])
        try session.moveEntry("members[2]", to: 1)
        #expect(
            Self.messages(session.validate()) == [
                "members[1].age: Member 1: give Bo's age", "members[2].age: Member 2: give Ada's age",
            ])
        try session.setLanguage("fr")
        try session.set("members[1].age", text: "30")
        #expect(Self.messages(session.validate()) == ["members[2].age: Membre 2 : âge de Ada"])
        #expect(session.validate().map(\.rule.name) == ["required"])
    }
}
