import Formwork

/// How a value written in a test file is compared with the form's: as a person
/// would read both (`3` is the number 3, `yes` a switch that is on, `2025-01-15` a
/// date, a choice by its value or its label, a list element by element).
enum FormTestValues {
    /// Whether `expected` is `actual` (options: a choice's values and labels now).
    static func matches(
        _ expected: FormTestValue, _ actual: Value, options: [(value: String, label: String)] = []
    ) -> Bool {
        switch expected {
        case .empty:
            switch actual {
            case .null: return true
            case .string(let text): return text.isEmpty
            case .list(let elements): return elements.isEmpty
            default: return false
            }
        case .list(let texts):
            switch actual {
            case .list(let elements):
                return elements.count == texts.count
                    && zip(texts, elements).allSatisfy { matches(.text($0), $1, options: options) }
            case .null: return texts.isEmpty
            default: return texts.count == 1 && matches(.text(texts[0]), actual, options: options)
            }
        case .text(let text): return matches(text, actual, options: options)
        }
    }

    static func matches(_ text: String, _ actual: Value, options: [(value: String, label: String)]) -> Bool {
        switch actual {
        case .null: return text.isEmpty
        case .bool(let on):
            let word = text.lowercased()
            return on ? ["true", "yes", "on", "1"].contains(word) : ["false", "no", "off", "0"].contains(word)
        case .number(let number):
            guard let written = Double(text.trimmed(.whitespaces)) else { return false }
            return written == number || abs(written - number) <= 1e-9 * max(1, abs(number))
        case .string(let value):
            return value == text || options.contains { $0.value == value && $0.label == text }
        case .date(let date): return LocalDate(text) == date
        case .time(let time): return LocalTime(text) == time
        case .dateTime(let moment): return LocalDateTime(text) == moment
        case .geopoint(let point): return point.description == text || plain(actual) == text
        case .list(let elements):
            // `a, b` or `a b` (as ODK writes a multichoice) for a list.
            let separator: Character = text.contains(",") ? "," : " "
            let texts = text.split(separator: separator).map { $0.trimmed(.whitespaces) }
            return texts.count == elements.count
                && zip(texts, elements).allSatisfy { matches($0, $1, options: options) }
        }
    }

    /// A value as a failure shows it: `empty`, `'text'`, `3`, `[a, b]`.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "empty"
        case .string(let text): return "'\(text)'"
        case .list(let elements): return "[" + elements.map(plain).joined(separator: ", ") + "]"
        default: return plain(value)
        }
    }

    /// A value's text without quotes.
    static func plain(_ value: Value) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        case .bool(let on): return on ? "true" : "false"
        case .date(let date): return date.description
        case .time(let time): return time.description
        case .dateTime(let moment): return moment.description
        case .list(let elements): return elements.map(plain).joined(separator: ", ")
        default: return value.description
        }
    }

    /// Whether a label is as expected: the same text, or (for an expectation ending in
    /// `…` or `...`) one that starts so.
    static func textMatches(_ expected: String, _ actual: String) -> Bool {
        let actual = actual.trimmed(.whitespacesAndNewlines)
        for ellipsis in ["…", "..."] where expected.hasSuffix(ellipsis) {
            return actual.hasPrefix(String(expected.dropLast(ellipsis.count)))
        }
        return actual == expected.trimmed(.whitespacesAndNewlines)
    }

    /// Whether a problem is the one expected: its rule's name (`required`, `pattern`,
    /// `rules[0]`; `rules` or `constraint` for any rule), or words of its message; an
    /// empty expectation is any problem.
    static func ruleMatches(_ expected: String, _ problem: FieldError) -> Bool {
        let name = problem.rule.name
        if expected.isEmpty || expected == name { return true }
        if ["rules", "constraint", "rule"].contains(expected), name.hasPrefix("rules[") { return true }
        return problem.message.lowercased().contains(expected.lowercased())
    }
}
