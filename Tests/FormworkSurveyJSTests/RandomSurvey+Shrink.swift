import Formwork
import Foundation

@testable import FormworkSurveyJS

/// Shrinking a random survey on which Formwork and survey-core disagree: smaller
/// surveys and fewer answers are tried, survey-core filling each (`run.js fill`, all
/// candidates of a round in one node process), until no smaller one still disagrees
/// on the same aspect. What is left is saved as a regression file.
extension RandomSurvey {
    /// A survey, the answers given in order, and the walk's language.
    struct Case {
        var survey: [String: Any]
        var answers: [[Any]]
        var language: String?
    }

    /// Every survey one step smaller: without one element, page or calculated value,
    /// without one logic property, or in one language.
    static func smaller(_ survey: [String: Any]) -> [[String: Any]] {
        var results: [[String: Any]] = []
        let properties = [
            "visibleIf", "requiredIf", "enableIf", "validators", "setValueIf", "setValueExpression", "resetValueIf",
            "choicesVisibleIf", "isRequired", "requiredErrorText", "minPanelCount", "title",
        ]
        // Paths to element lists: ["pages", 0, "elements"], … ["elements", 2, "elements"].
        func lists(_ node: [String: Any], path: [Any]) -> [[Any]] {
            var found: [[Any]] = []
            for key in ["pages", "elements", "templateElements"] {
                guard let items = node[key] as? [[String: Any]] else { continue }
                found.append(path + [key])
                for (index, item) in items.enumerated() { found += lists(item, path: path + [key, index]) }
            }
            return found
        }
        func get(_ node: Any, _ path: ArraySlice<Any>) -> Any? {
            guard let step = path.first else { return node }
            if let key = step as? String { return (node as? [String: Any])?[key].flatMap { get($0, path.dropFirst()) } }
            guard let index = step as? Int, let list = node as? [Any], list.indices.contains(index) else { return nil }
            return get(list[index], path.dropFirst())
        }
        /// `node` without what `path` names (a key deleted, a list's item removed).
        func removing(_ node: Any, _ path: ArraySlice<Any>) -> Any {
            guard let step = path.first else { return node }
            if let key = step as? String, var object = node as? [String: Any] {
                object[key] = path.count == 1 ? nil : object[key].map { removing($0, path.dropFirst()) }
                return object
            }
            guard let index = step as? Int, var list = node as? [Any], list.indices.contains(index) else { return node }
            if path.count == 1 {
                list.remove(at: index)
            } else {
                list[index] = removing(list[index], path.dropFirst())
            }
            return list
        }
        func without(_ path: [Any]) -> [String: Any]? { removing(survey, path[...]) as? [String: Any] }
        for path in lists(survey, path: []) {
            let items = get(survey, path[...]) as? [Any] ?? []
            for index in items.indices where items.count > 1 || path.last as? String != "pages" {
                if let smaller = without(path + [index]) { results.append(smaller) }
            }
            for index in items.indices {
                guard let item = items[index] as? [String: Any] else { continue }
                for property in properties where item[property] != nil {
                    if let smaller = without(path + [index, property]) { results.append(smaller) }
                }
            }
        }
        if let values = survey["calculatedValues"] as? [Any] {
            for index in values.indices {
                var smaller = survey
                var rest = values
                rest.remove(at: index)
                smaller["calculatedValues"] = rest.isEmpty ? nil : rest
                results.append(smaller)
            }
        }
        for key in ["clearInvisibleValues", "title"] where survey[key] != nil {
            var smaller = survey
            smaller[key] = nil
            results.append(smaller)
        }
        if let monolingual = oneLanguage(survey) as? [String: Any], json(monolingual) != json(survey) {
            results.append(monolingual)
        }
        return results
    }

