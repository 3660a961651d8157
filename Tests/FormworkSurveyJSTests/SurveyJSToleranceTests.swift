import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// What survey-core tolerates, Formwork tolerates the same way, with a warning: an
/// expression it cannot parse is ignored, a function it does not have reads as empty,
/// an element without a type (or of an application's own type) is dropped, a timer
/// is said but not enforced, a question without choices is shown with none; and what
/// only changes the look (a comment's `rows`, a dropdown's placeholder) is accepted
/// quietly. Each against survey-core's own fill where the oracle runs.
@Suite("SurveyJS: what survey-core tolerates")
struct SurveyJSToleranceTests {
    static func warnings(_ json: String) throws -> [String] {
        let (_, problems) = try SurveyJSReaderTests.read(json)
        #expect(problems.allSatisfy { $0.severity == .warning }, "\(problems.map(\.message))")
        return problems.map(\.message)
    }

    static func session(_ json: String) throws -> FormSession {
        FormSession(definition: try SurveyJSReaderTests.load(json))
    }

    static func data(_ session: FormSession) throws -> NSDictionary {
        let json = SurveyJSData.json(of: session, pretty: false)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    static let expressions = """
        {"pages": [{"name": "p", "elements": [
          {"type": "text", "name": "a"},
          {"type": "expression", "name": "e", "expression": "formatDate({a})"},
          {"type": "expression", "name": "e2", "expression": "iif(formatDate({a}) = 'x', 'yes', 'no')"},
          {"type": "text", "name": "b", "visibleIf": "formatDate({a}) = 'x'"},
          {"type": "text", "name": "c", "visibleIf": "formatDate({a}) empty"},
          {"type": "text", "name": "d", "visibleIf": "{a} = 'x"},
          {"type": "text", "name": "g", "requiredIf": "{a} = 'x"},
          {"type": "expression", "name": "e3", "expression": "1 +"}
        ]}]}
        """

    @Test func unreadableExpressionsAreIgnoredAndUnknownFunctionsReadAsEmpty() throws {
        let warnings = try Self.warnings(Self.expressions)
        #expect(warnings.filter { $0.hasPrefix("survey-core has no function 'formatDate'") }.count == 3)
        #expect(warnings.filter { $0.contains("survey-core ignores it, and so does Formwork") }.count == 4)
        let session = try Self.session(Self.expressions)
        try session.set("a", text: "x")
        #expect(try Self.data(session) == ["a": "x", "e2": "no"])
        #expect(!session.isVisible("b"))
        #expect(session.isVisible("c") && session.isVisible("d"))
        #expect(!session.isRequired("g"))
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(Self.expressions.utf8)), answers: [["a", "x"]])
        #expect(oracle["data"] as? NSDictionary == ["a": "x", "e2": "no"])
        let shown = (oracle["visible"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(shown == ["a", "e", "e2", "c", "d", "g", "e3"])
        let required = (oracle["visible"] as? [[String: Any]] ?? []).filter { $0["required"] as? Bool == true }
        #expect(required.isEmpty)
    }

    @Test func elementsSurveyCoreDropsAreDroppedWithAWarning() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"name": "x", "questionTemplateName": "t1"},
              {"type": "customwidget", "name": "y"},
              {"type": "text", "name": "a"}
            ]}]}
            """
        let warnings = try Self.warnings(json)
        #expect(
            warnings == [
                "the element 'x' is left out: it has no type but names a template of the application that shows "
                    + "the survey ('t1'; --templates FILE expands it), which survey-core does not read, and "
                    + "survey-core drops it",
                "the element 'y' is left out: its type 'customwidget' is not one of survey-core's (a custom type "
                    + "of the application; --templates FILE with its definition expands it), and survey-core drops it",
            ])
        #expect(try SurveyJSReaderTests.load(json).fields.map(\.id) == ["a"])
    }

    @Test func timersAreSaidAndNotEnforced() throws {
        let json = """
            {"maxTimeToFinish": 600, "maxTimeToFinishPage": 90,
             "pages": [{"name": "p", "maxTimeToFinish": 60, "elements": [{"type": "text", "name": "a"}]}]}
            """
        let warnings = try Self.warnings(json)
        #expect(warnings.count == 3)
        #expect(warnings.allSatisfy { $0.contains("is shown but not enforced") })
        let notes = try SurveyJSReaderTests.load(json).fields.filter { $0.kind == .note }.map { $0.text ?? "" }
        #expect(
            notes == [
                "Time allowed: 10 min for the survey, 1 min 30 s for each page (not enforced here)",
                "Time allowed: 1 min for this page (not enforced here)",
            ])
    }

    @Test func choicesAsSurveyCoreMakesThem() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"type": "dropdown", "name": "n", "placeholder": "Pick",
               "choicesMin": 1, "choicesMax": 9, "choicesStep": 2},
              {"type": "radiogroup", "name": "none", "isRequired": true},
              {"type": "comment", "name": "c", "rows": 4},
              {"type": "checkbox", "name": "a", "choices": ["x", "y", "z"]},
              {"type": "checkbox", "name": "b", "choicesFromQuestion": "a", "choicesFromQuestionMode": "selected"},
              {"type": "radiogroup", "name": "cc", "choicesFromQuestion": "b", "choicesFromQuestionMode": "unselected"}
            ]}]}
            """
        #expect(try Self.warnings(json).isEmpty)
        #expect(
            try SurveyJSReaderTests.load(json).warnings.map(\.message) == [
                "field 'none' has no options: it can never be answered"
            ])
        let session = try Self.session(json)
        #expect(session.visibleOptions(of: "n").map(\.value) == ["1", "3", "5", "7", "9"])
        #expect(session.visibleOptions(of: "none").isEmpty)
        #expect(session.visibleOptions(of: "cc").isEmpty)
        try session.set("a", to: .list([.string("x"), .string("z")]))
        #expect(session.visibleOptions(of: "b").map(\.value) == ["x", "z"])
        try session.set("b", to: .list([.string("z")]))
        #expect(session.visibleOptions(of: "cc").map(\.value) == ["x"])
        guard SurveyJSOracle.unavailable == nil else { return }
        let described = try SurveyJSOracle.describe(json)
        let choices = (described.first { $0["name"] as? String == "n" }?["choices"] as? [[String: Any]] ?? [])
            .compactMap { $0["value"] as? Int }
        #expect(choices == [1, 3, 5, 7, 9])
    }

    @Test func aVisibleIfDecidesOverVisibleFalse() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"type": "text", "name": "a", "inputType": "number"},
              {"type": "text", "name": "b", "visible": false, "visibleIf": "{a} = 1"},
              {"type": "text", "name": "c", "visible": false}
            ]}]}
            """
        let session = try Self.session(json)
        #expect(!session.isVisible("b") && !session.isVisible("c"))
        try session.set("a", text: "1")
        #expect(session.isVisible("b") && !session.isVisible("c"))
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(json.utf8)), answers: [["a", 1]])
        let shown = (oracle["visible"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(shown == ["a", "b"])
    }

    /// survey-core tests a regex validator against a number's text, and runs no
    /// trigger for a change of the question the trigger sets.
    @Test func regexOnNumbersAndTriggersThatSetWhatTheyRead() throws {
        let json = """
            {"triggers": [
               {"type": "setvalue", "expression": "{a} > 5 and {b} = 1", "setToName": "a", "setValue": 5},
               {"type": "setvalue", "expression": "{b} > 5", "setToName": "b", "setValue": 5}],
             "pages": [{"name": "p", "elements": [
               {"type": "text", "name": "a", "inputType": "number",
                "validators": [{"type": "regex", "regex": "^[0-9]{1,2}$"}]},
               {"type": "text", "name": "b", "inputType": "number"}
             ]}]}
            """
        let warnings = try Self.warnings(json)
        #expect(
            warnings == [
                "the setvalue trigger never runs: it reads only 'b', the question it sets, and survey-core runs no "
                    + "trigger for a change of that question"
            ])
        let session = try Self.session(json)
        try session.set("a", text: "123")
        #expect(session.errors().map(\.message) == ["The value does not match the pattern."])
        try session.set("a", text: "8")
        #expect(session.errors().isEmpty)
        try session.set("b", text: "1")
        #expect(try Self.data(session) == ["a": 5, "b": 1])
        let again = try Self.session(json)
        try again.set("b", text: "9")
        try again.set("a", text: "8")
        #expect(try Self.data(again) == ["a": 8, "b": 9])
        guard SurveyJSOracle.unavailable == nil else { return }
        let survey = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let first = try SurveyJSOracle.fill(survey: survey, answers: [["a", 8], ["b", 1]])
        #expect(first["data"] as? NSDictionary == ["a": 5, "b": 1])
        let second = try SurveyJSOracle.fill(survey: survey, answers: [["b", 9], ["a", 8]])
        #expect(second["data"] as? NSDictionary == ["a": 8, "b": 9])
        let refused = try SurveyJSOracle.fill(survey: survey, answers: [["a", 123]])["validation"] as? [String: Any]
        #expect(refused?["valid"] as? Bool == false)
    }

    /// A question's `clearIfInvisible: none` keeps its value in the data while it is
    /// hidden, as survey-core keeps it, and `validate` accepts that data.
    @Test func aQuestionThatKeepsItsValueWhileHiddenIsInTheData() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"type": "boolean", "name": "a"},
              {"type": "expression", "name": "e", "expression": "1 + 1", "visibleIf": "{a} = true",
               "clearIfInvisible": "none"},
              {"type": "expression", "name": "f", "expression": "2 + 2", "visibleIf": "{a} = true"}
            ]}]}
            """
        let session = try Self.session(json)
        try session.set("a", text: "no")
        #expect(!session.isVisible("e"))
        #expect(try Self.data(session) == ["a": false, "e": 2])
        let verdict = ResponseValidator(definition: session.definition, formats: .surveyJS).validate(
            Array(SurveyJSData.json(of: session).utf8), path: "data.json")
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(json.utf8)), answers: [["a", true], ["a", false]])
        #expect(oracle["completedData"] as? NSDictionary == ["a": false, "e": 2], "\(oracle)")
    }

    /// A dropdown matrix is laid out as survey-core lays it out: each row a section
    /// headed by the row's text, each cell titled by its column; in a dynamic panel's
    /// entry, where a row cannot be a section, a cell is "Row: Column".
    @Test func aDropdownMatrixIsLaidOutByRowsAndColumns() throws {
        let matrix = """
            {"type": "matrixdropdown", "name": "work", "title": "Your work",
             "columns": [{"name": "freq", "title": "Frequency", "choices": ["daily", "weekly"]},
                         {"name": "hours", "title": "Hours", "cellType": "text", "inputType": "number"}],
             "rows": [{"value": "paid", "text": "Paid Work"},
                      {"value": "care", "text": {"default": "Care", "fr": "Soins"}}]}
            """
        let inEntry = matrix.replacingOccurrences(of: "work", with: "job")
        let json = """
            {"pages": [{"name": "p", "elements": [{"type": "text", "name": "before"}, \(matrix),
              {"type": "paneldynamic", "name": "jobs", "templateElements": [\(inEntry)]},
              {"type": "text", "name": "after"}]}]}
            """
        let definition = try SurveyJSReaderTests.load(json)
        let headers = definition.sections.map { $0.header ?? "" }
        #expect(headers == ["", "Paid Work", "Care", ""])
        let labels = { (section: Int) in definition.fields.filter { $0.sectionIndex == section }.map(\.label) }
        #expect(labels(1) == ["Frequency", "Hours"] && labels(2) == ["Frequency", "Hours"])
        let entry = definition.fields.filter { $0.repeatIndex != nil && $0.kind != .note }.map(\.label)
        #expect(entry == ["Paid Work: Frequency", "Paid Work: Hours", "Care: Frequency", "Care: Hours"])
        let session = FormSession(definition: definition)
        let first = try #require(definition.fields.first { $0.sectionIndex == 1 })
        try session.set(first.id, text: "daily")
        #expect(try Self.data(session) == ["work": ["paid": ["freq": "daily"]]])
    }

    /// What needs a pointer gets its closest terminal equivalent, with a warning: a
    /// slider is a number within its bounds, an image map a choice of its areas; the
    /// data is what survey-core holds.
    @Test func slidersAndImageMapsAreNumbersAndChoices() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"type": "slider", "name": "sl", "min": 0, "max": 10, "step": 2},
              {"type": "imagemap", "name": "im", "imageLink": "x.png",
               "areas": [{"value": "n", "text": "North", "shape": "rect", "coords": "0,0,1,1"}, {"value": "s"}]},
              {"type": "imagemap", "name": "im2", "multiSelect": true, "areas": [{"value": "a"}, {"value": "b"}]}
            ]}]}
            """
        let warnings = try Self.warnings(json)
        #expect(warnings.count == 3)
        #expect(
            warnings[0]
                == "the slider 'sl' is answered as a number from 0 to 10 by 2 (a slider is dragged with a pointer)")
        let session = try Self.session(json)
        #expect(session.visibleOptions(of: "im").map(\.label) == ["North", "s"])
        #expect(throws: (any Error).self) { try session.set("sl", text: "11") }
        try session.set("sl", text: "4")
        try session.set("im", text: "North")
        try session.set("im2", to: .list([.string("a"), .string("b")]))
        let expected: NSDictionary = ["sl": 4, "im": "n", "im2": ["a", "b"]]
        #expect(try Self.data(session) == expected)
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(json.utf8)),
            answers: [["sl", 4], ["im", "n"], ["im2", ["a", "b"]]])
        #expect(oracle["completedData"] as? NSDictionary == expected)
    }

    /// `defaultValueExpression` that changes with the moment is computed once, when
    /// the survey starts, as survey-core computes it (a text question holds today's
    /// date as text).
    @Test func aDefaultOfTheMomentIsComputedWhenTheSurveyStarts() throws {
        let json = """
            {"pages": [{"name": "p", "elements": [
              {"type": "text", "name": "a", "defaultValueExpression": "today()"},
              {"type": "text", "name": "d", "inputType": "date", "defaultValueExpression": "today()"},
              {"type": "text", "name": "n", "inputType": "number", "defaultValueExpression": "year(today())"}
            ]}]}
            """
        #expect(try Self.warnings(json).isEmpty)
        let session = try FormSession(
            definition: try SurveyJSReaderTests.load(json), today: LocalDate("2025-01-15")!)
        let expected: NSDictionary = ["a": "2025-01-15", "d": "2025-01-15", "n": 2025]
        #expect(try Self.data(session) == expected)
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(json.utf8)), answers: [])
        #expect(oracle["completedData"] as? NSDictionary == expected)
    }
}
