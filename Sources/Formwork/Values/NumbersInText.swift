/// How a form writes a number as text: in `string()`, `concat()`, `join()` and a
/// label's `{…}`. A form written for another engine writes numbers as that engine
/// does, so a text calculation holds what the engine's submission holds.
///
/// Set by the definition's `numbersInText` key; the importers set it for their
/// engine.
///
/// ```swift
/// NumbersInText.plain.text(0.1 + 0.2)     // "0.3"
/// NumbersInText.java.text(0.1 + 0.2)      // "0.30000000000000004"
/// NumbersInText.java.text(12_345_678.5)   // "1.23456785E7"
/// ```
public enum NumbersInText: String, Sendable, CaseIterable {
    /// Formwork's own: whole numbers as integers, others with at most 15 significant
    /// digits (`0.1 + 0.2` is `0.3`); nothing for a number that is not finite.
    case plain
    /// JavaRosa's (XPath `string()` in Java): a number within 10⁻¹² of a whole one
    /// that fits 32 bits as that integer, any other as Java's `Double.toString` (the shortest digits that read
    /// back as the same double, `1.0E-5` below 0.001 and from 10⁷ on), `NaN`,
    /// `Infinity`.
    case java
    /// survey-core's (JavaScript's `String(number)`): the shortest digits that read
    /// back as the same double, in exponent notation below 10⁻⁶ and from 10²¹ on
    /// (`0.3333333333333333`, `1e-7`); and sums, differences and products corrected as
    /// survey-core corrects them (`0.1 + 0.2` is `0.3`, `-0.83 * 3` is `-2.49`: the result
    /// rounded to the decimals its operands are written with).
    case javaScript = "javascript"

    /// Whether the form computes numbers as JavaRosa does (`java`): a number that is
    /// not finite stays a number — `1 div 0` and `log(0)` are `Infinity` and
    /// `-Infinity`, written so in a submission and greater or less than every other
    /// number — and two numbers are equal when they differ by less than 10⁻¹²
    /// (`0.1 + 0.2 = 0.3`). In Formwork's own forms an infinity is null, so a division
    /// by zero makes every later comparison false, and equality is exact. `NaN` is
    /// null in both.
    public var javaArithmetic: Bool { self == .java }

    /// Whether sums, differences and products are corrected as survey-core corrects
    /// them (`javaScript`).
    public var correctsDecimals: Bool { self == .javaScript }

    /// `number` as text in this style.
    public func text(_ number: Double) -> String {
        switch self {
        case .plain:
            return number.isFinite ? JSONText.format(number) : ""
        case .java:
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            // JavaRosa: `Math.abs(d - (int) d) < 1.0e-12` writes `(int) d` (Java's cast
            // saturates at the 32-bit bounds), so 0.1 + 0.2 - 0.3 is 0.
            let truncated = min(max(number.rounded(.towardZero), Double(Int32.min)), Double(Int32.max))
            if abs(number - truncated) < 1e-12 { return String(Int32(truncated)) }
            return Self.javaDouble(number)
        case .javaScript:
            return number.isFinite ? Self.javaScriptNumber(number) : ""
        }
    }

    /// A finite number as Java's `Double.toString` writes it: plain between 0.001 and
    /// 10⁷ with at least one digit after the point (`100.0`, `0.001`), else one digit,
    /// a point, the rest and an exponent (`1.23456785E7`, `1.0E-5`); the digits are
    /// the shortest that read back as the same double.
    public static func javaDouble(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return number.sign == .minus ? "-0.0" : "0.0" }
        let (digits, exponent) = shortestDigits(abs(number))
        let sign = number < 0 ? "-" : ""
        let magnitude = abs(number)
        if magnitude >= 1e-3, magnitude < 1e7 {
            if exponent >= 0 {
                let whole = digits.count > exponent + 1 ? digits.prefix(exponent + 1) : Substring(digits)
                let padding = String(repeating: "0", count: max(0, exponent + 1 - digits.count))
                let fraction = digits.count > exponent + 1 ? digits.dropFirst(exponent + 1) : "0"
                return sign + whole + padding + "." + fraction
            }
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        let fraction = digits.count > 1 ? digits.dropFirst() : "0"
        return sign + digits.prefix(1) + "." + fraction + "E" + String(exponent)
    }

    /// The shortest significant digits of a positive finite number that read back as
    /// it (Swift's own, as `description` writes them), and the power of ten of the
    /// first: 1234.5 is ("12345", 3).
    static func shortestDigits(_ magnitude: Double) -> (digits: String, exponent: Int) {
        let written = magnitude.description  // "1234.5", "1e-05", "1.2345e+20"
        let parts = written.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: ".")
        let integerPart = pointIndex.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = pointIndex.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = String(integerPart) + fractionPart
        exponent += integerPart.count - 1
        // Leading zeros (0.00123) move the exponent; trailing ones carry nothing.
        while digits.count > 1, digits.hasPrefix("0") {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
        return (digits, exponent)
    }
}
