/// Why a session refused a change.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No field has this id.
    case unknownField(String, suggestions: [String])
    /// The field rejected the value; the old value stays.
    case rejected(FieldError)

    public var description: String {
        switch self {
        case let .unknownField(id, suggestions):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(Suggestions.quotedList(suggestions))?)"
            return "no field '\(id)'\(hint)"
        case .rejected(let error):
            return "\(error.field) \(error.message)"
        }
    }
}
