import Formwork

/// survey-core's conversions — JavaScript's truthiness, `== true`, `isValueEmpty`,
/// `Number()` and `String()` — written out in Formwork for each kind of operand, and
/// the boolean pieces the translation is built of.
extension SurveyJSWalk {
    // MARK: Booleans

    /// `a op b`, a comparison (operands that do not chain are parenthesized).
    func comparison(_ a: SurveyJSOperand, _ op: String, _ b: SurveyJSOperand) -> SurveyJSOperand {
        var result = SurveyJSOperand(
            code: a.code(.additive) + " \(op) " + b.code(.additive), kind: .bool, mayBeNull: false,
            precedence: .comparison)
        result.compared = (a.code(.additive), op, b.code(.additive))
        return result
    }

    /// `a and b and …`, with known parts folded.
    func all(_ parts: [SurveyJSOperand]) -> SurveyJSOperand {
        var kept: [SurveyJSOperand] = []
        for part in parts {
            switch part.literal {
            case .bool(false)?: return .bool(false)
            case .bool(true)?: continue
            default: kept.append(part)
            }
        }
        guard kept.count > 1 else { return kept.first ?? .bool(true) }
        return SurveyJSOperand(
            code: kept.map { $0.code(.not) }.joined(separator: " and "), kind: .bool, mayBeNull: false,
            precedence: .and)
    }

    /// `a or b or …`, with known parts folded.
    func any(_ parts: [SurveyJSOperand]) -> SurveyJSOperand {
        var kept: [SurveyJSOperand] = []
        for part in parts {
            switch part.literal {
            case .bool(true)?: return .bool(true)
            case .bool(false)?: continue
            default: kept.append(part)
            }
        }
        guard kept.count > 1 else { return kept.first ?? .bool(false) }
        return SurveyJSOperand(
            code: kept.map { $0.code(.and) }.joined(separator: " or "), kind: .bool, mayBeNull: false, precedence: .or)
    }

    /// `not x` (`null` counts as false, so `not` of it holds).
    func negated(_ operand: SurveyJSOperand) -> SurveyJSOperand {
        if case .bool(let flag)? = operand.literal { return .bool(!flag) }
        if operand.precedence == .not, operand.code.hasPrefix("not ") {
            var inner = operand
            inner.code.removeFirst(4)
            inner.precedence = inner.code.hasPrefix("not ") ? .not : .comparison
            return inner
        }
        if let (left, op, right) = operand.compared, let inverse = ["==": "!=", "!=": "=="][op] {
            var result = operand
            result.code = "\(left) \(inverse) \(right)"
            result.compared = (left, inverse, right)
            return result
        }
        return SurveyJSOperand(code: "not " + operand.code(.not), kind: .bool, mayBeNull: false, precedence: .not)
    }

    /// `if(condition, then, else)` of a kind.
    func conditional(
        _ condition: SurveyJSOperand, _ then: SurveyJSOperand, _ otherwise: SurveyJSOperand,
        kind: SurveyJSOperand.Kind
    ) -> SurveyJSOperand {
        if case .bool(let flag)? = condition.literal { return flag ? then : otherwise }
        var result = SurveyJSOperand.call(
            "if", [condition.code, then.code, otherwise.code], kind: kind,
            mayBeNull: then.mayBeNull || otherwise.mayBeNull)
        result.converts = then.converts || otherwise.converts
        result.isDateObject = then.isDateObject && otherwise.isDateObject
        return result
    }

    /// Formwork's `empty(x)`.
    func emptyCall(_ operand: SurveyJSOperand) -> SurveyJSOperand {
        .call("empty", [operand.code], kind: .bool, mayBeNull: false)
    }

    // MARK: JavaScript's conversions

    /// JavaScript's `!!x` (`!`, `iif`, `and` and `or` read it): `0`, `''`, `false`,
    /// `null` and `NaN` are false; a question's answer `'0'` or `'false'` too (read as
    /// a number or a boolean); an array, even empty, is true (an unanswered multiple
    /// choice is an empty array to survey-core).
    func truthy(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal { return .bool(value.isTruthy) }
        if operand.logical != nil {
            return SurveyJSOperand(code: operand.code, kind: .bool, mayBeNull: false, precedence: operand.precedence)
        }
        switch operand.kind {
        case .bool: return operand
        case .number, .date, .dateTime, .time:
            return .call("boolean", [operand.code], kind: .bool, mayBeNull: false)
        case .choice, .text:
            if let test = optionTest(operand, { $0.isTruthy }) { return test }
            let nonEmpty = SurveyJSOperand.call("boolean", [operand.code], kind: .bool, mayBeNull: false)
            guard operand.converts else { return nonEmpty }
            return all([
                nonEmpty, comparison(.call("number", [operand.code], kind: .number, mayBeNull: true), "!=", .number(0)),
                comparison(lowered(operand, trimmed: false), "!=", .text("false")),
            ])
        case .entries:
            return comparison(.call("count", [operand.code], kind: .number, mayBeNull: false), ">", .number(0))
        case .multichoice, .array: return .bool(true)
        case .null: return .bool(false)
        case .list:
            throw unsupported("a question's values in every entry read as true or false", at: offset)
        }
    }

