import Formwork
import Foundation

/// What every question has: visibility, requiredness, read-only, its starting value,
/// values set when others change, help and placeholder, validators.
extension SurveyJSReader {
    /// The keys every question has, translated from the element's properties.
    ///
    /// - Parameters:
    ///   - element: The question.
    ///   - id: Its Formwork id, which its validators and recalculation name.
    ///   - scope: The repeats and the panels' conditions around it.
    ///   - visible: The question's condition when the caller has it already
    ///     (`visibility(_:scope:)`), so its expression is translated once; `.some(nil)`
    ///     for none. When `nil`, it is worked out here.
    /// - Returns: `help`, `placeholder`, `visible`, `required`, `requiredMessage`, `readonly`,
    ///   `default`, `recalculate` and `rules`, those the question has, in that order.
    mutating func commonPairs(
        _ element: SurveyJSElement, id: String, scope: Scope, visible: String?? = nil
    ) -> [(String, DefinitionDocument)] {
        var pairs: [(String, DefinitionDocument)] = []
        let repeats = scope.repeats
        var readonly: DefinitionDocument?
        if let help = text("description", of: element, repeats: repeats) { pairs.append(("help", help)) }
        // A choice's placeholder (a dropdown's "Select…") only changes the look.
        if Self.typesWithPlaceholders.contains(element.type),
            let placeholder = text("placeholder", of: element, repeats: repeats)
                ?? text("placeHolder", of: element, repeats: repeats)
        {
            pairs.append(("placeholder", placeholder))
        }
        if let visible = visible ?? visibility(element, scope: scope) {
            pairs.append(("visible", .string(visible, at: SourcePlace(element.place(of: "visibleIf")))))
        }
        if element.type != "expression" {
            readonly = readOnly(element, scope: scope)
            if let required = Self.requiredUnlessReadOnly(requiredness(element, repeats: repeats), readonly) {
                pairs.append(("required", required))
                if let message = text("requiredErrorText", of: element, repeats: repeats) {
                    pairs.append(("requiredMessage", message))
                }
            }
            if let readonly { pairs.append(("readonly", readonly)) }
            // survey-core computes `defaultValueExpression` over `defaultValue`.
            if let value = expressionDefault(element, kind: questionKind(element), repeats: repeats)
                ?? defaultValue(element)
            {
                pairs.append(("default", value))
            }
            if let recalculate = recalculation(element, id: id, repeats: repeats) {
                pairs.append(("recalculate", recalculate))
            }
        }
        let rules = Self.rulesUnlessReadOnly(validatorRules(element, id: id, repeats: repeats), readonly)
        if !rules.isEmpty { pairs.append(("rules", .list(rules))) }
        return pairs
    }

    /// The question types whose Formwork kinds show a placeholder in an empty field.
    static let typesWithPlaceholders: Set<String> = ["text", "comment", "file", "multipletext"]

    /// The question's own `visible: false` / `visibleIf`, and its scope's conditions.
    /// A `visibleIf` decides alone: survey-core runs it and sets `visible` from it,
    /// whatever `visible` was written.
    mutating func visibility(_ element: SurveyJSElement, scope: Scope) -> String? {
        var conditions = scope.visible
        if let visible = translate("visibleIf", of: element, as: .condition, repeats: scope.repeats) {
            conditions.append(visible.text)
        } else if element.bool("visible") == false {
            conditions.append("false")
        }
        if let offered = whileChoicesOffered[element.place] { conditions.append("(\(offered))") }
        return ExpressionText.conjunction(conditions)
    }

    /// `isRequired` and `requiredIf`.
    mutating func requiredness(_ element: SurveyJSElement, repeats: [String]) -> DefinitionDocument? {
        // A `requiredIf` decides over `isRequired`, as survey-core runs it (one it cannot
        // read is ignored, and `isRequired` stands).
        if let condition = translate("requiredIf", of: element, as: .condition, repeats: repeats) {
            return .string(condition.text, at: SourcePlace(element.place(of: "requiredIf")))
        }
        if element.bool("isRequired") == true { return .bool(true) }
        return nil
    }

