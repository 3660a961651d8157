import Formwork
import FormworkTesting
import Foundation

/// Random SurveyJS surveys for the differential tests against survey-core: seeded,
/// so a seed names a survey.
///
/// A survey has one to three pages of questions of every type of survey-core's model
/// (`RandomSurvey+Model.swift`: text, numbers with bounds, radio groups, dropdowns,
/// checkboxes, booleans, ratings, comments, expression questions, matrices of every
/// kind, multiple texts, tag boxes, rankings, image pickers and maps, button groups,
/// sliders, HTML and images), in panels and dynamic panels, with the model's
/// logic-bearing properties and functions drawn among them, and:
/// `visibleIf` chains several levels deep (a question shown on one that is itself
/// shown on another), `requiredIf`, `enableIf`, `isRequired`, validators with
/// their texts, calculated values reading questions and each other, expression
/// questions reading them, `setValueIf`/`resetValueIf`, choices shown on
/// conditions, titles that read answers, dynamic panels with counts and questions
/// shown on their own entry's answers (`{panel.x}`), totals over their entries,
/// and, in about half of them, a second language.
struct RandomSurvey {
    /// The survey as JSON.
    var json: [String: Any]

    /// What an expression may read: a question outside dynamic panels, or a
    /// calculated value.
    struct Readable {
        enum Kind { case choice, multi, number, bool, text }
        var name: String
        var kind: Kind
        var values: [String] = []
    }

    static let letters = ["a", "b", "c", "d"]

