import Formwork
import Foundation

/// Option values as Formwork holds them (text), and whether SurveyJS wrote every one
/// as a number (so its answers are numbers).
typealias ChoiceValues = (values: [String], numeric: Bool)

/// Choices: `choices` (values, or `{ value, text, visibleIf, enableIf }`), rating
/// scales, the extra items (other, none, refuse, don't know), `choicesFromQuestion`,
/// `choicesVisibleIf` and `choicesOrder`.
extension SurveyJSReader {
    /// One option as read from the survey.
    struct Option {
        var value: String
        var label: DefinitionDocument?
        var visible: String?
        var place: String
        /// Written as a JSON number.
        var numeric: Bool
        /// Whether `visible` is the choice's own `visibleIf` (which survey-core runs
        /// instead of `choicesVisibleIf`), not a condition Formwork adds.
        var hasOwnCondition = false
        /// Chosen alone in a checkbox (`isExclusive`; survey-core's none, refuse and
        /// don't know items).
        var isExclusive = false
    }

    /// The values of a list of choices.
    func choiceValues(_ nodes: [DefinitionDocument]) -> ChoiceValues {
        let read = nodes.compactMap(Self.choiceValue)
        return (read.map(\.value), !read.isEmpty && read.allSatisfy(\.numeric))
    }

    /// A choice's value: a scalar, or an object's `value`.
    static func choiceValue(_ node: DefinitionDocument) -> (value: String, numeric: Bool)? {
        let valueNode = SurveyJSElement(node).isObject ? SurveyJSElement(node)["value"] : node
        guard let valueNode, let text = SurveyJSElement.scalarText(valueNode) else { return nil }
        if case .number = valueNode.content { return (text, true) }
        return (text, false)
    }

    /// A boolean question's two values: `true` and `false`, or its `valueTrue` and
    /// `valueFalse` (what SurveyJS then stores, and expressions compare with).
    func booleanValues(
        _ element: SurveyJSElement
    ) -> (yes: (value: String, numeric: Bool), no: (value: String, numeric: Bool)) {
        let yes = element["valueTrue"].flatMap(Self.choiceValue) ?? ("true", false)
        let no = element["valueFalse"].flatMap(Self.choiceValue) ?? ("false", false)
        return (yes, no)
    }

    /// A question's own choices: `choices`, and for a dropdown the numbers from
    /// `choicesMin` to `choicesMax` by `choicesStep` after them, as survey-core adds
    /// them (at most 1,000).
    func ownChoices(_ element: SurveyJSElement) -> [DefinitionDocument] {
        // An image map's areas are its choices (`value`, `text`).
        if element.type == "imagemap" { return element.list("areas") ?? [] }
        let written = element.list("choices") ?? []
        guard element.type == "dropdown", let minimum = element.number("choicesMin"),
            let maximum = element.number("choicesMax"), maximum > minimum
        else { return written }
        let step = max(element.number("choicesStep") ?? 1, 1e-9)
        var generated: [DefinitionDocument] = []
        var value = minimum
        while value <= maximum + 1e-9, generated.count < 1000 {
            generated.append(
                .number(SurveyJSElement.formatted(value), at: SourcePlace(element.place(of: "choicesMin"))))
            value += step
        }
        return written + generated
    }

    /// Every option value a question offers, extra items included (`depth`: how many
    /// `choicesFromQuestion` were followed to it; two questions may name each other).
    /// `numeric` says whether every value is a number; `extras: false` leaves the extra
    /// items (`other`, `none`…) out of that, for the data, where survey-core keeps a
    /// numeric choice as a number beside them.
    func optionValues(of element: SurveyJSElement, depth: Int = 0, extras withExtras: Bool = true) -> ChoiceValues {
        let base: ChoiceValues
        switch element.type {
        case "boolean":
            let values = booleanValues(element)
            return ([values.yes.value, values.no.value], values.yes.numeric && values.no.numeric)
        case "rating": return ratingValues(element)
        default:
            if let source = element.text("choicesFromQuestion"),
                let sourceElement = findQuestion(named: source), sourceElement.place != element.place, depth < 8
            {
                base = optionValues(of: sourceElement, depth: depth + 1)
            } else {
                base = choiceValues(ownChoices(element))
            }
        }
        let extras = extraItems(of: element).map(\.value)
        return (
            base.values + extras.filter { !base.values.contains($0) }, base.numeric && (extras.isEmpty || !withExtras)
        )
    }

