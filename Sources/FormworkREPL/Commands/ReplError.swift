import Formwork

/// Everything that can go wrong at the prompt, as data; `message` is the one place
/// these become words (as argument-parser's `ErrorMessageGenerator` does for its
/// errors). Engine errors (`SessionError`) keep the engine's words, but for those whose
/// remedy is a command of the prompt, said here in its syntax.
public enum ReplError: Error, Sendable {
    /// The engine refused (an unknown field, a value a rule rejects, …).
    case session(SessionError)
    /// A word that names no command of the scope.
    case unknownCommand(String, suggestion: String?, scope: CommandSpec.Scope)
    /// A command given the wrong arguments.
    case usage(CommandSpec)
    /// `select` given something else than a number.
    case notANumber(String)
    /// A position that is not a whole number.
    case notAPosition(String)
    /// A row number the table does not show.
    case noRow(Int, count: Int)
    /// A row that adds an entry, where a field was expected.
    case addRow(Int, group: String)
    /// A field that is hidden now.
    case hiddenField(String)
    /// A section that is hidden now.
    case hiddenSection(String)
    /// A word that names no section of the form.
    case unknownSection(String, suggestions: [String])
    case nothingToUndo
    case nothingToRedo
    /// A change asked of a read-only session.
    case readOnly
    /// Guided filling: a required question answered with nothing; `message` is the
    /// field's `requiredMessage` as shown, if it has one.
    case requiredInGuided(field: String, message: String? = nil)
    /// A file that could not be written.
    case writeFailed(String)

    /// The message, without the `error: ` prefix.
    public var message: String {
        switch self {
        case .session(.rejected(let error)):
            return "\(error.field) \(error.message) (rule: \(error.rule.name))"
        case .session(.notARepeat(let path)):
            return "\(path) is not a repeat (add takes a repeat, like members or members[1].visits)"
        case .session(.notToggleable(let field, _, needsOption: true)):
            return "\(field) is a multichoice field: name the option to toggle (toggle \(field) OPTION)"
        case .session(.notToggleable(let field, let kind, needsOption: false)):
            return "\(field) is a \(kind) field: toggle works on switches and on multichoice options"
        case .session(let error):
            return error.description
        case let .unknownCommand(word, suggestion, scope):
            let kind = scope == .guided ? "guided command" : "command"
            let hint =
                Suggestions.didYouMean(suggestion).map { " (\($0))" }
                ?? (scope == .guided ? " (type :help)" : " (type 'help')")
            return "unknown \(kind) '\(word)'\(hint)"
        case .usage(let entry):
            return "usage: \(entry.usage)"
        case .notANumber(let text):
            return "'\(text)' is not a row number"
        case .notAPosition(let text):
            return "'\(text)' is not a position (entries are numbered from 1)"
        case let .noRow(number, count):
            return "there is no row \(number) (rows are 1 to \(count))"
        case let .addRow(number, group):
            return "row \(number) adds an entry to \(group), it is not a field (select it, or 'add \(group)')"
        case .hiddenField(let id):
            return "\(id) is hidden now ('why \(id)' says why)"
        case .hiddenSection(let id):
            return "section '\(id)' is hidden now ('why \(id)' says why)"
        case let .unknownSection(id, suggestions):
            return "no section '\(id)'"
                + (Suggestions.didYouMean(suggestions).map { " (\($0))" } ?? "")
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case .readOnly:
            return "read-only: this session only views the draft (fill --read-only); nothing was changed"
        case .requiredInGuided(let field, nil):
            return "\(field) is required (rule: required); answer it, or :skip to leave it for now"
        case .requiredInGuided(let field, let message?):
            return "\(field): \(message) (rule: required); answer it, or :skip to leave it for now"
        case .writeFailed(let reason):
            return reason
        }
    }
}
