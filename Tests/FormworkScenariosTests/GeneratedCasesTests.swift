import Formwork
import FormworkFormats
import FormworkScenarios
import Foundation
import Testing

/// `--generate`: cases from random fills that pass as written, shrunk, named, and
/// that catch a change to the form.
@Suite("Generated cases")
struct GeneratedCasesTests {
    static let moment = LocalDateTime(moment: "2025-01-15T12:00")!
    static let household = FormTestRunTests.forms + "/household-survey.yaml"

    /// The generated file read back and run against `definition`.
    static func run(
        _ suite: GeneratedTestFile, against definition: FormDefinition, folder: String
    ) throws
        -> [FormTestResult]
    {
        let file = try FormTestFile(bytes: Array(suite.text.utf8), path: "generated.test.yaml", folder: folder)
        return try FormTestRunner(file, definition: definition).runAll()
    }

    @Test func generatedCasesPassAsWrittenAndSeeWhatTheGeneratorSays() throws {
        let definition = try FormDefinition.load(contentsOf: URL(fileURLWithPath: Self.household))
        let generator = FormTestGenerator(definition, form: "household-survey.yaml", now: Self.moment, seed: 7)
        let suite = generator.generate(cases: 6)
        #expect((1...6).contains(suite.cases.count))  // up to six: none that adds nothing
        let results = try Self.run(suite, against: definition, folder: FormTestRunTests.forms)
        for result in results { #expect(result.passed, "\(result.name): \(result.failures.map(\.description))") }
        // Run with coverage, the file sees what the generator said it does.
        let file = try FormTestFile(bytes: Array(suite.text.utf8), path: "g.test.yaml", folder: FormTestRunTests.forms)
        let runner = try FormTestRunner(file, definition: definition)
        var seen = runner.coverage
        for result in runner.runAll(recordingCoverage: true) { seen.merge(try #require(result.coverage)) }
        #expect(seen.outcomes == suite.coverage.outcomes)
        #expect(suite.coverage.percent > 80)
        // Names say what a case covers, and differ.
        #expect(Set(suite.cases.map(\.name)).count == suite.cases.count)
        #expect(suite.cases[0].name.contains("shows ") || suite.cases[0].name.contains("with entries"))
        // The same seed, the same file; another seed, another.
        #expect(generator.generate(cases: 6).text == suite.text)
        let other = FormTestGenerator(definition, form: "household-survey.yaml", now: Self.moment, seed: 8)
        #expect(other.generate(cases: 6).text != suite.text)
    }

    @Test func casesAreShrunkToTheStepsThatSeeSomething() throws {
        let definition = try FormDefinition(
            yaml: """
                id: plain
                title: Plain
                sections:
                  - id: main
                    fields:
                      - { id: age, kind: number, label: Age }
                      - { id: note, kind: text, label: Note }
                      - { id: card, kind: switch, label: Card, visible: "$age < 5", required: true }
                """)
        let suite = FormTestGenerator(definition, form: "plain.yaml", now: Self.moment).generate(cases: 4)
        // Showing the card takes an age under five, first.
        let shows = try #require(suite.cases.first { $0.name.contains("shows card") })
        let sets = shows.steps.filter(\.isAction)
        guard case .set(let name, let text)? = sets.first else {
            Issue.record("no set")
            return
        }
        #expect(name == "age" && (Double(text) ?? 5) < 5)
        #expect(shows.steps[1] == .expect(GeneratedExpectation(visible: ["card"])))
        // At the end, what submit says: refused while the required card is not on.
        guard case .submit(let accepted, let errors)? = shows.steps.last else {
            Issue.record("no submit")
            return
        }
        #expect(accepted || errors == [GeneratedError(name: "card", rule: "required")])
        // A question that moves nothing is answered in one case, not in every one.
        let answeringNote = suite.cases.filter {
            $0.steps.contains { if case .set("note", _) = $0 { true } else { false } }
        }
        #expect(answeringNote.count == 1)
        #expect(answeringNote[0].steps.filter(\.isAction).count <= 3)
        // No case twice.
        #expect(Set(suite.cases.map { $0.steps.map { "\($0)" } }).count == suite.cases.count)
    }

    @Test func theFileQuotesWhatYAMLWouldReadOtherwise() throws {
        let definition = try FormDefinition(
            yaml: "id: a\ntitle: A\nsections:\n  - { id: s, fields: [{ id: q, kind: text, label: Q }] }")
        let suite = GeneratedTestFile(
            form: "my form.yaml", now: Self.moment,
            cases: [
                GeneratedCase(
                    name: "shows x: yes", steps: [.set(name: "members[1].age", text: "yes"), .add(name: "members")],
                    coverage: FormCoverage(definition))
            ], coverage: FormCoverage(definition))
        #expect(suite.text.contains(#"form: "my form.yaml""#))
        #expect(suite.text.contains(#"  - name: "shows x: yes""#))
        #expect(suite.text.contains(#"      - set: { "members[1].age": "yes" }"#))
        #expect(suite.text.contains("      - add: members\n"))
    }
}
