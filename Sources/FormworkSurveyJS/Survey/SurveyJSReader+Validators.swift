import Formwork
import Foundation

/// `validators`: each a rule with SurveyJS's message (its `text`, else the English
/// message survey-core gives). SurveyJS skips a validator on an empty answer, so
/// every check holds for one.
extension SurveyJSReader {
    mutating func validatorRules(_ element: SurveyJSElement, id: String, repeats: [String]) -> [DefinitionDocument] {
        var rules: [DefinitionDocument] = Self.isRangeSlider(element) ? [rangeRule(element, id: id)] : []
        rules += boundRules(element, id: id, repeats: repeats)
        if let repeatID = repeats.last, let name = element.name,
            let unique = uniqueInEntries[repeatID]?.first(where: { $0.name == name })
        {
            // Entries hold different values: a dynamic panel's `keyName` (a later entry in
            // error), a dynamic matrix's and a column's `isUnique` (every entry that shares it).
            let all = "$\(repeatID).\(id)"
            let check =
                unique.laterOnly
                ? "$\(id) == null or index-of(\(all), $\(id)) == index()"
                : "$\(id) == null or occurrences(\(all), $\(id)) == 1"
            rules.append(.object([("check", .string(check)), ("message", .string(unique.message))]))
        }
        // survey-core checks `minSelectedChoices` (`minSelectedAreas`) unanswered too: "Please
        // select at least 2 option(s)." for an empty checkbox.
        let multiple =
            Self.multichoiceTypes.contains(element.type) && element.type != "ranking"
            || ["imagepicker", "imagemap"].contains(element.type) && element.bool("multiSelect") == true
        if multiple,
            let least = element.integer(element.type == "imagemap" ? "minSelectedAreas" : "minSelectedChoices"),
            least > 0
        {
            rules.append(
                .object([
                    ("check", .string("count($\(id)) >= \(least)")),
                    ("message", .string("Please select at least \(least) option(s).")),
                ]))
        }
        if let others = uniqueCells[id], !others.isEmpty {
            let check = "$\(id) == null or " + Self.grouped(others.map { "$\(id) != $\($0)" })
            rules.append(.object([("check", .string(check)), ("message", "This value should be unique.")]))
        }
        if element.type == "file", element.bool("allowMultiple") == true, let most = element.integer("maxFiles"),
            most > 0
        {
            // survey-core refuses files past `maxFiles` when they are given.
            rules.append(
                .object([
                    ("check", .string("count($\(id)) <= \(most)")),
                    ("message", .string("The maximum number of files you can upload is \(most).")),
                ]))
        }
        // One that is not an object is reported by `checkShapes`.
        for validator in element.elements("validators") where validator.isObject {
            // `numeric` or its class name `numericvalidator`.
            let written = validator.type
            let type = written.hasSuffix("validator") ? String(written.dropLast("validator".count)) : written
            let at = SourcePlace(validator.place)
            var check: String?
            var message: String
            let value = "$" + id
            // survey-core tests a pattern against the value's text (`RegExp.test(12)`
            // reads "12"): a number or a date is matched as its text.
            let isText = questionKind(element) == .text || element.type == "comment"
            let valueText = isText ? value : "string(\(value))"
            switch type {
            case "numeric":
                let minimum = validator.number("minValue")
                let maximum = validator.number("maxValue")
                var parts: [String] = []
                let number = questionKind(element) == .number || element.type == "text" && textKind(element) == .number
                let read = number ? value : "number(\(value))"
                if !number { parts.append("\(read) != null") }
                // A bound Formwork has no literal for (NaN, or past a Double's range) is left
                // out: survey-core's comparisons with NaN never fail.
                if let bound = minimum.flatMap(ExpressionText.number) { parts.append("\(read) >= \(bound)") }
                if let bound = maximum.flatMap(ExpressionText.number) { parts.append("\(read) <= \(bound)") }
                check = parts.isEmpty ? nil : "\(value) == null or " + Self.grouped(parts)
                message =
                    minimum != nil && maximum != nil
                    ? "The value should be between \(SurveyJSElement.formatted(minimum!)) and "
                        + "\(SurveyJSElement.formatted(maximum!))."
                    : minimum != nil
                        ? "The value should not be less than \(SurveyJSElement.formatted(minimum!))"
                        : maximum != nil
                            ? "The value should not be greater than \(SurveyJSElement.formatted(maximum!))"
                            : "The value should be numeric."
            case "text":
                var parts: [String] = []
                message = "Please enter a valid value."
                if let minimum = validator.integer("minLength"), minimum > 0 {
                    parts.append("len(\(value)) >= \(minimum)")
                    message = "Please enter at least \(minimum) character(s)."
                }
                if let maximum = validator.integer("maxLength"), maximum > 0 {
                    parts.append("len(\(value)) <= \(maximum)")
                    message = "Please enter no more than \(maximum) character(s)."
                }
                if validator.bool("allowDigits") == false { parts.append("not matches(\(valueText), '.*[0-9].*')") }
                check = parts.isEmpty ? nil : "\(value) == null or " + Self.grouped(parts)
            case "email":
                check = "\(value) == null or matches(\(valueText), '[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+')"
                message = "Please enter a valid e-mail address."
            case "regex":
                message = "The value does not match the pattern."
                guard let source = validator.text("regex") else {
                    check = nil
                    break
                }
                // JavaScript's RegExp.test searches; Formwork's patterns match the whole text.
                let insensitive = validator.bool("caseInsensitive") == true ? "(?i)" : ""
                let pattern = insensitive + "[\\s\\S]*(?:" + source + ")[\\s\\S]*"
                do {
                    _ = try Pattern(pattern)
                    check = "\(value) == null or matches(\(valueText), \(ExpressionText.string(pattern)))"
                } catch {
                    report(
                        .unsupportedConstruct("the pattern '\(Self.shown(source))'", reason: error.reason),
                        at: validator.place(of: "regex"))
                    check = nil
                }
            case "answercount":
                var parts: [String] = []
                message = "Please select a valid number of options."
                if let minimum = validator.integer("minCount") {
                    parts.append("count(\(value)) >= \(minimum)")
                    message = "Please select at least \(minimum) option(s)."
                }
                if let maximum = validator.integer("maxCount") {
                    parts.append("count(\(value)) <= \(maximum)")
                    message = "Please select no more than \(maximum) option(s)."
                }
                check = parts.isEmpty ? nil : "\(value) == null or " + Self.grouped(parts)
            case "expression":
                message = "The expression: \(validator.scalarText("expression") ?? "") should return 'true'."
                check =
                    translate(
                        "expression", of: validator, as: .condition, repeats: repeats, rule: .isLooselyTrue)?.text
            default:
                report(
                    .unsupportedConstruct(
                        validator.type.isEmpty
                            ? "a validator without a type" : "the validator '\(Self.shown(validator.type))'",
                        reason: "SurveyJS has no such validator built in"),
                    at: validator.place)
                continue
            }
            guard let check else { continue }
            let text = self.text("text", of: validator, repeats: repeats) ?? .string(Self.escapedBraces(message))
            rules.append(.object([("check", .string(check, at: at)), ("message", text)], at: at))
        }
        return rules
    }

