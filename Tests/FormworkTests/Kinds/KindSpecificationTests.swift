import Foundation
import Testing

@testable import Formwork

/// Every built-in kind has a complete specification (`FieldKind.specification`) that
/// agrees with the decoder, the definition schema and the answers schema: a kind
/// added without one fails here, naming what is missing.
@Suite("Kind specifications")
struct KindSpecificationTests {
    /// A form holding one field of `kind` with `keys` (YAML lines under the field).
    static func form(_ kind: FieldKind, _ keys: [String]) -> String {
        """
        id: kinds
        title: Kinds
        sections:
          - id: main
            fields:
              - id: asked
                kind: \(kind.rawValue)
        \(keys.map { "        " + $0 }.joined(separator: "\n"))
        """
    }

    /// A value for each key a kind may require.
    static let requiredValues: [String: String] = [
        "label": "label: Asked", "text": "text: Read this", "options": "options: [{value: a, label: Ay}, b]",
        "value": "value: 1 + 1",
    ]

    /// What a person types for each kind a person sets, and how the row shows it
    /// (options `a` "Ay" and `b`).
    static let examples: [FieldKind: (typed: String, shown: String)] = [
        .text: ("Ada Lovelace", "Ada Lovelace"), .secure: ("s3cret", FormSession.secureMask), .number: ("42.5", "42.5"),
        .switch: ("yes", "[x]"), .choice: ("Ay", "Ay"), .multichoice: ("a, b", "Ay, b"),
        .date: ("2024-01-31", "2024-01-31"), .time: ("08:30", "08:30"),
        .datetime: ("2024-01-31 08:30", "2024-01-31 08:30"), .geopoint: ("52.37 4.89 0 5", "52.37 4.89 0 5"),
        .file: (#filePath, #filePath), .rank: ("2 1", "1. b, 2. Ay"),
    ]

    static func field(_ kind: FieldKind) throws -> FieldDefinition {
        let keys = kind.specification.requiredKeys.map { requiredValues[$0]! }
        return try #require(FormDefinition(yaml: form(kind, keys)).field("asked"))
    }

    @Test(arguments: FieldKind.allCases)
    func theTableNamesTheKind(_ kind: FieldKind) {
        #expect(kind.specification.kind == kind)
        #expect(kind.fixedType == kind.specification.valueType)
        if kind.isComputed { #expect(kind.specification.valueType == nil, "a computed value's type is its own") }
    }

    @Test(arguments: FieldKind.allCases)
    func keysAgreeWithTheDecoderAndTheDefinitionSchema(_ kind: FieldKind) {
        let keys = kind.specification.keys
        #expect(Set(keys).count == keys.count, "\(kind) lists a key twice")
        #expect(Set(keys).isDisjoint(with: DefinitionDecoder.commonFieldKeys), "\(kind) lists a common key")
        #expect(Set(keys).isSubset(of: DefinitionDecoder.allFieldKeys))
        for key in DefinitionDecoder.commonFieldKeys + DefinitionDecoder.keys(for: kind) {
            let schema = DefinitionSchema.schema(forKey: key, kind: kind)
            guard case .object(let members) = schema, !members.isEmpty else {
                Issue.record("\(kind)'s key '\(key)' has no schema: \(schema.encoded)")
                continue
            }
        }
        let required = kind.specification.requiredKeys
        #expect(Set(required).isSubset(of: DefinitionDecoder.commonFieldKeys + keys), "\(kind) requires a key it lacks")
        #expect(kind.hasOptions == required.contains("options"), "a kind with options requires them")
        #expect(kind.isTemporal == (keys.contains("min") && kind != .number))
        if !kind.isTemporal { #expect(kind.temporalLiteral("2024-01-31") == nil) }
        let schema = DefinitionSchema.field.encoded
        #expect(schema.contains(#""required":\#(DefinitionSchema.strings(["id", "kind"] + required).encoded)"#))
    }

    /// A field with its required keys loads; without any one of them, it does not.
    @Test(arguments: FieldKind.allCases)
    func requiredKeysAreThoseTheDecoderAsksFor(_ kind: FieldKind) throws {
        let required = kind.specification.requiredKeys
        _ = try Self.field(kind)
        for missing in required {
            let keys = required.filter { $0 != missing }.map { Self.requiredValues[$0]! }
            #expect(throws: (any Error).self, "\(kind) loads without '\(missing)'") {
                try FormDefinition(yaml: Self.form(kind, keys))
            }
        }
    }

    /// Values read from typed text are data the kind takes back as they are, pass
    /// the field's rules and show as a person expects; empty text is unanswered.
    @Test(arguments: FieldKind.allCases)
    func valuesRoundTrip(_ kind: FieldKind) throws {
        let field = try Self.field(kind)
        let today = LocalDate("2024-03-01")!
        guard kind.isEditable else {
            #expect(Self.examples[kind] == nil)
            guard case .failure(let error) = FieldValues.parse("1", for: field, today: today) else {
                Issue.record("\(kind) takes typed text")
                return
            }
            #expect(error.rule == .readOnly(kind: kind.rawValue))
            return
        }
        let example = try #require(Self.examples[kind], "\(kind) has no example in KindSpecificationTests")
        let value = try FieldValues.parse(example.typed, for: field, today: today).get()
        #expect(value.type == kind.fixedType)
        #expect(try FieldValues.coerce(value, for: field).get() == value)
        #expect(FieldValues.check(value, for: field) == nil)
        #expect(FormSession.display(value, of: field) == example.shown)
        let empty = try FieldValues.parse("", for: field, today: today).get()
        #expect(empty == (kind == .switch ? false : .null))
    }

    /// What selecting a row does, what the prompt asks and what `toggle` does agree.
    @Test(arguments: FieldKind.allCases)
    func interactionsAgreeWithQuestions(_ kind: FieldKind) throws {
        let interaction = FieldInteraction.default(for: kind, field: "asked")
        switch kind.question {
        case .yesNo: #expect(interaction == .toggle(field: "asked"))
        case .oneOption: #expect(interaction == .chooseOne(field: "asked"))
        case .someOptions: #expect(interaction == .chooseMany(field: "asked"))
        case .everyOption, .secret, .path, .text:
            #expect(interaction == (kind.isEditable ? .edit(field: "asked") : interaction))
        }
        if [.oneOption, .someOptions, .everyOption].contains(kind.question) { #expect(kind.hasOptions) }
        if !kind.hasValue { #expect(interaction == .showNote(field: "asked")) }
        if kind.isComputed { #expect(interaction == .showComputed(field: "asked")) }
        let field = try Self.field(kind)
        switch kind.specification.toggled(.null, option: nil, of: field) {
        case .value: #expect(interaction == .toggle(field: "asked"))
        case .notToggleable(let needsOption): #expect(needsOption == (interaction == .chooseMany(field: "asked")))
        case .rejected: Issue.record("\(kind) rejects a toggle without an option")
        }
    }

    /// The answers schema describes a value wherever there is one.
    @Test(arguments: FieldKind.allCases)
    func answersSchemaDescribesTheValue(_ kind: FieldKind) throws {
        let members = kind.specification.answersSchema(for: try Self.field(kind))
        #expect(members.isEmpty == !kind.hasValue, "\(kind)'s answers schema")
    }
}