    /// Whether a condition's value holds by survey-core's `rule` for where the
    /// condition is written: exactly `true`, `== true`, or not exactly `false`.
    func condition(
        _ operand: SurveyJSOperand, rule: SurveyJSCondition, at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal {
            switch rule {
            case .isTrue: return .bool(value == .bool(true))
            case .isLooselyTrue: return .bool(value.isLooselyTrue)
            case .isNotFalse: return .bool(value != .bool(false))
            }
        }
        if let op = operand.logical {
            // survey-core's value is one side's: the left's when it decides, else the right's.
            let (a, b) = (operand.elements[0], operand.elements[1])
            let truthy = try truthy(a, at: offset)
            let right = try condition(b, rule: rule, at: offset)
            // A boolean the left side is, when the rule reads it as it is.
            let plain = a.kind == .bool && a.logical == nil && (rule != .isNotFalse || !a.mayBeNull)
            switch (op, rule) {
            case (.and, .isNotFalse) where !plain:
                return conditional(truthy, right, try condition(a, rule: rule, at: offset), kind: .bool)
            case (.and, _): return all([truthy, right])
            case (.or, .isNotFalse): return any([truthy, right])
            case (.or, _) where plain: return any([a, right])
            default: return conditional(truthy, try condition(a, rule: rule, at: offset), right, kind: .bool)
            }
        }
        switch (operand.kind, rule) {
        case (.bool, .isNotFalse): return operand.mayBeNull ? comparison(operand, "!=", .bool(false)) : operand
        case (.bool, _): return operand
        case (.text, _), (.choice, _):
            if let test = optionTest(operand, { Self.holds($0, rule) }) { return test }
            let word = lowered(operand, trimmed: false)
            switch rule {
            case .isTrue: return operand.converts ? comparison(word, "==", .text("true")) : .bool(false)
            case .isNotFalse: return operand.converts ? comparison(word, "!=", .text("false")) : .bool(true)
            case .isLooselyTrue:
                let one = comparison(.call("number", [operand.code], kind: .number, mayBeNull: true), "==", .number(1))
                return operand.converts ? any([comparison(word, "==", .text("true")), one]) : one
            }
        case (.number, .isLooselyTrue): return comparison(operand, "==", .number(1))
        case (.multichoice, .isLooselyTrue), (.array, .isLooselyTrue):
            throw unsupported(
                "a list as a condition (survey-core compares its values written as text with true)", at: offset)
        case (.list, _):
            throw unsupported("a question's values in every entry as a condition", at: offset)
        case (_, .isNotFalse): return .bool(true)
        default: return .bool(false)
        }
    }

    /// Whether a value known now holds by `rule` (`nil`: an unanswered question).
    static func holds(_ value: SurveyJSValue, _ rule: SurveyJSCondition) -> Bool {
        switch rule {
        case .isTrue: return value == .bool(true)
        case .isLooselyTrue: return value.isLooselyTrue
        case .isNotFalse: return value != .bool(false)
        }
    }

    /// `Helpers.isValueEmpty`: `null`, `''`, an empty list, no entries (not `0`, not `false`).
    func isEmpty(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal { return .bool(value.isEmpty) }
        switch operand.kind {
        case .entries:
            return comparison(.call("count", [operand.code], kind: .number, mayBeNull: false), "==", .number(0))
        case .array: return .bool(operand.elements.isEmpty)
        case .null: return .bool(true)
        case .list: throw unsupported("a question's values in every entry tested for emptiness", at: offset)
        default:
            if !operand.mayBeNull, !operand.isText { return .bool(false) }
            return emptyCall(operand)
        }
    }

