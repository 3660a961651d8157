/// A command typed at the prompt.
public enum Command: Equatable, Sendable {
    case show
    case select(Int)
    case set(id: String, value: String?)
    case toggle(id: String, option: String?)
    case clear(id: String)
    case next
    case back
    case goto(id: String)
    case why(id: String)
    case errors
    case undo
    case redo
    case values
    case save(path: String?)
    case submit
    case help(command: String?)
    case quit
}

extension Command {
    /// Whether the command changes answers (refused in a read-only session).
    public var changesAnswers: Bool {
        switch self {
        case .set(_, let value): return value != nil
        case .toggle, .clear, .undo, .redo, .submit: return true
        default: return false
        }
    }
}

/// Why a line is not a command.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?)
    case usage(command: String)
    case notANumber(String)

    public var description: String {
        switch self {
        case let .unknownCommand(word, suggestion):
            return "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? " (type 'help')")
        case .usage(let command):
            return "usage: " + (CommandHelp.entry(command)?.usage ?? command)
        case .notANumber(let text):
            return "'\(text)' is not a row number"
        }
    }
}
