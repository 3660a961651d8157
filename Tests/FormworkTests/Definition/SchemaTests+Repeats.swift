import Foundation
import Testing

@testable import Formwork

/// Repeats in the JSON Schemas: the definition schema knows a section's `repeat:`
/// and groups nested in fields lists; the answers schema describes entries as
/// arrays of objects.
extension SchemaTests {
    /// A section repeat with a group in it, and a group in a group in a plain section.
    static let household = """
        id: household
        title: Household
        sections:
          - id: home
            header: Home
            fields:
              - { id: address, kind: text, label: Address }
              - id: rooms
                label: Rooms
                repeat: { max: 20, addLabel: Add a room }
                fields:
                  - { id: room, kind: text, label: Room }
                  - id: windows
                    label: Windows
                    visible: not empty($room)
                    repeat: { min: 1, count: 2, entryLabel: "Window {index()}" }
                    fields:
                      - { id: width, kind: number, label: Width, step: 1 }
          - id: members
            header: Household members
            repeat: { min: 1, max: 10, entryLabel: "Member {index()}: {$name}" }
            fields:
              - { id: name, kind: text, label: Name, required: true }
              - { id: children, kind: number, label: Children, step: 1 }
              - id: kids
                label: Kids
                repeat: { count: $children }
                fields:
                  - { id: kid, kind: text, label: Name }
        """

    /// Mistakes of shape in `household`, each as (what is replaced, by what).
    static let repeatMistakes: [String: (String, String)] = [
        "unknown-key-in-group-repeat": ("{ max: 20, addLabel", "{ max: 20, maximum: 3, addLabel"),
        "unknown-key-in-section-repeat": ("{ min: 1, max: 10,", "{ min: 1, label: Members, max: 10,"),
        "negative-min": ("{ min: 1, count: 2,", "{ min: -1, count: 2,"),
        "zero-max": ("{ max: 20,", "{ max: 0,"),
        "fractional-min": ("{ min: 1, max: 10,", "{ min: 1.5, max: 10,"),
        "repeat-false": ("repeat: { count: $children }", "repeat: false"),
        "group-without-label": ("label: Kids\n        ", ""),
        "group-with-a-field-key": ("label: Kids\n", "label: Kids\n        kind: text\n"),
        "group-with-no-fields": ("fields:\n          - { id: kid, kind: text, label: Name }", "fields: []"),
    ]

