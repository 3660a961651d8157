import Foundation
import Testing

@testable import Formwork

/// `FormLint` on SurveyJS surveys: findings at the survey's JSON line and column, on
/// `visibleIf` and validators; and the corpus surveys, where nothing is found.
@Suite("Linting SurveyJS surveys")
struct SurveyJSLintTests {
    static let today = LocalDate("2026-11-27")!

    @Test func aSurveysFindingsAreAtItsJSON() throws {
        let survey = """
            {"pages": [{"name": "p1", "elements": [
              {"type": "text", "name": "age", "inputType": "number", "min": 0, "max": 120},
              {"type": "text", "name": "both", "visibleIf": "{age} < 18 and {age} > 65"},
              {"type": "radiogroup", "name": "plan", "choices": ["free", "pro"]},
              {"type": "text", "name": "seats", "visibleIf": "{plan} = 'pro' and {plan} = 'free'"},
              {"type": "text", "name": "fine", "visibleIf": "{plan} = 'pro' or {age} > 18"}
            ]}]}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json")
        try Data(survey.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let findings = FormLint(try FormDefinition.load(contentsOf: file, formats: .surveyJS), today: Self.today)
            .findings
        #expect(
            findings.map { "\($0.place) \($0.rule.rawValue) \($0.subject)" } == [
                "3:49 never-shown both", "5:50 never-shown seats",
            ])
    }

    @Test func theCorpusSurveysHaveNoFinding() throws {
        let names = SurveyJSCorpusTests.names()
        for name in names {
            let form = try SurveyJSCorpusTests.load(name)
            let findings = FormLint(form, today: Self.today).findings
            #expect(findings.isEmpty, "\(name): \(findings.map { "\($0.rule.rawValue) \($0.subject)" })")
        }
    }
}
