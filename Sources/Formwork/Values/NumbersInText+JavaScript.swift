import Foundation

/// Numbers as survey-core computes and writes them (`NumbersInText.javaScript`).
extension NumbersInText {
    /// A finite number as JavaScript's `String(number)` writes it: the shortest digits
    /// that read back as the same double, in decimal notation from 10⁻⁶ up to 10²¹,
    /// in exponent notation outside (`1e-7`, `1.5e+21`).
    ///
    /// ```swift
    /// NumbersInText.javaScriptNumber(1.0 / 3)   // "0.3333333333333333"
    /// NumbersInText.javaScriptNumber(1e21)      // "1e+21"
    /// ```
    public static func javaScriptNumber(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        let (digits, exponent) = shortestDigits(abs(number))
        let point = exponent + 1  // the value is 0.DIGITS × 10^point
        let sign = number < 0 ? "-" : ""
        let count = digits.count
        if count <= point && point <= 21 { return sign + digits + String(repeating: "0", count: point - count) }
        if 0 < point && point <= 21 { return sign + digits.prefix(point) + "." + digits.dropFirst(point) }
        if -6 < point && point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        let mantissa = count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + mantissa + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
    }

    /// survey-core's `countDecimals`: the characters after the point of how JavaScript
    /// writes a number that is not whole (`0.25` → 2; `1.5e-7` → 4, its exponent counted).
    static func javaScriptDecimals(_ number: Double) -> Int {
        guard number.isFinite, number.rounded(.down) != number else { return 0 }
        let written = javaScriptNumber(number)
        guard let point = written.firstIndex(of: ".") else { return 0 }
        return written.distance(from: point, to: written.endIndex) - 1
    }

    /// survey-core's correction of a sum, difference or product (`correctAfterPlusMinis`,
    /// `correctAfterMultiple`): `result.toFixed(decimals)` read back, for the decimals
    /// of the operands (the larger for `+` and `-`, their sum for `*`).
    static func javaScriptCorrected(_ result: Double, _ a: Double, _ b: Double, multiplying: Bool) -> Double {
        let decimals =
            multiplying
            ? javaScriptDecimals(a) + javaScriptDecimals(b) : max(javaScriptDecimals(a), javaScriptDecimals(b))
        guard decimals > 0, decimals <= 100, result.isFinite else { return result }
        return Double(javaScriptFixed(result, decimals)) ?? result
    }

    /// JavaScript's `number.toFixed(decimals)`: the exact value rounded to so many
    /// decimals, a tie away from zero (C's `printf` rounds a tie to even); as
    /// `String(number)` from 10²¹ on.
    package static func javaScriptFixed(_ number: Double, _ decimals: Int) -> String {
        guard abs(number) < 1e21 else { return javaScriptNumber(number) }
        let rounded = String(format: "%.\(decimals)f", number)
        // A tie is a value whose exact digits after `decimals` are 5 and then zeros.
        let exact = String(format: "%.\(decimals + 40)f", abs(number))
        guard let point = exact.firstIndex(of: ".") else { return rounded }
        let rest = exact[exact.index(point, offsetBy: decimals + 1)...]
        guard rest.first == "5", rest.dropFirst().allSatisfy({ $0 == "0" }) else { return rounded }
        let step = pow(10, -Double(decimals))
        let truncated = (abs(number) / step).rounded(.down) * step
        let away = truncated + step
        return (number < 0 ? "-" : "") + String(format: "%.\(decimals)f", away)
    }
}
