import Foundation
import Yams

/// Formwork's settings for one user: `$XDG_CONFIG_HOME/formwork/config.yaml` (else
/// `~/.config/formwork/config.yaml`), a YAML mapping. One setting so far:
///
/// ```yaml
/// accessible: true   # fill speaks in sentences, as --accessible asks
/// ```
///
/// A file that is missing says nothing; one that cannot be read, or holds a setting
/// of the wrong type, is warned about and left aside, never a reason not to fill.
struct FormworkConfig {
    /// Whether `fill` uses the accessible mode.
    var accessible = false
    /// What was wrong with the file, to say once on standard error.
    var warning: String?

    /// Where the file is, for `environment`.
    static func path(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/formwork/config.yaml" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/formwork/config.yaml"
    }

    /// The settings of the user `environment` is of.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> FormworkConfig {
        let path = path(environment: environment)
        var config = FormworkConfig()
        guard FileManager.default.fileExists(atPath: path) else { return config }
        // A settings file is small; anything larger is not one.
        guard let data = FileManager.default.contents(atPath: path), data.count <= 65_536,
            let text = String(data: data, encoding: .utf8)
        else {
            config.warning = "warning: \(path): cannot read the settings (not UTF-8 text of at most 64 KiB); ignored"
            return config
        }
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: text)
        } catch {
            config.warning = "warning: \(path): not YAML (\(error)); ignored"
            return config
        }
        guard let settings = loaded as? [String: Any] else {
            if loaded != nil { config.warning = "warning: \(path): the settings must be a mapping; ignored" }
            return config
        }
        if let accessible = settings["accessible"] {
            if let flag = accessible as? Bool {
                config.accessible = flag
            } else {
                config.warning = "warning: \(path): 'accessible' must be true or false; ignored"
            }
        }
        return config
    }
}