    @Test func definitionSchemaAcceptsRepeatsTheDecoderAccepts() throws {
        let variants = [
            "household": Self.household,
            "repeat-true": Self.household.replacingOccurrences(
                of: "repeat: { count: $children }", with: "repeat: true"),
            "repeat-empty": Self.household.replacingOccurrences(of: "repeat: { count: $children }", with: "repeat:"),
        ]
        var documents: [String: String] = [:]
        for (name, yaml) in variants {
            #expect(Fixtures.diagnostics(yaml: yaml) == "(loaded without errors)", "\(name)")
            documents[name + ".json"] = Fixtures.json(try YAMLLoader.parse(yaml, limits: .default))
        }
        let verdicts = try Self.validate(schema: DefinitionSchema.document().pretty, documents: documents)
        #expect(verdicts.count == documents.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            #expect(verdict == "valid", "\(name): \(verdict)")
        }
    }

    @Test func definitionSchemaRejectsRepeatsOfTheWrongShape() throws {
        var documents: [String: String] = [:]
        for (name, (original, replacement)) in Self.repeatMistakes {
            let yaml = Self.household.replacingOccurrences(of: original, with: replacement)
            #expect(yaml != Self.household, "\(name): nothing replaced")
            #expect(Fixtures.diagnostics(yaml: yaml) != "(loaded without errors)", "\(name): the decoder accepts it")
            documents[name + ".json"] = Fixtures.json(try YAMLLoader.parse(yaml, limits: .default))
        }
        let verdicts = try Self.validate(schema: DefinitionSchema.document().pretty, documents: documents)
        #expect(verdicts.count == documents.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            #expect(verdict.hasPrefix("invalid"), "\(name) should be rejected by the schema")
        }
        // An unknown option is named, not reported as a mismatch of the whole `repeat:`.
        #expect(verdicts["unknown-key-in-group-repeat.json"]?.hasSuffix("('maximum' was unexpected)") == true)
        #expect(verdicts["unknown-key-in-section-repeat.json"]?.hasSuffix("('label' was unexpected)") == true)
    }

    /// Members with phones nested in each, and pets that are hidden unless there are some.
    static let members = """
        id: members
        title: Members
        sections:
          - id: home
            fields:
              - { id: address, kind: text, label: Address, required: true }
              - { id: has_pets, kind: switch, label: Pets at home }
              - id: pets
                label: Pets
                visible: $has_pets
                repeat: { min: 1 }
                fields:
                  - { id: species, kind: choice, label: Species, options: [cat, dog], required: true }
          - id: people
            fields:
              - id: members
                label: Members
                repeat: { min: 1, max: 3 }
                fields:
                  - { id: name, kind: text, label: Name, required: true }
                  - { id: age, kind: number, label: Age, min: 0, step: 1 }
                  - id: phones
                    label: Phones
                    repeat: { max: 2 }
                    fields:
                      - { id: number, kind: text, label: Number }
                      - { id: kind, kind: choice, label: Kind, options: [home, work, mobile] }
        """

    @Test func answersSchemaDescribesEntriesAsTheSessionWritesThem() throws {
        let session = try FormSession(definition: FormDefinition(yaml: Self.members), today: Fixtures.today)
        try session.set("address", text: "1 Main Street")
        try session.addEntry("members")
        try session.set("members[1].name", text: "Ada")
        try session.set("members[1].age", text: "36")
        try session.addEntry("members[1].phones")
        try session.set("members[1].phones[1].number", text: "555 0100")
        try session.set("members[1].phones[1].kind", text: "mobile")
        try session.addEntry("members[1].phones")
        try session.set("members[2].name", text: "Bob")
        #expect(session.validate().isEmpty)
        // The hidden pets and Bob's phones (none) are left out; Ada's second phone is empty.
        #expect(
            session.answersJSON(pretty: false)
                == #"{"address":"1 Main Street","has_pets":false,"members":[{"name":"Ada","age":36,"#
                + #""phones":[{"number":"555 0100","kind":"mobile"},{}]},{"name":"Bob"}]}"#)

        let schema = AnswersSchema.document(for: session.definition).pretty
        func answers(members: String, _ more: String = "") -> String {
            #"{"address": "x", \#(more)"members": \#(members)}"#
        }
        let ada = #"{"name": "Ada", "phones": [{"number": "555 0100"}]}"#
        let documents = [
            "good.json": session.answersJSON(),
            "pets-shown.json": answers(members: "[\(ada)]", #""has_pets": true, "pets": [{"species": "cat"}], "#),
            "not-a-list.json": answers(members: ada),
            "no-entries.json": answers(members: "[]"),
            "too-many-entries.json": answers(members: "[\(ada), \(ada), \(ada), \(ada)]"),
            "missing-repeat.json": #"{"address": "x"}"#,
            "entry-missing-required.json": answers(members: #"[{"age": 36}]"#),
            "entry-unknown-key.json": answers(members: #"[{"name": "Ada", "nickname": "A"}]"#),
            "entry-field-at-the-top.json": answers(members: "[\(ada)]", #""name": "Ada", "#),
            "nested-wrong-type.json": answers(members: #"[{"name": "Ada", "phones": [{"number": 555}]}]"#),
            "nested-not-objects.json": answers(members: #"[{"name": "Ada", "phones": ["555 0100"]}]"#),
            "nested-unknown-key.json": answers(members: #"[{"name": "Ada", "phones": [{"fax": "1"}]}]"#),
        ]
        let verdicts = try Self.validate(schema: schema, documents: documents)
        #expect(verdicts.count == documents.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            if name == "good.json" || name == "pets-shown.json" {
                #expect(verdict == "valid", "\(name): \(verdict)")
            } else {
                #expect(verdict.hasPrefix("invalid"), "\(name) should be rejected by the schema")
            }
        }
    }

    /// The bundled survey, filled from a values file: a repeat in a repeat, and one that
    /// follows a count.
    @Test func answersSchemaOfTheHouseholdSurveyAcceptsAFilledSurvey() throws {
        let session = try Fixtures.session("household-survey.yaml")
        let values = """
            address: 1 Main Street
            dwellingType: house
            bedrooms: 2
            members:
              - { name: Ada, relation: head, age: 35, works: true, occupation: Engineer }
              - name: Kit
                relation: child
                age: 3
                visits: [{ visitDate: 2024-01-10, reason: checkup }, { visitDate: 2024-02-10, reason: other }]
            rooms: [{ sleepers: 1 }, { sleepers: 2 }]
            """
        try session.loadValues(bytes: Array(values.utf8), isJSON: false)
        #expect(session.validate().isEmpty)
        let schema = AnswersSchema.document(for: session.definition).pretty
        let verdicts = try Self.validate(schema: schema, documents: ["survey.json": session.answersJSON()])
        #expect(verdicts["survey.json"] == "valid")
    }
}
