import FormworkTesting
import Foundation
import Testing

/// Languages on the command line: `--lang`, the environment's language, and
/// `check`'s warnings about missing translations.
@Suite("formwork command line: languages")
struct LanguageCommandLineTests {
    static let package = CommandLineTests.package

    func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:]
    ) throws
        -> CommandRunner.Result
    {
        try CommandRunner.run("formwork", arguments, input: input, directory: Self.package, environment: environment)
    }

    @Test func langChoosesTheLanguageAndTheEnvironmentIsTheFallback() throws {
        let english = try run(
            ["show", "Forms/vaccination-visit.yaml"], environment: ["LC_ALL": "", "LANG": "C.UTF-8"])
        #expect(english.standardOutput.hasPrefix("Child vaccination visit\n"))
        let arabic = try run(["show", "Forms/vaccination-visit.yaml", "--lang", "ar"])
        #expect(arabic.standardOutput.hasPrefix("زيارة تطعيم الطفل\n"))
        #expect(arabic.standardOutput.contains("   1  اسم الطفل *"))
        let fromEnvironment = try run(
            ["show", "Forms/vaccination-visit.yaml"],
            environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ar_EG.UTF-8"])
        #expect(fromEnvironment.standardOutput.hasPrefix("زيارة تطعيم الطفل\n"))
        // --lang wins over the environment.
        let both = try run(
            ["show", "Forms/vaccination-visit.yaml", "--lang", "en"], environment: ["LANG": "ar_EG.UTF-8"])
        #expect(both.standardOutput.hasPrefix("Child vaccination visit\n"))
    }

    @Test func anUnknownLangExitsTwo() throws {
        let result = try run(["fill", "Forms/vaccination-visit.yaml", "--lang", "fr", "--draft", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: --lang: the form has no language 'fr' (its languages: en, ar)\n")
    }

    @Test func fillingInAnotherLanguageAtTheScriptPrompt() throws {
        let draft = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: draft) }
        let result = try run(
            ["fill", "Forms/vaccination-visit.yaml", "--lang", "ar", "--draft", draft],
            input: "set childName Ada\nlanguage en\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("~  2  كم عمر Ada؟ (بالأشهر) *"))
        #expect(result.standardOutput.contains("~  2  How old is Ada? (months) *"))
    }

    @Test func checkWarnsAboutMissingTranslations() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("partial.yaml").path
        try """
        id: partial
        title: { en: Partial, fr: Partiel }
        languages: [en, fr]
        sections:
          - id: s
            fields:
              - { id: age, kind: number, label: { en: Age } }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["check", path])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(path): ok (1 field in 1 section, 2 languages, 1 warning)\n")
        #expect(
            result.standardError == """
                \(path):7:41: warning: field 'age': 'label' has no 'fr' text; 'en' is shown instead
                          - { id: age, kind: number, label: { en: Age } }
                                                            ^
                  hint: add the translation, or leave it out on purpose: the default language's text is shown

                """)
    }
}
