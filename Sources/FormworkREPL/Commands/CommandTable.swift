import Formwork
import Foundation

/// One command of the REPL, all of it in one place: its name and aliases, its
/// parameters (from which its usage line, its parsing and its TAB completion
/// follow), its summary, and the `Command` it makes.
public struct CommandSpec: Sendable {
    /// Where a command is typed: at the command prompt, or inside guided filling
    /// (as `:name`, at any question).
    public enum Scope: Sendable {
        case prompt, guided
    }

    /// What one parameter takes; it decides parsing and completion.
    public enum Parameter: Sendable, Equatable {
        /// A row number (`N`).
        case row
        /// A field: its id or its row number; `editable` limits completion to fields
        /// that can be set.
        case field(editable: Bool)
        /// A field or a section, by id, or a field by row number.
        case fieldOrSection
        /// A section, by id, or the section of a row number (section ids complete).
        case section
        /// A repeat's entries, by path: `members`, `members[1].visits`.
        case group
        /// An entry, by path (`members[2]`), or a repeat followed by a position.
        case entry
        /// A whole number (a position).
        case number(name: String)
        /// The rest of the line, spaces kept: a value for the field named before (its
        /// options, or yes/no, complete).
        case value(name: String)
        /// The rest of the line: a file path (paths complete).
        case path
        /// A command name (names complete).
        case command
        /// One of the form's languages (their codes complete).
        case language
    }

    /// The name the command is typed and listed by (`set`).
    public let name: String
    /// Other names it may be typed as (`ls` for `show`).
    public let aliases: [String]
    /// Whether it is typed at the command prompt or in guided filling.
    public let scope: Scope
    /// The parameters and whether each may be left out.
    public let parameters: [(Parameter, optional: Bool)]
    /// The one line `help` shows for it.
    public let summary: String
    /// Whether a line of just a number runs this command (`3` selects row 3).
    let takesBareNumber: Bool
    /// The usage line, when the parameters alone would not say it well.
    let usageLine: String?
    /// The command, from the parameters given (`nil` for those left out).
    let make: @Sendable ([String?]) -> Command

    init(
        _ name: String, aliases: [String] = [], scope: Scope = .prompt,
        _ parameters: [(Parameter, optional: Bool)] = [],
        bareNumber: Bool = false, usage: String? = nil, summary: String,
        make: @escaping @Sendable ([String?]) -> Command
    ) {
        self.usageLine = usage
        self.name = name
        self.aliases = aliases
        self.scope = scope
        self.parameters = parameters
        self.summary = summary
        self.takesBareNumber = bareNumber
        self.make = make
    }

    /// The name as typed: `set`, or `:back` in guided filling.
    public var spelling: String { scope == .guided ? ":" + name : name }

    /// `set ID [VALUE]`, `N  or  select N`, `:goto ID`.
    public var usage: String {
        if let usageLine { return usageLine }
        let words = parameters.map { parameter, optional in optional ? "[\(parameter.valueName)]" : parameter.valueName
        }
        let usage = ([spelling] + words).joined(separator: " ")
        return takesBareNumber ? (words.joined(separator: " ") + "  or  " + usage) : usage
    }

    /// Whether the command's parameters name a field (so a row number is an id).
    var takesFieldID: Bool {
        parameters.contains { parameter, _ in
            switch parameter {
            case .field, .fieldOrSection: return true
            default: return false
            }
        }
    }
}

extension CommandSpec.Parameter {
    /// The word the usage line shows.
    var valueName: String {
        switch self {
        case .row: return "N"
        case .field, .fieldOrSection: return "ID"
        case .section: return "SECTION"
        case .group: return "REPEAT"
        case .entry: return "ENTRY"
        case .number(let name): return name
        case .value(let name): return name
        case .path: return "PATH"
        case .command: return "COMMAND"
        case .language: return "CODE"
        }
    }

    /// Whether the parameter takes the rest of the line (and so comes last).
    var takesRestOfLine: Bool {
        switch self {
        case .value, .path: return true
        default: return false
        }
    }
}

