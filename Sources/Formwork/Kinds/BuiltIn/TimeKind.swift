/// `time`: a time of day (`HH:MM` or `HH:MM:SS`, or `now` when typed), with optional
/// `min` and `max`.
enum TimeKind: DateLikeKind {
    static var kind: FieldKind { .time }
    static var valueType: ValueType? { .time }
    static var boundDescription: String { "A time (HH:MM or HH:MM:SS) or a time expression." }

    static func boundLiteral(_ text: String) -> Value? { LocalTime(text).map { .time($0) } }
    static func invalidBoundLiteral(_ text: String) -> Problem { .invalidTime(text) }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        if trimmed.lowercased() == "now" { return .success(.time(now.time)) }
        return coerce(.string(trimmed), for: field)
    }

    /// A time, or text that is one.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        switch value {
        case .time: return .success(value)
        case .string(let text):
            return LocalTime(text).map { .success(.time($0)) }
                ?? mismatch("a time (HH:MM or HH:MM:SS)", text, for: field)
        default: return mismatch("a time (HH:MM or HH:MM:SS)", value.description, for: field)
        }
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .time(let time) = value else { return nil }
        let low: LocalTime? = if case .time(let low) = minimum { low } else { nil }
        let high: LocalTime? = if case .time(let high) = maximum { high } else { nil }
        return rangeError(time, low: low, high: high, text: { $0.description }, for: field)
    }

    static var question: KindQuestion { .text(hint: " (HH:MM or now)") }
}
