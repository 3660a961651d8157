import Formwork
import FormworkScenarios
import Foundation
import Testing

/// Cases run on fresh sessions: what passes, what fails and why, in every format.
@Suite("Running cases")
struct FormTestRunTests {
    static let forms = FormTestReadingTests.package.appendingPathComponent("Forms").path

    /// A runner of `text` as a test file beside the bundled forms.
    static func runner(_ text: String, folder: String = forms) throws -> FormTestRunner {
        try FormTestRunner(FormTestFile(bytes: Array(text.utf8), path: "t.test.yaml", folder: folder))
    }

    static func household(_ steps: String) throws -> FormTestResult {
        let runner = try runner(
            """
            form: household-survey.yaml
            now: 2025-01-15T12:00
            cases:
              - name: one
                steps:
            \(steps)
            """)
        return runner.run(runner.file.cases[0])
    }

    @Test func theBundledHouseholdCasesPass() throws {
        let url = URL(fileURLWithPath: Self.forms + "/tests/household-survey.test.yaml")
        let runner = try FormTestRunner(FormTestFile(contentsOf: url))
        let results = runner.runAll()
        #expect(results.count == 4)
        for result in results { #expect(result.passed, "\(result.name): \(result.failures.map(\.description))") }
    }

    @Test func aComputedValueThatDiffersSaysItsExpressionAndWhatItRead() throws {
        let result = try Self.household(
            """
                  - set: { "members[1].age": 3 }
                  - expect: { value: { underFive: 2 } }
            """)
        let failure = try #require(result.failures.first)
        #expect(failure.message == "underFive is not '2'")
        #expect(failure.location == SourceLocation(line: 7, column: 28))
        #expect(failure.found == "1")
        #expect(
            failure.why == [
                "underFive is computed:", "  value: count($members, $age < 5)",
                "  $members = 1 entry", "  $members.age = [3]",
            ])
    }

    @Test func visibilityThatDiffersSaysTheConditionAndItsValues() throws {
        let result = try Self.household(
            """
                  - set: { dwellingType: house }
                  - expect: { visible: [dwellingOther], hidden: [address] }
            """)
        #expect(
            result.failures.map(\.message) == [
                "dwellingOther is hidden, expected shown", "address is shown, expected hidden",
            ])
        #expect(
            result.failures[0].why == [
                "dwellingOther is hidden because its condition is false:", "  visible: $dwellingType == 'other'",
                "  $dwellingType = \"house\"",
            ])
        #expect(result.failures[1].why == ["address is always shown."])
    }

    @Test func aStepTheFormRefusesStopsTheCase() throws {
        let result = try Self.household(
            """
                  - set: { bedrooms: many }
                  - expect: { visible: [nothing_is_checked_after_this] }
            """.replacingOccurrences(of: "nothing_is_checked_after_this", with: "address"))
        #expect(result.stepsRun == 1)
        #expect(result.failures.count == 1)
        #expect(result.failures[0].message.hasPrefix("cannot set bedrooms to 'many': "))
        // The field's own rule is the whole reason: no condition is quoted.
        #expect(result.failures[0].why.isEmpty)
    }

    @Test func submitIsAcceptedOrRefusedWithTheProblemsNamed() throws {
        let refused = try Self.household(
            """
                  - submit: accepted
            """)
        #expect(refused.failures.first?.message == "submit is refused, expected accepted")
        #expect(refused.failures.first?.found?.contains("address: required") == true)
        let named = try Self.household(
            """
                  - submit: refused
                    errors: { address: required, dwellingType: pattern }
            """)
        #expect(named.failures.map(\.message) == ["dwellingType has other problems, expected 'pattern'"])
    }

    @Test func labelsOptionsRequiredEntriesAndNoErrors() throws {
        let result = try Self.household(
            """
                  - set: { "members[1].age": 7 }
                  - expect:
                      label: { "members[1].school": "Sch…", dwellingOther: Describe it }
                      options: { dwellingType: [house, Flat or apartment, other] }
                      required: [address]
                      entries: { members: 1, rooms: 1 }
                  - expect:
                      label: { address: Street }
                      required: ["members[1].school"]
                      entries: { members: 2 }
                      errors: {}
            """)
        #expect(
            result.failures.map(\.message) == [
                "address's label is not as expected", "members[1].school is not required, expected required",
                "members has 1 entry, expected 2", "submit would be refused, expected no problems",
            ])
        #expect(result.failures[1].why == ["members[1].school is never required."])
    }

    @Test func casesRunConcurrentlyGiveWhatTheyGiveOneByOne() throws {
        let url = URL(fileURLWithPath: Self.forms + "/tests/household-survey.test.yaml")
        let runner = try FormTestRunner(FormTestFile(contentsOf: url))
        let together = runner.runAll(concurrently: true).map { "\($0.name) \($0.passed) \($0.stepsRun)" }
        let alone = runner.runAll(concurrently: false).map { "\($0.name) \($0.passed) \($0.stepsRun)" }
        #expect(together == alone)
    }

    @Test func startingValuesAndTheLanguageApplyToEveryCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"address": "1 Main Street"}"#.write(
            to: folder.appendingPathComponent("start.json"), atomically: true, encoding: .utf8)
        let runner = try Self.runner(
            """
            form: \(Self.forms)/household-survey.yaml
            values: start.json
            cases:
              - name: a
                steps:
                  - expect: { value: { address: 1 Main Street } }
              - name: b
                steps:
                  - set: { address: elsewhere }
                  - expect: { value: { address: elsewhere } }
            """, folder: folder.path)
        #expect(runner.runAll().allSatisfy { $0.passed })
    }
}