    /// survey-core checks no read-only question (`readOnly`, `enableIf` false): one is
    /// required only while it is not read-only.
    static func requiredUnlessReadOnly(
        _ required: DefinitionDocument?, _ readonly: DefinitionDocument?
    ) -> DefinitionDocument? {
        guard let required, let readonly else { return required }
        func isTrue(_ document: DefinitionDocument) -> Bool {
            if case .bool(true) = document.content { return true }
            return document.text == "true"
        }
        if isTrue(readonly) { return nil }
        guard let condition = readonly.text else { return required }
        if isTrue(required) {
            return .string("not (\(condition))", at: required.place)
        }
        guard let requiredCondition = required.text else { return required }
        return .string("(\(requiredCondition)) and not (\(condition))", at: required.place)
    }

    /// Validator rules checked only while the question is not read-only (survey-core
    /// runs no validator on a read-only question).
    static func rulesUnlessReadOnly(
        _ rules: [DefinitionDocument], _ readonly: DefinitionDocument?
    ) -> [DefinitionDocument] {
        guard let readonly, !rules.isEmpty else { return rules }
        if case .bool(true) = readonly.content { return [] }
        guard let condition = readonly.text else { return rules }
        if condition == "true" { return [] }
        return rules.map { rule in
            guard case .object(let pairs) = rule.content else { return rule }
            let rewritten = pairs.map { pair -> (String, DefinitionDocument) in
                guard pair.key == "check", let check = pair.value.text else { return (pair.key, pair.value) }
                return (pair.key, .string("(\(condition)) or (\(check))", at: pair.value.place))
            }
            return .object(rewritten, at: rule.place)
        }
    }

