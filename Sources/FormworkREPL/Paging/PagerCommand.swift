import Foundation

/// Which pager to run and how, read from the environment as git reads it:
/// `$PAGER` when set and not empty, else `less -FRX`; `cat` means no pager.
///
/// ```swift
/// PagerCommand(environment: [:])?.command                 // "less -FRX"
/// PagerCommand(environment: ["PAGER": "cat"])             // nil: no pager
/// PagerCommand(environment: ["PAGER": "more"])?.passesColors   // false: sent plain
/// ```
public struct PagerCommand: Equatable, Sendable {
    /// The command line, run through `/bin/sh -c`.
    public let command: String
    /// Whether the pager shows colours (`less` with `-R` or `-r`, in its arguments
    /// or in `LESS`, which defaults to `FRX`); otherwise text goes to it plain.
    public let passesColors: Bool

    /// What `LESS` is when unset: quit when the text fits one screen, pass colours,
    /// do not clear the screen.
    public static let defaultLess = "FRX"

    /// `nil` when the environment turns paging off (`PAGER=cat`).
    public init?(environment: [String: String]) {
        let pager = environment["PAGER"].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let command = pager.isEmpty ? "less -FRX" : pager
        guard command != "cat" else { return nil }
        self.command = command
        self.passesColors = Self.passesColors(command, less: environment["LESS"] ?? Self.defaultLess)
    }

    /// The pager's environment: `LESS=FRX` and `LV=-c` (lv's colours) when unset.
    public func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        if environment["LESS"] == nil { environment["LESS"] = Self.defaultLess }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        return environment
    }

    /// Whether `command` is `less` told to pass colours (`-R`, `-r`,
    /// `--raw-control-chars`, `--RAW-CONTROL-CHARS`), by its arguments or by `less`
    /// (the `LESS` variable).
    static func passesColors(_ command: String, less: String) -> Bool {
        let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let program = words.first, (program as NSString).lastPathComponent == "less" else { return false }
        let options =
            words.dropFirst().filter { $0.hasPrefix("-") }
            + less.split(whereSeparator: \.isWhitespace).map(String.init)
        return options.contains { option in
            if option.hasPrefix("--") { return option.lowercased() == "--raw-control-chars" }
            return option.contains("R") || option.contains("r")
        }
    }
}
