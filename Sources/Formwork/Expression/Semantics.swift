/// The runtime rules of the language (the ConditionLanguage article's semantics table).
///
/// The closures `ExpressionCompiler` builds apply them at evaluation time; the
/// definition checks use `order` to compare bounds at load time.
enum Semantics {
    /// `==`: null equals only null; numbers, text (exact), dates, booleans and lists
    /// by value. With `javaNumbers`, two numbers are equal as JavaRosa compares them:
    /// when they differ by less than 10⁻¹² (`0.1 + 0.2 = 0.3` holds; an infinity
    /// equals nothing, itself included).
    static func equal(_ left: Value, _ right: Value, javaNumbers: Bool = false) -> Bool {
        if javaNumbers, case .number(let a) = left, case .number(let b) = right { return abs(a - b) < 1e-12 }
        return left == right
    }

    /// The order of two values of an ordered type; `nil` (so the comparison is false)
    /// when either is null or the types differ.
    static func order(_ left: Value, _ right: Value) -> Int? {
        switch (left, right) {
        case let (.number(a), .number(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.date(a), .date(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.time(a), .time(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.dateTime(a), .dateTime(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.string(a), .string(b)):
            // Exact, by Unicode scalar values: predictable and locale-independent.
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : (a == b ? 0 : 1)
        default: return nil
        }
    }

    /// `in`: false when either side is null.
    static func isElement(_ element: Value, of list: Value) -> Bool {
        guard !element.isNull, case .list(let elements) = list else { return false }
        return elements.contains(element)
    }

    /// `+ - * / %`: null in, null out; division by zero and overflow give null —
    /// unless `javaArithmetic` (a form that computes as JavaRosa: `1 div 0` is
    /// `Infinity` there, and only `0 div 0`, like every other `NaN`, is nothing).
    /// With `correctsDecimals` (survey-core's arithmetic), a sum, difference or product
    /// is rounded to the decimals its operands are written with (`0.1 + 0.2` is `0.3`).
    static func arithmetic(
        _ op: BinaryOperator, _ left: Value, _ right: Value, javaArithmetic: Bool = false,
        correctsDecimals: Bool = false
    ) -> Value {
        switch (left, right) {
        case let (.number(a), .number(b)):
            var result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide:
                guard b != 0 || javaArithmetic else { return .null }
                result = a / b
            case .remainder:
                guard b != 0 else { return .null }
                result = a.truncatingRemainder(dividingBy: b)
            default: return .null
            }
            if correctsDecimals, [.add, .subtract, .multiply].contains(op) {
                result = NumbersInText.javaScriptCorrected(result, a, b, multiplying: op == .multiply)
            }
            return result.isFinite || (javaArithmetic && !result.isNaN) ? .number(result) : .null
        case let (.string(a), .string(b)) where op == .add:
            return .string(a + b)
        case let (.date(date), .number(days)) where op == .add || op == .subtract:
            guard days == days.rounded(), abs(days) < 3_000_000 else { return .null }
            let shifted = date.adding(days: op == .add ? Int(days) : -Int(days))
            return (1...9999).contains(shifted.year) ? .date(shifted) : .null
        case let (.date(a), .date(b)) where op == .subtract:
            return .number(Double(a.daysSinceEpoch - b.daysSinceEpoch))
        default:
            return .null
        }
    }
}
