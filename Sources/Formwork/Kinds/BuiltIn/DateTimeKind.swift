/// `datetime`: a local date and time (`YYYY-MM-DD HH:MM[:SS]`, with a space or a
/// `T`, or `now` when typed), with optional `min` and `max`.
enum DateTimeKind: DateLikeKind {
    static var kind: FieldKind { .datetime }
    static var valueType: ValueType? { .dateTime }
    static var boundDescription: String { "A date and time (YYYY-MM-DD HH:MM) or an expression such as now()." }

    static func boundLiteral(_ text: String) -> Value? { LocalDateTime(text).map { .dateTime($0) } }
    static func invalidBoundLiteral(_ text: String) -> Problem { .invalidDateTime(text) }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        if trimmed.lowercased() == "now" { return .success(.dateTime(now)) }
        return coerce(.string(trimmed), for: field)
    }

    /// A date and time, or text that is one.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        switch value {
        case .dateTime: return .success(value)
        case .string(let text):
            return LocalDateTime(text).map { .success(.dateTime($0)) }
                ?? mismatch("a date and time (YYYY-MM-DD HH:MM)", text, for: field)
        default: return mismatch("a date and time (YYYY-MM-DD HH:MM)", value.description, for: field)
        }
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .dateTime(let moment) = value else { return nil }
        let low: LocalDateTime? = if case .dateTime(let low) = minimum { low } else { nil }
        let high: LocalDateTime? = if case .dateTime(let high) = maximum { high } else { nil }
        return rangeError(moment, low: low, high: high, text: { $0.plainText }, for: field)
    }

    static var question: KindQuestion { .text(hint: " (YYYY-MM-DD HH:MM or now)") }
}
