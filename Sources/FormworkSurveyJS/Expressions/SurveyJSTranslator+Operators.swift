import Formwork
import Foundation

/// `and`, `or` and arithmetic as survey-core computes them. Both read an empty side
/// as `0` (or `''` beside text) first; `and` and `or` are then JavaScript's `&&` and
/// `||`, whose value is one of the sides; `+` adds numbers and joins anything else as
/// text; `-`, `*`, `/`, `%`, `^` read both sides as numbers, and `/` and `%` by zero
/// are empty.
extension SurveyJSWalk {
    // MARK: and, or

    func logical(
        _ op: SurveyJSOperator, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let isAnd = op == .and
        if let value = a.literal {
            let decided = value.isTruthy != isAnd
            return decided ? .literal(value == .null ? .number(0) : value) : b
        }
        let values: [SurveyJSOperand.Kind] = [.number, .text, .choice, .date, .dateTime, .time]
        if values.contains(a.kind), values.contains(b.kind), a.isText == b.isText || a.kind == b.kind,
            a.isDateObject == b.isDateObject, a.logical == nil, b.logical == nil
        {
            // The value of one side, as survey-core returns it.
            let test = try truthy(a, at: offsets.0)
            let kind: SurveyJSOperand.Kind = a.kind == b.kind ? a.kind : .text
            return isAnd ? conditional(test, b, a, kind: kind) : conditional(test, a, b, kind: kind)
        }
        // Whether the value is truthy; conditions read the sides (SurveyJSWalk.condition).
        let (x, y) = (try truthy(a, at: offsets.0), try truthy(b, at: offsets.1))
        var result = isAnd ? all([x, y]) : any([x, y])
        guard result.literal == nil else { return result }
        result.logical = op
        result.elements = [a, b]
        return result
    }

    // MARK: Arithmetic

    /// `a + b`: numbers added, anything else joined as text.
    func plus(
        _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let x = a.literal, let y = b.literal { return .literal(Self.computed(.plus, x, y)) }
        let (textA, textB) = (try isTextual(a, at: offsets.0), try isTextual(b, at: offsets.1))
        guard textA == true || textB == true || (textA == nil && textB == nil) else {
            return try numeric("+", .additive, a, b, at: offsets)
        }
        var parts: [String] = []
        for (side, offset) in [(a, offsets.0), (b, offsets.1)] {
            if let concatenated = side.concatenated {
                parts += concatenated
            } else if let value = side.literal {
                parts.append(ExpressionText.string(value == .null ? "" : value.text))
            } else if [.text, .choice, .number, .bool, .date, .time].contains(side.kind) {
                parts.append(side.code)
            } else {
                parts.append(try textOf(side, separator: ", ", at: offset).code)
            }
        }
        var result = SurveyJSOperand.call("concat", parts, kind: .text, mayBeNull: false)
        result.concatenated = parts
        return result
    }

