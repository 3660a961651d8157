import Foundation
import Testing

@testable import FormworkSurveyJS

/// The random surveys of the conformance tests draw from survey-core's model: 1,000 of
/// them use every question type and every function survey-core lists, and every
/// logic-bearing property (supported or degraded in `SurveyCoreModel`) of the
/// question types — but for what `RandomSurvey.notDrawn` lists, each with its reason.
@Suite("Random surveys cover survey-core's model")
struct RandomSurveyCoverageTests {
    /// What 1,000 surveys use: element types, properties by type, functions called.
    static let used: (types: Set<String>, properties: Set<String>, functions: Set<String>) = {
        var types = Set<String>()
        var properties = Set<String>()
        var functions = Set<String>()
        let call = /([A-Za-z]+)\(/
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: return [text]
            case let list as [Any]: return list.flatMap(strings)
            case let object as [String: Any]: return object.values.flatMap(strings)
            default: return []
            }
        }
        func walk(_ element: [String: Any]) {
            if let type = element["type"] as? String {
                types.insert(type)
                for key in element.keys { properties.insert(key) }
            }
            for key in ["elements", "templateElements", "pages"] {
                for child in element[key] as? [[String: Any]] ?? [] { walk(child) }
            }
        }
        for seed in 1...1000 {
            let survey = RandomSurvey(seed: UInt64(seed)).json
            walk(survey)
            for text in strings(survey) {
                for match in text.matches(of: call) { functions.insert(String(match.output.1)) }
            }
        }
        return (types, properties, functions)
    }()

    /// The question types of the model a survey can hold (those no other type derives from).
    static var questionTypes: [String] {
        let classes = SurveyCoreModel.classes
        let parents = Set(classes.compactMap(\.parent))
        func isQuestion(_ name: String) -> Bool {
            var current: String? = name
            var seen = Set<String>()
            while let name = current, seen.insert(name).inserted {
                if name == "question" { return true }
                current = SurveyCoreModel.classesByName[name]?.parent
            }
            return false
        }
        return classes.map(\.name).filter { isQuestion($0) && $0 != "question" && !parents.contains($0) }
    }

    @Test func everyQuestionTypeIsDrawn() {
        let missing = Self.questionTypes.filter { !Self.used.types.contains($0) && RandomSurvey.notDrawn[$0] == nil }
        #expect(missing.isEmpty, "never drawn: \(missing)")
        #expect(Self.questionTypes.count == 23)
    }

    @Test func everyFunctionIsCalled() {
        let missing = SurveyCoreModel.functions.filter {
            !Self.used.functions.contains($0) && RandomSurvey.notDrawn[$0 + "()"] == nil
        }
        #expect(missing.isEmpty, "never called: \(missing)")
    }

    /// Every logic-bearing property (supported or degraded) of the question types.
    @Test func everyLogicBearingPropertyOfTheQuestionTypesIsDrawn() {
        var missing = Set<String>()
        for type in Self.questionTypes where RandomSurvey.notDrawn[type] == nil {
            for property in Set(SurveyCoreModel.names(of: type).values) {
                let verdict = SurveyCoreModel.verdict(of: property, in: type)
                guard verdict.status != .presentation, !Self.used.properties.contains(property),
                    RandomSurvey.notDrawn[property] == nil, RandomSurvey.notDrawn[type + "." + property] == nil,
                    !RandomSurvey.notAppliedYet.contains(property)
                else { continue }
                missing.insert(property)
            }
        }
        #expect(missing.isEmpty, "never drawn: \(missing.sorted())")
    }
}
