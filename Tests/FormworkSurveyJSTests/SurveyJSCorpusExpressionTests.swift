import Foundation
import Testing

@testable import FormworkSurveyJS

/// Every expression of every corpus survey (`../shared/corpus/surveyjs`) — conditions,
/// expression questions, calculated values, validators, triggers, value rules — is
/// read by Formwork's parser exactly where survey-core's parser reads it: none is
/// refused that survey-core runs, and where survey-core cannot parse one, Formwork
/// says so too (checked live with the oracle where it runs).
@Suite("SurveyJS expressions of the corpus")
struct SurveyJSCorpusExpressionTests {
    /// The properties that hold an expression (a trigger's and a validator's is
    /// `expression`, as is an expression question's and a calculated value's).
    static let properties: Set<String> = [
        "visibleIf", "enableIf", "requiredIf", "expression", "setValueIf", "setValueExpression", "resetValueIf",
        "defaultValueExpression", "choicesVisibleIf", "choicesEnableIf", "minValueExpression", "maxValueExpression",
        "rowsVisibleIf", "columnsVisibleIf", "completedHtmlOnCondition",
    ]

    /// Every distinct expression of the corpus, with the survey it is in.
    static func expressions() -> [(survey: String, expression: String)] {
        var found: [(String, String)] = []
        var seen = Set<String>()
        for name in SurveyJSCorpusTests.names() {
            guard let data = try? Data(contentsOf: SurveyJSCorpusTests.folder.appendingPathComponent(name)),
                let survey = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            func visit(_ node: Any) {
                if let object = node as? [String: Any] {
                    for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                        if properties.contains(key), let text = value as? String,
                            !text.trimmingCharacters(in: .whitespaces).isEmpty, seen.insert(text).inserted
                        {
                            found.append((name, text))
                        }
                        visit(value)
                    }
                } else if let list = node as? [Any] {
                    list.forEach(visit)
                }
            }
            visit(survey)
        }
        return found
    }

    @Test func formworkParsesWhatSurveyCoreParses() throws {
        let expressions = Self.expressions()
        guard !expressions.isEmpty else { return }
        #expect(expressions.count >= 200)
        var refused: [String] = []
        for (survey, expression) in expressions {
            do {
                _ = try SurveyJSParser.parse(expression)
            } catch {
                refused.append(expression)
                #expect(error.reason == .syntax, "\(survey): \(expression): \(error.message)")
            }
        }
        if let reason = SurveyJSOracle.unavailable {
            print("skipped the comparison with survey-core: \(reason)")
            #expect(refused.isEmpty, "Formwork cannot parse: \(refused)")
            return
        }
        let results = try SurveyJSOracle.evaluate(expressions.map { ($0.expression, [:]) })
        let unparsed = zip(expressions, results).filter { ($0.1 as? String) == "cannot parse" }.map(\.0.expression)
        #expect(refused.sorted() == unparsed.sorted())
    }
}
