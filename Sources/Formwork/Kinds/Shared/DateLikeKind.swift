/// What the kinds for dates and times (`date`, `time`, `datetime`) share: the same
/// keys, `min`, `max` and `default` that are literals (`2024-01-31`, `08:00`) or
/// expressions (`today() - 365`, `now()`), and range checks.
protocol DateLikeKind: KindSpecification {
    /// What a bound or default looks like, for the definition schema.
    static var boundDescription: String { get }
}

/// The keys every date-like kind takes.
private let dateLikeKeys = ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max"]

extension DateLikeKind {
    static var keys: [String] { dateLikeKeys }
    static var hasExpressionBounds: Bool { true }

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        // Bounds are compiled once every field is known (they may be expressions).
        pending.nodes.minimumNode = reader["min"]
        pending.nodes.maximumNode = reader["max"]
        decoder.readPlaceholder(reader, &pending)
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        guard ["min", "max", "default"].contains(key) else { return nil }
        return DefinitionSchema.described(.object([("type", "string")]), boundDescription)
    }

    /// The first bound `value` is outside of, if any: `low` and `high` are the field's
    /// bounds evaluated (`nil` where there is none), `text` how messages write them.
    static func rangeError<Bound: Comparable>(
        _ value: Bound, low: Bound?, high: Bound?, text: (Bound) -> String, for field: FieldDefinition
    ) -> FieldError? {
        if let low, value < low { return FieldError(field: field.id, rule: .minimum(text(low))) }
        if let high, value > high { return FieldError(field: field.id, rule: .maximum(text(high))) }
        return nil
    }
}
