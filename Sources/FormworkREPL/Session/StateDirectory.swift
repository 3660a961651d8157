import Foundation

/// Where Formwork keeps what outlives a session — the history and the drafts:
/// `$XDG_STATE_HOME/formwork`, else `~/.local/state/formwork`. Read from the
/// environment once, when first asked.
public enum StateDirectory {
    /// Formwork's own state directory (`$XDG_STATE_HOME/formwork`, else `~/.local/state/formwork`).
    public static let path: String = path(forTool: "formwork")

    /// A tool's own state directory (`$XDG_STATE_HOME/TOOL`, else
    /// `~/.local/state/TOOL`), its name made safe for a file name.
    public static func path(forTool tool: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/state")
        return (state as NSString).appendingPathComponent(tool.isEmpty ? "_" : safeFileName(tool))
    }

    /// `name` with every character but ASCII letters, digits, `-` and `_` as `_`,
    /// at most 60 characters.
    public static func safeFileName(_ name: String) -> String {
        String(
            name.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                    ? Character($0) : "_"
            }.prefix(60))
    }

    /// A file or folder in it.
    public static func appending(_ component: String) -> String {
        (path as NSString).appendingPathComponent(component)
    }
}
