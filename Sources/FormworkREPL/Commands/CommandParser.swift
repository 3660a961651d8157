/// Turns a line into a `Command`.
///
/// ```
/// 3                      select row 3
/// set email ada@x.org    the rest of the line is the value, spaces included
/// toggle colours red
/// ```
public enum CommandParser {
    public static func parse(_ line: String) -> Result<Command, CommandError> {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed) { return .success(.select(number)) }
        let (word, rest) = split(trimmed)
        let arguments = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch word.lowercased() {
        case "show", "ls": return arguments.isEmpty ? .success(.show) : .failure(.usage(command: "show"))
        case "select", "s":
            guard arguments.count == 1 else { return .failure(.usage(command: "select")) }
            guard let number = Int(arguments[0]) else { return .failure(.notANumber(arguments[0])) }
            return .success(.select(number))
        case "set":
            guard let id = arguments.first else { return .failure(.usage(command: "set")) }
            let (_, value) = split(rest)
            return .success(.set(id: id, value: arguments.count > 1 ? value : nil))
        case "toggle":
            guard let id = arguments.first else { return .failure(.usage(command: "toggle")) }
            let (_, option) = split(rest)
            return .success(.toggle(id: id, option: arguments.count > 1 ? option : nil))
        case "clear": return arguments.count == 1 ? .success(.clear(id: arguments[0])) : .failure(.usage(command: "clear"))
        case "next", "n": return .success(.next)
        case "back", "b": return .success(.back)
        case "goto", "g": return arguments.count == 1 ? .success(.goto(id: arguments[0])) : .failure(.usage(command: "goto"))
        case "why": return arguments.count == 1 ? .success(.why(id: arguments[0])) : .failure(.usage(command: "why"))
        case "errors": return .success(.errors)
        case "undo", "u": return .success(.undo)
        case "redo", "r": return .success(.redo)
        case "values": return .success(.values)
        case "save": return .success(.save(path: rest.isEmpty ? nil : rest))
        case "submit": return .success(.submit)
        case "help", "?", "h": return .success(.help(command: arguments.first))
        case "quit", "exit", "q": return .success(.quit)
        default:
            let suggestion = CommandHelp.closest(to: word)
            return .failure(.unknownCommand(word, suggestion: suggestion))
        }
    }

    /// The first word and the rest of the line (its spaces kept, leading ones dropped).
    static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        let rest = text[text.index(after: space)...].drop { $0 == " " }
        return (String(text[..<space]), String(rest))
    }
}