    /// An operand of `-`, `*`, `/`, `%`, `^` (and of `+` between numbers), as
    /// survey-core reads it: empty as `0`, text by `Number()` (`NaN`, Formwork's
    /// `null`, when it is not a number), `true` as 1.
    func arithmeticNumber(
        _ operand: SurveyJSOperand, at offset: Int
    ) throws(TranslationError)
        -> SurveyJSOperand
    {
        if let value = operand.literal { return .number(value == .null ? 0 : value.toNumber) }
        switch operand.kind {
        case .number:
            guard operand.mayBeNull else { return operand }
            return .call("coalesce", [operand.code, "0"], kind: .number, mayBeNull: false)
        case .bool: return .call("if", [operand.code, "1", "0"], kind: .number, mayBeNull: false)
        case .text, .choice:
            let number = SurveyJSOperand.call("number", [operand.code], kind: .number, mayBeNull: true)
            spend(operand.symbol?.options.count ?? 0)
            if let symbol = operand.symbol, !symbol.options.isEmpty,
                symbol.options.allSatisfy({ SurveyJSValue.number(in: $0) != nil })
            {
                return .call("coalesce", [number.code, "0"], kind: .number, mayBeNull: false)
            }
            return .call("if", [emptyCall(operand).code, "0", number.code], kind: .number, mayBeNull: true)
        case .null: return .number(0)
        case .date, .dateTime, .time:
            throw unsupported(
                operand.isDateObject
                    ? "a date in arithmetic (survey-core computes with its milliseconds; use dateDiff() or dateAdd())"
                    : "a date in arithmetic (survey-core reads its text as NaN; use dateDiff() or dateAdd())",
                at: offset)
        case .multichoice, .list, .entries, .array:
            throw unsupported("a list in arithmetic (use sum() or sumInArray())", at: offset)
        }
    }

    /// How survey-core writes a value as text (`String()`), for `+` with text and for
    /// `contains`: numbers and booleans as JavaScript writes them, a date and time
    /// as `YYYY-MM-DDTHH:MM`, a list's values joined by `separator`.
    func textOf(
        _ operand: SurveyJSOperand, separator: String = ",", at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal { return .text(value == .null ? "" : value.text) }
        switch operand.kind {
        case .text, .choice: return operand
        case .number, .bool, .date, .time:
            if operand.isDateObject { break }
            return .call("string", [operand.code], kind: .text, mayBeNull: false)
        case .dateTime:
            if operand.isDateObject { break }
            return .call("format-date", [operand.code, "'%Y-%m-%dT%H:%M'"], kind: .text, mayBeNull: true)
        case .multichoice:
            return .call("join", [ExpressionText.string(separator), operand.code], kind: .text, mayBeNull: false)
        case .null: return .text("")
        case .list, .entries, .array: break
        }
        throw unsupported(
            operand.isDateObject
                ? "a date from a function written as text (survey-core writes it in the browser's long form)"
                : "a list written as text", at: offset)
    }

    /// An array written in the expression as a Formwork list (`['a', 'b']`).
    func list(_ array: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        let kinds = Set(array.elements.map { $0.kind == .choice ? "text" : "\($0.kind)" })
        guard kinds.count <= 1, array.elements.allSatisfy({ ![.array, .entries, .multichoice].contains($0.kind) })
        else { throw unsupported("an array whose values are of different kinds", at: offset) }
        let element = array.elements.first?.kind ?? .null
        return SurveyJSOperand(
            code: "[" + array.elements.map(\.code).joined(separator: ", ") + "]",
            kind: element == .null ? .array : .list(element == .choice ? .text : element), mayBeNull: false)
    }

    // MARK: Options

    /// A test on a choice question whose options are known, written as the options it
    /// holds for (`$q == 'b'`, `$q in ['a', 'b']`, `not empty($q)`, `false`); `nil`
    /// when the options are unknown. Each option is read as survey-core reads the
    /// answer (`'1'` as the number 1 unless the question is read as it is, `{#q}`).
    func optionTest(_ operand: SurveyJSOperand, _ holds: (SurveyJSValue) -> Bool) -> SurveyJSOperand? {
        guard operand.kind == .choice, let symbol = operand.symbol, !symbol.options.isEmpty else { return nil }
        spend(symbol.options.count)
        let matching = symbol.options.filter { option in
            holds(operand.converts ? SurveyJSValue.text(option).converted : .text(option))
        }
        let test = among(operand, matching, of: symbol.options)
        guard holds(.null) else { return test }
        // It holds for an unanswered question too.
        return matching.count == symbol.options.count ? .bool(true) : any([emptyCall(operand), test])
    }

    /// `operand` is one of `matching` (options of `all`).
    func among(_ operand: SurveyJSOperand, _ matching: [String], of all: [String]) -> SurveyJSOperand {
        switch matching.count {
        case 0: return .bool(false)
        case 1: return comparison(operand, "==", .text(matching[0]))
        case all.count: return negated(emptyCall(operand))
        default:
            return SurveyJSOperand(
                code: operand.code(.additive) + " in [" + matching.map(ExpressionText.string).joined(separator: ", ")
                    + "]",
                kind: .bool, mayBeNull: false, precedence: .comparison)
        }
    }
}
