/// A command typed at the prompt, or inside guided filling (`:back`, `:skip`, …).
/// `CommandTable` makes them from lines.
public enum Command: Equatable, Sendable {
    /// Print the whole form, or one section: by id, or the section of a row number.
    case show(section: String?)
    case select(Int)
    case set(id: String, value: String?)
    case toggle(id: String, option: String?)
    case clear(id: String)
    /// Add an entry to a repeat (`members`, `members[1].visits`).
    case add(group: String)
    /// Remove an entry (`members[2]`).
    case remove(entry: String)
    /// Move an entry (`members[3]`) to a position in its list (from 1).
    case move(entry: String, to: Int)
    case next
    case back
    case goto(id: String)
    case why(id: String)
    case errors
    /// Show the form in a language (`nil`: list the form's languages).
    case language(String?)
    case undo
    case redo
    case values
    case save(path: String?)
    /// `save --test FILE`: the fill so far appended to FILE as a test case.
    case saveTest(path: String?)
    case submit
    case help(command: String?)
    case quit
    /// Guided filling: leave this question as it is.
    case skip
    /// Guided filling: show the whole form.
    case review
}

extension Command {
    /// Whether the command changes answers (refused in a read-only session).
    public var changesAnswers: Bool {
        switch self {
        case .set(_, let value): return value != nil
        case .toggle, .clear, .add, .remove, .move, .undo, .redo, .submit: return true
        default: return false
        }
    }
}
