import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// What a browser does with a pointer or a network, done at a terminal with the data
/// survey-core would hold: a range slider's two numbers, choices from a URL typed,
/// `getComment()` and `substring()` computed, a dynamic panel with no questions — each
/// filled the same way in Formwork and in survey-core, and the data compared.
@Suite("SurveyJS: terminal equivalents, against survey-core")
struct SurveyJSEquivalentsTests {
    static let survey = """
        {"pages": [{"name": "p", "elements": [
          {"type": "slider", "name": "span", "sliderType": "range", "min": 10, "max": 50, "minRangeLength": 5},
          {"type": "expression", "name": "width", "expression": "{span[1]} - {span[0]}"},
          {"type": "expression", "name": "ends", "expression": "{span.length}"},
          {"type": "dropdown", "name": "city", "choicesByUrl": {"url": "https://example.org/cities"}},
          {"type": "text", "name": "shown", "visibleIf": "{city} notempty"},
          {"type": "radiogroup", "name": "pet", "choices": ["cat", "dog"], "showOtherItem": true},
          {"type": "text", "name": "word"},
          {"type": "expression", "name": "said", "expression": "getComment('pet') + '|' + substring({word}, 4, 1)"},
          {"type": "expression", "name": "tail", "expression": "substring({word}, -3)"},
          {"type": "paneldynamic", "name": "blank", "panelCount": 2},
          {"type": "expression", "name": "blanks", "expression": "{blank.length}"}
        ]}]}
        """

    /// Each fill: the answers as Formwork is given them (field id, text), and as
    /// survey-core is (name, value as JSON).
    static let fills: [[(id: String, text: String, name: String, json: String)]] = [
        [
            ("span", "20, 40", "span", "[20, 40]"), ("city", "Lyon", "city", #""Lyon""#),
            ("pet", "other", "pet", #""other""#), ("pet_comment", "a ferret", "pet-Comment", #""a ferret""#),
            ("word", "abcdef", "word", #""abcdef""#),
        ],
        [("pet", "cat", "pet", #""cat""#), ("word", "héllo wörld", "word", #""héllo wörld""#)],
        [("span", "10, 50", "span", "[10, 50]")],
    ]

    @Test(arguments: 0..<3)
    func theDataIsSurveyCores(fill: Int) throws {
        let session = FormSession(definition: try SurveyJSReaderTests.load(Self.survey))
        for answer in Self.fills[fill] { try session.set(answer.id, text: answer.text) }
        let json = SurveyJSData.json(of: session, pretty: false)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
        #expect(data["blank"] as? [NSDictionary] == [[:], [:]])
        guard SurveyJSOracle.unavailable == nil else { return }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(Self.survey.utf8)),
            answers: try Self.fills[fill].map {
                [$0.name, try JSONSerialization.jsonObject(with: Data($0.json.utf8), options: .fragmentsAllowed)]
            })
        #expect(oracle["data"] as? NSDictionary == data)
    }

    @Test func aRangeIsCheckedAgainstItsBounds() throws {
        let session = FormSession(definition: try SurveyJSReaderTests.load(Self.survey))
        for (text, valid) in [("20, 40", true), ("40, 20", false), ("5, 20", false), ("20, 22", false), ("x", false)] {
            try session.set("span", text: text)
            #expect(!session.errors().contains { $0.field == "span" } == valid, "\(text)")
        }
        #expect(session.definition.field("city")?.kind == .text)
    }

    @Test func eachEquivalentIsSaidInAWarning() throws {
        let (_, problems) = try SurveyJSReaderTests.read(Self.survey)
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(
            problems.map(\.message) == [
                "the range slider 'span' is answered as two numbers from 10 to 50, typed as 'low, high' (a range "
                    + "slider is dragged with a pointer)",
                "the choices of 'city' are loaded from a URL (choicesByUrl), which Formwork does not fetch: its "
                    + "value is typed, and any value is taken, as survey-core takes it while the choices are not "
                    + "loaded",
            ])
    }
}
