/// A value a field rejects, or a field that fails validation: the field, the rule,
/// and a human message.
///
/// ```swift
/// FieldError(field: "age", rule: .maximum("120")).message   // "must be at most 120"
/// ```
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's id, or its path in an entry (`members[2].age`; a repeat's, for its entries).
    public var field: String
    /// The rule that failed.
    public var rule: ValidationRule

    /// The error of `field` (an id or a path) breaking `rule`.
    public init(field: String, rule: ValidationRule) {
        self.field = field
        self.rule = rule
    }

    /// What is wrong, for a person.
    public var message: String { rule.message }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}

/// Why a value fails: each case names one rule of the definition format.
public enum ValidationRule: Hashable, Sendable {
    /// The input cannot be read as the field's kind (`expected` like "a number").
    case type(expected: String, input: String)
    /// The field is required and empty.
    case required
    /// The field is required and empty, and says so in its own words: its
    /// `requiredMessage` as shown (in the session's language, with the answers it
    /// reads). Its name is `required`, as `required`'s.
    case requiredMessage(String)
    /// Text that does not match `pattern`.
    case pattern(String)
    /// Text shorter than `minLength`.
    case minLength(Int)
    /// Text longer than `maxLength`.
    case maxLength(Int)
    /// A number or date below `min`.
    case minimum(String)
    /// A number or date above `max`.
    case maximum(String)
    /// A number off the `step` grid starting at `min` (or 0).
    case step(String)
    /// A value that is not one of the (visible) options.
    case option(String, options: [String])
    /// Text that is not in the field's `format` (`email`, `url`).
    case format(String)
    /// Text that does not fit the field's `mask` (what it should look like).
    case mask(String)
    /// Fewer selections than `minSelected`.
    case minSelected(Int)
    /// More selections than `maxSelected`.
    case maxSelected(Int)
    /// Text longer than any value may be (`Limits.maximumStringLength`), whatever the
    /// field's own `maxLength`.
    case lengthLimit(Int)
    /// A value that is not of the field's kind, with what is wrong in words (a
    /// geopoint's latitude out of range, a time of `25:99`).
    case invalid(input: String, reason: String)
    /// A rank that does not rank every option exactly once.
    case rank(missing: [String], repeated: [String])
    /// A file that is missing, not a regular file, or unreadable (`reason` says which).
    case file(path: String, reason: String)
    /// A file whose name does not end in one of `extensions`.
    case extensions([String])
    /// A file larger than `maxSize` bytes.
    case maxSize(Int)
    /// Notes and computed fields cannot be set.
    case readOnly(kind: String)
    /// A field with `readonly:`, changed by the person filling the form; `condition`
    /// is the source of a `readonly` condition that holds (`nil` for `readonly: true`).
    case locked(condition: String?)
    /// An input of the form (`inputs:`), which a program gives and a person does not.
    case input
    /// A `rules` entry whose `check` failed, with its message.
    case check(index: Int, message: String)
    /// A repeat with fewer entries than its `min`.
    case minEntries(Int)
    /// A repeat asked (by its `count`) for more entries than its `max`, or given more.
    case maxEntries(Int)
    /// A repeat that follows its `count` stopped short: the form holds
    /// `Limits.maximumFieldInstances` fields in all.
    case fieldLimit(Int)

    /// The rule's name as the definition spells it (`required`, `maxLength`, `rules[0]`, …).
    public var name: String {
        switch self {
        case .type: return "type"
        case .required, .requiredMessage: return "required"
        case .pattern: return "pattern"
        case .minLength: return "minLength"
        case .maxLength: return "maxLength"
        case .minimum: return "min"
        case .maximum: return "max"
        case .step: return "step"
        case .option: return "options"
        case .format: return "format"
        case .mask: return "mask"
        case .minSelected: return "minSelected"
        case .maxSelected: return "maxSelected"
        case .lengthLimit: return "limit"
        case .invalid: return "type"
        case .rank: return "options"
        case .file: return "file"
        case .extensions: return "extensions"
        case .maxSize: return "maxSize"
        case .readOnly: return "readOnly"
        case .locked: return "readonly"
        case .input: return "input"
        case .check(let index, _): return "rules[\(index)]"
        case .minEntries: return "repeat.min"
        case .maxEntries: return "repeat.max"
        case .fieldLimit: return "limit"
        }
    }

    /// What is wrong, for a person.
    public var message: String {
        switch self {
        case let .type(expected, input): return "'\(TerminalText.excerpt(input))' is not \(expected)"
        case .required: return "is required"
        case .requiredMessage(let message): return message
        case .pattern(let pattern): return "must match the pattern \(TerminalText.excerpt(pattern))"
        case .minLength(let length): return "must be at least \(length) character\(length == 1 ? "" : "s") long"
        case .maxLength(let length): return "must be at most \(length) character\(length == 1 ? "" : "s") long"
        case .minimum(let value): return "must be at least \(value)"
        case .maximum(let value): return "must be at most \(value)"
        case .step(let step): return "must be a multiple of \(step)"
        case .mask(let expected): return "must be \(TerminalText.excerpt(expected))"
        case let .option(value, options):
            guard !options.isEmpty else {
                return "'\(TerminalText.excerpt(value))' is not an option (none is offered now)"
            }
            return "'\(TerminalText.excerpt(value))' is not an option (choose \(Suggestions.quotedList(options)))"
        case .format(let format):
            switch TextFormat(rawValue: format) {
            case .email?: return "must be an e-mail address"
            case .url?: return "must be a URL (http:// or https://)"
            case .geotrace?:
                return "must be a line of at least 2 points: 'latitude longitude; …' (altitude, accuracy optional)"
            case .geoshape?:
                return "must be a closed shape of at least 4 points, the last the first: 'latitude longitude; …'"
            case nil: return "must be written as \(format)"
            }
        case .minSelected(let count): return "select at least \(count)"
        case .maxSelected(let count): return "select at most \(count)"
        case .lengthLimit(let length): return "must be at most \(length) characters long (the limit for any text)"
        case let .invalid(input, reason): return "'\(TerminalText.excerpt(input))' is not valid: \(reason)"
        case let .rank(missing, repeated):
            if let twice = repeated.first {
                return "ranks '\(TerminalText.excerpt(twice))' twice: rank every option exactly once"
            }
            let list = Suggestions.quotedList(missing, conjunction: "and")
            return "must rank every option exactly once (missing \(list))"
        case let .file(path, reason): return "'\(TerminalText.excerpt(path))' \(reason)"
        case .extensions(let endings):
            return "must be a file ending in " + endings.map { "." + $0 }.joined(separator: ", ")
        case .maxSize(let size): return "must be a file of at most \(FileSize.describe(size))"
        case .readOnly(let kind): return "is read-only (\(kind))"
        case .locked(nil): return "is read-only"
        case .locked(let condition?): return "is read-only while \(TerminalText.excerpt(condition))"
        case .input: return "is an input of the form: the program gives it (--set, --values), not the person filling it"
        case .check(_, let message): return message
        case .minEntries(let count): return "needs at least \(count) entr\(count == 1 ? "y" : "ies")"
        case .maxEntries(let count): return "can have at most \(count) entr\(count == 1 ? "y" : "ies")"
        case .fieldLimit(let limit):
            return "has fewer entries than its count: a form holds at most \(limit) fields in all"
        }
    }
}
