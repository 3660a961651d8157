import FormworkTesting
import Foundation
import Testing

/// `formwork test` as a user runs it: the bundled test file, a failing case, a broken
/// file, directories, the report formats and their exit statuses.
@Suite("formwork test")
struct TestCommandTests {
    static let package = CommandLineTests.package

    static func formwork(_ arguments: [String], input: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, input: input, directory: package)
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return url
    }

    static let failing = """
        form: \(package.path)/Forms/household-survey.yaml
        cases:
          - name: an answer that shows nothing
            steps:
              - set: { dwellingType: house }
              - expect: { visible: [dwellingOther] }
          - name: an address is asked
            steps:
              - expect: { visible: [address] }
        """

    @Test func theBundledTestFilePassesAndExitsZero() throws {
        let result = try Self.formwork(["test", "Forms/tests/household-survey.test.yaml"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("ok   Forms/tests/household-survey.test.yaml:6:5: a child under five"))
        #expect(result.standardOutput.hasSuffix("4 cases: 4 passed, 0 failed\n"))
    }

    @Test func aFailingCaseExitsOneWithItsReason() throws {
        let folder = try Self.folder(["a.test.yaml": Self.failing])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.formwork(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL \(folder.path)/a.test.yaml:3:5: an answer that shows nothing"))
        #expect(result.standardOutput.contains("a.test.yaml:6:29: dwellingOther is hidden, expected shown"))
        #expect(result.standardOutput.contains("visible: $dwellingType == 'other'"))
        #expect(result.standardOutput.contains("ok   \(folder.path)/a.test.yaml:7:5: an address is asked"))
    }

    @Test func aBrokenFileExitsTwoAndTheOthersStillRun() throws {
        let folder = try Self.folder([
            "a.test.yaml": Self.failing,
            "b.test.yaml":
                "form: \(Self.package.path)/Forms/seed.yaml\ncases:\n  - name: x\n    steps:\n      - sett: {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.formwork(["test", folder.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("b.test.yaml:5:9: error: unknown key 'sett' in a case's steps"))
        #expect(result.standardError.contains("did you mean 'set'?"))
        #expect(result.standardOutput.contains("2 cases: 1 passed, 1 failed; 1 file could not run"))
    }

    @Test func aDirectoryWithoutTestFilesOrAMissingPathExitsTwo() throws {
        let empty = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try Self.formwork(["test", empty.path, "no/such.test.yaml"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no test files (*.test.yaml) in this directory"))
        #expect(result.standardError.contains("no/such.test.yaml: error: no such file or directory"))
    }

    @Test func junitTapAndJSONAreWritten() throws {
        let folder = try Self.folder(["a.test.yaml": Self.failing])
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report/junit.xml")
        try FileManager.default.createDirectory(
            at: junit.deletingLastPathComponent(), withIntermediateDirectories: true)
        let tap = try Self.formwork(["test", folder.path, "--tap", "--junit", junit.path])
        #expect(tap.status == 1)
        #expect(tap.standardOutput.hasPrefix("TAP version 14\n1..2\nnot ok 1 - an answer that shows nothing\n"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"formwork test\" tests=\"2\" failures=\"1\" errors=\"0\""))
        let json = try Self.formwork(["test", folder.path, "--format", "json"])
        let lines = json.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"passed\":false") == true)
        let wrong = try Self.formwork(["test", folder.path, "--format", "xml"])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--format expects text or json"))
    }

    @Test func checkPassesOverTestFilesInADirectory() throws {
        let result = try Self.formwork(["check", "Forms"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "Forms/tests/household-survey.test.yaml: skipped (a test file: formwork test runs it, not a definition)"
            ))
    }

    @Test func coverageIsReportedPerFormAtItsPlacesAndAMinimumFailsBelowIt() throws {
        let result = try Self.formwork(["test", "Forms/tests", "--coverage"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let summary = try #require(lines.first { $0.hasPrefix("coverage of Forms/household-survey.yaml: ") })
        #expect(summary.hasSuffix("outcomes seen)"))
        #expect(lines.contains("  Forms/household-survey.yaml:50:13: 'occupation' never shown"))
        // The Testing forms guide shows this run's report as it is.
        let guide = try String(
            contentsOf: Self.package.appendingPathComponent(
                "Sources/FormworkScenarios/Documentation.docc/TestingForms.md"), encoding: .utf8)
        let shown = guide.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("coverage of ") }
            .prefix { $0 != "```" }
        #expect(shown.count == 5)
        #expect(Array(lines.suffix(shown.count)) == Array(shown))
        // Above the share seen: exit 1, said on standard error; below it: 0.
        let strict = try Self.formwork(["test", "Forms/tests", "--min-coverage", "99.5"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: the coverage of Forms/household-survey.yaml is "))
        #expect(strict.standardError.contains("below --min-coverage 99.5%"))
        #expect(!strict.standardOutput.contains("coverage of"))  // asked for a minimum, not the report
        #expect(try Self.formwork(["test", "Forms/tests", "--min-coverage", "50"]).status == 0)
        #expect(try Self.formwork(["test", "Forms/tests", "--min-coverage", "101"]).status != 0)
    }

    @Test func coverageJSONListsEveryItemAndTAPAndJSONLinesCarryTheReport() throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("coverage.json").path
        let result = try Self.formwork(["test", "Forms/tests", "--coverage-json", file])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
        let forms = try #require((json as? [String: Any])?["forms"] as? [[String: Any]])
        #expect(forms.count == 1)
        #expect(forms[0]["form"] as? String == "Forms/household-survey.yaml")
        let items = try #require(forms[0]["items"] as? [[String: Any]])
        let occupation = try #require(
            items.first { $0["kind"] as? String == "visible" && $0["subject"] as? String == "occupation" })
        #expect(occupation["expression"] as? String == "$works")
        #expect(occupation["line"] as? Int == 50)
        #expect(occupation["missing"] as? [String] == ["true"])
        let covered = try #require(forms[0]["covered"] as? Int)
        let total = try #require(forms[0]["total"] as? Int)
        #expect(covered < total)

        let tap = try Self.formwork(["test", "Forms/tests", "--tap", "--coverage"])
        #expect(tap.standardOutput.contains("\n# coverage of Forms/household-survey.yaml: "))
        #expect(tap.standardOutput.contains("\n#   Forms/household-survey.yaml:50:13: 'occupation' never shown"))
        let lines = try Self.formwork(["test", "Forms/tests", "--format", "json", "--coverage"]).standardOutput
        let last = try #require(lines.split(separator: "\n").last)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect((object?["coverage"] as? [String: Any])?["total"] as? Int == total)
    }

    @Test func saveTestAtThePromptAppendsTheFillAsACaseThatPasses() throws {
        let other =
            "form: \(Self.package.path)/Forms/expense-report.yaml\ncases:\n  - name: x\n    steps: [{ expect: {} }]\n"
        let folder = try Self.folder(["other.test.yaml": other])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("found.test.yaml").path
        let form = Self.package.appendingPathComponent("Forms/household-survey.yaml").path
        let script = """
            set dwellingType other
            set dwellingOther boat
            save --test \(file)
            set members[1].age 3
            save --test \(file)
            save --test
            save --test \(folder.path)/other.test.yaml
            quit
            y

            """
        let fill = try Self.formwork(
            ["fill", form, "--now", "2025-01-15T12:00", "--draft", folder.appendingPathComponent("d").path],
            input: script)
        #expect(fill.standardError.contains("usage: save --test FILE (the test file to add the case to)"))
        #expect(fill.standardError.contains("other.test.yaml tests "), "another form's test file is refused")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("form: \"\(form)\"\nnow: 2025-01-15T12:00:00\ncases:\n"))
        #expect(text.contains("  - name: \"saved fill: answers dwellingType, dwellingOther\"\n"))
        #expect(text.contains("      - set: { \"members[1].age\": 3 }\n"))
        #expect(text.contains("value: { householdSize: 1, adults: 0, underFive: 1"))
        #expect(text.contains("errors: { address: required,"))
        let run = try Self.formwork(["test", file])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("2 cases: 2 passed, 0 failed\n"))
        // The other form's file was left as it was.
        #expect(
            try String(contentsOfFile: folder.appendingPathComponent("other.test.yaml").path, encoding: .utf8) == other)
    }
}
