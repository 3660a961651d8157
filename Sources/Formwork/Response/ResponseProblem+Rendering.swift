/// The words of every response problem: the one place a `ResponseProblem.Reason`
/// becomes a rule name and a message.
extension ResponseProblem {
    /// The rule that failed (see the type's description).
    public var rule: String {
        switch reason {
        case .syntax: return "syntax"
        case .otherForm: return "form"
        case .notAMapping, .wrongType, .unreadable: return "type"
        case .tooLong: return "limit"
        case .unknownKey: return "unknown"
        case .field(let error): return error.rule.name
        case .hiddenAnswer: return "visible"
        case .computedValue: return "value"
        case .entryCount: return "count"
        }
    }

    /// What is wrong, for a person.
    public var message: String {
        switch reason {
        case .syntax(let words): return words
        case let .otherForm(found, expected): return "the instance is \(found), not this form's \(expected)"
        case .notAMapping(let found): return "a response is a mapping of answers, not \(found)"
        case let .tooLong(bytes, limit):
            return "the line is \(FileSize.describe(bytes)), more than a response may be (\(FileSize.describe(limit)))"
        case let .unknownKey(name, suggestion):
            let hint = Suggestions.didYouMean(suggestion.flatMap { $0 == name ? nil : $0 }).map { "; " + $0 } ?? ""
            return "is no question of the form" + hint
        case let .wrongType(expected, found): return "must be \(expected), not \(found)"
        case .unreadable(let words): return words
        case .field(let error): return error.message
        case let .hiddenAnswer(condition, kept):
            let shown = condition.map { " (visible: \($0))" } ?? ""
            return kept
                ? "is answered but not shown; the form keeps hidden answers" + shown
                : "is answered but not shown under this response's answers" + shown
        case let .computedValue(given, computed): return "is \(given), but the form computes \(computed)"
        case let .entryCount(given, expected, count):
            return "has \(given) entr\(given == 1 ? "y" : "ies"), but its count (\(count)) is \(expected)"
        }
    }
}
