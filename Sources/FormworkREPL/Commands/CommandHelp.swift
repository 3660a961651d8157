import Formwork

/// What each command does, for `help` and the README.
public enum CommandHelp {
    public struct Entry: Sendable {
        public let name: String
        public let usage: String
        public let summary: String
    }

    public static let entries: [Entry] = [
        Entry(name: "show", usage: "show", summary: "print the whole form"),
        Entry(name: "select", usage: "N  or  select N", summary: "select row N: edit its value (prefilled), toggle a switch, pick options"),
        Entry(name: "set", usage: "set ID VALUE", summary: "set a field's value (without VALUE: edit it)"),
        Entry(name: "toggle", usage: "toggle ID [OPTION]", summary: "flip a switch, or one option of a multichoice"),
        Entry(name: "clear", usage: "clear ID", summary: "empty a field (a switch turns off)"),
        Entry(name: "next", usage: "next", summary: "go to the next empty required field, else the next empty one"),
        Entry(name: "back", usage: "back", summary: "go back to the field you were on before"),
        Entry(name: "goto", usage: "goto ID", summary: "go to a field (or the first field of a section)"),
        Entry(name: "why", usage: "why ID", summary: "explain why a field or section is shown or hidden"),
        Entry(name: "errors", usage: "errors", summary: "list the problems of the visible fields"),
        Entry(name: "undo", usage: "undo", summary: "undo the last change"),
        Entry(name: "redo", usage: "redo", summary: "redo what undo undid"),
        Entry(name: "values", usage: "values", summary: "print the answers as JSON (secure values masked)"),
        Entry(name: "save", usage: "save [PATH]", summary: "save the values to a file you can load with --values"),
        Entry(name: "submit", usage: "submit", summary: "check every visible field; if all is well, write the answers and finish"),
        Entry(name: "help", usage: "help [COMMAND]", summary: "list the commands, or explain one"),
        Entry(name: "quit", usage: "quit", summary: "leave; answers stay in the draft (without a draft, asks first if there are unsaved changes)"),
    ]

    static let aliases = ["s": "select", "ls": "show", "n": "next", "b": "back", "g": "goto", "u": "undo", "r": "redo",
                          "?": "help", "h": "help", "q": "quit", "exit": "quit"]

    /// The entry for a command name or alias.
    public static func entry(_ name: String) -> Entry? {
        let name = aliases[name.lowercased()] ?? name.lowercased()
        return entries.first { $0.name == name }
    }

    /// The command closest to a misspelt word.
    static func closest(to word: String) -> String? {
        Suggestions.closest(to: word, in: entries.map(\.name)).first
    }

    /// The command names, for completion.
    public static var names: [String] { entries.map(\.name) }

    /// `help`: every command with its summary, wrapped to `width` columns.
    public static func overview(width: Int = 80) -> [String] {
        let column = (entries.map(\.usage.count).max() ?? 10) + 4
        let wrapper = FormTextRenderer(width: width)
        var lines = ["Commands:"]
        for entry in entries {
            let summary = wrapper.wrap(entry.summary, width: max(20, width - column))
            lines.append("  " + entry.usage.padding(toLength: column - 2, withPad: " ", startingAt: 0) + summary[0])
            lines += summary.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
        return lines + [""] + wrapper.wrap("Type a row number to edit that row; wherever a command takes an ID, a row number works too. TAB completes commands, field ids and options.", width: width)
    }
}

import Foundation
