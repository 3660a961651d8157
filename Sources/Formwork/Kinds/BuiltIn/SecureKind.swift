/// `secure`: text that is never echoed or shown back (passwords), read and checked
/// as `text` is, with no format and no default.
enum SecureKind: KindSpecification {
    static var kind: FieldKind { .secure }
    static var valueType: ValueType? { .string }
    static var readsTextAsTyped: Bool { true }

    static let keys = ["placeholder", "required", "requiredMessage", "rules", "pattern", "minLength", "maxLength"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeTextKeys(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        TextKind.parse(text, for: field, today: today, now: now)
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        TextKind.coerce(value, for: field)
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        TextKind.check(
            value, for: field, minimum: minimum, maximum: maximum, limits: limits,
            filesAreAttachments: filesAreAttachments)
    }

    /// The mask, never the value.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        value.isNull ? "" : FormSession.secureMask
    }

    static var question: KindQuestion { .secret }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        TextKind.answersSchema(for: field)
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? { TextKind.definitionSchema(forKey: key) }
}
