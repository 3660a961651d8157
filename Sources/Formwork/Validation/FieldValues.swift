import Foundation

/// Reading values for a field (from text a person typed, or from typed data) and
/// checking them against the field's own rules.
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
    /// - Parameter now: The moment `now` stands for (the clock's, when `nil`).
    public static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime? = nil
    ) -> Result<Value, FieldError> {
        if let result = parseKind(text, for: field, now: now ?? .now()) { return result }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func failure(_ expected: String) -> Result<Value, FieldError> {
            .failure(FieldError(field: field.id, rule: .type(expected: expected, input: text)))
        }
        switch field.kind {
        case .text, .secure:
            return .success(text.isEmpty ? .null : .string(text))
        case .number:
            if trimmed.isEmpty { return .success(.null) }
            guard let number = PlainScalar.parseNumber(trimmed), number.isFinite else { return failure("a number") }
            return .success(.number(number))
        case .switch:
            switch trimmed.lowercased() {
            case "yes", "y", "true", "on", "1", "x": return .success(true)
            case "no", "n", "false", "off", "0", "": return .success(false)
            default: return failure("yes or no")
            }
        case .choice:
            if trimmed.isEmpty { return .success(.null) }
            return option(trimmed, of: field).map { .string($0) }
        case .multichoice:
            let parts = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            if parts.isEmpty { return .success(.null) }
            var values: [Value] = []
            for part in parts {
                switch option(part, of: field) {
                case .success(let value): if !values.contains(.string(value)) { values.append(.string(value)) }
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.list(values))
        case .date:
            if trimmed.isEmpty { return .success(.null) }
            if trimmed.lowercased() == "today" { return .success(.date(today)) }
            guard let date = LocalDate(trimmed) else { return failure("a date (YYYY-MM-DD)") }
            return .success(.date(date))
        case .note, .computed, .calculate:
            return .failure(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue)))
        case .time, .datetime, .geopoint, .file, .rank:
            return .success(.null)  // read by parseKind
        }
    }

    /// The option value for `input`: an option's value, else its label (ignoring case).
    static func option(_ input: String, of field: FieldDefinition) -> Result<String, FieldError> {
        if let option = field.option(withValue: input) { return .success(option.value) }
        let lowered = input.lowercased()
        if let option = field.options.first(where: {
            $0.label.lowercased() == lowered || $0.value.lowercased() == lowered
        }) {
            return .success(option.value)
        }
        return .failure(FieldError(field: field.id, rule: .option(input, options: field.options.map(\.value))))
    }

    /// Checks that a typed `value` has the field's type (dates may come as text).
    public static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        func mismatch(_ expected: String) -> Result<Value, FieldError> {
            .failure(FieldError(field: field.id, rule: .type(expected: expected, input: value.description)))
        }
        if !value.isNull, let result = coerceKind(value, for: field) { return result }
        switch (field.kind, value) {
        case (_, .null): return .success(.null)
        case (.note, _), (.computed, _), (.calculate, _):
            return .failure(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue)))
        case (.text, .string(let text)), (.secure, .string(let text)): return .success(text.isEmpty ? .null : value)
        case (.number, .number), (.switch, .bool), (.date, .date): return .success(value)
        case (.date, .string(let text)):
            // Text that is not a date: quote it as written, not as a JSON string.
            return LocalDate(text).map { .success(.date($0)) }
                ?? .failure(FieldError(field: field.id, rule: .type(expected: "a date (YYYY-MM-DD)", input: text)))
        case (.choice, .string(let text)):
            return field.option(withValue: text) != nil
                ? .success(value)
                : .failure(FieldError(field: field.id, rule: .option(text, options: field.options.map(\.value))))
        case (.multichoice, .list(let elements)):
            var values: [Value] = []
            for element in elements {
                guard case .string(let text) = element else { return mismatch("a list of option values") }
                guard field.option(withValue: text) != nil else {
                    return .failure(
                        FieldError(field: field.id, rule: .option(text, options: field.options.map(\.value))))
                }
                if !values.contains(element) { values.append(element) }
            }
            return .success(values.isEmpty ? .null : .list(values))
        case (.text, _), (.secure, _), (.choice, _): return mismatch("text")
        case (.number, _): return mismatch("a number")
        case (.switch, _): return mismatch("true or false")
        case (.multichoice, _): return mismatch("a list of option values")
        case (.date, _): return mismatch("a date (YYYY-MM-DD)")
        case (.time, _), (.datetime, _), (.geopoint, _), (.file, _), (.rank, _): return mismatch("a value")
        }
    }

    /// The first of the field's own rules that `value` breaks, if any. `minimum` and
    /// `maximum` are the field's bounds, already evaluated; no text may be longer than
    /// `limits.maximumStringLength`, whatever the field allows.
    public static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value = .null, maximum: Value = .null,
        limits: Limits = .default, filesAreAttachments: Bool = false
    ) -> FieldError? {
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        if let error = checkKind(
            value, for: field, minimum: minimum, maximum: maximum, filesAreAttachments: filesAreAttachments)
        {
            return error
        }
        switch value {
        case .string(let text) where field.kind == .text || field.kind == .secure:
            // Counting characters is linear: the byte count settles most texts.
            if text.utf8.count > limits.maximumStringLength, text.count > limits.maximumStringLength {
                return error(.lengthLimit(limits.maximumStringLength))
            }
            let length = text.count
            if let minLength = field.minLength, length < minLength { return error(.minLength(minLength)) }
            if let maxLength = field.maxLength, length > maxLength { return error(.maxLength(maxLength)) }
            if let format = field.format, !matches(text, format: format) { return error(.format(format.rawValue)) }
            if let pattern = field.pattern, !pattern.matches(text) { return error(.pattern(pattern.source)) }
        case .number(let number):
            if case .number(let low) = minimum, number < low { return error(.minimum(JSONText.format(low))) }
            if case .number(let high) = maximum, number > high { return error(.maximum(JSONText.format(high))) }
            if let step = field.step, step > 0 {
                let base: Double = if case .number(let low) = minimum { low } else { 0 }
                let steps = (number - base) / step
                if abs(steps - steps.rounded()) > 1e-9 * max(1, abs(steps)) {
                    return error(.step(JSONText.format(step)))
                }
            }
        case .date(let date):
            if case .date(let low) = minimum, date < low { return error(.minimum(low.description)) }
            if case .date(let high) = maximum, date > high { return error(.maximum(high.description)) }
        case .list(let elements):
            if let maxSelected = field.maxSelected, elements.count > maxSelected {
                return error(.maxSelected(maxSelected))
            }
        default:
            break
        }
        return nil
    }

    static let emailPattern = try! Pattern("[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+")

    static func matches(_ text: String, format: TextFormat) -> Bool {
        switch format {
        case .email:
            return emailPattern.matches(text)
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty, !text.contains(" ")
            else { return false }
            return true
        }
    }
}
