import Formwork
import FormworkScenarios
import Foundation
import Testing

/// What cases exercise of a form's logic, merged over the cases and reported at
/// the places of the form's own file.
@Suite("Coverage of cases")
struct FormTestCoverageTests {
    static func runner(_ test: String, files: [String: String] = [:]) throws -> FormTestRunner {
        let folder = files.isEmpty ? FormTestRunTests.forms : try FormTestFormatsTests.folder(files).path
        return try FormTestRunner(FormTestFile(bytes: Array(test.utf8), path: "t.test.yaml", folder: folder))
    }

    static func merged(_ runner: FormTestRunner, form: String) -> FormTestCoverage {
        var coverage = FormTestCoverage(form: form, coverage: runner.coverage)
        for result in runner.runAll(recordingCoverage: true) { coverage.add(result) }
        return coverage
    }

    @Test func casesAddUpAndEveryStepsStateCounts() throws {
        let runner = try Self.runner(
            """
            form: household-survey.yaml
            now: 2025-01-15T12:00
            cases:
              - name: an adult who works
                steps:
                  - set: { "members[1].age": 40, "members[1].works": true }
              - name: a child, then an adult
                steps:
                  - set: { "members[1].age": 3 }
                  - set: { "members[1].age": 30 }
            """)
        let results = runner.runAll(recordingCoverage: true)
        let first = try #require(results[0].coverage)
        let second = try #require(results[1].coverage)
        let occupation = try #require(first.items.firstIndex { $0.kind == .visible && $0.subject == "occupation" })
        #expect(first.outcomes[occupation].contains(.sawTrue))
        // The first case passed through works = false (unanswered) before it was set.
        #expect(first.outcomes[occupation].contains(.sawFalse))
        #expect(!second.outcomes[occupation].contains(.sawTrue))
        var both = FormTestCoverage(form: "household-survey.yaml", coverage: runner.coverage)
        for result in results { both.add(result) }
        #expect(both.coverage.coveredOutcomes >= max(first.coveredOutcomes, second.coveredOutcomes))
        #expect(both.coverage.coveredOutcomes < both.coverage.totalOutcomes)
        // Without recording, a result has none.
        #expect(runner.run(runner.file.cases[0]).coverage == nil)
    }

    @Test func theReportSaysWhatWasNotSeenAtItsPlaceWithItsCondition() throws {
        let runner = try Self.runner(
            """
            form: household-survey.yaml
            cases:
              - name: nothing
                steps: [{ expect: {} }]
            """)
        let coverage = Self.merged(runner, form: "Forms/household-survey.yaml")
        let lines = coverage.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("coverage of Forms/household-survey.yaml: "))
        #expect(lines[0].hasSuffix("of \(coverage.coverage.totalOutcomes) outcomes seen)"))
        #expect(
            lines.contains("  Forms/household-survey.yaml:50:71: condition of 'occupation' never seen true: $works"))
        #expect(lines.contains("  Forms/household-survey.yaml:50:13: 'occupation' never shown"))
        #expect(lines.contains { $0.contains("repeat 'members' never seen empty") })
        // Every item, with what was seen and what was not.
        guard case .object(let members) = coverage.json,
            case .array(let items)? = members.first(where: { $0.0 == "items" })?.1
        else {
            Issue.record("no items")
            return
        }
        #expect(items.count == coverage.coverage.items.count)
        let encoded = coverage.json.encoded
        #expect(encoded.contains(#""form":"Forms/household-survey.yaml""#))
        #expect(encoded.contains(#""place":"Forms/household-survey.yaml:50:71","line":50,"column":71"#))
        #expect(encoded.contains(#""seen":["false"],"missing":["true"]"#))
    }

    @Test func anXFormsConditionsArePlacedInItsXMLAndQuotedAsWritten() throws {
        let runner = try Self.runner(
            """
            form: visit.xml
            cases:
              - name: a child
                steps:
                  - add: member
                  - set: { "member[1].age": 3 }
            """, files: ["visit.xml": FormTestFormatsTests.xform])
        let coverage = Self.merged(runner, form: "visit.xml")
        let school = try #require(
            coverage.coverage.uncovered.first { $0.item.subject == "school" && $0.item.kind == .visible })
        #expect(school.missing == ["true"])
        #expect(school.item.expression == "../age >= 5")
        #expect(school.item.place == "15:7")  // the bind, not the question's input
        #expect(coverage.text.contains("  visit.xml:15:7: condition of 'school' never seen true: ../age >= 5"))
    }
}
