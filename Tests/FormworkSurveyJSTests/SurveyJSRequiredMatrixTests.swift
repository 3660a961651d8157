import Foundation
import Testing

@testable import Formwork
@testable import FormworkSurveyJS

/// A required matrix wants one row answered, as survey-core's "Response required."
/// says while none is; one without rows can never be answered, so neither survey-core
/// nor Formwork ever accepts the survey, and lint says so. Each answer list is
/// judged by survey-core too where its oracle is installed.
@Suite("A required SurveyJS matrix")
struct SurveyJSRequiredMatrixTests {
    static let json = """
        {"pages": [{"name": "p", "elements": [
          {"type": "matrix", "name": "rate", "title": "Rate", "isRequired": true, "columns": ["a", "b"],
           "rows": ["r1", "r2"]},
          {"type": "text", "name": "q"},
          {"type": "matrix", "name": "when", "requiredIf": "{q} = 'x'", "columns": ["a", "b"], "rows": ["r1"]},
          {"type": "matrix", "name": "all", "isRequired": true, "isAllRowRequired": true, "columns": ["a"],
           "rows": ["r1", "r2"]},
          {"type": "matrix", "name": "empty", "title": "No rows", "isRequired": true, "columns": ["a"],
           "visibleIf": "{q} = 'rows'"}
        ]}]}
        """

    /// The questions Formwork's session says are wrong after `answers`, by the name
    /// survey-core gives them.
    static func errors(_ answers: [(String, String)]) throws -> [String] {
        let session = try SurveyJSToleranceTests.session(json)
        for (id, text) in answers { try session.set(id, text: text) }
        return session.errors().map { error in
            let name = error.field.hasSuffix("_title") ? String(error.field.dropLast(6)) : error.field
            return name.split(separator: "_").first.map(String.init) ?? name
        }.uniqued().sorted()
    }

    static var cases: [([(String, String)], [[Any]], [String])] {
        [
            ([], [], ["all", "rate"]),
            ([("rate_r1", "a")], [["rate", ["r1": "a"]]], ["all"]),
            ([("rate_r2", "b"), ("q", "x")], [["rate", ["r2": "b"]], ["q", "x"]], ["all", "when"]),
            (
                [("rate_r2", "b"), ("q", "x"), ("when_r1", "a"), ("all_r1", "a")],
                [["rate", ["r2": "b"]], ["q", "x"], ["when", ["r1": "a"]], ["all", ["r1": "a"]]], ["all"]
            ),
            (
                [("rate_r1", "a"), ("all_r1", "a"), ("all_r2", "a"), ("q", "rows")],
                [["rate", ["r1": "a"]], ["all", ["r1": "a", "r2": "a"]], ["q", "rows"]], ["empty"]
            ),
            (
                [("rate_r1", "a"), ("all_r1", "a"), ("all_r2", "a")],
                [["rate", ["r1": "a"]], ["all", ["r1": "a", "r2": "a"]]], []
            ),
        ]
    }

    @Test func oneRowAnsweredIsEnoughAndAMatrixWithoutRowsNeverIs() throws {
        for (answers, oracleAnswers, expected) in Self.cases {
            #expect(try Self.errors(answers) == expected, "\(answers)")
            guard SurveyJSOracle.unavailable == nil else { continue }
            let survey = try JSONSerialization.jsonObject(with: Data(Self.json.utf8))
            let validation =
                try SurveyJSOracle.fill(survey: survey, answers: oracleAnswers)["validation"] as? [String: Any]
            let paths = (validation?["errors"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(paths.sorted() == expected, "survey-core after \(oracleAnswers)")
        }
    }

    @Test func lintSaysAnAlwaysShownRequiredMatrixWithoutRowsStopsEverySubmission() throws {
        let shown = Self.json.replacingOccurrences(of: #""visibleIf": "{q} = 'rows'""#, with: #""visible": true"#)
        let findings = FormLint(try SurveyJSReaderTests.load(shown)).findings
        #expect(findings.map { "\($0.rule.rawValue) \($0.subject)" } == ["required-never-answerable empty_title"])
        #expect(findings[0].message.contains("(\"No rows\") is required and always shown"))
        // Shown on a condition, it only stops a submission while it is shown: not reported.
        #expect(FormLint(try SurveyJSReaderTests.load(Self.json)).findings.isEmpty)
    }
}
