import Formwork

/// Translates SurveyJS expressions (survey-core 3.0.1's grammar) into Formwork's
/// expression language, so that the translation computes what survey-core computes.
///
/// survey-core evaluates JavaScript values and converts them as it goes; Formwork's
/// expressions are typed when a form loads. The translation is type-directed: each
/// question's kind (from the context) decides what survey-core would do, and that is
/// written out.
///
/// ```swift
/// try SurveyJSTranslator.translate("{age} >= 18", as: .condition, in: context).text   // $age >= 18
/// try SurveyJSTranslator.translate("{name} = 'ann'", as: .condition, in: context).text
/// // lower(trim($name)) == 'ann'
/// try SurveyJSTranslator.translate("{langs} contains 'FR'", as: .condition, in: context).text
/// // 'fr' in $langs (the option 'fr' matches, ignoring case)
/// try SurveyJSTranslator.translate("{price} * {qty}", as: .value, in: context).text
/// // coalesce($price, 0) * coalesce($qty, 0)
/// ```
///
/// survey-core's rules, as written out:
/// - An unanswered question is empty: `= ''`, `= null` and `empty` hold for it, `!=`
///   any value holds, `<` and `>` never do, and arithmetic reads it as `0`.
/// - Text is compared trimmed and ignoring case; a number and numeric text compare as
///   numbers (`'1' = 1`); a text question's numeric answer is a number.
/// - `contains` tests a text for a part (ignoring case) and a list for an element;
///   `anyof`, `allof`, `noneof` compare a list with an array.
/// - `+` adds numbers and joins anything else as text; `/` and `%` by zero are empty.
/// - `and`, `or`, `!` and `iif` read JavaScript's truthiness; a condition holds when
///   its value `== true` (so `1` and `'1'` hold, `2` does not).
///
/// Where Formwork cannot compute what survey-core computes the error is
/// `.unsupported` and says why; what survey-core cannot parse is `.syntax`.
public enum SurveyJSTranslator {
    /// A SurveyJS expression as `use` needs it.
    ///
    /// - Parameters:
    ///   - expression: An expression as a survey's `visibleIf`, `expression`,
    ///     validator or calculated value writes it.
    ///   - use: `.condition` gives a boolean that holds where survey-core's value is
    ///     `== true` (`null` counts as false), `.value` the value with its type,
    ///     `.text` the value as survey-core writes it in a text (a choice question's
    ///     chosen option's text).
    ///   - context: Where the expression is, how names resolve, and the loader's
    ///     limits (an expression, or a translation, longer than Formwork reads is
    ///     `.unsupported`).
    /// - Returns: Formwork expression text and its type.
    /// - Throws: `TranslationError`: `.syntax`, `.unknownReference` or
    ///   `.unsupported`, at an offset in `expression`.
    public static func translate(
        _ expression: String, as use: ExpressionUse, in context: SurveyJSContext
    ) throws(TranslationError) -> TranslatedExpression {
        try translate(expression, as: use, in: context) { text throws(TranslationError) in
            try SurveyJSParser.parse(text)
        }
    }

    /// `translate(_:as:in:)`, with the expression parsed by `parse` (a reader parses
    /// each expression once, however many times it translates it).
    static func translate(
        _ expression: String, as use: ExpressionUse, in context: SurveyJSContext,
        parse: (String) throws(TranslationError) -> SurveyJSExpression
    ) throws(TranslationError) -> TranslatedExpression {
        try TranslationError.checkLength(of: expression, limits: context.limits)
        let walk = SurveyJSWalk(context: context)
        walk.spend(expression.utf8.count)
        try walk.checkWork(at: 0)
        let parsed = try parse(expression)
        let result: SurveyJSOperand
        switch use {
        case .condition:
            result = try walk.condition(try walk.translate(parsed), rule: context.condition, at: parsed.offset)
        case .value: result = try walk.value(try walk.translate(parsed), at: parsed.offset)
        case .text:
            if case .variable(let name, let offset) = parsed {
                result = try walk.text(try walk.display(name, at: offset), at: offset)
            } else {
                result = try walk.text(try walk.translate(parsed), at: parsed.offset)
            }
        }
        let checked = try walk.bounded(result, at: parsed.offset)
        return TranslatedExpression(text: checked.code, type: checked.kind.valueType)
    }

