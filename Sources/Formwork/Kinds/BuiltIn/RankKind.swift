/// `rank`: the options of `options`, every one, in the order a person ranks them
/// (with `completeRanking: true`, those not ranked follow in their order).
enum RankKind: KindSpecification {
    static var kind: FieldKind { .rank }
    static var valueType: ValueType? { .list(.string) }
    static var requiredKeys: [String] { ["label", "options"] }

    static let keys = ["required", "requiredMessage", "rules", "options", "completeRanking"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeOptions(reader, &pending)
        decoder.readPlaceholder(reader, &pending)
        pending.definition.completesRanking = reader.bool("completeRanking", collector: &decoder.collector) ?? false
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        key == "completeRanking" ? .object([("type", "boolean")]) : nil
    }

    /// Every option, by number or value, in order (`3 1 2`, `b, a, c`).
    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        let separator: Character = trimmed.contains(",") ? "," : " "
        let tokens = trimmed.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [Value] = []
        for token in tokens where !token.isEmpty {
            if let number = Int(token), (1...field.options.count).contains(number) {
                values.append(.string(field.options[number - 1].value))
                continue
            }
            switch OptionValues.option(token, of: field) {
            case .success(let value): values.append(.string(value))
            case .failure(let error): return .failure(error)
            }
        }
        return coerce(.list(values), for: field)
    }

    /// Every option's value once, in the order given; an empty list is unanswered.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .list(let elements) = value else {
            return mismatch("a list of option values", value.description, for: field)
        }
        var ranked: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                return mismatch("a list of option values", value.description, for: field)
            }
            guard field.option(withValue: text) != nil else {
                return .failure(OptionValues.notAnOption(text, of: field))
            }
            if ranked.contains(text) {
                return .failure(FieldError(field: field.id, rule: .rank(missing: [], repeated: [text])))
            }
            ranked.append(text)
        }
        if ranked.isEmpty { return .success(.null) }
        // Every option always offered; one offered on a condition is ranked while it is
        // offered (checked with the form: `Evaluation.checkInstance`). A ranking that
        // completes itself is completed by the session with the options offered then, in
        // their order (`FormSession.completedRanking`); as given, in a response.
        let missing = field.options.filter { $0.visible == nil }.map(\.value).filter { !ranked.contains($0) }
        guard missing.isEmpty || field.completesRanking else {
            return .failure(FieldError(field: field.id, rule: .rank(missing: missing, repeated: [])))
        }
        return .success(.list(ranked.map { .string($0) }))
    }

    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        OptionValues.readList(node, for: field).flatMap { coerce($0, for: field) }
    }

    /// Numbered in order: `1. Tea, 2. Coffee`. The labels are those the definition
    /// writes, in any language shown.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        guard case .list(let elements) = value else { return value.plainText }
        return elements.enumerated().map { position, element in
            guard case .string(let ranked) = element else { return element.plainText }
            return "\(position + 1). " + (field.option(withValue: ranked)?.label ?? ranked)
        }.joined(separator: ", ")
    }

    static var question: KindQuestion { .everyOption }

    /// An array of every option value, once each.
    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        let count: JSONOutput = .value(.number(Double(field.options.count)))
        return [
            ("type", "array"), ("items", .object([("enum", OptionValues.schemaValues(of: field))])),
            ("uniqueItems", true), ("minItems", count), ("maxItems", count),
        ]
    }
}