    /// A rating's values: `rateValues`, else `rateMin`…`rateMax` by `rateStep` (1…5).
    func ratingValues(_ element: SurveyJSElement) -> ChoiceValues {
        if let values = element.list("rateValues"), !values.isEmpty { return choiceValues(values) }
        let minimum = element.number("rateMin") ?? 1
        let step = max(element.number("rateStep") ?? 1, 1e-9)
        var maximum = element.number("rateMax") ?? 5
        if let count = element.integer("rateCount"), !element.has("rateMax") {
            maximum = minimum + Double(max(count, 1) - 1) * step
        }
        var values: [String] = []
        var value = minimum
        while value <= maximum + 1e-9, values.count < 100 {
            values.append(SurveyJSElement.formatted(value))
            value += step
        }
        return (values, true)
    }

    /// survey-core's own word (a boolean's answer, a special choice, a comment box's
    /// title) in each language of the survey (in the survey's `locale` where it has one
    /// language), for where the survey gives no text of its own.
    mutating func localeWord(
        _ word: KeyPath<SurveyCoreModel.LocaleWords, String>, of element: SurveyJSElement
    ) -> DefinitionDocument {
        guard !languages.isEmpty else {
            return .string(SurveyCoreModel.words(for: survey.text("locale"))[keyPath: word])
        }
        let texts: [(String, DefinitionDocument)] =
            [("default", .string(SurveyCoreModel.words(for: Self.defaultLocale)[keyPath: word]))]
            + languages.filter { $0 != Self.defaultLocale }.map {
                ($0, .string(SurveyCoreModel.words(for: $0)[keyPath: word]))
            }
        return text(.object(texts), at: element.place, repeats: []) ?? .string(texts[0].1.text ?? "")
    }

    /// The options of a choice question, in order, as read.
    mutating func options(of element: SurveyJSElement, repeats: [String]) -> [Option] {
        var options: [Option]
        switch element.type {
        case "boolean":
            let yes = text("labelTrue", of: element, repeats: repeats) ?? localeWord(\.yes, of: element)
            let no = text("labelFalse", of: element, repeats: repeats) ?? localeWord(\.no, of: element)
            let values = booleanValues(element)
            return [
                Option(
                    value: values.yes.value, label: yes, visible: nil, place: element.place, numeric: values.yes.numeric
                ),
                Option(
                    value: values.no.value, label: no, visible: nil, place: element.place, numeric: values.no.numeric),
            ]
        case "rating" where element.list("rateValues")?.isEmpty ?? true:
            return ratingValues(element).values.map {
                Option(value: $0, label: nil, visible: nil, place: element.place, numeric: true)
            }
        case "rating":
            options = readOptions(element.list("rateValues") ?? [], repeats: repeats)
        default:
            if let source = element.text("choicesFromQuestion") {
                options = optionsFromQuestion(source, of: element, repeats: repeats)
            } else {
                options = readOptions(ownChoices(element), repeats: repeats)
            }
        }
        switch element.text("choicesOrder")?.lowercased() {
        case "asc"?: options.sort { Self.sortKey($0).localizedStandardCompare(Self.sortKey($1)) == .orderedAscending }
        case "desc"?:
            options.sort { Self.sortKey($0).localizedStandardCompare(Self.sortKey($1)) == .orderedDescending }
        case "random"?:
            report(
                .importNotice(
                    "'\(Self.shown(element.name ?? ""))': choices are offered in the order written, not shuffled"),
                at: element.place(of: "choicesOrder"))
        default: break
        }
        if let condition = element.scalarText("choicesVisibleIf") {
            let place = element.place(of: "choicesVisibleIf")
            // A choice's own `visibleIf` replaces it: survey-core runs an item's own
            // condition instead of the common one.
            for index in options.indices where !options[index].hasOwnCondition {
                if let translated = translate(
                    condition, at: place, as: .condition, repeats: repeats, rule: .isLooselyTrue,
                    item: options[index].value)
                {
                    options[index].visible = ExpressionText.conjunction(
                        [options[index].visible, translated.text].compactMap { $0 })
                }
            }
        }
        if element.has("choicesEnableIf"), element.type == "ranking" {
            // A disabled choice of a ranking is still ranked (a person cannot move it).
            report(
                .importNotice(
                    "'\(Self.shown(element.name ?? ""))': choicesEnableIf is not applied to a ranking (a disabled "
                        + "choice is ranked as survey-core ranks it, where a person cannot move it)"),
                at: element.place(of: "choicesEnableIf"))
        } else if element.has("choicesEnableIf") {
            report(
                .importNotice(
                    "'\(Self.shown(element.name ?? ""))': choicesEnableIf is read as choicesVisibleIf (a disabled "
                        + "choice is not offered)"
                ),
                at: element.place(of: "choicesEnableIf"))
            if let condition = element.scalarText("choicesEnableIf") {
                for index in options.indices {
                    if let translated = translate(
                        condition, at: element.place(of: "choicesEnableIf"), as: .condition, repeats: repeats,
                        rule: .isLooselyTrue, item: options[index].value)
                    {
                        options[index].visible =
                            options[index].visible.map { "(\($0)) and (\(translated.text))" }
                            ?? translated.text
                    }
                }
            }
        }
        for extra in extraItems(of: element) where !options.contains(where: { $0.value == extra.value }) {
            var label = text(extra.key, of: element, repeats: repeats) ?? localeWord(extra.label, of: element)
            // survey-core shows the other text where the "other" choice is shown (`{q}` in a
            // title reads "a ferret", not "Other (describe)").
            if extra.value == "other",
                let comment = idsByPlace[element.place + "#other"] ?? idsByPlace[element.place + "#comment"]
            {
                label = Self.showing(comment, over: label)
            }
            var option = Option(
                value: extra.value, label: label, visible: nil, place: element.place(of: extra.flag), numeric: false)
            // survey-core's none, refuse and don't know items are chosen alone.
            option.isExclusive = extra.value != "other"
            options.append(option)
        }
        return options
    }

