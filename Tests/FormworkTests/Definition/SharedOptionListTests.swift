import Foundation
import Testing

@testable import Formwork

/// Selects whose options are written alike share one decoding of them: the same
/// options, labels and translations, and every problem still reported where it is.
@Suite("Definitions: option lists written alike")
struct SharedOptionListTests {
    static let yesNo =
        "[{ value: yes, label: { en: 'Yes', fr: 'Oui' } }, { value: no, label: { en: 'No', fr: 'Non' } }]"

    static func form(_ fields: [String]) -> String {
        """
        id: t
        title: T
        languages: { en: English, fr: Français }
        sections:
          - id: s
            fields:
        \(fields.map { "      - " + $0 }.joined(separator: "\n"))
        """
    }

    static func options(_ definition: FormDefinition, _ id: String) -> [String] {
        (definition.field(id)?.options ?? []).map { option in
            let labels = ["en", "fr"].map { option.labelText.source(in: $0, defaultLanguage: "en") }
            return "\(option.value)=\(option.label) \(labels) \(option.isExclusive)"
        }
    }

    @Test func selectsOverOneListReadItAlike() throws {
        let definition = try FormDefinition(
            yaml: Self.form([
                "{ id: a, kind: choice, label: A, options: \(Self.yesNo) }",
                "{ id: b, kind: multichoice, label: B, options: \(Self.yesNo) }",
                "{ id: c, kind: choice, label: C, options: \(Self.yesNo) }",
            ]), path: "form.yaml")
        let expected = ["yes=Yes [\"Yes\", \"Oui\"] false", "no=No [\"No\", \"Non\"] false"]
        for id in ["a", "b", "c"] { #expect(Self.options(definition, id) == expected, "\(id)") }
    }

    @Test func listsThatDifferAreReadApart() throws {
        let definition = try FormDefinition(
            yaml: Self.form([
                "{ id: a, kind: choice, label: A, options: \(Self.yesNo) }",
                "{ id: b, kind: choice, label: B, options: [{ value: yes, label: { en: 'Yes', fr: 'Si' } }, "
                    + "{ value: no, label: { en: 'No', fr: 'Non' } }] }",
                "{ id: c, kind: multichoice, label: C, options: [{ value: yes, label: { en: 'Yes', fr: 'Oui' } }, "
                    + "{ value: no, label: { en: 'No', fr: 'Non' }, exclusive: true }] }",
                "{ id: d, kind: choice, label: D, options: [yes, no] }",
            ]), path: "form.yaml")
        #expect(Self.options(definition, "b").first == "yes=Yes [\"Yes\", \"Si\"] false")
        #expect(Self.options(definition, "c").last == "no=No [\"No\", \"Non\"] true")
        #expect(Self.options(definition, "d") == ["yes=yes [\"yes\", \"yes\"] false", "no=no [\"no\", \"no\"] false"])
        #expect(Self.options(definition, "a").first == "yes=Yes [\"Yes\", \"Oui\"] false")
    }

    /// Options whose labels read answers, or with conditions, are each field's own.
    @Test func optionsThatReadAnswersAreEachFieldsOwn() throws {
        let templated = "[{ value: x, label: 'Like {$name}' }, { value: y, label: Other }]"
        let definition = try FormDefinition(
            yaml: """
                id: t
                title: T
                sections:
                  - id: s
                    fields:
                      - { id: name, kind: text, label: Name }
                      - { id: a, kind: choice, label: A, options: \(templated) }
                      - { id: b, kind: choice, label: B, options: \(templated) }
                      - { id: c, kind: choice, label: C, options: [{ value: x, label: X, visible: "$name == 'x'" }] }
                      - { id: d, kind: choice, label: D, options: [{ value: x, label: X, visible: "$name == 'y'" }] }
                """, path: "form.yaml")
        let session = try FormSession(definition: definition, values: ["name": .string("Ada")])
        for id in ["a", "b"] { #expect(try session.optionLabels(of: id).first?.label == "Like Ada", "\(id)") }
        #expect(definition.field("c")?.options.first?.visible != nil)
        #expect(definition.field("d")?.options.first?.visible != nil)
    }

    /// A problem in a list is reported for every field written with it.
    @Test func problemsAreReportedForEveryField() {
        let twice = "[{ value: yes, label: 'Yes' }, { value: yes, label: 'Again' }]"
        let text = Fixtures.diagnostics(
            yaml: Self.form([
                "{ id: a, kind: choice, label: A, options: \(twice) }",
                "{ id: b, kind: choice, label: B, options: \(twice) }",
            ]))
        #expect(text.contains("form.yaml:7:") && text.contains("form.yaml:8:"), "\(text)")
        #expect(text.components(separatedBy: "the option value 'yes' is listed twice").count == 3, "\(text)")
    }

    /// More lists starting alike than are kept per first value: each read right.
    @Test func manyListsStartingAlike() throws {
        let fields = (0..<40).map { index in
            "{ id: f\(index), kind: choice, label: F, options: ['1', 'x\(index % 20)'] }"
        }
        let definition = try FormDefinition(yaml: Self.form(fields), path: "form.yaml")
        #expect(20 > DefinitionDecoder.optionListsPerKey)
        for index in 0..<40 {
            #expect(definition.field("f\(index)")?.options.map(\.value) == ["1", "x\(index % 20)"], "f\(index)")
        }
    }
}
