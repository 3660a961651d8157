import Formwork

/// Numbers written as JavaScript writes them (`Number.prototype.toString`, which
/// `JSON.stringify` uses): the shortest digits that read back as the same double, in
/// decimal notation from 10⁻⁶ up to 10²¹ and in exponent notation outside
/// (`1e-7`, `1.5e+21`). SurveyJS's data is written so, so a value Formwork computes is
/// the same double, and the same text, as survey-core's (`0.3333333333333333`).
///
/// ```swift
/// JavaScriptNumber.text(1.0 / 3)   // "0.3333333333333333"
/// JavaScriptNumber.text(1e21)      // "1e+21"
/// JavaScriptNumber.text(0.000001)  // "0.000001"
/// ```
enum JavaScriptNumber {
    /// `number` as JavaScript writes it; `null` for one that is not finite (as
    /// `JSON.stringify` writes `NaN` and `Infinity`).
    static func text(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        let (digits, point) = shortestDigits(abs(number))
        let sign = number < 0 ? "-" : ""
        let count = digits.count
        if count <= point && point <= 21 { return sign + digits + String(repeating: "0", count: point - count) }
        if 0 < point && point <= 21 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        if -6 < point && point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        let exponent = point - 1
        let mantissa = count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + mantissa + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
    }

    /// The shortest digits of a positive finite double (Swift's `description` has
    /// them) and where the decimal point goes: the value is `0.DIGITS × 10^point`.
    static func shortestDigits(_ number: Double) -> (digits: String, point: Int) {
        let written = number.description  // "0.1", "123.0", "1e-07", "1.5e+300"
        let parts = written.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1)
        let whole = String(mantissa[0])
        let fraction = mantissa.count > 1 ? String(mantissa[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        while digits.hasPrefix("0") && digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        return (digits, point)
    }

    /// `output` with every number written as JavaScript writes it.
    static func written(_ output: JSONOutput) -> JSONOutput {
        switch output {
        case .object(let members): return .object(members.map { ($0.0, written($0.1)) })
        case .array(let elements): return .array(elements.map(written))
        case .value(.number(let number)): return .verbatimNumber(text(number))
        default: return output
        }
    }
}