    static func grouped(_ parts: [String]) -> String {
        parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " and ") + ")"
    }

    /// Whether `element` is a range slider (`sliderType: range`): its answer is two
    /// numbers, a low and a high one.
    static func isRangeSlider(_ element: SurveyJSElement) -> Bool {
        element.type == "slider" && element.text("sliderType")?.lowercased() == "range"
    }

    /// A range slider's answer, typed as `low, high`: two numbers within its bounds, the
    /// low one first, apart by at least `minRangeLength` and at most `maxRangeLength`.
    func rangeRule(_ element: SurveyJSElement, id: String) -> DefinitionDocument {
        let (minimum, maximum, _) = Self.sliderBounds(element)
        let low = "number(substring-before($\(id), ','))"
        let high = "number(substring-after($\(id), ','))"
        var parts = [
            "\(low) != null", "\(high) != null", "\(low) <= \(high)",
            "\(low) >= \(ExpressionText.number(minimum) ?? "0")",
            "\(high) <= \(ExpressionText.number(maximum) ?? "100")",
        ]
        var message =
            "two numbers from \(SurveyJSElement.formatted(minimum)) to \(SurveyJSElement.formatted(maximum)), "
            + "the low one first (low, high)"
        if let least = element.number("minRangeLength"), least > 0, let bound = ExpressionText.number(least) {
            parts.append("\(high) - \(low) >= \(bound)")
            message += ", at least \(SurveyJSElement.formatted(least)) apart"
        }
        if let most = element.number("maxRangeLength"), most > 0, let bound = ExpressionText.number(most) {
            parts.append("\(high) - \(low) <= \(bound)")
            message += ", at most \(SurveyJSElement.formatted(most)) apart"
        }
        return .object([("check", .string(parts.joined(separator: " and "))), ("message", .string(message))])
    }

    /// A slider's `min`, `max` and `step` (0, 100 and 1 by default, as survey-core's).
    static func sliderBounds(_ element: SurveyJSElement) -> (Double, Double, Double) {
        let minimum = element.number("min") ?? 0
        let maximum = element.number("max") ?? 100
        let step = element.number("step").flatMap { $0 > 0 ? $0 : nil } ?? 1
        return (minimum, maximum, step)
    }

    /// `minValueExpression` and `maxValueExpression` of a number or date input: rules
    /// with survey-core's messages, the bound computed as the answers change (an
    /// expression replaces the question's `min` or `max`; a bound that is empty checks
    /// nothing).
    mutating func boundRules(_ element: SurveyJSElement, id: String, repeats: [String]) -> [DefinitionDocument] {
        guard element.type == "text" || element.type.isEmpty else { return [] }
        let kind = textKind(element)
        guard [.number, .date, .dateTime].contains(kind) else { return [] }
        var rules: [DefinitionDocument] = []
        for (key, comparison, words) in [
            ("minValueExpression", ">=", "less than"), ("maxValueExpression", "<=", "greater than"),
        ] {
            guard let bound = translate(key, of: element, as: .value, repeats: repeats),
                let code = Self.boundCode(bound, kind: kind)
            else { continue }
            let check = "$\(id) == null or \(code) == null or $\(id) \(comparison) \(code)"
            let message = "The value should not be \(words) {\(code)}"
            rules.append(
                .object(
                    [("check", .string(check)), ("message", .string(message))],
                    at: SourcePlace(element.place(of: key))))
        }
        return rules
    }

    /// A bound's expression compared as the question's values are: a number, a date
    /// (`nil`: a date and time bound of another type, whose text survey-core compares).
    static func boundCode(_ bound: TranslatedExpression, kind: SurveyJSSymbol.Kind) -> String? {
        switch (kind, bound.type) {
        case (.number, .number), (.date, .date), (.dateTime, .dateTime), (_, .null): return "(" + bound.text + ")"
        case (.number, _): return "number(\(bound.text))"
        case (.date, _): return "date(string(\(bound.text)))"
        default: return nil
        }
    }

    /// When a value computed for a question (`setValueExpression`, a recomputed
    /// `defaultValueExpression`) reaches the data: survey-core holds one outside a
    /// number's or a date's `min`/`max` (or their expressions) in the question and keeps
    /// it out of the data (`canSetValueToSurvey`), so the answer stays as it was.
    /// `nil` when the question has no bound.
    mutating func withinBounds(_ value: String, of element: SurveyJSElement, repeats: [String]) -> String? {
        guard element.type == "text" || element.type.isEmpty,
            ["number", "range", "date"].contains(element.text("inputType")?.lowercased() ?? "")
        else { return nil }
        let kind = textKind(element)
        var parts: [String] = []
        for (key, comparison) in [("min", ">="), ("max", "<=")] {
            let code: String?
            if let written = element.scalarText(key + "ValueExpression") {
                // Read quietly: `boundRules` reports what is wrong with it.
                let context = context(repeats: repeats)
                code = (try? SurveyJSTranslator.translate(Self.trimmed(written), as: .value, in: context))
                    .flatMap { Self.boundCode($0, kind: kind) }
                if let code { parts.append("\(code) == null or (\(value)) \(comparison) \(code)") }
                continue
            }
            if kind == .number, let number = element.number(key).flatMap(ExpressionText.number) {
                parts.append("(\(value)) \(comparison) \(number)")
            } else if kind == .date, let text = element.text(key), LocalDate(text) != nil {
                parts.append("(\(value)) \(comparison) date(\(ExpressionText.string(text)))")
            }
        }
        return parts.isEmpty ? nil : "(\(value)) == null or " + Self.grouped(parts)
    }
}
