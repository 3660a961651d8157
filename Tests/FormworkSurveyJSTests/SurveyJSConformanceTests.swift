import Foundation
import Testing

@testable import Formwork
@testable import FormworkSurveyJS

/// The expression translation judged by survey-core: each vector is a SurveyJS
/// expression, where it is (`SurveyJSFixture.Place`) and, for each set of answers
/// (`SurveyJSFixture.Scenario`), the value survey-core's `ExpressionRunner` gives —
/// recorded from the oracle (`../shared/oracles/surveyjs`, as `run.js expr` runs it)
/// and re-checked live where it runs. The translation, evaluated in a Formwork
/// session of the same questions with the same answers, must give the same, except
/// where a vector says why it differs (then it must give `formwork`, and a vector
/// whose difference is gone fails, so the list stays true).
///
/// A condition is compared as the place it is written reads survey-core's value
/// (`SurveyJSCondition`): exactly `true`, `== true`, or not `false`. A value is
/// compared as JSON, where (`sameValue`) Formwork's `null` is also survey-core's `''`
/// and `NaN` (Formwork has no empty text and no NaN: both are no value), a text that
/// reads as a number is that number (survey-core reads a question's `'5'` as `5`), and
/// a date is also the text survey-core keeps for a date question (`'2024-02-29'`,
/// `'2024-02-29T13:45'`). `displayValue()` and `isDisplayMode()` need a survey, so the
/// fixtures (`SurveyJSFixtureTests`) check them against a filled survey. In an entry (`{panel.x}`, `{row.x}`),
/// survey-core is given the entry's answers as `panel` (or `row`) and its index as
/// `panelIndex` (from 0) or `rowIndex` (from 1), as its dynamic panels and matrices do.
@Suite("SurveyJS expressions against survey-core", .serialized)
struct SurveyJSConformanceTests {
    typealias Place = SurveyJSFixture.Place
    typealias Scenario = SurveyJSFixture.Scenario

    struct Vector: CustomTestStringConvertible, Sendable {
        let expression: String
        let use: ExpressionUse
        let place: Place
        let rule: SurveyJSCondition
        /// survey-core's value for each scenario, as JSON, as recorded from the oracle;
        /// empty where survey-core cannot parse the expression.
        let surveyJS: [Scenario: String]
        /// Where Formwork differs on purpose: its result, and why.
        var formwork: [Scenario: String] = [:]
        var differs: String? = nil
        /// Where the translator refuses the expression on purpose: words of its message.
        var unsupported: String? = nil

        var isSyntaxError: Bool { surveyJS.isEmpty }
        var testDescription: String {
            "\(expression) [\(use == .value ? "value, " : "")\(place.rawValue)\(rule == .isTrue ? "" : ", \(rule)")]"
        }

        /// This vector, where Formwork gives `results` instead, because `why`.
        func differs(_ why: String, _ results: [Scenario: String]) -> Vector {
            var vector = self
            vector.differs = why
            vector.formwork = results
            return vector
        }

        /// This vector, which Formwork refuses with a message holding `words`.
        func unsupported(_ words: String) -> Vector {
            var vector = self
            vector.unsupported = words
            return vector
        }
    }

    static func c(
        _ expression: String, at place: Place = .survey, rule: SurveyJSCondition = .isTrue,
        _ results: [Scenario: String]
    ) -> Vector {
        Vector(expression: expression, use: .condition, place: place, rule: rule, surveyJS: results)
    }

    static func v(_ expression: String, at place: Place = .survey, _ results: [Scenario: String]) -> Vector {
        Vector(expression: expression, use: .value, place: place, rule: .isTrue, surveyJS: results)
    }

    /// An expression survey-core cannot parse: Formwork refuses it as a syntax error.
    static func syntax(_ expression: String) -> Vector {
        Vector(expression: expression, use: .value, place: .survey, rule: .isTrue, surveyJS: [:])
    }

    // MARK: Formwork

    /// A Formwork value as survey-core's would be written by the oracle's driver.
    static func json(_ value: Value) -> String {
        func quoted(_ text: String) -> String { SurveyJSFixture.yamlString(text) }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        case .string(let text): return quoted(text)
        case .date(let date): return quoted("date:\(date)")
        case .dateTime(let moment): return quoted("datetime:\(moment)")
        case .time(let time): return quoted("\(time)")
        case .list(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
        default: return quoted("\(value)")
        }
    }