    /// Whether survey-core holds the operand of `+` as text (`true`), as a number or a
    /// boolean (`false`), or either, by its answer (`nil`: a text question, whose
    /// numeric answers are numbers).
    private func isTextual(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> Bool? {
        if operand.isDateObject {
            throw unsupported("a date from a function added to (survey-core joins its long form as text)", at: offset)
        }
        if let value = operand.literal {
            switch value {
            case .text: return true
            case .null: return nil
            default: return false
            }
        }
        switch operand.kind {
        case .number, .bool: return false
        case .date, .time, .dateTime: return true
        case .text: return operand.converts ? nil : true
        case .choice:
            guard let options = operand.symbol?.options, !options.isEmpty, operand.converts else {
                return operand.converts ? nil : true
            }
            spend(options.count)
            let numeric = options.filter { SurveyJSValue.number(in: $0) != nil }.count
            return numeric == options.count ? false : numeric == 0 ? true : nil
        case .multichoice, .list, .entries, .array, .null:
            throw unsupported("a list added to (use sum() or sumInArray())", at: offset)
        }
    }

    /// `a op b` for `-`, `*`, `/`, `%` and `^`.
    func arithmetic(
        _ op: SurveyJSOperator, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let x = a.literal, let y = b.literal { return .literal(Self.computed(op, x, y)) }
        switch op {
        case .minus: return try numeric("-", .additive, a, b, at: offsets)
        case .multiply: return try numeric("*", .multiplicative, a, b, at: offsets)
        case .divide: return try numeric("/", .multiplicative, a, b, at: offsets)
        case .modulo: return try numeric("%", .multiplicative, a, b, at: offsets)
        default:
            let (x, y) = (try arithmeticNumber(a, at: offsets.0), try arithmeticNumber(b, at: offsets.1))
            return .call("pow", [x.code, y.code], kind: .number, mayBeNull: true)
        }
    }

    /// Both as numbers, joined by a Formwork operator.
    private func numeric(
        _ symbol: String, _ precedence: ExpressionText.Precedence, _ a: SurveyJSOperand, _ b: SurveyJSOperand,
        at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let (x, y) = (try arithmeticNumber(a, at: offsets.0), try arithmeticNumber(b, at: offsets.1))
        let tighter = ExpressionText.Precedence(rawValue: precedence.rawValue + 1)!
        return SurveyJSOperand(
            code: x.code(precedence) + " \(symbol) " + y.code(tighter), kind: .number,
            mayBeNull: x.mayBeNull || y.mayBeNull || symbol == "/" || symbol == "%", precedence: precedence)
    }

    // MARK: Known values

    /// survey-core's arithmetic on two values known now (`OperandMaker.binaryFunctions`),
    /// with its rounding of sums and products to the operands' decimals
    /// (`0.1 + 0.2` is `0.3`).
    static func computed(_ op: SurveyJSOperator, _ a: SurveyJSValue, _ b: SurveyJSValue) -> SurveyJSValue {
        func forArithmetic(_ value: SurveyJSValue, _ other: SurveyJSValue) -> SurveyJSValue {
            guard value.isEmpty else { return value }
            if case .number = other { return .number(0) }
            if case .text = value { return value }
            if case .text = other { return .text("") }
            return .number(0)
        }
        let x = forArithmetic(a, b)
        let y = forArithmetic(b, x)
        let (m, n) = (x.toNumber, y.toNumber)
        switch op {
        case .plus:
            let numbers = isNumber(x) && isNumber(y)
            if case .text = x { return .text(x.text + y.text) }
            if case .text = y { return .text(x.text + y.text) }
            return .number(numbers ? corrected(m + n, decimals: max(decimals(m), decimals(n))) : m + n)
        case .minus: return .number(corrected(m - n, decimals: max(decimals(m), decimals(n))))
        case .multiply: return .number(corrected(m * n, decimals: decimals(m) + decimals(n)))
        case .divide: return n == 0 || n.isNaN ? .null : .number(m / n)
        case .modulo: return n == 0 || n.isNaN ? .null : .number(m.truncatingRemainder(dividingBy: n))
        default: return .number(pow(m, n))
        }
    }

    /// `Helpers.isNumber`.
    private static func isNumber(_ value: SurveyJSValue) -> Bool {
        switch value {
        case .number(let number): return number.isFinite
        case .text(let text): return SurveyJSValue.number(in: text) != nil
        default: return false
        }
    }

    /// The decimals JavaScript writes a number with (`countDecimals`).
    private static func decimals(_ number: Double) -> Int {
        guard number.isFinite, number.rounded(.down) != number else { return 0 }
        let written = SurveyJSValue.javaScriptText(number)
        guard let point = written.firstIndex(of: ".") else { return 0 }
        return written[written.index(after: point)...].count
    }

    /// `parseFloat(result.toFixed(decimals))` where there are decimals.
    private static func corrected(_ result: Double, decimals: Int) -> Double {
        guard decimals > 0, result.isFinite else { return result }
        return Double(String(format: "%.\(min(decimals, 100))f", result)) ?? result
    }
}