    /// The names an expression reads — each `{name}` as written (without a leading
    /// `#`), and the question `displayValue('name')` names — in order, each once,
    /// without translating.
    ///
    /// - Throws: `TranslationError` with reason `.syntax`.
    static func names(in expression: String) throws(TranslationError) -> [String] {
        try names(in: expression) { text throws(TranslationError) in try SurveyJSParser.parse(text) }
    }

    /// Whether survey-core runs a value rule with this expression on every change of
    /// the survey, not only when a question it reads changes: when it reads no
    /// question, or calls a function none of whose arguments reads one (`today()`,
    /// `iif(1, 2, 3)`; not one inside a call that reads one), as its
    /// `canExecuteTriggerByKeys` decides. `false` for an
    /// expression that cannot be parsed.
    static func runsOnEveryChange(_ expression: String) -> Bool {
        guard let parsed = try? SurveyJSParser.parse(expression) else { return false }
        func readsQuestion(_ node: SurveyJSExpression) -> Bool {
            switch node {
            case .literal: return false
            case .variable: return true
            case .array(let elements, _): return elements.contains(where: readsQuestion)
            case .call(_, let arguments, _): return arguments.contains(where: readsQuestion)
            case .negation(let operand, _), .emptiness(let operand, _, _): return readsQuestion(operand)
            case .chain(let first, let links, _):
                return readsQuestion(first) || links.compactMap(\.operand).contains(where: readsQuestion)
            }
        }
        func callsConstantFunction(_ node: SurveyJSExpression) -> Bool {
            switch node {
            case .literal, .variable: return false
            case .array(let elements, _): return elements.contains(where: callsConstantFunction)
            case .call(_, let arguments, _):
                // survey-core looks no further than a call's own arguments.
                return !arguments.contains(where: readsQuestion)
            case .negation(let operand, _), .emptiness(let operand, _, _): return callsConstantFunction(operand)
            case .chain(let first, let links, _):
                return callsConstantFunction(first)
                    || links.compactMap(\.operand).contains(where: callsConstantFunction)
            }
        }
        return !readsQuestion(parsed) || callsConstantFunction(parsed)
    }

    /// `names(in:)`, with the expression parsed by `parse`.
    static func names(
        in expression: String, parse: (String) throws(TranslationError) -> SurveyJSExpression
    ) throws(TranslationError) -> [String] {
        var names: [String] = []
        func visit(_ node: SurveyJSExpression) {
            switch node {
            case .literal: break
            case .variable(let written, _):
                let name = written.count > 1 && written.hasPrefix("#") ? String(written.dropFirst()) : written
                if !names.contains(name) { names.append(name) }
            case .array(let elements, _): elements.forEach(visit)
            case .call(let function, let arguments, _):
                if function == "displayValue", case .literal(.text(let name), _)? = arguments.first,
                    !names.contains(name)
                {
                    names.append(name)
                }
                arguments.forEach(visit)
            case .negation(let operand, _), .emptiness(let operand, _, _): visit(operand)
            case .chain(let first, let links, _):
                visit(first)
                links.compactMap(\.operand).forEach(visit)
            }
        }
        visit(try parse(expression))
        return names
    }
}

/// One translation: the context, and the walk over the expression.
struct SurveyJSWalk {
    let context: SurveyJSContext

    /// The operand an expression is.
    func translate(_ expression: SurveyJSExpression) throws(TranslationError) -> SurveyJSOperand {
        try bounded(try operand(expression), at: expression.offset)
    }

    /// `operand`, unless its code is longer than Formwork reads: survey-core's `and`,
    /// `or`, `=` and `iif` are written out with an operand more than once, so that
    /// `{a} or {b} or {c} …` (each side read again by the next) would double at each
    /// step; checked at every step, no translation grows past a few times the limit.
    func bounded(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        try checkWork(at: offset)
        let maximum = context.limits.maximumExpressionLength
        guard operand.code.utf8.count > maximum else { return operand }
        throw unsupported(
            "its translation is longer than the \(maximum) characters Formwork reads "
                + "(survey-core's and, or, = and iif are written out with their operands repeated)",
            at: offset)
    }