/// Every command of the REPL: parsing, `help`, TAB completion and "did you mean"
/// come from this one table, for the command prompt and for guided filling alike.
///
/// ```
/// 3                      select row 3
/// set email ada@x.org    the rest of the line is the value, spaces included
/// toggle colours red
/// :goto country          (guided filling) jump to a field
/// ```
public enum CommandTable {
    /// Every command, in the order `help` lists them.
    public static let entries: [CommandSpec] = [
        CommandSpec(
            "show", aliases: ["ls"], [(.section, true)],
            summary: "print the whole form, or one section (by id, or the one holding row N)"
        ) { .show(section: $0[0]) },
        CommandSpec(
            "select", aliases: ["s"], [(.row, false)], bareNumber: true,
            summary: "select row N: edit its value (prefilled), toggle a switch, pick options"
        ) { .select(Int($0[0]!)!) },
        CommandSpec(
            "set", [(.field(editable: true), false), (.value(name: "VALUE"), true)],
            summary: "set a field's value (without VALUE: edit it)"
        ) { .set(id: $0[0]!, value: $0[1]) },
        CommandSpec(
            "toggle", [(.field(editable: true), false), (.value(name: "OPTION"), true)],
            summary: "flip a switch, or one option of a multichoice"
        ) { .toggle(id: $0[0]!, option: $0[1]) },
        CommandSpec("clear", [(.field(editable: true), false)], summary: "empty a field (a switch turns off)") {
            .clear(id: $0[0]!)
        },
        CommandSpec(
            "add", [(.group, false)],
            summary: "add an entry to a repeat (members, or members[1].visits for one member's visits)"
        ) { .add(group: $0[0]!) },
        CommandSpec(
            "remove", [(.entry, false), (.number(name: "N"), true)], usage: "remove ENTRY",
            summary: "remove an entry: remove members[2], or remove members 2 (undo puts it back)"
        ) { arguments in .remove(entry: CommandTable.entryPath(arguments[0]!, arguments[1])) },
        CommandSpec(
            "move", [(.entry, false), (.number(name: "TO"), false), (.number(name: "TO"), true)],
            usage: "move ENTRY TO",
            summary: "move an entry to another position: move members[3] 1, or move members 3 1"
        ) { arguments in
            arguments[2] == nil
                ? .move(entry: arguments[0]!, to: Int(arguments[1]!)!)
                : .move(entry: CommandTable.entryPath(arguments[0]!, arguments[1]), to: Int(arguments[2]!)!)
        },
        CommandSpec("next", aliases: ["n"], summary: "go to the next empty required field, else the next empty one") {
            _ in .next
        },
        CommandSpec("back", aliases: ["b"], summary: "go back to the field you were on before") { _ in .back },
        CommandSpec(
            "goto", aliases: ["g"], [(.fieldOrSection, false)],
            summary: "go to a field (or the first field of a section)"
        ) { .goto(id: $0[0]!) },
        CommandSpec("why", [(.fieldOrSection, false)], summary: "explain why a field or section is shown or hidden") {
            .why(id: $0[0]!)
        },
        CommandSpec("errors", summary: "list the problems of the visible fields") { _ in .errors },
        CommandSpec(
            "language", aliases: ["lang"], [(.language, true)],
            summary: "show the form in another of its languages (without CODE: list them)"
        ) { .language($0[0]) },
        CommandSpec("undo", aliases: ["u"], summary: "undo the last change") { _ in .undo },
        CommandSpec("redo", aliases: ["r"], summary: "redo what undo undid") { _ in .redo },
        CommandSpec("values", summary: "print the answers as JSON (secure values masked)") { _ in .values },
        CommandSpec(
            "save", [(.path, true)],
            summary: "save the values to a file you can load with --values (save --test FILE: the fill as a test case)"
        ) { arguments in
            guard let given = arguments[0], given == "--test" || given.hasPrefix("--test ") else {
                return .save(path: arguments[0])
            }
            let path = given.dropFirst("--test".count).trimmingCharacters(in: .whitespaces)
            return .saveTest(path: path.isEmpty ? nil : path)
        },
        CommandSpec("submit", summary: "check every visible field; if all is well, write the answers and finish") { _ in
            .submit
        },
        CommandSpec("help", aliases: ["?", "h"], [(.command, true)], summary: "list the commands, or explain one") {
            .help(command: $0[0])
        },
        CommandSpec(
            "quit", aliases: ["q", "exit"],
            summary: "leave; answers stay in the draft (without a draft, asks first if there are unsaved changes)"
        ) { _ in .quit },

        CommandSpec(
            "back", aliases: ["b"], scope: .guided,
            summary: "the previous question or page (never blocked by a bad value)"
        ) { _ in .back },
        CommandSpec("skip", aliases: ["s"], scope: .guided, summary: "leave this question as it is") { _ in .skip },
        CommandSpec(
            "goto", aliases: ["g"], scope: .guided, [(.fieldOrSection, false)],
            summary: "jump to a field (or the first field of a section)"
        ) { .goto(id: $0[0]!) },
        CommandSpec("review", aliases: ["r"], scope: .guided, summary: "show the whole form") { _ in .review },
        CommandSpec("quit", aliases: ["q"], scope: .guided, summary: "leave (answers stay in the draft)") { _ in .quit
        },
        CommandSpec("help", aliases: ["h", "?"], scope: .guided, summary: "list these commands") { _ in
            .help(command: nil)
        },
    ]