    /// `readOnly`, `enableIf` (read-only while it is false), and the scope's.
    mutating func readOnly(_ element: SurveyJSElement, scope: Scope) -> DefinitionDocument? {
        // An `enableIf` decides over `readOnly: true`, as survey-core runs it.
        if element.bool("readOnly") == true && !element.has("enableIf") || scope.readOnly.contains("true") {
            return .bool(true)
        }
        var conditions = scope.readOnly
        if let enabled = translate("enableIf", of: element, as: .condition, repeats: scope.repeats, rule: .isNotFalse) {
            conditions.append("not (\(enabled.text))")
        }
        guard !conditions.isEmpty else { return nil }
        return .string(conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " or "))
    }

    /// A `defaultValueExpression` that reads no question, as the field's default: a
    /// date's, time's or date and time's expression (`today()`, which Formwork's
    /// defaults take), another kind's value computed once (`1.7`, `'C-' + '100'`).
    mutating func expressionDefault(
        _ element: SurveyJSElement, kind: SurveyJSSymbol.Kind?, repeats: [String]
    ) -> DefinitionDocument? {
        guard let expression = element.scalarText("defaultValueExpression"),
            readIDs(expression, repeats: repeats).isEmpty
        else { return nil }
        let place = element.place(of: "defaultValueExpression")
        guard let value = translate(expression, at: place, as: .value, repeats: repeats),
            // One that reads a dynamic panel (`sumInArray({panel}, 'x')`) is a value rule too.
            !value.text.contains("$")
        else { return nil }
        let at = SourcePlace(place)
        if kind == .date || kind == .time || kind == .dateTime { return .string(value.text, at: at) }
        if !["today(", "now(", "random"].contains(where: value.text.contains),
            let compiled = try? CompiledExpression(value.text, environment: ExpressionEnvironment(fields: []))
        {
            switch compiled.evaluate(EvaluationContext(today: .today()) { _ in .null }) {
            case .string(let text): return .string(text, at: at)
            case .number(let number): return .number(JSONText.encode(.number(number)), at: at)
            case .bool(let flag): return .string(flag ? "true" : "false", at: at)
            default: break
            }
        }
        // It changes with the moment (`today()`, `now()`, `random()`): survey-core
        // computes it once, when the survey starts, and so does the default here
        // (`today()` in a text question holds the date as text, 2025-01-15).
        let code = value.type == .number && kind == .number ? value.text : "string(\(value.text))"
        return .object([("expression", .string(code, at: at))], at: at)
    }

    /// `defaultValue`, as the field's kind holds it.
    mutating func defaultValue(_ element: SurveyJSElement) -> DefinitionDocument? {
        // A dynamic panel's `defaultPanelValue` (a dynamic matrix's `defaultRowValue`)
        // gives its questions' defaults in every new entry.
        guard let node = element["defaultValue"] ?? element.name.flatMap({ entryDefaults?[$0] }) else {
            return nil
        }
        let at = SourcePlace(element.place(of: "defaultValue"))
        // A default the question cannot hold (not one of its choices, longer than its
        // maxLength, no date for a date) is left out: survey-core shows it, in error.
        func fitsChoices(_ values: [String]) -> Bool {
            guard questionKind(element) == .choice || questionKind(element) == .multichoice,
                !Self.choicesAreFetched(element)
            else { return true }
            let offered = Set(optionValues(of: element).values)
            return values.allSatisfy(offered.contains)
        }
        func leftOut(_ written: String) -> DefinitionDocument? {
            report(
                .importNotice(
                    "the default '\(Self.shown(written))' of '\(Self.shown(element.name ?? ""))' is not a value the "
                        + "question holds: it is left out"),
                at: element.place(of: "defaultValue"))
            return nil
        }
        switch node.content {
        case .list(let elements):
            let values = elements.compactMap { SurveyJSElement.scalarText($0) }
            guard fitsChoices(values) else { return leftOut(values.joined(separator: ", ")) }
            return .list(values.map { .string($0) }, at: at)
        case .null, .object: return nil
        default:
            guard var text = SurveyJSElement.scalarText(node) else { return nil }
            // survey-core reads a boolean's `true`/`false` default as its `valueTrue`/`valueFalse`.
            if element.type == "boolean", text == "true" || text == "false" {
                let values = booleanValues(element)
                text = text == "true" ? values.yes.value : values.no.value
            }
            let kind = element.type == "text" ? textKind(element) : questionKind(element)
            // A default the question cannot hold (`"hello"` for a date) is left out: survey-core
            // would show it in the box, where it is no date.
            let fits: Bool =
                switch kind {
                case .number?: Double(text)?.isFinite == true
                case .date?: LocalDate(text) != nil
                case .dateTime?: LocalDateTime(text) != nil
                case .time?: LocalTime(text) != nil
                default: true
                }
            // survey-core keeps a default outside a number's or a date's bounds, in error.
            let within = fits && Self.withinStaticBounds(text, of: element, kind: kind)
            guard within, fitsChoices([text]) else { return leftOut(text) }
            let length = element.integer("maxLength").flatMap { $0 < 0 ? nil : $0 } ?? survey.integer("maxTextLength")
            if kind == .text, element.type != "expression", let length, length > 0, text.count > length {
                report(
                    .importNotice(
                        "the default of '\(Self.shown(element.name ?? ""))' is longer than its maxLength (\(length)): "
                            + "survey-core keeps it and limits only what is typed, and Formwork keeps it without the "
                            + "limit"),
                    at: element.place(of: "defaultValue"))
            }
            if kind == .number { return .number(text, at: at) }
            if questionKind(element) == .multichoice { return .list([.string(text)], at: at) }
            return .string(text, at: at)
        }
    }

    /// Values set when others change: `setValueIf`/`setValueExpression`, `resetValueIf`,
    /// `defaultValueExpression` (SurveyJS computes it as the survey loads, and again
    /// while the person has not changed the question), and the survey's triggers that
    /// set this question.
    ///
    /// Each is a rule of its own, triggered as survey-core triggers it: by a change to
    /// a question it reads, or by every change where the expression that decides reads
    /// none or calls a function of no question (`setValueExpression: "0"`, `today()`).
    /// The first rule whose condition holds sets the value: survey-core runs
    /// `resetValueIf` before `setValueIf`, so a set wins over a reset.
    mutating func recalculation(_ element: SurveyJSElement, id: String, repeats: [String]) -> DefinitionDocument? {
        var made: [ValueRule] = []
        func everyChange(_ expression: String) -> Bool {
            SurveyJSTranslator.runsOnEveryChange(expression) || readsEntries(expression, repeats: repeats)
        }
        if let setIf = element.scalarText("setValueIf") {
            let place = element.place(of: "setValueIf")
            let expression = element.scalarText("setValueExpression")
            if let when = translate(setIf, at: place, as: .condition, repeats: repeats) {
                let value = expression.flatMap {
                    translate($0, at: element.place(of: "setValueExpression"), as: .value, repeats: repeats)
                }
                let on = readIDs(setIf, repeats: repeats) + (expression.map { readIDs($0, repeats: repeats) } ?? [])
                // survey-core: with a value expression, only that one's constants and
                // functions run the rule on every change; without, the condition's.
                let every = expression.map(everyChange) ?? everyChange(setIf)
                let bounded = value.flatMap { withinBounds($0.text, of: element, repeats: repeats) }
                let condition = bounded.map { "(\(when.text)) and (\($0))" } ?? when.text
                made.append((on.filter { $0 != id }, value?.text ?? "null", condition, place, every))
            }
        } else if let expression = element.scalarText("setValueExpression") {
            let place = element.place(of: "setValueExpression")
            if let value = translate(expression, at: place, as: .value, repeats: repeats) {
                made.append(
                    (
                        readIDs(expression, repeats: repeats).filter { $0 != id }, value.text,
                        withinBounds(value.text, of: element, repeats: repeats), place, everyChange(expression)
                    ))
            }
        }
        if let resetIf = element.scalarText("resetValueIf") {
            let place = element.place(of: "resetValueIf")
            if let when = translate(resetIf, at: place, as: .condition, repeats: repeats) {
                made.append(
                    (
                        readIDs(resetIf, repeats: repeats).filter { $0 != id }, "null", when.text, place,
                        everyChange(resetIf)
                    ))
            }
        }
        var startPlace: String?
        if let expression = element.scalarText("defaultValueExpression"),
            case let on = readIDs(expression, repeats: repeats).filter({ $0 != id }), !on.isEmpty
        {
            // One that reads no question is the field's default (`expressionDefault`); one
            // that reads some is computed as the survey loads too (`atStart`), on the
            // values it starts with.
            let place = element.place(of: "defaultValueExpression")
            startPlace = place
            if let value = translate(expression, at: place, as: .value, repeats: repeats) {
                made.append((on, value.text, withinBounds(value.text, of: element, repeats: repeats), place, false))
            }
        }
        made += triggerRecalculations[element.name ?? ""] ?? []
        made = made.filter { $0.everyChange || !$0.on.isEmpty }
        guard let first = made.first else { return nil }
        let rules: [DefinitionDocument] = made.map { rule in
            var pairs: [(String, DefinitionDocument)] = [
                ("on", rule.everyChange ? .string("any") : .list(rule.on.map { .string($0) })),
                ("value", .string(rule.value)),
            ]
            if let when = rule.when { pairs.append(("when", .string(when))) }
            if rule.place == startPlace { pairs.append(("atStart", .bool(true))) }
            return .object(pairs, at: SourcePlace(rule.place))
        }
        return rules.count == 1 ? rules[0] : .list(rules, at: SourcePlace(first.place))
    }

    /// Whether a default is within a number's or a date's `min` and `max` (where they
    /// are not expressions): the field's own bounds, which Formwork's defaults keep to.
    static func withinStaticBounds(_ text: String, of element: SurveyJSElement, kind: SurveyJSSymbol.Kind?) -> Bool {
        switch kind {
        case .number?:
            guard let value = Double(text) else { return true }
            if !element.has("minValueExpression"), let minimum = element.number("min"), value < minimum { return false }
            if !element.has("maxValueExpression"), let maximum = element.number("max"), value > maximum { return false }
        case .date?:
            guard let value = LocalDate(text) else { return true }
            if !element.has("minValueExpression"), let minimum = element.text("min").flatMap(LocalDate.init),
                value < minimum
            {
                return false
            }
            if !element.has("maxValueExpression"), let maximum = element.text("max").flatMap(LocalDate.init),
                value > maximum
            {
                return false
            }
        default: break
        }
        return true
    }
}
