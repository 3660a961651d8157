import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Logic-bearing properties of survey-core's model, each filled the same way in
/// Formwork and in survey-core and the data compared: what is shown, bounds computed
/// from answers, entries that follow a question, defaults of new entries, rounded
/// values, and numbers written as JavaScript writes them.
@Suite("SurveyJS: logic properties, against survey-core")
struct SurveyJSLogicPropertiesTests {
    /// A survey, the answers survey-core is given (JSON `[[name, value], …]`), the
    /// same as Formwork's `set` commands (`id text`), and survey-core's data at completion.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var survey: String
        var answers: String
        var sets: [String]
        var data: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "rowsVisibleIf, columnsVisibleIf, a row's own visibleIf",
            survey: """
                {"elements": [{"type": "checkbox", "name": "a", "choices": ["r1", "r2", "c1", "c2"]},
                  {"type": "matrix", "name": "m", "columns": ["c1", "c2"], "hideIfRowsEmpty": true,
                   "rows": ["r1", "r2", {"value": "r3", "visibleIf": "{a} contains 'c1'"}],
                   "rowsVisibleIf": "{a} contains {item}"},
                  {"type": "matrix", "name": "n", "rows": ["r1", "r2"], "columns": ["c1", "c2"],
                   "columnsVisibleIf": "{a} contains {item}"},
                  {"type": "matrixdropdown", "name": "d", "rows": ["r1", "r2"], "choices": [1, 2],
                   "columns": [{"name": "c1"}, {"name": "c2", "visibleIf": "{a} contains 'c2'"}],
                   "rowsVisibleIf": "{a} contains {item}", "columnsVisibleIf": "{a} contains {item}"}]}
                """,
            answers: #"[["a", ["r1"]], ["m", {"r1": "c1", "r2": "c2"}], ["n", {"r1": "c1", "r2": "c2"}], "#
                + #"["d", {"r1": {"c1": 1, "c2": 2}, "r2": {"c1": 1}}]]"#,
            sets: ["a r1", "m_r1 c1", "m_r2 c2", "d_r1_c1 1", "d_r1_c2 2", "d_r2_c1 1"],
            data: #"{"a": ["r1"], "m": {"r1": "c1"}, "d": {"r1": {"c1": 1, "c2": 2}}}"#),
        Case(
            name: "a row's own visibleIf replaces rowsVisibleIf",
            survey: """
                {"elements": [{"type": "checkbox", "name": "a", "choices": ["r1", "c1"]},
                  {"type": "matrix", "name": "m", "columns": ["c1", "c2"],
                   "rows": ["r1", {"value": "r3", "visibleIf": "{a} contains 'c1'"}],
                   "rowsVisibleIf": "{a} contains {item}"}]}
                """,
            answers: #"[["a", ["r1", "c1"]], ["m", {"r1": "c1", "r3": "c2"}]]"#,
            sets: ["a r1, c1", "m_r1 c1", "m_r3 c2"],
            data: #"{"a": ["r1", "c1"], "m": {"r1": "c1", "r3": "c2"}}"#),
        Case(
            name: "a choice's own visibleIf replaces choicesVisibleIf",
            survey: """
                {"elements": [{"type": "text", "name": "a"},
                  {"type": "radiogroup", "name": "b", "choices": ["x", {"value": "y", "visibleIf": "{a} = 1"}],
                   "choicesVisibleIf": "{a} = 2"}]}
                """,
            answers: #"[["a", "1"], ["b", "y"]]"#, sets: ["a 1", "b y"], data: #"{"a": "1", "b": "y"}"#),
        Case(
            name: "hideIfChoicesEmpty",
            survey: """
                {"elements": [{"type": "checkbox", "name": "a", "choices": ["x", "y"]},
                  {"type": "radiogroup", "name": "b", "choicesFromQuestion": "a",
                   "choicesFromQuestionMode": "selected", "hideIfChoicesEmpty": true},
                  {"type": "radiogroup", "name": "c", "choices": [{"value": "p", "visibleIf": "{a} contains 'x'"}],
                   "hideIfChoicesEmpty": true, "showNoneItem": true},
                  {"type": "expression", "name": "shown", "expression": "iif({a} contains 'y', 1, 0)"}]}
                """,
            answers: #"[["a", ["y"]], ["b", "y"], ["c", "none"]]"#, sets: ["a y", "b y", "c none"],
            data: #"{"a": ["y"], "b": "y", "shown": 1}"#),
        Case(
            name: "minValueExpression and maxValueExpression",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number"},
                  {"type": "text", "name": "b", "inputType": "number", "min": 5,
                   "minValueExpression": "{a} + 1", "maxValueExpression": "{a} * 10"}]}
                """,
            answers: #"[["a", 3], ["b", 4]]"#, sets: ["a 3", "b 4"], data: #"{"a": 3, "b": 4}"#),
        Case(
            name: "bindings: panelCount follows a question",
            survey: """
                {"elements": [{"type": "text", "inputType": "number", "name": "n"},
                  {"type": "paneldynamic", "name": "p", "bindings": {"panelCount": "n"},
                   "templateElements": [{"type": "text", "name": "x"}]}]}
                """,
            answers: #"[["n", 3]]"#, sets: ["n 3"], data: #"{"n": 3, "p": [{}, {}, {}]}"#),
        Case(
            name: "defaultPanelValue, defaultRowValue, a column's defaultValue",
            survey: """
                {"elements": [{"type": "paneldynamic", "name": "p", "panelCount": 1,
                   "defaultPanelValue": {"x": "a", "y": 2},
                   "templateElements": [{"type": "text", "name": "x"}, {"type": "text", "inputType": "number",
                   "name": "y"}]},
                  {"type": "matrixdynamic", "name": "m", "defaultRowValue": {"c": 1},
                   "columns": [{"name": "c"}, {"name": "d"}], "choices": [1, 2]},
                  {"type": "matrixdynamic", "name": "k", "rowCount": 3,
                   "columns": [{"name": "c", "defaultValue": 2}], "choices": [1, 2]}]}
                """,
            answers: "[]", sets: [],
            data: #"{"p": [{"x": "a", "y": 2}], "m": [{"c": 1}, {"c": 1}], "k": [{"c": 2}, {"c": 2}, {"c": 2}]}"#),
        Case(
            name: "precision, and numbers as JavaScript writes them",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number"},
                  {"type": "expression", "name": "e", "expression": "{a} / 3", "precision": 2},
                  {"type": "expression", "name": "g", "expression": "{a} / 3"},
                  {"type": "expression", "name": "h", "expression": "{a} / 3000000000"}]}
                """,
            answers: #"[["a", 1]]"#, sets: ["a 1"],
            data: #"{"a": 1, "e": 0.33, "g": 0.3333333333333333, "h": 3.333333333333333e-10}"#),
        Case(
            name: "sums, differences and products corrected as survey-core corrects them",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number"},
                  {"type": "text", "name": "b", "inputType": "number"},
                  {"type": "expression", "name": "s", "expression": "{a} + {b}"},
                  {"type": "expression", "name": "m", "expression": "{a} * {b}"},
                  {"type": "expression", "name": "d", "expression": "{a} - {b}"},
                  {"type": "expression", "name": "t", "expression": "'x' + ({a} / 3)"}]}
                """,
            answers: #"[["a", -1.15], ["b", 2.5]]"#, sets: ["a -1.15", "b 2.5"],
            data: #"{"a": -1.15, "b": 2.5, "s": 1.35, "m": -2.875, "d": -3.65, "t": "x-0.3833333333333333"}"#),
        Case(
            name: "sums of small numbers, in JavaScript's exponent notation",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number"},
                  {"type": "text", "name": "b", "inputType": "number"},
                  {"type": "expression", "name": "s", "expression": "{a} + {b}"},
                  {"type": "expression", "name": "t", "expression": "'x' + ({a} / {b})"}]}
                """,
            answers: #"[["a", 1e-7], ["b", 3]]"#, sets: ["a 0.0000001", "b 3"],
            data: #"{"a": 1e-7, "b": 3, "s": 3.0000001, "t": "x3.3333333333333334e-8"}"#),
        Case(
            name: "storeOthersAsComment: false, the other text as the value",
            survey: """
                {"storeOthersAsComment": false, "elements": [
                  {"type": "radiogroup", "name": "a", "choices": ["x", "y"], "showOtherItem": true},
                  {"type": "checkbox", "name": "b", "choices": ["x", "y"], "showOtherItem": true},
                  {"type": "radiogroup", "name": "c", "choices": ["x"], "showOtherItem": true,
                   "storeOthersAsComment": true},
                  {"type": "expression", "name": "e", "expression": "{a}"},
                  {"type": "text", "name": "t", "visibleIf": "{a} = 'other'"}]}
                """,
            answers: #"[["a", "foo"], ["b", ["x", "bar"]], ["c", "other"], ["c-Comment", "baz"]]"#,
            sets: ["a other", "a_comment foo", "b x, other", "b_comment bar", "c other", "c_comment baz"],
            data: #"{"a": "foo", "b": ["x", "bar"], "c": "other", "c-Comment": "baz", "e": "foo"}"#),
        Case(
            name: "displayValue() of a checkbox is text: its labels, '' unanswered",
            survey: """
                {"elements": [
                  {"type": "checkbox", "name": "a",
                   "choices": [{"value": 1, "text": "One"}, {"value": 2, "text": "Two"}]},
                  {"type": "checkbox", "name": "b", "choices": ["x"]},
                  {"type": "expression", "name": "shown", "expression": "displayValue('a')"},
                  {"type": "expression", "name": "none", "expression": "iif(displayValue('b') = '', 0, 1)"}]}
                """,
            answers: #"[["a", [1, 2]]]"#, sets: ["a 1, 2"],
            data: #"{"a": [1, 2], "shown": "One, Two", "none": 0}"#),
        Case(
            name: "a numeric choice beside the extra items is a number, the other text stays text",
            survey: """
                {"storeOthersAsComment": false, "elements": [
                  {"type": "dropdown", "name": "a", "choicesMin": 1, "choicesMax": 3, "showOtherItem": true},
                  {"type": "checkbox", "name": "b", "choices": [1, 2], "showNoneItem": true},
                  {"type": "radiogroup", "name": "c", "choices": [1, 2], "showOtherItem": true}]}
                """,
            answers: #"[["a", 2], ["b", [1, 2]], ["c", "42"]]"#,
            sets: ["a 2", "b 1, 2", "c other", "c_comment 42"],
            data: #"{"a": 2, "b": [1, 2], "c": "42"}"#),
        Case(
            name: "a value computed outside a number's bounds stays out of the data",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number"},
                  {"type": "text", "name": "q", "inputType": "number", "min": 1, "setValueIf": "{a} <= 4",
                   "setValueExpression": "{a}"},
                  {"type": "text", "name": "r", "inputType": "number", "minValueExpression": "{a} - 1",
                   "maxValueExpression": "5", "setValueExpression": "{a} * 2"},
                  {"type": "text", "name": "d", "inputType": "number", "min": 1, "defaultValueExpression": "{a}"}]}
                """,
            answers: #"[["a", 2], ["a", 0]]"#, sets: ["a 2", "a 0"], data: #"{"a": 0, "d": 2, "q": 2, "r": 0}"#),
        Case(
            name: "clearIfInvisible onComplete in a survey that keeps hidden answers",
            survey: """
                {"clearInvisibleValues": "none", "elements": [{"type": "text", "name": "a"},
                  {"type": "text", "name": "b", "visibleIf": "{a} = 1", "clearIfInvisible": "onComplete"},
                  {"type": "text", "name": "c", "visibleIf": "{a} = 1"},
                  {"type": "expression", "name": "e", "expression": "{a} + 1", "visibleIf": "{a} = 1",
                   "clearIfInvisible": "onComplete"}]}
                """,
            answers: #"[["a", "1"], ["b", "x"], ["c", "y"], ["a", "2"]]"#, sets: ["a 1", "b x", "c y", "a 2"],
            data: #"{"a": "2", "c": "y"}"#),
        Case(
            name: "a defaultValueExpression that reads questions is computed as the survey loads",
            survey: """
                {"elements": [{"type": "text", "name": "a", "inputType": "number", "defaultValue": 5},
                  {"type": "text", "name": "q", "inputType": "number", "defaultValueExpression": "{a} + 1"},
                  {"type": "text", "name": "b", "inputType": "number"},
                  {"type": "text", "name": "r", "inputType": "number", "defaultValue": 3,
                   "defaultValueExpression": "{b}"},
                  {"type": "expression", "name": "e", "expression": "1.8"},
                  {"type": "text", "name": "s", "inputType": "number", "defaultValue": 3,
                   "defaultValueExpression": "{e} * 0"}]}
                """,
            answers: #"[]"#, sets: [], data: #"{"a": 5, "q": 6, "r": 3, "e": 1.8, "s": 0}"#),
        Case(
            name: "a default longer than maxLength is kept, as survey-core limits only typing",
            survey: """
                {"elements": [{"type": "text", "name": "t", "maxLength": 3, "defaultValue": "hello"},
                  {"type": "text", "name": "u", "visibleIf": "{t} notempty"}]}
                """,
            answers: #"[["u", "x"]]"#, sets: ["u x"], data: #"{"t": "hello", "u": "x"}"#),
        commentsCase(
            "none",
            data: #"{"x": "2", "h": "a", "h-Comment": "hc", "c": ["other"], "c-Comment": "t2", "v": "other", "#
                + #""v-Comment": "vc", "w": "a", "q": "a"}"#),
        commentsCase("onComplete", data: #"{"x": "2", "q": "a"}"#),
        Case(
            name: "a boolean's true default is its valueTrue",
            survey: """
                {"elements": [{"type": "boolean", "name": "b", "valueTrue": "yes", "valueFalse": "no",
                   "defaultValue": true},
                  {"type": "boolean", "name": "c", "valueTrue": "yes", "valueFalse": "no", "defaultValue": "false"},
                  {"type": "text", "name": "t", "visibleIf": "{b} = 'yes'"}]}
                """,
            answers: #"[["t", "x"]]"#, sets: ["t x"], data: #"{"b": "yes", "c": "no", "t": "x"}"#),
        Case(
            name: "an other item beside a comment area: the other text is the value",
            survey: """
                {"elements": [{"type": "dropdown", "name": "q", "choices": ["a"], "showCommentArea": true,
                   "showOtherItem": true},
                  {"type": "text", "name": "t", "visibleIf": "{q} = 'xyz'"}]}
                """,
            answers: #"[["q", "xyz"], ["q-Comment", "cmt"], ["t", "seen"]]"#,
            sets: ["q other", "q_other xyz", "q_comment cmt", "t seen"],
            data: #"{"q": "xyz", "q-Comment": "cmt", "t": "seen"}"#),
        Case(
            name: "a ranking is completed with the choices it does not rank, a disabled one too",
            survey: """
                {"elements": [{"type": "text", "name": "t"},
                  {"type": "ranking", "name": "r", "choices": ["a", "b", "c", "d"],
                   "choicesEnableIf": "{item} != 'a' or {t} = 'x'"},
                  {"type": "ranking", "name": "s", "choices": ["a", "b", "c"], "choicesVisibleIf": "{item} != 'a'"}]}
                """,
            answers: #"[["r", ["c", "b"]], ["s", ["c"]]]"#, sets: ["r c, b", "s c"],
            data: #"{"r": ["c", "b", "a", "d"], "s": ["c", "b"]}"#),
        Case(
            name: "clearInvisibleValues onHidden clears an answer as its question is hidden",
            survey: """
                {"clearInvisibleValues": "onHidden", "elements": [{"type": "text", "name": "a"},
                  {"type": "text", "name": "b", "visibleIf": "{a} = 1"},
                  {"type": "panel", "name": "p", "visibleIf": "{a} = 1",
                   "elements": [{"type": "text", "name": "c"}]},
                  {"type": "text", "name": "d", "visibleIf": "{b} notempty"},
                  {"type": "text", "name": "e", "visibleIf": "{a} = 1"}]}
                """,
            answers:
                #"[["a", "1"], ["b", "x"], ["c", "y"], ["d", "z"], ["e", "w"], ["a", "2"], ["a", "1"], ["e", "v"]]"#,
            sets: ["a 1", "b x", "c y", "d z", "e w", "a 2", "a 1", "e v"],
            data: #"{"a": "1", "c": "y", "e": "v"}"#),
        Case(
            name: "propertyValue() reads a question's properties as survey-core sets them",
            survey: """
                {"elements": [
                  {"type": "text", "name": "q1", "title": "First {q2}", "inputType": "number",
                   "visibleIf": "{q2} = 1", "requiredIf": "{q2} = 2"},
                  {"type": "text", "name": "q2", "inputType": "number"},
                  {"type": "text", "name": "q3", "enableIf": "{q2} = 3", "min": 4},
                  {"type": "expression", "name": "e1", "expression": "propertyValue('q1', 'title')"},
                  {"type": "expression", "name": "e2", "expression": "propertyValue('q1', 'isVisible')"},
                  {"type": "expression", "name": "e3", "expression": "propertyValue('q1', 'isRequired')"},
                  {"type": "expression", "name": "e4", "expression": "propertyValue('q1', 'inputType')"},
                  {"type": "expression", "name": "e5", "expression": "propertyValue('q1', 'value')"},
                  {"type": "expression", "name": "e6", "expression": "propertyValue('q3', 'readOnly')"},
                  {"type": "expression", "name": "e7", "expression": "propertyValue('q2', 'title')"},
                  {"type": "expression", "name": "e8", "expression": "propertyValue('q3', 'min')"},
                  {"type": "expression", "name": "e9", "expression": "propertyValue('nope', 'title')"},
                  {"type": "text", "name": "t", "visibleIf": "propertyValue('q1', 'visible') = true"}]}
                """,
            answers: #"[["q2", 2], ["q1", 5], ["q2", 1], ["t", "x"]]"#, sets: ["q2 2", "q1 5", "q2 1", "t x"],
            data: #"{"q2": 1, "q1": 5, "e1": "First {q2}", "e2": true, "e3": false, "e4": "number", "e5": 5, "#
                + #""e6": true, "e7": "q2", "e8": 4, "t": "x"}"#),
        containerCase(
            "ready: hidden and read-only questions are skipped",
            answers: #"[["a", "x"], ["kids", [{"age": 4}]], ["c", 2]]"#, sets: ["a x", "kids[1].age 4", "c 2"],
            data: #"{"a": "x", "kids": [{"age": 4}], "c": 2, "r1": true, "r2": true, "r3": true, "r4": false}"#),
        containerCase(
            "not ready: a question of a hidden panel is still checked",
            answers: #"[["a", "hidepanel"], ["c", 9], ["kids", [{"age": 4}]]]"#,
            sets: ["a hidepanel", "c 9", "kids[1].age 4"],
            data: #"{"a": "hidepanel", "kids": [{"age": 4}], "r1": false, "r2": false, "r3": true, "r4": false}"#),
        containerCase(
            "not ready: a required question shown, an entry unanswered",
            answers: #"[["a", "show"]]"#, sets: ["a show"],
            data: #"{"a": "show", "kids": [{}], "r1": false, "r2": true, "r3": false, "r4": false}"#),
        Case(
            name: "isContainerReady() and propertyValue() of a name an answer gives",
            survey: """
                {"pages": [{"name": "p1", "elements": [{"type": "text", "name": "a", "isRequired": true},
                  {"type": "text", "name": "b", "visibleIf": "{a} = 'x'"}, {"type": "text", "name": "which"}]},
                  {"name": "p2", "elements": [
                    {"type": "expression", "name": "e", "expression": "isContainerReady({which})"},
                    {"type": "expression", "name": "f", "expression": "propertyValue({which}, 'visible')"}]}]}
                """,
            answers: #"[["a", "x"], ["which", "b"]]"#, sets: ["a x", "which b"],
            data: #"{"a": "x", "which": "b", "e": false, "f": true}"#),
        Case(
            name: "a ranking ranks the choices it offers",
            survey: """
                {"elements": [{"type": "text", "name": "t"},
                  {"type": "ranking", "name": "r", "choices": ["a", "b", "c"],
                   "choicesVisibleIf": "{item} != 'a' or {t} = 'x'"}]}
                """,
            answers: #"[["r", ["c", "b"]]]"#, sets: ["r c, b"], data: #"{"r": ["c", "b"]}"#),
    ]

    /// Comments of questions hidden at the end, and other texts no longer chosen, in a
    /// survey whose `clearInvisibleValues` is `mode`.
    static func commentsCase(_ mode: String, data: String) -> Case {
        Case(
            name: "comments of hidden questions, and other texts no longer chosen (\(mode))",
            survey: """
                {"clearInvisibleValues": "\(mode)", "elements": [{"type": "text", "name": "x"},
                  {"type": "dropdown", "name": "h", "choices": ["a", "b"], "showCommentArea": true,
                   "visibleIf": "{x} = 1"},
                  {"type": "checkbox", "name": "c", "choices": ["a", "b"], "showOtherItem": true,
                   "visibleIf": "{x} = 1"},
                  {"type": "dropdown", "name": "v", "choices": ["a", "b"], "showOtherItem": true,
                   "visibleIf": "{x} = 1"},
                  {"type": "dropdown", "name": "w", "choices": ["a", "b"], "showOtherItem": true,
                   "visibleIf": "{x} = 1"},
                  {"type": "dropdown", "name": "q", "choices": ["a", "b"], "showOtherItem": true}]}
                """,
            answers: #"[["x", "1"], ["h", "a"], ["h-Comment", "hc"], ["c", ["other"]], ["c-Comment", "t2"], "#
                + #"["v", "other"], ["v-Comment", "vc"], ["w", "other"], ["w-Comment", "wc"], ["w", "a"], "#
                + #"["q", "other"], ["q-Comment", "qc"], ["q", "a"], ["x", "2"]]"#,
            sets: [
                "x 1", "h a", "h_comment hc", "c other", "c_comment t2", "v other", "v_comment vc", "w other",
                "w_comment wc", "w a", "q other", "q_comment qc", "q a", "x 2",
            ],
            data: data)
    }

    /// The survey `isContainerReady()` is tried on: a page, a panel, a read-only and a
    /// hidden question, a dynamic panel, and a name of no container.
    static let containerSurvey = """
        {"pages": [{"name": "p1", "elements": [
          {"type": "text", "name": "a", "isRequired": true},
          {"type": "text", "name": "b", "isRequired": true, "visibleIf": "{a} = 'show'"},
          {"type": "panel", "name": "pn", "visibleIf": "{a} != 'hidepanel'", "elements": [
            {"type": "text", "name": "c", "inputType": "number",
             "validators": [{"type": "numeric", "maxValue": 5}]}]},
          {"type": "text", "name": "d", "isRequired": true, "readOnly": true},
          {"type": "paneldynamic", "name": "kids", "panelCount": 1, "templateElements": [
            {"type": "text", "name": "age", "inputType": "number", "isRequired": true}]}]},
          {"name": "p2", "elements": [
            {"type": "expression", "name": "r1", "expression": "isContainerReady('p1')"},
            {"type": "expression", "name": "r2", "expression": "isContainerReady('pn')"},
            {"type": "expression", "name": "r3", "expression": "isContainerReady('kids')"},
            {"type": "expression", "name": "r4", "expression": "isContainerReady('nope')"}]}]}
        """

    static func containerCase(_ name: String, answers: String, sets: [String], data: String) -> Case {
        Case(name: "isContainerReady(), " + name, survey: containerSurvey, answers: answers, sets: sets, data: data)
    }

    /// Runs `set` commands as the prompt takes them (`id text`; `id` alone clears it).
    static func run(_ sets: [String], in session: FormSession) throws {
        for set in sets {
            let parts = set.split(separator: " ", maxSplits: 1).map(String.init)
            try session.set(parts[0], text: parts.count > 1 ? parts[1] : "")
        }
    }

    @Test(arguments: cases)
    func theDataIsSurveyCores(_ test: Case) throws {
        let session = FormSession(definition: try SurveyJSReaderTests.load(test.survey))
        try Self.run(test.sets, in: session)
        let written = SurveyJSData.json(of: session, pretty: false)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary)
        #expect(data == (try JSONSerialization.jsonObject(with: Data(test.data.utf8)) as? NSDictionary))
        // The numbers are the same text as survey-core's, not only the same values.
        if test.name.hasPrefix("precision") { #expect(written.contains("0.3333333333333333,")) }
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(test.survey.utf8)),
            answers: try #require(try JSONSerialization.jsonObject(with: Data(test.answers.utf8)) as? [[Any]]))
        #expect(oracle["completedData"] as? NSDictionary == data)
    }

    @Test(arguments: [
        (1.0 / 3, "0.3333333333333333"), (1e21, "1e+21"), (1e20, "100000000000000000000"), (0.000001, "0.000001"),
        (1e-7, "1e-7"), (-2.5, "-2.5"), (123456789.125, "123456789.125"), (1.5e-10, "1.5e-10"), (0, "0"),
        (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (0.1 + 0.2, "0.30000000000000004"),
    ])
    func numbersAreWrittenAsJavaScriptWritesThem(number: Double, text: String) {
        #expect(JavaScriptNumber.text(number) == text)
    }

    @Test(arguments: [
        (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (1.005, 2, "1.00"), (2.5, 0, "3"), (0.1 + 0.2, 1, "0.3"),
        (1e21, 2, "1e+21"),
    ])
    func toFixedRoundsAsJavaScriptDoes(number: Double, decimals: Int, text: String) {
        #expect(NumbersInText.javaScriptFixed(number, decimals) == text)
    }

    /// A `requiredIf` decides over `isRequired`, as survey-core runs it.
    @Test(arguments: [("1", ["q"]), ("2", [])])
    func requiredIfDecidesOverIsRequired(answer: String, failing: [String]) throws {
        let survey = """
            {"elements": [{"type": "text", "name": "a"},
              {"type": "text", "name": "q", "isRequired": true, "requiredIf": "{a} = 1"}]}
            """
        let session = FormSession(definition: try SurveyJSReaderTests.load(survey))
        try session.set("a", text: answer)
        #expect(session.validate().map(\.field) == failing)
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(survey.utf8)), answers: [["a", answer]])
        let errors = (oracle["validation"] as? [String: Any])?["errors"] as? [[String: Any]] ?? []
        #expect(errors.compactMap { $0["path"] as? String } == failing)
    }

    /// A choice whose other text is its value (`storeOthersAsComment: false`, or an other
    /// item beside a comment area) shows its option's text in a title, and the other text
    /// for `other`.
    @Test(arguments: [
        (["q b"], #"[["q", "b"]]"#, "Saw Option b"), (["q other", "q_other xyz"], #"[["q", "xyz"]]"#, "Saw xyz"),
    ])
    func aChoiceWhoseOtherTextIsItsValueShowsItsLabel(sets: [String], answers: String, title: String) throws {
        let survey = """
            {"elements": [{"type": "radiogroup", "name": "q", "showCommentArea": true, "showOtherItem": true,
               "choices": [{"value": "a", "text": "Option a"}, {"value": "b", "text": "Option b"}]},
              {"type": "text", "name": "t", "title": "Saw {q}"}]}
            """
        let session = FormSession(definition: try SurveyJSReaderTests.load(survey))
        for set in sets {
            let parts = set.split(separator: " ", maxSplits: 1).map(String.init)
            try session.set(parts[0], text: parts[1])
        }
        #expect(try session.label(of: "t") == title)
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(survey.utf8)),
            answers: try #require(try JSONSerialization.jsonObject(with: Data(answers.utf8)) as? [[Any]]))
        let shown = (oracle["visible"] as? [[String: Any]] ?? []).first { $0["path"] as? String == "t" }
        #expect(shown?["title"] as? String == title)
    }

    @Test func anOtherTextInTheDataIsReadBackAsOtherAndItsText() throws {
        let session = FormSession(
            definition: try SurveyJSReaderTests.load(
                """
                {"storeOthersAsComment": false, "elements": [
                  {"type": "radiogroup", "name": "a", "choices": ["x"], "showOtherItem": true},
                  {"type": "checkbox", "name": "b", "choices": ["x"], "showOtherItem": true}]}
                """))
        try session.loadValues(bytes: Array(#"{"a": "zzz", "b": ["x", "qq"]}"#.utf8), isJSON: true)
        #expect(session.value(of: "a") == "other" && session.value(of: "a_comment") == "zzz")
        #expect(session.value(of: "b") == ["x", "other"] && session.value(of: "b_comment") == "qq")
        #expect(SurveyJSData.json(of: session, pretty: false) == #"{"a":"zzz","b":["x","qq"]}"#)
    }

    /// `keyName` (a later entry in error), a column's `isUnique` (every row that shares
    /// the value), `eachRowUnique`: the same rows in error as survey-core's.
    @Test func valuesThatMustDifferAcrossEntriesAndRows() throws {
        let survey = """
            {"elements": [{"type": "paneldynamic", "name": "p", "panelCount": 2, "keyName": "x",
               "templateElements": [{"type": "text", "name": "x"}]},
              {"type": "matrixdynamic", "name": "m", "rowCount": 0,
               "columns": [{"name": "c", "isUnique": true, "cellType": "text"}]},
              {"type": "matrixdropdown", "name": "d", "rows": ["r1", "r2"],
               "columns": [{"name": "c", "isUnique": true, "cellType": "text"}]},
              {"type": "matrix", "name": "q", "rows": ["r1", "r2", "r3"], "columns": ["a", "b"],
               "eachRowUnique": true}]}
            """
        let session = FormSession(definition: try SurveyJSReaderTests.load(survey))
        for _ in 1...3 { _ = try session.addEntry("m") }
        for (path, text) in [
            ("p[1].x", "1"), ("p[2].x", "1"), ("m[1].m_c", "k"), ("m[2].m_c", "k"), ("m[3].m_c", "j"),
            ("d_r1_c", "k"), ("d_r2_c", "k"), ("q_r1", "a"), ("q_r2", "a"), ("q_r3", "b"),
        ] {
            try session.set(path, text: text)
        }
        let failing = session.errors().map(\.field)
        #expect(failing == ["p[2].x", "m[1].m_c", "m[2].m_c", "d_r1_c", "d_r2_c", "q_r1", "q_r2"])
        guard SurveyJSOracle.unavailable == nil else { return }
        let answers: [[Any]] = [
            ["p", [["x": "1"], ["x": "1"]]], ["m", [["c": "k"], ["c": "k"], ["c": "j"]]],
            ["d", ["r1": ["c": "k"], "r2": ["c": "k"]]], ["q", ["r1": "a", "r2": "a", "r3": "b"]],
        ]
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(survey.utf8)), answers: answers)
        let errors = (oracle["validation"] as? [String: Any])?["errors"] as? [[String: Any]] ?? []
        // survey-core names entries from 0 and a matrix's rows by their question.
        #expect(
            errors.compactMap { $0["path"] as? String } == ["p[1].x", "m[0].c", "m[1].c", "d[r1].c", "d[r2].c", "q"])
    }

    /// A choice with `isExclusive`, and survey-core's none, refuse and don't know items,
    /// are chosen alone, as clicking them in survey-core leaves them alone (the
    /// sequence below is survey-core's `clickItemHandler`'s).
    @Test func exclusiveChoicesAreChosenAlone() throws {
        let session = FormSession(
            definition: try SurveyJSReaderTests.load(
                """
                {"elements": [{"type": "checkbox", "name": "b",
                   "choices": ["x", "y", {"value": "z", "isExclusive": true}],
                   "showNoneItem": true, "showRefuseItem": true, "showOtherItem": true}]}
                """))
        var values: [Value] = []
        for option in ["x", "y", "z", "x", "none", "y", "refused", "other", "y"] {
            try session.toggle("b", option: option)
            values.append(session.value(of: "b"))
        }
        #expect(
            values == [
                ["x"], ["x", "y"], ["z"], ["x"], ["none"], ["y"], ["refused"], ["other"], ["y", "other"],
            ])
    }

    /// Masks: what is typed in its masked form is held as survey-core's mask holds it
    /// (`getUnmaskedValue`), a number for a numeric or currency mask.
    @Test func maskedInputIsHeldAsSurveyCoreHoldsIt() throws {
        let survey = """
            {"elements": [
              {"type": "text", "name": "p", "maskType": "pattern", "maskSettings": {"pattern": "+1(999)999-99-99"}},
              {"type": "text", "name": "a", "maskType": "pattern", "maskSettings": {"pattern": "aa-999"}},
              {"type": "text", "name": "k", "maskType": "pattern",
               "maskSettings": {"pattern": "aa-999", "saveMaskedValue": true}},
              {"type": "text", "name": "n", "maskType": "numeric", "maskSettings": {"precision": 1}},
              {"type": "text", "name": "c", "maskType": "currency", "maskSettings": {"prefix": "$ "}},
              {"type": "text", "name": "d", "maskType": "datetime", "maskSettings": {"pattern": "mm/dd/yyyy"}},
              {"type": "expression", "name": "e", "expression": "{n} + {c}"}]}
            """
        let typed = [
            ("p", "+1(555)123-45-67"), ("a", "AB-123"), ("k", "AB-123"), ("n", "1,234.5"), ("c", "$ 12.34"),
            ("d", "01/31/2024"),
        ]
        let session = FormSession(definition: try SurveyJSReaderTests.load(survey))
        for (name, text) in typed { try session.set(name, text: text) }
        let written = SurveyJSData.json(of: session, pretty: false)
        #expect(
            written
                == #"{"p":"15551234567","a":"AB123","k":"AB-123","n":1234.5,"c":12.34,"d":"2024-01-31","e":1246.84}"#)
        guard SurveyJSOracle.unavailable == nil else { return }
        let library = ["build", "dist"].map { SurveyJSOracle.folder.appendingPathComponent("\($0)/survey-core.cjs") }
            .first { FileManager.default.fileExists(atPath: $0.path) }!
        let script = """
            const S = require(process.argv[1]); const survey = new S.SurveyModel(JSON.parse(process.argv[2]));
            const typed = JSON.parse(process.argv[3]); const values = {};
            for (const [name, text] of typed) {
              const q = survey.getQuestionByName(name); const m = q.maskInstance;
              values[name] = q.maskSettings.saveMaskedValue ? m.getMaskedValue(m.getUnmaskedValue(text))
                : m.getUnmaskedValue(text);
            }
            console.log(JSON.stringify(values));
            """
        let output = try SurveyJSOracle.run([
            "-e", script, library.path, survey,
            String(decoding: try JSONSerialization.data(withJSONObject: typed.map { [$0.0, $0.1] }), as: UTF8.self),
        ])
        let theirs = try #require(try JSONSerialization.jsonObject(with: output) as? NSDictionary)
        let ours = try #require(
            try JSONSerialization.jsonObject(with: Data(written.utf8), options: .mutableContainers)
                as? NSMutableDictionary)
        ours.removeObject(forKey: "e")
        #expect(theirs == ours)
    }

    @Test func entriesThatCannotBeAddedOrRemoved() throws {
        let form = try SurveyJSReaderTests.load(
            """
            {"elements": [{"type": "paneldynamic", "name": "p", "panelCount": 2, "allowAddPanel": false,
               "allowRemovePanel": false, "addPanelText": "Add one",
               "templateElements": [{"type": "text", "name": "x"}]},
              {"type": "matrixdynamic", "name": "m", "allowAddRows": false, "rowCount": 3,
               "columns": [{"name": "c"}], "choices": [1]}]}
            """)
        let panels = try #require(form.repeatGroup("p"))
        #expect(panels.minimum == 2 && panels.maximum == 2 && panels.addLabel == "Add one")
        #expect(form.repeatGroup("m")?.maximum == 3)
    }
}