    /// The commands of one scope, in the order `help` lists them.
    public static func entries(in scope: CommandSpec.Scope) -> [CommandSpec] { entries.filter { $0.scope == scope } }

    /// The entry for a name or alias (`:name` in guided filling), ignoring case.
    public static func entry(_ word: String, in scope: CommandSpec.Scope = .prompt) -> CommandSpec? {
        var name = word.lowercased()
        if scope == .guided {
            guard name.hasPrefix(":") else { return nil }
            name.removeFirst()
        }
        return entries.first { $0.scope == scope && ($0.name == name || $0.aliases.contains(name)) }
    }

    /// The names typed in a scope (`:back` in guided filling), for completion and
    /// suggestions.
    public static func names(in scope: CommandSpec.Scope) -> [String] { entries(in: scope).map(\.spelling) }

    /// Turns a line into a command (guided lines start with `:`).
    public static func parse(_ line: String, in scope: CommandSpec.Scope = .prompt) -> Result<Command, ReplError> {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if scope == .prompt, Int(trimmed) != nil, let select = entries.first(where: \.takesBareNumber) {
            return .success(select.make([trimmed]))
        }
        let (word, rest) = split(trimmed)
        guard let entry = entry(word, in: scope) else {
            let suggestion = Suggestions.closest(to: word, in: names(in: scope)).first
            return .failure(.unknownCommand(word, suggestion: suggestion, scope: scope))
        }
        var arguments: [String?] = []
        var remaining = rest
        for (parameter, optional) in entry.parameters {
            if remaining.isEmpty {
                guard optional else { return .failure(.usage(entry)) }
                arguments.append(nil)
                continue
            }
            if parameter.takesRestOfLine {
                arguments.append(remaining)
                remaining = ""
                continue
            }
            let (argument, after) = split(remaining)
            if parameter == .row, Int(argument) == nil { return .failure(.notANumber(argument)) }
            if case .number = parameter, Int(argument) == nil { return .failure(.notAPosition(argument)) }
            arguments.append(argument)
            remaining = after
        }
        guard remaining.isEmpty else { return .failure(.usage(entry)) }
        return .success(entry.make(arguments))
    }

    /// `members[2]` from `members` and `2` (or the entry path as given).
    static func entryPath(_ path: String, _ position: String?) -> String {
        position.map { "\(path)[\($0)]" } ?? path
    }

    /// The first word and the rest of the line (its spaces kept, leading ones dropped).
    static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        let rest = text[text.index(after: space)...].drop { $0 == " " }
        return (String(text[..<space]), String(rest))
    }

    // MARK: Help

    /// `help`: every command of a scope with its summary, wrapped to `width` columns.
    public static func overview(of scope: CommandSpec.Scope = .prompt, width: Int = 80) -> [String] {
        let shown = entries(in: scope)
        let column = (shown.map(\.usage.count).max() ?? 10) + 4
        var lines = [scope == .prompt ? "Commands:" : "At any question:"]
        // On a narrow terminal each summary goes under its usage rather than beside it.
        let beside = width - column >= 24
        for entry in shown {
            if beside {
                let summary = TextLayout.wrap(entry.summary, width: width - column)
                lines.append("  " + entry.usage.padding(toLength: column - 2, withPad: " ", startingAt: 0) + summary[0])
                lines += summary.dropFirst().map { String(repeating: " ", count: column) + $0 }
            } else {
                lines.append("  " + entry.usage)
                lines += TextLayout.wrap(entry.summary, width: max(10, width - 6)).map { "      " + $0 }
            }
        }
        guard scope == .prompt else { return lines }
        return lines + [""]
            + TextLayout.wrap(
                "Type a row number to edit that row; wherever a command takes an ID, a row number works too. "
                    + "Fields in entries are named by path: members[2].age. "
                    + "TAB completes commands, field ids, paths and options.", width: width)
    }

    /// `help COMMAND`: its usage and summary.
    public static func details(of entry: CommandSpec) -> [String] {
        var lines = ["  \(entry.usage)", "    \(entry.summary)"]
        if entry.takesFieldID { lines.append("    ID is a field id or the row's number in the table.") }
        if entry.parameters.contains(where: { $0.0 == .section }) {
            lines.append("    SECTION is a section's id, or a row's number for the section that holds it.")
        }
        if !entry.aliases.isEmpty {
            let prefix = entry.scope == .guided ? ":" : ""
            lines.append("    also: " + entry.aliases.map { prefix + $0 }.joined(separator: ", "))
        }
        return lines
    }
}
