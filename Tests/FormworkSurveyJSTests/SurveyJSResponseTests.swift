import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkSurveyJS

/// SurveyJS results (`survey.data`) checked against their survey: every corpus
/// survey's submitted random fills validate clean as survey-core's data, and single
/// mutations are caught with their question and rule.
@Suite("SurveyJS results checked against their survey")
struct SurveyJSResponseTests {
    @Test(arguments: SurveyJSCorpusTests.names())
    func corpusResultsValidateAndMutationsAreCaught(_ name: String) throws {
        let form = try SurveyJSCorpusTests.load(name, skipUnsupported: true)
        let now = SurveyJSFixture.now
        let validator = ResponseValidator(definition: form, now: now)
        let file = SurveyJSCorpusTests.folder.appendingPathComponent(name).path
        let layout = try #require(form.submission)
        var checked = 0
        for seed in UInt64(1)...4 {
            let session = try FormSession(definition: form, today: now.date, now: now, uuidSeed: seed)
            guard RandomFill.fill(session, seed: seed, file: file) else { continue }
            checked += 1
            let json = SurveyJSData.json(of: session, pretty: false)
            let verdict = validator.validate(Array(json.utf8))
            #expect(verdict.isValid, "\(name) seed \(seed): \(verdict.problems)\n\(json)")
            let (missed, _) = ResponseMutation.missed(by: validator, in: session, response: json) {
                layout.paths[$0.id] ?? $0.key ?? $0.id
            }
            #expect(missed.isEmpty, "\(name) seed \(seed): \(missed)")
        }
        #expect(checked > 0, "\(name): no random fill could be submitted")
    }

    /// A result that answers a question hidden under its own answers, and one whose
    /// nested matrix value is of the wrong kind, each at its place in the JSON.
    @Test func aResultIsCheckedAsSurveyCoreWritesIt() throws {
        let survey = """
            {"pages": [{"elements": [
              {"type": "boolean", "name": "hasKids"},
              {"type": "text", "inputType": "number", "name": "kids", "visibleIf": "{hasKids} = true",
               "isRequired": true}
            ]}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID().uuidString).json")
        try Data(survey.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let form = try FormDefinition.load(contentsOf: url, formats: .surveyJS)
        let validator = ResponseValidator(definition: form)
        #expect(validator.validate(Array(#"{"hasKids": true, "kids": 2}"#.utf8)).problems.isEmpty)
        let hidden = validator.validate(Array(#"{"hasKids": false, "kids": 2}"#.utf8)).problems
        #expect(hidden.map { "\($0.location!.column) \($0.field ?? "") \($0.rule)" } == ["20 kids visible"])
        let missing = validator.validate(Array(#"{"hasKids": true}"#.utf8)).problems
        #expect(missing.map { "\($0.field ?? "") \($0.rule)" } == ["kids required"])
    }

    /// Formwork's own forms written as SurveyJS data (`fill --format surveyjs`) read
    /// back through the registry as the answers they hold: every bundled form, random
    /// fills.
    @Test func formworkFormsRoundTripThroughSurveyJSData() throws {
        let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Forms")
        let now = try #require(LocalDateTime("2024-03-01T12:00:00"))
        let trip = try AnswerRoundTrip.run(writing: SurveyJSAnswerFormat(), formats: .surveyJS, forms: forms, now: now)
        #expect(trip.failures.isEmpty, "\(trip.failures)")
        #expect(trip.checked > 10)
    }
}
