/// The JSON Schema (draft 2020-12) of one form's answers, as `answersJSON()` and
/// `formwork fill --out` write them: each field's type, options and bounds, and the
/// fields that are always present when the form validates.
///
/// A field is required by the schema only when it is required unconditionally and
/// nothing can hide it (neither its own `visible` nor its section's): conditional
/// requirements depend on other answers and are left to `validate()`.
public enum AnswersSchema {
    public static func document(for definition: FormDefinition) -> JSONOutput {
        let fields = definition.fields.filter { $0.kind.hasValue }
        let required = fields.filter { field in
            guard case .always = field.required, field.visible == nil,
                definition.sections[field.sectionIndex].visible == nil
            else {
                return false
            }
            return field.kind != .switch  // a required switch is present either way
        }
        return .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("title", .value(.string("Answers to \(definition.title)"))),
            ("type", "object"),
            ("additionalProperties", false),
            ("required", .array(required.map { .value(.string($0.id)) })),
            ("properties", .object(fields.map { ($0.id, schema(for: $0)) })),
        ])
    }

    static func schema(for field: FieldDefinition) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("title", .value(.string(field.label)))]
        func literal(_ bound: Bound?) -> Value? {
            if case .value(let value)? = bound { return value }
            return nil
        }
        switch field.kind {
        case .text, .secure:
            members.append(("type", "string"))
            if let minLength = field.minLength {
                members.append(("minLength", .value(.number(Double(max(minLength, 1))))))
            } else {
                members.append(("minLength", 1))  // empty text is unanswered, so it is never written
            }
            if let maxLength = field.maxLength { members.append(("maxLength", .value(.number(Double(maxLength))))) }
            if let pattern = field.pattern, !pattern.source.hasPrefix("(?i)") {
                members.append(("pattern", .value(.string("^(?:\(pattern.source))$"))))
            }
            if let format = field.format {
                members.append(("format", .value(.string(format == .email ? "email" : "uri"))))
            }
        case .number:
            let integral = field.step.map { $0 == $0.rounded() } ?? false
            members.append(("type", integral ? "integer" : "number"))
            if case .number(let low)? = literal(field.minimum) { members.append(("minimum", .value(.number(low)))) }
            if case .number(let high)? = literal(field.maximum) { members.append(("maximum", .value(.number(high)))) }
        case .switch:
            members.append(("type", "boolean"))
        case .choice:
            members.append(("enum", .array(field.options.map { .value(.string($0.value)) })))
        case .multichoice:
            members.append(("type", "array"))
            members.append(("items", .object([("enum", .array(field.options.map { .value(.string($0.value)) }))])))
            members.append(("uniqueItems", true))
            members.append(("minItems", .value(.number(Double(max(field.minSelected ?? 1, 1))))))
            if let maxSelected = field.maxSelected {
                members.append(("maxItems", .value(.number(Double(maxSelected)))))
            }
        case .date:
            members.append(("type", "string"))
            members.append(("format", "date"))
        case .computed:
            members += typeSchema(field.valueType ?? .null)
        case .note:
            break
        }
        return .object(members)
    }

    static func typeSchema(_ type: ValueType) -> [(String, JSONOutput)] {
        switch type {
        case .null: return []
        case .bool: return [("type", "boolean")]
        case .number: return [("type", "number")]
        case .string: return [("type", "string")]
        case .date: return [("type", "string"), ("format", "date")]
        case .list(let element): return [("type", "array"), ("items", .object(typeSchema(element)))]
        case .entries: return [("type", "array")]  // never a field's type
        }
    }
}
