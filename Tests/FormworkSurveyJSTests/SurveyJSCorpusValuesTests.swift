import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Every distinct expression of the corpus's surveys at the survey's level
/// (`visibleIf`, `requiredIf`, `enableIf`, expression questions, calculated values,
/// triggers), evaluated by both engines over random answers to the questions it
/// reads — unanswered, numbers, numbers written as text, texts with spaces and
/// accents, each choice, several choices, dates. Formwork evaluates the translation
/// in a session of the imported survey given the answers (as SurveyJS data);
/// survey-core runs the expression over the same answers and the values Formwork
/// computed for the expression questions it reads. A disagreement prints the
/// expression, the answers and both results. Skipped, saying why, where the oracle
/// is absent.
///
/// Answers of questions hidden at the time are read too: survey-core keeps them until
/// the survey is completed, and an imported survey does the same (`hiddenAnswers:
/// kept`), which this test found.
@Suite("SurveyJS corpus expressions over random answers", .serialized)
struct SurveyJSCorpusValuesTests {
    static let samples = ConformanceReport.count(quick: 8, full: 32, override: "SURVEYJS_VALUE_SAMPLES")

    /// A deterministic generator (a linear congruential one), so a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    /// A random answer to a question, as SurveyJS data holds it (`NSNull`: none).
    static func answer(_ symbol: SurveyJSSymbol, boolean: Bool, _ generator: inout Generator) -> Any {
        guard generator.next(5) != 0 else { return NSNull() }
        func option(_ text: String) -> Any {
            if boolean { return text == "true" }
            if symbol.numericOptions, let number = Double(text) { return number }
            return text
        }
        switch symbol.kind {
        case .number: return generator.pick([0, -2, 3, 7.5, 18, 120] as [Double])
        case .text: return generator.pick(["abc", "5", " Yes ", "yes", "Ünïcode", "0", "2024-02-29"])
        case .choice: return symbol.options.isEmpty ? NSNull() : option(generator.pick(symbol.options))
        case .multichoice:
            let chosen = symbol.options.filter { _ in generator.next(3) == 0 }
            return chosen.map(option)
        case .date: return generator.pick(["2024-02-29", "2025-01-15", "1990-06-01"])
        case .dateTime: return generator.pick(["2024-02-29T13:45", "2025-01-15T00:00"])
        case .time: return generator.pick(["14:30", "00:00"])
        case .bool: return generator.pick([true, false])
        case .entries: return NSNull()
        }
    }

    struct Item {
        let expression: String
        let use: ExpressionUse
        let rule: SurveyJSCondition
    }

    /// The survey-level expressions of a survey (not a dynamic panel's or a matrix's).
    static func expressions(_ survey: Any) -> [Item] {
        var items: [Item] = []
        var seen = Set<String>()
        func add(_ text: Any?, _ use: ExpressionUse, _ rule: SurveyJSCondition = .isTrue) {
            guard let text = text as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                !text.contains("{item}"), !text.lowercased().contains("{panel."), !text.lowercased().contains("{row."),
                seen.insert("\(use) \(rule) \(text)").inserted
            else { return }
            items.append(Item(expression: text, use: use, rule: rule))
        }
        func visit(_ node: Any) {
            guard let object = node as? [String: Any] else {
                (node as? [Any])?.forEach(visit)
                return
            }
            add(object["visibleIf"], .condition)
            add(object["requiredIf"], .condition)
            add(object["enableIf"], .condition, .isNotFalse)
            if object["type"] as? String == "expression" { add(object["expression"], .value) }
            for key in ["elements", "questions", "pages"] { (object[key] as? [Any])?.forEach(visit) }
        }
        visit(survey)
        let root = survey as? [String: Any] ?? [:]
        for value in root["calculatedValues"] as? [[String: Any]] ?? [] { add(value["expression"], .value) }
        for trigger in root["triggers"] as? [[String: Any]] ?? [] { add(trigger["expression"], .condition) }
        return items
    }

