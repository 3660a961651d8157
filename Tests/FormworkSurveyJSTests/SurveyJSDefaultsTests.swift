import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// survey-core gives an empty question its `defaultValue` (or `defaultValueExpression`)
/// again as its page or panel becomes visible, and — clearing on hidden — as the
/// question itself is shown again; it does the same as a response's data is set on a
/// started survey. Imported surveys are `defaults: whenShown`; each case is filled
/// the same way in both and the data compared, and responses are judged by both.
@Suite("SurveyJS: defaults given again as a page is shown, against survey-core")
struct SurveyJSDefaultsTests {
    /// A page that an answer shows, with a default and a default computed from an answer.
    static func survey(_ mode: String) -> String {
        """
        {"clearInvisibleValues": "\(mode)", "pages": [
          {"name": "p1", "elements": [{"type": "text", "name": "a", "inputType": "number"},
            {"type": "text", "name": "q", "inputType": "number", "defaultValue": 5, "visibleIf": "{a} = 1"},
            {"type": "text", "name": "b", "inputType": "number"}]},
          {"name": "p2", "visibleIf": "{a} = 2", "elements": [
            {"type": "text", "name": "r", "inputType": "number", "defaultValue": 7},
            {"type": "text", "name": "s", "inputType": "number", "defaultValueExpression": "{b} + 1",
             "visibleIf": "{b} notempty"}]}]}
        """
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var mode: String
        /// survey-core's answers (`null` clears) and Formwork's `set` commands.
        var answers: String
        var sets: [String]
        /// survey-core's data at completion.
        var data: String
        var testDescription: String { "\(mode): \(sets.joined(separator: "; "))" }
    }

    static let cases: [Case] = [
        Case(
            mode: "onComplete", answers: #"[["a", 2], ["r", null], ["a", 3], ["a", 2]]"#,
            sets: ["a 2", "r", "a 3", "a 2"], data: #"{"a": 2, "r": 7}"#),
        Case(
            mode: "onComplete",
            answers: #"[["b", 4], ["a", 2], ["s", null], ["r", null], ["a", 3], ["a", 2]]"#,
            sets: ["b 4", "a 2", "s", "r", "a 3", "a 2"], data: #"{"a": 2, "b": 4, "r": 7, "s": 5}"#),
        // Clearing on hidden: the question shown again takes its default too.
        Case(
            mode: "onHidden", answers: #"[["a", 1], ["q", null], ["a", 3], ["a", 1]]"#,
            sets: ["a 1", "q", "a 3", "a 1"], data: #"{"a": 1, "q": 5}"#),
        Case(
            mode: "onHidden",
            answers: #"[["a", 2], ["r", null], ["b", 2], ["s", null], ["a", 3], ["a", 2]]"#,
            sets: ["a 2", "r", "b 2", "s", "a 3", "a 2"], data: #"{"a": 2, "b": 2, "r": 7, "s": 3}"#),
        // Left empty while the page stays shown, it stays empty.
        Case(
            mode: "onComplete", answers: #"[["a", 2], ["r", null], ["b", 1]]"#, sets: ["a 2", "r", "b 1"],
            data: #"{"a": 2, "b": 1, "s": 2}"#),
    ]

    @Test(arguments: cases)
    func theDataIsSurveyCores(_ test: Case) throws {
        let form = try SurveyJSReaderTests.load(Self.survey(test.mode))
        #expect(form.defaults == .whenShown)
        let session = FormSession(definition: form)
        try SurveyJSLogicPropertiesTests.run(test.sets, in: session)
        let written = SurveyJSData.json(of: session, pretty: false)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary)
        #expect(data == (try JSONSerialization.jsonObject(with: Data(test.data.utf8)) as? NSDictionary))
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(Self.survey(test.mode).utf8)),
            answers: try #require(try JSONSerialization.jsonObject(with: Data(test.answers.utf8)) as? [[Any]]))
        #expect(oracle["completedData"] as? NSDictionary == data)
    }

    /// One undo step takes back the change and the default it gave.
    @Test func oneUndoTakesBackTheDefaultWithTheChange() throws {
        let session = FormSession(definition: try SurveyJSReaderTests.load(Self.survey("onComplete")))
        try SurveyJSLogicPropertiesTests.run(["a 2", "r", "a 3"], in: session)
        try session.set("a", text: "2")
        #expect(session.value(of: "r") == .number(7))
        #expect(session.undo())
        #expect(session.value(of: "r") == .null && session.value(of: "a") == .number(3))
    }

    /// A page hidden as the survey starts (its question's default decides it) and
    /// shown by the response: its required question, left out of the response, has its
    /// default — unless the page was shown from the start.
    static func responseSurvey(start: Int) -> String {
        """
        {"pages": [{"name": "p1", "elements": [{"type": "text", "name": "a", "inputType": "number",
            "defaultValue": \(start)}]},
          {"name": "p2", "visibleIf": "!({a} <= 8)", "elements": [
            {"type": "text", "name": "r", "inputType": "number", "defaultValue": 3, "isRequired": true}]}]}
        """
    }

    @Test(arguments: [(0, "{}", [String]()), (0, #"{"a": 9}"#, []), (9, "{}", ["r"]), (9, #"{"a": 9}"#, ["r"])])
    func aResponseIsReadAsSurveyCoreReadsIt(start: Int, response: String, failing: [String]) throws {
        let survey = Self.responseSurvey(start: start)
        let form = try SurveyJSReaderTests.load(survey)
        let verdict = ResponseValidator(definition: form, now: SurveyJSFixture.now).validate(Array(response.utf8))
        let ours = verdict.problems.filter { $0.severity == .error }.map(\.path)
        #expect(ours == failing, "\(verdict.problems)")
        guard SurveyJSOracle.unavailable == nil else { return }
        let theirs = try SurveyJSOracle.validate(
            survey: try JSONSerialization.jsonObject(with: Data(survey.utf8)),
            data: try JSONSerialization.jsonObject(with: Data(response.utf8)), locale: nil)
        #expect(Set(ours) == theirs)
    }
}