    init(seed: UInt64) {
        var maker = Maker(random: SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 7))
        json = maker.survey()
    }

    init(json: [String: Any]) {
        self.json = json
    }

    /// The survey as JSON text, keys sorted.
    var text: String {
        let data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Builds one survey, element by element, remembering what later expressions
    /// may read.
    struct Maker {
        var random: SeededGenerator
        var readable: [Readable] = []
        var counter = 0
        var bilingual = false
        var numbersInPanels: [(panel: String, name: String)] = []
        /// Date questions, which the date functions read.
        var dates: [String] = []
        /// Radio groups and dropdowns, whose comment `getComment()` reads (survey-core fails
        /// on another question's).
        var selects: [String] = []
        /// Pages, panels and dynamic panels already complete, which `isContainerReady()`
        /// reads (only those before: a question never reads its own container).
        var containers: [String] = []

        mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

        mutating func name() -> String {
            counter += 1
            return "q\(counter)"
        }

        /// A text, translated where the survey is bilingual.
        mutating func text(_ english: String, _ french: String) -> Any {
            bilingual ? ["default": english, "fr": french] : english
        }

        mutating func survey() -> [String: Any] {
            bilingual = chance(0.5)
            var survey: [String: Any] = ["title": text("Random survey", "Questionnaire au hasard")]
            if chance(0.5) { survey["clearInvisibleValues"] = pick(["onHidden", "none", "onComplete"]) }
            var calculated: [[String: Any]] = []
            var pages: [[String: Any]] = []
            for pageIndex in 0..<int(1...3) {
                // A page is shown on answers given before it.
                let visibleIf = pageIndex > 0 && !readable.isEmpty && chance(0.2) ? condition() : nil
                var elements: [[String: Any]] = []
                for _ in 0..<int(2...6) {
                    if readable.count >= 2 && chance(0.25) {
                        calculated.append(calculatedValue(index: calculated.count + 1))
                    }
                    elements.append(element(depth: 0))
                }
                var page: [String: Any] = ["name": "page\(pageIndex + 1)", "elements": elements]
                if let visibleIf { page["visibleIf"] = visibleIf }
                pages.append(page)
                containers.append("page\(pageIndex + 1)")
            }
            survey["pages"] = pages
            if !calculated.isEmpty { survey["calculatedValues"] = calculated }
            return survey
        }

        /// A question, a panel of questions, or a dynamic panel.
        mutating func element(depth: Int) -> [String: Any] {
            if depth < 2, chance(0.12) { return panel(depth: depth) }
            if depth == 0, chance(0.1) { return dynamicPanel() }
            return question()
        }

        mutating func panel(depth: Int) -> [String: Any] {
            counter += 1
            var panel: [String: Any] = ["type": "panel", "name": "panel\(counter)"]
            if chance(0.5) { panel["title"] = text("Part \(counter)", "Partie \(counter)") }
            if !readable.isEmpty, chance(0.6) { panel["visibleIf"] = condition() }
            panel["elements"] = (0..<int(1...3)).map { _ in element(depth: depth + 1) }
            containers.append(panel["name"] as! String)
            return panel
        }

        mutating func dynamicPanel() -> [String: Any] {
            counter += 1
            let panelName = "entries\(counter)"
            let number = name()
            let choice = name()
            var template: [[String: Any]] = [
                ["type": "text", "name": number, "inputType": "number", "min": 0, "max": 9, "title": "Amount"],
                [
                    "type": "radiogroup", "name": choice, "choices": choices(3), "title": "Kind",
                    "visibleIf": "{panel.\(number)} > \(int(1...6))",
                ],
            ]
            if chance(0.4) {
                template[1]["isRequired"] = true
            }
            var panel: [String: Any] = [
                "type": "paneldynamic", "name": panelName, "title": text("Entries", "Entrées"),
                "templateElements": template, "panelCount": int(0...2), "maxPanelCount": 4,
            ]
            if chance(0.3) { panel["minPanelCount"] = 1 }
            if chance(0.2) { panel["keyName"] = number }
            if chance(0.2) { panel["defaultPanelValue"] = [number: int(0...9)] }
            if chance(0.2) { panel["templateTitle"] = "Entry {panelIndex}" }
            if chance(0.2) { panel["addPanelText"] = "Add another" }
            if !readable.isEmpty, chance(0.3) { panel["visibleIf"] = condition() }
            numbersInPanels.append((panelName, number))
            containers.append(panelName)
            return panel
        }

        mutating func choices(_ count: Int) -> [Any] {
            RandomSurvey.letters.prefix(count).map { letter in
                bilingual
                    ? ["value": letter, "text": ["default": "Option \(letter)", "fr": "Choix \(letter)"]]
                        as [String: Any]
                    : letter as Any
            }
        }

        /// A question of a random kind, with random logic over what came before.
        mutating func question() -> [String: Any] {
            // A type of survey-core's model the first draw below does not have.
            if chance(0.2) {
                var (question, readableAs) = modelQuestion()
                if !readable.isEmpty, chance(0.3) { question["visibleIf"] = condition() }
                decorate(&question)
                if let readableAs { readable.append(readableAs) }
                return question
            }
            let name = name()
            var question: [String: Any] = ["name": name]
            var kind: Readable.Kind
            var values: [String] = []
            switch int(0...9) {
            case 0, 1:
                question["type"] = "text"
                question["inputType"] = "number"
                question["min"] = 0
                question["max"] = pick([10, 20, 100])
                kind = .number
            case 2, 3:
                question["type"] = pick(["radiogroup", "dropdown"])
                selects.append(name)
                let count = int(2...4)
                question["choices"] = choices(count)
                values = Array(RandomSurvey.letters.prefix(count))
                if count > 2, !readable.isEmpty, chance(0.3) {
                    question["choicesVisibleIf"] = "{item} != '\(values.last!)' or \(condition())"
                }
                kind = .choice
            case 4:
                question["type"] = "checkbox"
                let count = int(2...4)
                question["choices"] = choices(count)
                values = Array(RandomSurvey.letters.prefix(count))
                kind = .multi
            case 5:
                question["type"] = "boolean"
                kind = .bool
            case 6:
                question["type"] = "rating"
                question["rateCount"] = 5
                kind = .number
            case 7:
                question["type"] = pick(["text", "comment"])
                kind = .text
            default:
                if readable.contains(where: { $0.kind == .number }) || !numbersInPanels.isEmpty {
                    question["type"] = "expression"
                    question["expression"] = numberExpression()
                    kind = .number
                } else {
                    question["type"] = "text"
                    kind = .text
                }
            }
            let number = readable.count + 1
            if chance(0.35), let other = readable.randomElement(using: &random) {
                question["title"] = text(
                    "Question \(number) after {\(other.name)}", "Question \(number) après {\(other.name)}")
            } else {
                question["title"] = text("Question \(number)", "Question \(number) en français")
            }
            let isExpression = question["type"] as? String == "expression"
            if !readable.isEmpty {
                if chance(0.45) { question["visibleIf"] = condition() }
                if !isExpression, chance(0.12) { question["requiredIf"] = condition() }
                if !isExpression, chance(0.08) { question["enableIf"] = condition() }
            }
            if !isExpression, chance(0.25) {
                question["isRequired"] = true
                if chance(0.3) { question["requiredErrorText"] = text("Answer \(name)", "Répondez à \(name)") }
            }
            if !isExpression, chance(0.25) { question["validators"] = validators(for: kind, name: name) }
            if kind == .number, !isExpression, question["type"] as? String == "text", !readable.isEmpty,
                chance(0.1)
            {
                question["setValueIf"] = condition()
                question["setValueExpression"] = pick(["0", "1 + 1", numberExpression()])
            }
            if !isExpression, !readable.isEmpty, chance(0.06) { question["resetValueIf"] = condition() }
            decorate(&question)
            readable.append(Readable(name: name, kind: kind, values: values))
            return question
        }

        mutating func validators(for kind: Readable.Kind, name: String) -> [[String: Any]] {
            switch kind {
            case .number:
                return [
                    ["type": "numeric", "minValue": int(0...3), "maxValue": int(5...50), "text": "Out of range"]
                ]
            case .text:
                return [["type": "text", "minLength": int(2...6), "text": "Too short"]]
            case .multi:
                return [["type": "answercount", "maxCount": int(1...2)]]
            default:
                return [
                    [
                        "type": "expression", "expression": condition(including: name),
                        "text": text("Not allowed", "Interdit"),
                    ]
                ]
            }
        }

        mutating func calculatedValue(index: Int) -> [String: Any] {
            let name = "calc\(index)"
            let expression = pick([numberExpression(), numberExpression(), "iif(\(condition()), 1, 0)"])
            var value: [String: Any] = ["name": name, "expression": expression]
            if chance(0.5) { value["includeIntoResult"] = true }
            readable.append(Readable(name: name, kind: .number))
            return value
        }

        /// A number read from an earlier question or calculated value (or a total over a
        /// dynamic panel's entries).
        mutating func numberOperand() -> String {
            let numbers = readable.filter { $0.kind == .number }
            if !numbersInPanels.isEmpty, chance(0.25) || numbers.isEmpty {
                let (panel, field) = pick(numbersInPanels)
                return pick(["sumInArray({\(panel)}, '\(field)')", "countInArray({\(panel)}, '\(field)')"])
            }
            guard !numbers.isEmpty else { return String(int(0...9)) }
            return "{\(pick(numbers).name)}"
        }

        mutating func numberExpression() -> String {
            let a = numberOperand()
            let b = numberOperand()
            switch int(0...8) {
            case 0: return "\(a) + \(b)"
            case 1: return "\(a) * \(int(2...3))"
            case 2: return "sum(\(a), \(b))"
            case 3: return "max(\(a), \(b))"
            case 4: return "round(\(a) / \(int(2...4)), 1)"
            case 5: return "iif(\(a) > \(int(1...5)), \(a), \(b))"
            case 6, 7: return functionCall()
            default: return "\(a) - \(b)"
            }
        }

        /// A condition over earlier questions: a comparison, or two joined.
        mutating func condition(including name: String? = nil) -> String {
            let first = comparison(reading: name)
            switch int(0...5) {
            case 0: return "\(first) and \(comparison())"
            case 1: return "\(first) or \(comparison())"
            case 2: return "!(\(first))"
            default: return first
            }
        }

        mutating func comparison(reading name: String? = nil) -> String {
            guard let subject = name.map({ Readable(name: $0, kind: .text) }) ?? readable.randomElement(using: &random)
            else {
                return "1 = 1"
            }
            let reference = "{\(subject.name)}"
            switch subject.kind {
            case .choice:
                let value = pick(subject.values)
                return pick([
                    "\(reference) = '\(value)'", "\(reference) != '\(value)'", "\(reference) notempty",
                    "\(reference) empty", "\(reference) anyof ['\(value)', '\(pick(subject.values))']",
                ])
            case .multi:
                let value = pick(subject.values)
                return pick([
                    "\(reference) contains '\(value)'", "\(reference) notcontains '\(value)'", "\(reference) empty",
                    "\(reference) allof ['\(value)']",
                ])
            case .number:
                return pick([
                    "\(reference) > \(int(0...5))", "\(reference) <= \(int(2...8))", "\(reference) = \(int(0...5))",
                    "\(reference) notempty", "\(reference) + \(numberOperand()) >= \(int(3...10))",
                ])
            case .bool:
                return pick(["\(reference) = true", "\(reference) = false", "\(reference) empty"])
            case .text:
                return pick(["\(reference) notempty", "\(reference) = 'hello'", "\(reference) contains '1'"])
            }
        }
    }
}
