import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// `setValueIf`, `setValueExpression` and `resetValueIf` as `recalculate` rules,
/// triggered as survey-core's `canExecuteTriggerByKeys` triggers them.
@Suite("SurveyJS value rules")
struct SurveyJSValueRuleTests {
    @Test(arguments: [
        ("0", true), ("'a' + 'b'", true), ("today()", true), ("iif(1, 2, 3)", true), ("{a} + today()", true),
        ("{a}", false), ("{a} * 2", false), ("iif({a} > 1, today(), 0)", false), ("age({birth})", false),
    ])
    func anExpressionRunsOnEveryChangeWhenItReadsNoQuestionOrCallsAFunctionOfNone(
        _ expression: String, _ every: Bool
    ) {
        #expect(SurveyJSTranslator.runsOnEveryChange(expression) == every, "\(expression)")
    }

    static let survey = """
        { "elements": [
          { "type": "radiogroup", "name": "drink", "choices": ["water", "beer"] },
          { "type": "text", "name": "units", "inputType": "number",
            "setValueIf": "{drink} = 'water'", "setValueExpression": "0", "resetValueIf": "{drink} empty" },
          { "type": "text", "name": "note" }
        ] }
        """

    @Test func eachPropertyIsARuleOfItsOwnTriggeredAsSurveyCoreTriggersIt() throws {
        let definition = try SurveyJSReaderTests.load(Self.survey)
        let rules = try #require(SurveyJSReaderTests.field(definition, "units").trigger?.rules)
        #expect(rules.map(\.onEveryChange) == [true, false])  // the set (a constant value), then the reset
        let drink = try SurveyJSReaderTests.field(definition, "drink")
        #expect(rules[1].fields == [drink.index])
        let session = FormSession(definition: definition)
        try session.set("drink", text: "water")
        #expect(session.value(of: "units") == 0)
        try session.set("units", to: 52)
        try session.set("note", text: "x")  // survey-core sets units again on this change
        #expect(session.value(of: "units") == 0)
        try session.clear("drink")
        #expect(session.value(of: "units") == .null)
        try session.set("units", to: 4)
        try session.set("note", text: "y")  // the reset reads only drink
        #expect(session.value(of: "units") == 4)
    }

    @Test func aRuleReadingADynamicPanelRunsOnEveryChangeAndAtTheStart() throws {
        let definition = try SurveyJSReaderTests.load(
            """
            { "elements": [
              { "type": "paneldynamic", "name": "items", "panelCount": 1,
                "templateElements": [ { "type": "text", "name": "n", "inputType": "number" } ] },
              { "type": "text", "name": "total", "inputType": "number",
                "setValueExpression": "sumInArray({items}, 'n') + 1" }
            ] }
            """)
        let rules = try #require(SurveyJSReaderTests.field(definition, "total").trigger?.rules)
        #expect(rules.map(\.onEveryChange) == [true])
        let session = FormSession(definition: definition)
        #expect(session.value(of: "total") == 1)  // survey-core runs it as the panel is created
        let entry = try #require(try session.entries(of: "items").first)
        try session.set("\(entry).n", to: 4)
        #expect(session.value(of: "total") == 5)
    }
}
