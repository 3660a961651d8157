/// `calculate`: a computed value that is never shown, but read by expressions and
/// exported with the answers (ODK's `calculate`); it needs no label.
enum CalculateKind: KindSpecification {
    static var kind: FieldKind { .calculate }
    static var valueType: ValueType? { nil }
    static var isComputed: Bool { true }
    static var requiredKeys: [String] { ["value"] }

    static let keys = ["value", "once"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        ComputedKind.decode(reader, into: &pending, decoder: &decoder)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        readOnly(field)
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> { readOnly(field) }

    static func interaction(field: String) -> FieldInteraction { .showComputed(field: field) }

    static func definitionSchema(forKey key: String) -> JSONOutput? { ComputedKind.definitionSchema(forKey: key) }
}
