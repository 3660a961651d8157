/// The JSON Schema (draft 2020-12) of one form's answers, as `answersJSON()` and
/// `formwork fill --out` write them: each field's type, options and bounds, each
/// repeat as an array of entry objects (nested repeats nest), and what is always
/// present when the form validates.
///
/// A field is required by the schema only when it is required unconditionally and
/// nothing can hide it (neither its own `visible` nor its section's): conditional
/// requirements depend on other answers and are left to `validate()`. A repeat is
/// left out of the answers when it is hidden or has no entries, so it is required
/// only when its `min` is at least 1 and nothing can hide it; when present it has
/// at least one entry (and at least `min`, which `validate()` checks) and at most
/// `max`. In an entry, the same holds within the entry: the entry is only written
/// when its repeat is shown, so only the item's own `visible` can hide it.
public enum AnswersSchema {
    /// The schema of `definition`'s answers: in its own answer format where that is
    /// JSON (a SurveyJS survey's data), else of Formwork's answers.
    public static func document(for definition: FormDefinition) -> JSONOutput {
        let body =
            definition.answerFormat?.answersSchema(for: definition)
            ?? object(of: definition.sections.flatMap(\.items), in: definition, inEntry: false)
        return .object(
            [
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("title", .value(.string("Answers to \(definition.title)"))),
            ] + body)
    }

    /// An object of the answers to `items` (the form's, or an entry's): its fields
    /// with values, and its repeats.
    static func object(of items: [FormItem], in definition: FormDefinition, inEntry: Bool) -> [(String, JSONOutput)] {
        var required: [String] = []
        var properties: [(String, JSONOutput)] = []
        for item in items {
            switch item {
            case .field(let index):
                let field = definition.fields[index]
                guard field.kind.hasValue else { continue }
                properties.append((field.answerKey, schema(for: field)))
                if case .always = field.required, field.visible == nil,
                    inEntry || definition.sections[field.sectionIndex].visible == nil,
                    field.kind != .switch  // a required switch is present either way
                {
                    required.append(field.answerKey)
                }
            case .repeatGroup(let index):
                let group = definition.repeats[index]
                properties.append((group.id, schema(for: group, in: definition)))
                if group.minimum >= 1, group.visible == nil,
                    inEntry || definition.sections[group.sectionIndex].visible == nil
                {
                    required.append(group.id)
                }
            }
        }
        return [
            ("type", "object"),
            ("additionalProperties", false),
            ("required", strings(required)),
            ("properties", .object(properties)),
        ]
    }

    /// A repeat: one object per entry, in order; never empty (a repeat with no
    /// entries is left out).
    static func schema(for group: RepeatDefinition, in definition: FormDefinition) -> JSONOutput {
        .object(
            [
                ("title", .value(.string(group.label))),
                ("description", "One object per entry, in order; left out when hidden or without entries."),
                ("type", "array"),
                ("minItems", .value(.number(Double(max(group.minimum, 1))))),
                ("maxItems", .value(.number(Double(group.maximum)))),
                ("items", .object(object(of: group.items, in: definition, inEntry: true))),
            ])
    }

    /// A JSON array of strings.
    public static func strings(_ values: [String]) -> JSONOutput { .array(values.map { .value(.string($0)) }) }

    /// The schema of one field's value in Formwork's answers (a format that writes a
    /// kind otherwise adapts it).
    public static func schema(for field: FieldDefinition) -> JSONOutput {
        let title: (String, JSONOutput) = ("title", .value(.string(field.label.isEmpty ? field.id : field.label)))
        return .object([title] + field.kind.specification.answersSchema(for: field))
    }

    static func typeSchema(_ type: ValueType) -> [(String, JSONOutput)] {
        switch type {
        case .null: return []
        case .bool: return [("type", "boolean")]
        case .number: return [("type", "number")]
        case .string: return [("type", "string")]
        case .date: return [("type", "string"), ("format", "date")]
        case .time:
            return [("type", "string"), ("pattern", "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$")]
        case .dateTime:
            return [
                ("type", "string"),
                ("pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$"),
            ]
        case .geopoint:
            let number: JSONOutput = .object([("type", "number")])
            return [
                ("type", "object"), ("required", strings(["latitude", "longitude"])), ("additionalProperties", false),
                (
                    "properties",
                    .object([
                        ("latitude", .object([("type", "number"), ("minimum", -90), ("maximum", 90)])),
                        ("longitude", .object([("type", "number"), ("minimum", -180), ("maximum", 180)])),
                        ("altitude", number), ("accuracy", .object([("type", "number"), ("minimum", 0)])),
                    ])
                ),
            ]
        case .list(let element): return [("type", "array"), ("items", .object(typeSchema(element)))]
        case .entries: return [("type", "array")]  // never a field's type
        }
    }
}
