/// `date`: a calendar date (`YYYY-MM-DD`, or `today` when typed), with optional
/// `min` and `max`.
enum DateKind: DateLikeKind {
    static var kind: FieldKind { .date }
    static var valueType: ValueType? { .date }
    static var boundDescription: String { "A date (YYYY-MM-DD) or a date expression such as today()." }

    static func boundLiteral(_ text: String) -> Value? { LocalDate(text).map { .date($0) } }
    static func invalidBoundLiteral(_ text: String) -> Problem { .invalidDate(text) }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.null) }
        if trimmed.lowercased() == "today" { return .success(.date(today)) }
        guard let date = LocalDate(trimmed) else { return mismatch("a date (YYYY-MM-DD)", text, for: field) }
        return .success(.date(date))
    }

    /// A date, or text that is one.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        switch value {
        case .date: return .success(value)
        // Text that is not a date: quote it as written, not as a JSON string.
        case .string(let text):
            return LocalDate(text).map { .success(.date($0)) } ?? mismatch("a date (YYYY-MM-DD)", text, for: field)
        default: return mismatch("a date (YYYY-MM-DD)", value.description, for: field)
        }
    }

    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        readScalar(node, for: field, expected: "a date (YYYY-MM-DD)")
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .date(let date) = value else { return nil }
        let low: LocalDate? = if case .date(let low) = minimum { low } else { nil }
        let high: LocalDate? = if case .date(let high) = maximum { high } else { nil }
        return rangeError(date, low: low, high: high, text: { $0.description }, for: field)
    }

    static var question: KindQuestion { .text(hint: " (YYYY-MM-DD)") }
}
