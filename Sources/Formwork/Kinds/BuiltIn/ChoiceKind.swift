/// `choice`: one value from a list of options, by value or label.
enum ChoiceKind: KindSpecification {
    static var kind: FieldKind { .choice }
    static var valueType: ValueType? { .string }
    static var requiredKeys: [String] { ["label", "options"] }
    static var optionsAreReadByExpressions: Bool { true }

    static let keys = ["default", "required", "requiredMessage", "rules", "options"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeOptions(reader, &pending)
        decoder.readPlaceholder(reader, &pending)
    }

    /// An option's value or label (ignoring case).
    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        return OptionValues.option(trimmed, of: field).map { .string($0) }
    }

    /// An option's value, exactly.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .string(let text) = value else { return mismatch("text", value.description, for: field) }
        return field.option(withValue: text) != nil
            ? .success(value) : .failure(OptionValues.notAnOption(text, of: field))
    }

    /// The option's label.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        guard case .string(let selected) = value else { return value.plainText }
        return optionLabel(selected)
    }

    static func interaction(field: String) -> FieldInteraction { .chooseOne(field: field) }

    /// An option that is hidden now is not chosen.
    static func offeredSelection(
        _ value: Value, of field: FieldDefinition, isOffered: (ChoiceOption) -> Bool
    ) -> Value {
        if case .string(let selected) = value, let option = field.option(withValue: selected), !isOffered(option) {
            return .null
        }
        return value
    }

    static var question: KindQuestion { .oneOption }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        [("enum", OptionValues.schemaValues(of: field))]
    }
}
