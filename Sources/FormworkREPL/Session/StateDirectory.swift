import Foundation

/// Where Formwork keeps what outlives a session — the history and the drafts:
/// `$XDG_STATE_HOME/formwork`, else `~/.local/state/formwork`. Read from the
/// environment once, when first asked.
public enum StateDirectory {
    public static let path: String = {
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/state")
        return (state as NSString).appendingPathComponent("formwork")
    }()

    /// A file or folder in it.
    public static func appending(_ component: String) -> String {
        (path as NSString).appendingPathComponent(component)
    }
}
