import Foundation
import Testing

@testable import Formwork

/// Repeats in the JSON Schemas: the definition schema knows a section's `repeat:`
/// and groups nested in fields lists.
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
        _ = try FormDefinition(yaml: Self.household)
        let document = Fixtures.json(try YAMLLoader.parse(Self.household, limits: .default))
        let verdicts = try Self.validate(schema: DefinitionSchema.document.pretty, documents: ["good.json": document])
        #expect(verdicts["good.json"] == "valid")
    }

    @Test func definitionSchemaRejectsRepeatsOfTheWrongShape() throws {
        var documents: [String: String] = [:]
        for (name, (original, replacement)) in Self.repeatMistakes {
            let yaml = Self.household.replacingOccurrences(of: original, with: replacement)
            #expect(yaml != Self.household, "\(name): nothing replaced")
            #expect(Fixtures.diagnostics(yaml: yaml) != "(loaded without errors)", "\(name): the decoder accepts it")
            documents[name + ".json"] = Fixtures.json(try YAMLLoader.parse(yaml, limits: .default))
        }
        let verdicts = try Self.validate(schema: DefinitionSchema.document.pretty, documents: documents)
        #expect(verdicts.count == documents.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            #expect(verdict.hasPrefix("invalid"), "\(name) should be rejected by the schema")
        }
        // An unknown option is named, not reported as a mismatch of the whole `repeat:`.
        #expect(verdicts["unknown-key-in-group-repeat.json"]?.hasSuffix("('maximum' was unexpected)") == true)
        #expect(verdicts["unknown-key-in-section-repeat.json"]?.hasSuffix("('label' was unexpected)") == true)
    }
}
