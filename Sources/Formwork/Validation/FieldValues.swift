/// Reading values for a field (from text a person typed, or from typed data) and
/// checking them against the field's own rules, as the field's kind says
/// (`FieldKind.specification`; each kind's file in `Kinds/BuiltIn/` has its rules).
///
/// The field's own rules are those that need no other field: type, pattern, length,
/// format, range, step, options. `required`, `minSelected` and `rules` are checked
/// by `FormSession.validate()`, since a value on its way in may be incomplete.
public enum FieldValues {
    /// Reads `text` as a value for `field`.
    ///
    /// Text kinds take the text as typed (empty is unanswered); numbers are decimal;
    /// switches take yes/no, true/false, on/off, y/n, 1/0; choices take an option's
    /// value or label; multichoice takes a comma-separated list; dates take
    /// `YYYY-MM-DD` or `today`.
    /// Times take `HH:MM[:SS]` or `now`; date-times `YYYY-MM-DD HH:MM[:SS]` (or with a
    /// `T`) or `now`; geopoints `lat lon [alt [acc]]`; files a path; ranks every option,
    /// by number or value, in order (`3 1 2`, `b, a, c`).
    ///
    /// - Parameters:
    ///   - text: What the person typed.
    ///   - field: The field it is for: its kind reads it, its options name choices.
    ///   - today: The date `today` stands for.
    ///   - now: The moment `now` stands for (the clock's, when `nil`).
    /// - Returns: The value, or why the text is none for this field.
    public static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime? = nil
    ) -> Result<Value, FieldError> {
        var text = text
        // A mask reads what is typed (`+1(555)123-45-67`, `$1,234.50`, `01/31/2024`).
        if let mask = field.mask, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            switch mask.unmasked(text.trimmingCharacters(in: .whitespaces)) {
            case .success(let value): text = value
            case .failure(let problem): return .failure(FieldError(field: field.id, rule: .mask(problem.expected)))
            }
        }
        return field.kind.specification.parse(text, for: field, today: today, now: now ?? .now())
    }

    /// Checks that a typed `value` has the field's type (dates may come as text).
    public static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        value.isNull ? .success(.null) : field.kind.specification.coerce(value, for: field)
    }

    /// The first of the field's own rules that `value` breaks, if any. `minimum` and
    /// `maximum` are the field's bounds, already evaluated; no text may be longer than
    /// `limits.maximumStringLength`, whatever the field allows.
    public static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value = .null, maximum: Value = .null,
        limits: Limits = .default, filesAreAttachments: Bool = false
    ) -> FieldError? {
        field.kind.specification.check(
            value, for: field, minimum: minimum, maximum: maximum, limits: limits,
            filesAreAttachments: filesAreAttachments)
    }
}
