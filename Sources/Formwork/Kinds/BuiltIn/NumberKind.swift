/// `number`: an integer or decimal, finite, with optional `min`, `max` and `step`
/// (literal numbers).
enum NumberKind: KindSpecification {
    static var kind: FieldKind { .number }
    static var valueType: ValueType? { .number }

    static let keys = ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max", "step", "mask"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        pending.definition.step = reader.number("step", collector: &decoder.collector)
        pending.nodes.stepNode = reader["step"]
        pending.nodes.minimumNode = reader["min"]
        pending.nodes.maximumNode = reader["max"]
        if let minimum = reader.number("min", collector: &decoder.collector) {
            pending.definition.minimum = .value(.number(minimum))
        }
        if let maximum = reader.number("max", collector: &decoder.collector) {
            pending.definition.maximum = .value(.number(maximum))
        }
        decoder.readPlaceholder(reader, &pending)
        decoder.decodeMask(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        guard let number = PlainScalar.parseNumber(trimmed), number.isFinite else {
            return mismatch("a number", text, for: field)
        }
        return .success(.number(number))
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .number = value else { return mismatch("a number", value.description, for: field) }
        return .success(value)
    }

    /// A YAML or JSON number, or text that reads as one.
    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        let input = node.scalarText ?? node.typeDescription
        switch node.scalar {
        case .number(let number, _)?:
            return number.isFinite ? .success(.number(number)) : mismatch("a finite number", input, for: field)
        case .string(let text)?:
            guard let number = PlainScalar.parseNumber(text), number.isFinite else {
                return mismatch("a number", input, for: field)
            }
            return .success(.number(number))
        default: return mismatch("a number", input, for: field)
        }
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .number(let number) = value else { return nil }
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        if case .number(let low) = minimum, number < low { return error(.minimum(JSONText.format(low))) }
        if case .number(let high) = maximum, number > high { return error(.maximum(JSONText.format(high))) }
        if let step = field.step, step > 0 {
            let base: Double = if case .number(let low) = minimum { low } else { 0 }
            let steps = (number - base) / step
            if abs(steps - steps.rounded()) > 1e-9 * max(1, abs(steps)) {
                return error(.step(JSONText.format(step)))
            }
        }
        return nil
    }

    /// An integer when the step is one; literal bounds.
    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        let integral = field.step.map { $0 == $0.rounded() } ?? false
        var members: [(String, JSONOutput)] = [("type", integral ? "integer" : "number")]
        if case .number(let low)? = field.minimum?.literal { members.append(("minimum", .value(.number(low)))) }
        if case .number(let high)? = field.maximum?.literal { members.append(("maximum", .value(.number(high)))) }
        return members
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "min", "max", "default": return .object([("type", "number")])
        case "step": return .object([("type", "number"), ("exclusiveMinimum", 0)])
        case "mask": return DefinitionDecoder.maskSchema
        default: return nil
        }
    }
}
