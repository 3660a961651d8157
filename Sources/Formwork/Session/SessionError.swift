/// Why a session refused a change.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No field has this id.
    case unknownField(String, suggestions: [String])
    /// No field or section has this id.
    case unknownFieldOrSection(String, suggestions: [String])
    /// The field rejected the value; the old value stays.
    case rejected(FieldError)
    /// `toggle` on a field that is not a switch, or on a multichoice without an option.
    case notToggleable(field: String, kind: String, needsOption: Bool)

    /// The one "did you mean" of runtime messages.
    static func hint(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (did you mean \(Suggestions.quotedList(suggestions))?)"
    }

    public var description: String {
        switch self {
        case let .unknownField(id, suggestions):
            return "no field '\(id)'" + Self.hint(suggestions)
        case let .unknownFieldOrSection(id, suggestions):
            return "no field or section '\(id)'" + Self.hint(suggestions)
        case .rejected(let error):
            return "\(error.field) \(error.message)"
        case let .notToggleable(field, kind, needsOption):
            return needsOption
                ? "\(field) is a multichoice field: name the option to toggle (toggle \(field) OPTION)"
                : "\(field) is a \(kind) field: toggle works on switches and on multichoice options"
        }
    }
}