    /// Whether Formwork's value (`json(_:)`) is survey-core's (as recorded).
    static func sameValue(_ formwork: String, _ surveyJS: String) -> Bool {
        if formwork == surveyJS { return true }
        if ["true", "false"].contains(surveyJS) { return false }
        if formwork == "null" { return ["\"\"", "\"number:NaN\""].contains(surveyJS) }
        let parse = { (text: String) in
            try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
        func same(_ ours: Any?, _ theirs: Any?) -> Bool {
            switch (ours, theirs) {
            case (let a as [Any], let b as [Any]): return a.count == b.count && zip(a, b).allSatisfy(same)
            case (let text as String, let number as NSNumber):
                return Double(text) == number.doubleValue
            case (let text as String, let other as String):
                if text == other { return true }
                // A date (`date:…`) or date and time (`datetime:…T…:00`) is its text.
                let plain = text.drop { $0 != ":" }.dropFirst()
                return text.hasPrefix("date") && (plain == other || plain == other + ":00")
            case (let a as NSObject, let b as NSObject): return a.isEqual(b)
            default: return false
            }
        }
        return same(parse(formwork), parse(surveyJS))
    }

    /// What a condition written at a place with `rule` makes of survey-core's value.
    static func holds(_ recorded: String, _ rule: SurveyJSCondition) -> Bool {
        switch rule {
        case .isTrue: return recorded == "true"
        case .isNotFalse: return recorded != "false"
        case .isLooselyTrue:
            // JavaScript's `value == true`: the value as a number is 1.
            let value = try? JSONSerialization.jsonObject(with: Data(recorded.utf8), options: [.fragmentsAllowed])
            func number(_ value: Any?) -> Double? {
                switch value {
                case let text as String:
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    return trimmed.isEmpty ? 0 : Double(trimmed)
                case let list as [Any]: return list.count == 1 ? number(list[0]) : (list.isEmpty ? 0 : nil)
                case let number as NSNumber: return number.doubleValue
                default: return nil
                }
            }
            return recorded == "true" || (recorded != "false" && number(value) == 1)
        }
    }

    /// The translation, evaluated in the form with the scenario's answers, as JSON.
    static func formwork(_ translation: TranslatedExpression, _ vector: Vector, _ scenario: Scenario) throws -> String {
        let session = try SurveyJSFixture.session(probe: translation.text, at: vector.place, scenario)
        return json(session.value(of: vector.place.probe))
    }

    /// What Formwork must give: survey-core's value as the vector's use reads it.
    static func expected(_ vector: Vector, _ scenario: Scenario) -> String? {
        guard let recorded = vector.surveyJS[scenario] else { return nil }
        if let own = vector.formwork[scenario] { return own }
        guard vector.use == .condition else { return recorded == "\"\"" ? "null" : recorded }
        return holds(recorded, vector.rule) ? "true" : "false"
    }

    @Test(arguments: vectors)
    func formworkComputesWhatSurveyCoreComputes(_ vector: Vector) throws {
        let context = SurveyJSFixture.context(vector.place, condition: vector.rule)
        let translation: TranslatedExpression
        do {
            translation = try SurveyJSTranslator.translate(vector.expression, as: vector.use, in: context)
        } catch {
            if vector.isSyntaxError {
                #expect(error.reason == .syntax, "\(vector.expression): \(error.message)")
            } else if let words = vector.unsupported {
                #expect(error.reason == .unsupported && error.message.contains(words), "\(error.message)")
            } else {
                Issue.record("\(vector.expression): \(error.message)")
            }
            return
        }
        #expect(!vector.isSyntaxError, "\(vector.expression): survey-core cannot parse it; Formwork translates it")
        #expect(vector.unsupported == nil, "\(vector.expression) is translated now: \(translation.text)")
        for scenario in Scenario.allCases {
            guard let wanted = Self.expected(vector, scenario) else { continue }
            let actual = try Self.formwork(translation, vector, scenario)
            #expect(
                Self.sameValue(actual, wanted),
                "\(vector.expression) [\(scenario)] as \(translation.text): Formwork gives \(actual)")
            if vector.formwork[scenario] != nil {
                let theirs = Self.expected(
                    Vector(
                        expression: vector.expression, use: vector.use, place: vector.place, rule: vector.rule,
                        surveyJS: vector.surveyJS), scenario)
                #expect(
                    !Self.sameValue(actual, theirs ?? ""),
                    "\(vector.expression) [\(scenario)]: no longer differs; remove the note")
            }
        }
    }

    @Test func thereAreEnoughVectors() {
        let checks = Self.vectors.map(\.surveyJS.count).reduce(0, +)
        #expect(Self.vectors.count >= 250 && checks >= 700)
        #expect(Set(Self.vectors.map(\.testDescription)).count == Self.vectors.count, "a vector is listed twice")
    }

    // MARK: survey-core, live

    /// The recorded values are survey-core's: re-checked with the oracle, in one node
    /// process. Skipped, saying why, where the oracle cannot run.
    @Test func recordedResultsAreSurveyCores() throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        var items: [(String, [String: Any])] = []
        var checks: [(Vector, Scenario?)] = []
        for vector in Self.vectors {
            let scenarios: [Scenario] = vector.isSyntaxError ? [.unanswered] : Array(vector.surveyJS.keys)
            for scenario in scenarios.sorted(by: { $0.rawValue < $1.rawValue }) {
                items.append((vector.expression, try Self.oracleValues(vector.place, scenario)))
                checks.append((vector, vector.isSyntaxError ? nil : scenario))
            }
        }
        let results = try SurveyJSOracle.evaluate(items)
        try #require(results.count == checks.count)
        for ((vector, scenario), result) in zip(checks, results) {
            let given = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: result, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
            let recorded = scenario.map { vector.surveyJS[$0]! } ?? "\"cannot parse\""
            #expect(
                Self.sameJSON(given, recorded),
                "\(vector.testDescription) [\(scenario?.rawValue ?? "parse")]: survey-core gives \(given)")
        }
    }

    /// The answers survey-core evaluates an expression at `place` with.
    static func oracleValues(_ place: Place, _ scenario: Scenario) throws -> [String: Any] {
        var values = try scenario.values
        let entries = values["rep"] as? [[String: Any]] ?? []
        switch place {
        case .survey: break
        case .panel:
            values["panel"] = entries.count > 1 ? entries[1] : [:]
            values["panelIndex"] = 1
        case .row:
            values["row"] = entries.count > 1 ? entries[1] : [:]
            values["rowIndex"] = 2
        }
        return values
    }

    /// Two JSON texts of the same value.
    static func sameJSON(_ a: String, _ b: String) -> Bool {
        let parse = { (text: String) in
            try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
        guard let x = parse(a), let y = parse(b) else { return a == b }
        return (x as? NSObject)?.isEqual(y) ?? false
    }
}