    @Test(arguments: SurveyJSCorpusTests.names())
    func bothEnginesGiveTheSame(_ name: String) throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let url = SurveyJSCorpusTests.folder.appendingPathComponent(name)
        let bytes = try [UInt8](Data(contentsOf: url))
        let root = try DefinitionDocument.placedJSON(bytes, path: name)
        var reader = SurveyJSReader(survey: SurveyJSElement(root), fileName: name, skipUnsupported: true)
        let document = reader.document()
        let form = try FormDefinition(document: document, path: name, formats: .surveyJS)
        let session = try FormSession(definition: form, today: SurveyJSFixture.today, now: SurveyJSFixture.now)
        var generator = Generator(state: UInt64(name.utf8.count) &* 7_919)
        var oracleItems: [(String, [String: Any])] = []
        var cases: [(item: Item, answers: String, formwork: String, readsHidden: Bool)] = []
        for item in Self.expressions(try JSONSerialization.jsonObject(with: Data(bytes))) {
            guard let names = try? SurveyJSTranslator.names(in: item.expression),
                names.allSatisfy({ !$0.contains(".") && !$0.contains("[") }),
                let translation = try? SurveyJSTranslator.translate(
                    item.expression, as: item.use, in: reader.context(repeats: [], rule: item.rule)),
                let compiled = try? CompiledExpression(translation.text, environment: form.environment)
            else { continue }
            let symbols = names.compactMap { reader.symbols[$0] ?? reader.symbols[$0.lowercased()] }
            guard symbols.count == names.count, !symbols.contains(where: { $0.kind == .entries }) else { continue }
            for _ in 0..<Self.samples {
                var answers: [String: Any] = [:]
                for (name, symbol) in zip(names, symbols)
                where form.fields.contains(where: { $0.id == symbol.id })
                    && ![.computed, .calculate].contains(form.fields.first { $0.id == symbol.id }!.kind)
                {
                    answers[name] = Self.answer(
                        symbol, boolean: reader.valueTypes[symbol.id] == "boolean", &generator)
                }
                let data = try JSONSerialization.data(withJSONObject: answers, options: [.sortedKeys])
                guard (try? session.loadValues(bytes: Array(data), isJSON: true)) != nil else { continue }
                let formwork = SurveyJSConformanceTests.json(session.evaluate(compiled))
                // survey-core reads the answers, and what Formwork computed of the rest.
                var values =
                    try JSONSerialization.jsonObject(
                        with: Data(SurveyJSData.json(of: session, pretty: false).utf8)) as? [String: Any] ?? [:]
                for (key, value) in answers { values[key] = value is NSNull ? nil : value }
                oracleItems.append((item.expression, values))
                let readsHidden = symbols.contains { !session.isVisible($0.id) }
                cases.append((item, String(decoding: data, as: UTF8.self), formwork, readsHidden))
            }
        }
        guard !oracleItems.isEmpty else { return }
        let results = try SurveyJSOracle.evaluate(oracleItems)
        try #require(results.count == cases.count)
        var disagreements = 0
        for (entry, result) in zip(cases, results) {
            let recorded = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: result, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
            let wanted: String
            if entry.item.use == .condition {
                wanted = SurveyJSConformanceTests.holds(recorded, entry.item.rule) ? "true" : "false"
            } else {
                wanted = recorded == "\"\"" ? "null" : recorded
            }
            let same =
                entry.item.use == .condition
                ? entry.formwork == wanted : SurveyJSConformanceTests.sameValue(entry.formwork, wanted)
            ConformanceReport.record(
                format: "SurveyJS", set: "corpus expressions", form: name,
                walk: "\(entry.item.expression) with \(entry.answers)", aspects: ["values": same])
            if !same {
                disagreements += 1
                let message =
                    "\(name): \(entry.item.expression) [\(entry.item.rule)] with \(entry.answers): "
                    + "Formwork gives \(entry.formwork), survey-core \(recorded)"
                Issue.record(Comment(rawValue: message))
            }
        }
        let expressions = Set(cases.map(\.item.expression)).count
        let hidden = cases.filter(\.readsHidden).count
        print(
            "\(name): \(cases.count) evaluations of \(expressions) expressions (\(hidden) reading a hidden "
                + "question's answer), \(disagreements) disagreements")
    }
}