    static func sortKey(_ option: Option) -> String {
        option.label?.text ?? option.label?["en"]?.text ?? option.value
    }

    /// `{item}` in a `choicesVisibleIf` is the choice's value.
    mutating func readOptions(_ nodes: [DefinitionDocument], repeats: [String]) -> [Option] {
        var options: [Option] = []
        var seen: Set<String> = []
        for node in nodes {
            let element = SurveyJSElement(node)
            guard let (value, numeric) = Self.choiceValue(node) else {
                report(.importError("a choice needs a value", hint: "write \"value\": …"), at: element.place)
                continue
            }
            guard seen.insert(value).inserted else {
                report(
                    .importNotice("the choice '\(Self.shown(value))' is written twice; the first is kept"),
                    at: element.place)
                continue
            }
            var option = Option(value: value, label: nil, visible: nil, place: element.place, numeric: numeric)
            if element.isObject {
                option.label = text("text", of: element, repeats: repeats, missing: value)
                if let visible = element.scalarText("visibleIf") {
                    option.visible =
                        translate(visible, at: element.place(of: "visibleIf"), as: .condition, repeats: repeats)?
                        .text
                }
                if element.bool("visible") == false { option.visible = "false" }
                option.hasOwnCondition = option.visible != nil
                option.isExclusive = element.bool("isExclusive") == true
            }
            options.append(option)
        }
        return options
    }

    /// `choicesFromQuestion`: the source's choices; with `choicesFromQuestionMode`
    /// `selected` (or `unselected`) each is offered while it is (not) chosen there.
    mutating func optionsFromQuestion(
        _ source: String, of element: SurveyJSElement, repeats: [String], depth: Int = 0
    ) -> [Option] {
        // What survey-core cannot follow gives no choices there (with a warning here).
        guard let sourceElement = findQuestion(named: source), sourceElement.place != element.place else {
            let itself = findQuestion(named: source)?.place == element.place
            report(
                .importNotice(
                    (itself
                        ? "choicesFromQuestion names the question itself"
                        : "choicesFromQuestion names no question: '\(Self.shown(source))'")
                        + "; it has no choices, as in survey-core"),
                at: element.place(of: "choicesFromQuestion"))
            return []
        }
        var options: [Option]
        if sourceElement.list("choices") == nil, let further = sourceElement.text("choicesFromQuestion") {
            // A chain: the source offers what its own source lets it offer (survey-core
            // reads the source's visible choices).
            guard depth < 8 else {
                report(
                    .importNotice(
                        "choicesFromQuestion goes round in a circle through '\(Self.shown(source))'; "
                            + "it has no choices, as in survey-core"),
                    at: element.place(of: "choicesFromQuestion"))
                return []
            }
            options = optionsFromQuestion(further, of: sourceElement, repeats: repeats, depth: depth + 1)
        } else {
            options = readOptions(ownChoices(sourceElement), repeats: repeats)
        }
        // Copies of the source's visible choices: their conditions are the source's, not their own.
        for index in options.indices { options[index].hasOwnCondition = false }
        let mode = element.text("choicesFromQuestionMode")?.lowercased() ?? "all"
        guard mode != "all", let symbol = symbols[source] else { return options }
        for index in options.indices {
            let literal = ExpressionText.string(options[index].value)
            let chosen = symbol.kind == .multichoice ? "\(literal) in $\(symbol.id)" : "$\(symbol.id) == \(literal)"
            let condition = mode == "selected" ? chosen : "not (\(chosen))"
            options[index].visible = ExpressionText.conjunction([options[index].visible, condition].compactMap { $0 })
        }
        return options
    }

