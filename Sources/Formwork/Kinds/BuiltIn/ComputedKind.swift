/// `computed`: a read-only value computed from other fields (`value:`), shown in its
/// row, with optional `rules` on it.
enum ComputedKind: KindSpecification {
    static var kind: FieldKind { .computed }
    static var valueType: ValueType? { nil }
    static var isComputed: Bool { true }
    static var requiredKeys: [String] { ["label", "value"] }

    static let keys = ["value", "rules", "once"]

    /// The expression is compiled once every field is known; it must be there.
    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        pending.nodes.valueNode = reader["value"]
        if !reader.has("value") {
            reader.reportMissing(
                "value", context: "a \(pending.definition.kind.rawValue) field", collector: &decoder.collector)
        }
        decoder.readPlaceholder(reader, &pending)
        pending.definition.keepsFirstValue = reader.bool("once", collector: &decoder.collector) ?? false
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        readOnly(field)
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> { readOnly(field) }

    static func interaction(field: String) -> FieldInteraction { .showComputed(field: field) }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "value":
            return DefinitionSchema.described(
                DefinitionSchema.reference("expression"), "The expression computing the value.")
        case "once":
            return DefinitionSchema.described(
                .object([("type", "boolean")]),
                "Whether the first value (not null, not empty) is kept for the session: ODK's once().")
        default: return nil
        }
    }
}
