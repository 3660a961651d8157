/// Why a session refused a change, as data; `description` gives the engine's words,
/// the same for every front end (the REPL renders the cases whose remedy is one of its
/// commands in its own syntax: `ReplError.message`).
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No field has this id.
    case unknownField(String, suggestions: [String])
    /// No field or section has this id.
    case unknownFieldOrSection(String, suggestions: [String])
    /// The field rejected the value; the old value stays.
    case rejected(FieldError)
    /// `toggle` on a field that is not a switch, or on a multichoice without an option.
    case notToggleable(field: String, kind: String, needsOption: Bool)
    /// A field of each entry of a repeat, named without its entry (`age` for
    /// `members[1].age`).
    case fieldInEntries(field: String, example: String)
    /// An entry position the repeat does not have.
    case noEntry(path: String, count: Int)
    /// A path that names no repeat where one was expected (`add`).
    case notARepeat(String)
    /// A path that names no entry where one was expected (`remove`, `move`).
    case notAnEntry(String)
    /// Entries added or removed by hand in a repeat that follows its `count`.
    case entriesFollowCount(group: String, count: String)
    /// An entry added beyond the repeat's `max`.
    case tooManyEntries(group: String, maximum: Int)
    /// An entry removed below the repeat's `min`.
    case tooFewEntries(group: String, minimum: Int)
    /// An entry that would take the form beyond `Limits.maximumFieldInstances`.
    case tooManyInstances(limit: Int)
    /// A language the form is not written in (`setLanguage`).
    case unknownLanguage(String, languages: [String])
    /// `setInput` with an id that names no input of the form (`inputs:`).
    case notAnInput(String, suggestions: [String])

    /// The one "did you mean" of runtime messages.
    static func hint(_ suggestions: [String]) -> String {
        Suggestions.didYouMean(suggestions).map { " (\($0))" } ?? ""
    }

    /// The engine's message, one line: `no field 'nmae' (did you mean 'name'?)`.
    public var description: String {
        switch self {
        case let .unknownField(id, suggestions):
            return "no field '\(id)'" + Self.hint(suggestions)
        case let .unknownFieldOrSection(id, suggestions):
            return "no field or section '\(id)'" + Self.hint(suggestions)
        case .rejected(let error):
            return "\(error.field) \(error.message)"
        case let .fieldInEntries(field, example):
            return "\(field) is in each entry of a repeat: name the entry, as in \(example)"
        case let .noEntry(path, count):
            return count == 0
                ? "there is no \(path): the repeat has no entries yet"
                : "there is no \(path): the repeat has \(count) entr\(count == 1 ? "y" : "ies")"
        case .notARepeat(let path):
            return "\(path) is not a repeat (entries are added to a repeat, like members or members[1].visits)"
        case .notAnEntry(let path): return "\(path) is not an entry (name one with its position, like members[2])"
        case let .entriesFollowCount(group, count):
            return "the entries of \(group) follow its count (\(count)): change that instead"
        case let .tooManyEntries(group, maximum):
            return "\(group) can have at most \(maximum) entr\(maximum == 1 ? "y" : "ies") (rule: repeat.max)"
        case let .tooFewEntries(group, minimum):
            return "\(group) needs at least \(minimum) entr\(minimum == 1 ? "y" : "ies") (rule: repeat.min)"
        case let .unknownLanguage(code, languages):
            return languages.isEmpty
                ? "the form is written in one language only: there is no '\(code)' to switch to"
                : "the form has no language '\(code)' (its languages: \(languages.joined(separator: ", ")))"
        case .tooManyInstances(let limit):
            return
                "the form would hold more than \(limit) fields, every entry's counted "
                + "(removed ones too: undo keeps them)"
        case let .notAnInput(id, suggestions):
            return "'\(id)' is not an input of the form" + Self.hint(suggestions)
        case let .notToggleable(field, kind, needsOption):
            return needsOption
                ? "\(field) is a multichoice field: name the option to toggle"
                : "\(field) is a \(kind) field: only switches and multichoice options toggle"
        }
    }
}