    /// Counts `steps` of the survey's translation work (`SurveyJSWork`).
    func spend(_ steps: Int) { context.work?.done += steps }

    /// An error once the survey's translations have done more than they may.
    func checkWork(at offset: Int) throws(TranslationError) {
        guard let work = context.work, work.isExhausted else { return }
        throw unsupported(
            "the survey's expressions take more than \(work.limit) steps to translate (each character, and each "
                + "choice of a question compared, is one)",
            at: offset)
    }

    private func operand(_ expression: SurveyJSExpression) throws(TranslationError) -> SurveyJSOperand {
        switch expression {
        case .literal(let value, _):
            return .literal(value)
        case .variable(let name, let offset):
            return try variable(name, at: offset)
        case .array(let elements, _):
            var array = SurveyJSOperand(code: "", kind: .array, mayBeNull: false)
            array.elements = try elements.map { element throws(TranslationError) in try translate(element) }
            return array
        case .call(let name, let arguments, let offset):
            return try call(name, arguments, at: offset)
        case .negation(let operand, _):
            return negated(try truthy(try translate(operand), at: operand.offset))
        case .emptiness(let operand, let negated, _):
            let test = try isEmpty(try translate(operand), at: operand.offset)
            return negated ? self.negated(test) : test
        case .chain(let first, let links, _):
            var result = try translate(first)
            var offset = first.offset
            for link in links {
                let right = try link.operand.map { operand throws(TranslationError) in try translate(operand) }
                result = try bounded(
                    try apply(
                        link.op, result, right ?? .literal(.null), at: (offset, link.operand?.offset ?? link.offset)),
                    at: link.offset)
                offset = link.offset
            }
            return result
        }
    }

    /// `left op right`.
    func apply(
        _ op: SurveyJSOperator, _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        switch op {
        case .or, .and: return try logical(op, left, right, at: offsets)
        case .equal: return try equality(left, right, at: offsets)
        case .notEqual: return negated(try equality(left, right, at: offsets))
        case .less: return try order("<", left, right, at: offsets)
        case .greater: return try order(">", left, right, at: offsets)
        case .lessOrEqual: return try orEqual("<=", left, right, at: offsets)
        case .greaterOrEqual: return try orEqual(">=", left, right, at: offsets)
        case .plus: return try plus(left, right, at: offsets)
        case .minus, .multiply, .divide, .modulo, .power: return try arithmetic(op, left, right, at: offsets)
        case .contains: return try contains(left, right, at: offsets)
        case .notContains: return try notContains(left, right, at: offsets)
        case .anyOf: return try anyOf(left, right, at: offsets)
        case .allOf: return try allOf(left, right, at: offsets)
        case .noneOf: return negated(try anyOf(left, right, at: offsets))
        }
    }

    /// An error for what Formwork cannot compute, naming it.
    func unsupported(_ what: String, at offset: Int) -> TranslationError {
        TranslationError(.unsupported, message: what, offset: offset)
    }

    /// The result of a `.value` use: one value (not a dynamic panel's entries).
    func value(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let number = Self.numericChoice(operand) { return number }
        switch operand.kind {
        case .entries:
            throw unsupported(
                "a dynamic panel's or matrix's entries as a value (read one: {panel[0].name})", at: offset)
        case .array: return try list(operand, at: offset)
        case .list:
            throw unsupported(
                "a question's values in every entry as a value (use sumInArray() and the like)", at: offset)
        default:
            return operand
        }
    }

    /// A choice question whose options are all written as numbers (a rating, choices
    /// `[1, 2, 3]`) read as a value: survey-core holds its answer as a number, so it is
    /// `number($q)`; `nil` for any other operand.
    static func numericChoice(_ operand: SurveyJSOperand) -> SurveyJSOperand? {
        guard operand.kind == .choice, let symbol = operand.symbol, symbol.numericOptions else { return nil }
        return .call("number", [operand.code], kind: .number, mayBeNull: operand.mayBeNull)
    }
}
