import FormworkTesting
import Foundation
import Testing

/// `formwork fill` in the accessible mode, asked for three ways: `--accessible`,
/// `ACCESSIBLE=1`, and `accessible: true` in the user's settings file; a settings
/// file that cannot be read is warned about and left aside.
@Suite("formwork fill --accessible")
struct AccessibleCommandLineTests {
    static let sentences = "Changed: row 1, First name, now Ada.\nAppeared: row 2, Last name, not answered.\n"

    static func fill(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            "formwork", ["fill", "Forms/seed.yaml"] + arguments, input: "set firstName Ada\n",
            directory: CommandLineTests.package, environment: environment)
    }

    /// A settings folder holding `config.yaml` with `text`.
    static func settings(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("formwork"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("formwork/config.yaml"))
        return folder
    }

    @Test func theFlagTheEnvironmentAndTheSettingsEachAskForIt() throws {
        let flag = try Self.fill(["--accessible"])
        #expect(flag.status == 0, "\(flag.standardError)")
        #expect(flag.standardOutput == Self.sentences)
        #expect(try Self.fill(environment: ["ACCESSIBLE": "1"]).standardOutput == Self.sentences)
        let folder = try Self.settings("accessible: true\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configured = try Self.fill(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configured.standardOutput == Self.sentences)
        #expect(configured.standardError.isEmpty)
        let plain = try Self.fill(environment: ["ACCESSIBLE": "0"])
        #expect(plain.standardOutput.hasPrefix("~  1  First name"))
    }

    @Test func aSettingsFileThatCannotBeReadIsWarnedAboutAndLeftAside() throws {
        for (text, warning) in [
            ("accessible: yes please\n", "'accessible' must be true or false; ignored"),
            ("accessible: [\n", "not YAML"), ("- a list\n", "the settings must be a mapping; ignored"),
        ] {
            let folder = try Self.settings(text)
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try Self.fill(environment: ["XDG_CONFIG_HOME": folder.path])
            #expect(result.status == 0)
            #expect(result.standardError.contains(warning), "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("~  1  First name"))
        }
    }
}