    /// The survey with every translated text replaced by its default.
    static func oneLanguage(_ node: Any) -> Any {
        if let object = node as? [String: Any] {
            if let text = object["default"] as? String, object.keys.allSatisfy({ $0 == "default" || $0.count == 2 }) {
                return text
            }
            return object.mapValues(oneLanguage)
        }
        if let list = node as? [Any] { return list.map(oneLanguage) }
        return node
    }

    static func json(_ value: Any) -> String { SurveyJSWalkComparison.json(value) }

    /// The answers without those to questions the survey no longer has (in a dynamic
    /// panel's entries too).
    static func answers(_ answers: [[Any]], keptIn survey: [String: Any]) -> [[Any]] {
        let names = SurveyJSWalkComparison.elementNames(survey)
        func known(_ key: String) -> Bool {
            names.contains(key.hasSuffix("-Comment") ? String(key.dropLast("-Comment".count)) : key)
        }
        return answers.compactMap { pair in
            guard let key = pair.first as? String, known(key), pair.count > 1 else { return nil }
            guard let entries = pair[1] as? [[String: Any]] else { return pair }
            return [key, entries.map { $0.filter { known($0.key) } }]
        }
    }

    /// The imported survey, or `nil` where Formwork refuses it.
    static func load(_ survey: [String: Any]) -> FormDefinition? {
        try? loadOrExplain(survey).get()
    }

    /// Why Formwork refuses a survey.
    struct Refusal: Error, CustomStringConvertible { var description: String }

    /// The imported survey, or the errors that refuse it.
    static func loadOrExplain(_ survey: [String: Any]) -> Result<FormDefinition, Refusal> {
        do {
            let data = try JSONSerialization.data(withJSONObject: survey)
            let (document, problems) = try SurveyJSImport.document(fromJSON: Array(data), path: "survey.json")
            let errors = problems.filter { $0.severity == .error }
            guard errors.isEmpty else { return .failure(Refusal(description: "\(errors)")) }
            return .success(try FormDefinition(document: document, path: "survey.json", formats: .surveyJS))
        } catch {
            return .failure(Refusal(description: "\(error)"))
        }
    }

    /// The smallest case found that still disagrees on `aspect`, and survey-core's
    /// walk of it; at most `rounds` rounds of candidates.
    static func shrink(
        _ start: Case, walk: [String: Any], aspect: String, rounds: Int = 40
    ) throws -> (Case, [String: Any]) {
        var current = start
        var currentWalk = walk
        for _ in 0..<rounds {
            // A survey without its translations is walked in its own language.
            var candidates: [Case] = smaller(current.survey).map {
                let monolingual = !json($0).contains("\"fr\"")
                return Case(
                    survey: $0, answers: answers(current.answers, keptIn: $0),
                    language: monolingual ? nil : current.language)
            }
            for index in current.answers.indices {
                var fewer = current.answers
                fewer.remove(at: index)
                candidates.append(Case(survey: current.survey, answers: fewer, language: current.language))
            }
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            var commands: [[String]] = []
            for (index, candidate) in candidates.enumerated() {
                let survey = work.appendingPathComponent("s\(index).json")
                let answers = work.appendingPathComponent("a\(index).json")
                try JSONSerialization.data(withJSONObject: candidate.survey).write(to: survey)
                try JSONSerialization.data(withJSONObject: candidate.answers).write(to: answers)
                commands.append(
                    ["fill", survey.path, answers.path] + (candidate.language.map { ["--locale", $0] } ?? []))
            }
            let walks = try SurveyJSOracle.batch(commands)
            var progressed = false
            for (candidate, result) in zip(candidates, walks) where result["error"] == nil {
                guard let form = load(candidate.survey) else { continue }
                var walk = result
                walk["answers"] = candidate.answers
                let comparison = try SurveyJSWalkComparison.compare(
                    walk, form: form, survey: candidate.survey, language: candidate.language)
                if comparison.aspects[aspect] == false {
                    current = candidate
                    currentWalk = walk
                    progressed = true
                    break
                }
            }
            if !progressed { break }
        }
        return (current, currentWalk)
    }
}
