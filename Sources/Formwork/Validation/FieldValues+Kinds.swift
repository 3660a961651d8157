import Foundation

/// Reading and checking values of the kinds for times, places, files and ranks.
extension FieldValues {
    /// Reads typed text for a `time`, `datetime`, `geopoint`, `file` or `rank` field;
    /// `nil` for other kinds. Empty text is unanswered.
    static func parseKind(_ text: String, for field: FieldDefinition, now: LocalDateTime) -> Result<Value, FieldError>?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty, [.time, .datetime, .geopoint, .file, .rank].contains(field.kind) { return .success(.null) }
        switch field.kind {
        case .time:
            if trimmed.lowercased() == "now" { return .success(.time(now.time)) }
            return coerceKind(.string(trimmed), for: field)
        case .datetime:
            if trimmed.lowercased() == "now" { return .success(.dateTime(now)) }
            return coerceKind(.string(trimmed), for: field)
        case .geopoint, .file:
            return coerceKind(.string(trimmed), for: field)
        case .rank:
            let separator: Character = trimmed.contains(",") ? "," : " "
            let tokens = trimmed.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            var values: [Value] = []
            for token in tokens where !token.isEmpty {
                if let number = Int(token), (1...field.options.count).contains(number) {
                    values.append(.string(field.options[number - 1].value))
                    continue
                }
                switch option(token, of: field) {
                case .success(let value): values.append(.string(value))
                case .failure(let error): return .failure(error)
                }
            }
            return coerceKind(.list(values), for: field)
        default:
            return nil
        }
    }

    /// Checks a typed value for a `time`, `datetime`, `geopoint`, `file` or `rank`
    /// field (times, dates and places may come as text); `nil` for other kinds.
    static func coerceKind(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError>? {
        func failure(_ expected: String, _ input: String) -> Result<Value, FieldError> {
            .failure(FieldError(field: field.id, rule: .type(expected: expected, input: input)))
        }
        switch (field.kind, value) {
        case (.time, .time), (.datetime, .dateTime), (.geopoint, .geopoint): return .success(value)
        case (.time, .string(let text)):
            return LocalTime(text).map { .success(.time($0)) } ?? failure("a time (HH:MM or HH:MM:SS)", text)
        case (.time, _): return failure("a time (HH:MM or HH:MM:SS)", value.description)
        case (.datetime, .string(let text)):
            return LocalDateTime(text).map { .success(.dateTime($0)) }
                ?? failure("a date and time (YYYY-MM-DD HH:MM)", text)
        case (.datetime, _): return failure("a date and time (YYYY-MM-DD HH:MM)", value.description)
        case (.geopoint, .string(let text)):
            switch GeoPoint.parse(text) {
            case .success(let point): return .success(.geopoint(point))
            case .failure(let problem):
                return .failure(FieldError(field: field.id, rule: .invalid(input: text, reason: problem.description)))
            }
        case (.geopoint, _): return failure("a geopoint (latitude longitude [altitude [accuracy]])", value.description)
        case (.file, .string(let path)): return .success(path.isEmpty ? .null : .string(FileCheck.expanded(path)))
        case (.file, _): return failure("a file path", value.description)
        case (.rank, .list(let elements)):
            var ranked: [String] = []
            for element in elements {
                guard case .string(let text) = element else {
                    return failure("a list of option values", value.description)
                }
                guard field.option(withValue: text) != nil else {
                    return .failure(
                        FieldError(field: field.id, rule: .option(text, options: field.options.map(\.value))))
                }
                if ranked.contains(text) {
                    return .failure(FieldError(field: field.id, rule: .rank(missing: [], repeated: [text])))
                }
                ranked.append(text)
            }
            if ranked.isEmpty { return .success(.null) }
            let missing = field.options.map(\.value).filter { !ranked.contains($0) }
            guard missing.isEmpty else {
                return .failure(FieldError(field: field.id, rule: .rank(missing: missing, repeated: [])))
            }
            return .success(.list(ranked.map { .string($0) }))
        case (.rank, _): return failure("a list of option values", value.description)
        default: return nil
        }
    }

    /// The first of a time's, datetime's or file's own rules that `value` breaks.
    /// `filesAreAttachments`: a file's value names an attachment of a finished
    /// response (kept beside it, or not at all), so only its name is checked.
    static func checkKind(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, filesAreAttachments: Bool
    ) -> FieldError? {
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        switch value {
        case .time(let time):
            if case .time(let low) = minimum, time < low { return error(.minimum(low.description)) }
            if case .time(let high) = maximum, time > high { return error(.maximum(high.description)) }
        case .dateTime(let moment):
            if case .dateTime(let low) = minimum, moment < low { return error(.minimum(low.plainText)) }
            if case .dateTime(let high) = maximum, moment > high { return error(.maximum(high.plainText)) }
        case .string(let path) where field.kind == .file:
            return filesAreAttachments ? FileCheck.nameProblem(path, for: field) : FileCheck.problem(path, for: field)
        default: break
        }
        return nil
    }
}

extension LocalDateTime {
    /// `YYYY-MM-DD HH:MM[:SS]`, as a person types it (and messages show it).
    public var plainText: String { date.description + " " + time.description }
}
