import Foundation

/// Whether a person asked for the accessible mode outside the program's options:
/// `ACCESSIBLE` set in the environment to anything but empty, `0`, `false` or `no`
/// (the variable charmbracelet/huh and the tools built on it read).
///
/// ```swift
/// var options = ReplSession.Options(interactive: true)
/// options.accessible = AccessibleMode.isRequested()
/// ```
public enum AccessibleMode {
    /// Whether `environment` asks for the accessible mode.
    public static func isRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["ACCESSIBLE"]?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return !["", "0", "false", "no", "off"].contains(value)
    }
}