    /// A label that shows a text field's value while it has one (in every language).
    static func showing(_ field: String, over label: DefinitionDocument) -> DefinitionDocument {
        switch label.content {
        case .string(let text) where !text.contains("{") && !text.contains("}"):
            return .string("{coalesce($\(field), \(ExpressionText.string(text)))}", at: label.place)
        case .object(let languages):
            return .object(languages.map { ($0.key, showing(field, over: $0.value)) }, at: label.place)
        default: return label
        }
    }

    /// The extra items a question shows: other, none, refuse, don't know.
    func extraItems(
        of element: SurveyJSElement
    ) -> [(value: String, key: String, label: KeyPath<SurveyCoreModel.LocaleWords, String>, flag: String)] {
        var items: [(String, String, KeyPath<SurveyCoreModel.LocaleWords, String>, String)] = []
        // A ranking ranks its own choices: survey-core shows no special item in one.
        if element.type == "ranking" { return [] }
        if element.bool("showNoneItem") == true || element.bool("hasNone") == true {
            let flag = element.has("showNoneItem") ? "showNoneItem" : "hasNone"
            // survey-core's values for its own items are fixed (it reads `noneValue` as
            // an unknown property; `checkShapes` says so).
            items.append(("none", "noneText", \.none, flag))
        }
        if element.bool("showRefuseItem") == true {
            items.append(
                ("refused", "refuseText", \.refuse, "showRefuseItem"))
        }
        if element.bool("showDontKnowItem") == true {
            items.append(
                ("dontknow", "dontKnowText", \.dontKnow, "showDontKnowItem"))
        }
        if hasOther(element) {
            let flag = element.has("showOtherItem") ? "showOtherItem" : "hasOther"
            items.append(("other", "otherText", \.other, flag))
        }
        return items
    }

    func hasOther(_ element: SurveyJSElement) -> Bool {
        element.bool("showOtherItem") == true || element.bool("hasOther") == true
    }

    /// The page (from 0) that holds the question `name`.
    func pageIndex(ofQuestion name: String) -> Int? { questionsByName[name]?.page }

    /// Every question by its name, and its page (`questions(in:)`), found once.
    var questionsByName: [String: (element: SurveyJSElement, page: Int)] {
        if let found = questionIndex.questions { return found }
        let found = Self.questions(in: survey.has("pages") ? survey.elements("pages") : [survey])
        questionIndex.questions = found
        return found
    }

    /// A question anywhere in the survey by its name (for `choicesFromQuestion`).
    func findQuestion(named name: String) -> SurveyJSElement? { questionsByName[name]?.element }

    /// Every question by its name (the first of a name, in the order written) and the
    /// page (from 0) that holds it: found once, not by reading the survey again for
    /// each question that names another.
    static func questions(in pages: [SurveyJSElement]) -> [String: (element: SurveyJSElement, page: Int)] {
        var found: [String: (element: SurveyJSElement, page: Int)] = [:]
        func visit(_ elements: [SurveyJSElement], page: Int, depth: Int) {
            guard depth < 64 else { return }
            for element in elements {
                if let name = element.name, !isPanelType(element.type), found[name] == nil {
                    found[name] = (element, page)
                }
                visit(children(of: element), page: page, depth: depth + 1)
                if let template = element.list("templateElements") {
                    visit(template.map(SurveyJSElement.init), page: page, depth: depth + 1)
                }
            }
        }
        for (index, page) in pages.enumerated() { visit([page], page: index, depth: 0) }
        return found
    }

    /// A matrix's rows: values and texts.
    func rows(of element: SurveyJSElement) -> [(value: String, label: DefinitionDocument?, node: DefinitionDocument)] {
        (element.list("rows") ?? []).compactMap { node in
            guard let (value, _) = Self.choiceValue(node) else { return nil }
            let label = SurveyJSElement(node).isObject ? SurveyJSElement(node)["text"] : nil
            return (value, label, node)
        }
    }
}

/// The reader's index of questions by name, made when first needed.
final class SurveyJSQuestionIndex {
    var questions: [String: (element: SurveyJSElement, page: Int)]?
}
