import Foundation

/// A value known when an expression is translated — a literal, an option, `{item}` —
/// with survey-core's rules for it, so that what survey-core decides about known
/// values (`'1' = 1`, `'abc' contains 'B'`, `0.1 + 0.2`) is decided here the same way.
///
/// The rules are survey-core 3.0.1's: `Helpers.isTwoValueEquals` (text trimmed and
/// compared ignoring case, numbers and numeric text as numbers), `Helpers.isValueEmpty`,
/// `Helpers.getNumber`, and JavaScript's own `==`, `<`, `!` and `String()`.
enum SurveyJSValue: Sendable, Equatable {
    /// `null`, `undefined`, an unanswered question.
    case null
    case bool(Bool)
    case number(Double)
    case text(String)

    // MARK: Reading text

    /// `Helpers.getNumber` of a text (`nil` for its `NaN`): trimmed, one comma read as a
    /// decimal point, `0x` hexadecimal, no more than 15 digits alone, a JavaScript
    /// decimal with an optional exponent.
    static func number(in text: String) -> Double? {
        var value = text.trimmedForJavaScript
        guard !value.isEmpty else { return nil }
        if value.hasPrefix("0x") {
            guard value.count <= 32, value.count > 2, let number = Int(value.dropFirst(2), radix: 16) else {
                return nil
            }
            return Double(number)
        }
        if value.count > 15, value.allSatisfy(\.isASCIIDigitLexeme) { return nil }
        if value.filter({ $0 == "," }).count == 1 { value = value.replacingOccurrences(of: ",", with: ".") }
        return decimal(value)
    }

    /// A JavaScript decimal literal (`-1.5`, `.5`, `2e3`, `+4`), else `nil`.
    static func decimal(_ text: String) -> Double? {
        var characters = Substring(text)
        if characters.first == "-" || characters.first == "+" { characters = characters.dropFirst() }
        let digits = characters.prefix(while: \.isASCIIDigitLexeme)
        characters = characters.dropFirst(digits.count)
        var fraction = 0
        if characters.first == "." {
            characters = characters.dropFirst()
            fraction = characters.prefix(while: \.isASCIIDigitLexeme).count
            characters = characters.dropFirst(fraction)
        }
        guard digits.count + fraction > 0 else { return nil }
        if characters.first == "e" || characters.first == "E" {
            characters = characters.dropFirst()
            if characters.first == "-" || characters.first == "+" { characters = characters.dropFirst() }
            let exponent = characters.prefix(while: \.isASCIIDigitLexeme).count
            guard exponent > 0 else { return nil }
            characters = characters.dropFirst(exponent)
        }
        guard characters.isEmpty, let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// What survey-core reads a question's text answer as (`getCorrectValue`): `true`
    /// and `false` (any case) as booleans, numeric text as a number — unless it starts
    /// with a zero that is not `0.`, `0,` or `0x` (`'05'` stays text) — else the text.
    var converted: SurveyJSValue {
        guard case .text(let text) = self, !text.isEmpty else { return self }
        switch text.lowercased() {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        guard let number = Self.number(in: text) else { return self }
        if text.hasPrefix("0"), !text.hasPrefix("0x"), text.count > 1 {
            let second = text[text.index(after: text.startIndex)]
            guard second == "." || second == "," else { return self }
        }
        return .number(number)
    }

    // MARK: JavaScript

    /// `Helpers.isValueEmpty`: `null`, `''` and `NaN` (not `0`, `false` or spaces).
    var isEmpty: Bool {
        switch self {
        case .null: return true
        case .text(let text): return text.isEmpty
        case .number(let number): return number.isNaN
        case .bool: return false
        }
    }

    /// JavaScript's `!!value`.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .text(let text): return !text.isEmpty
        }
    }

    /// JavaScript's `value == true`, which a condition's result is read by.
    var isLooselyTrue: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        default: return toNumber == 1
        }
    }

    /// JavaScript's `Number(value)` (`NaN` for text that is not a number, `0` for `''`).
    var toNumber: Double {
        switch self {
        case .null: return 0
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number): return number
        case .text(let text):
            let trimmed = text.trimmedForJavaScript
            if trimmed.isEmpty { return 0 }
            if trimmed.hasPrefix("0x"), let number = Int(trimmed.dropFirst(2), radix: 16) { return Double(number) }
            return Self.decimal(trimmed) ?? .nan
        }
    }

    /// JavaScript's `String(value)`.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Self.javaScriptText(number)
        case .text(let text): return text
        }
    }

    /// How JavaScript writes a number: `5`, `2.5`, `0.30000000000000004`, `NaN`.
    static func javaScriptText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == number.rounded(), abs(number) < 1e21 {
            return abs(number) < 9e18 ? String(Int64(number)) : String(format: "%.0f", number)
        }
        return number.description
    }

    // MARK: Comparing

    /// `Helpers.isTwoValueEquals(x, y)` of two values (survey-core's `=`): text
    /// trimmed and compared ignoring case; numbers and numeric text as numbers; an
    /// empty value equal to `null` and `''`; `true` equal to `'true'` and to `1`.
    static func equal(_ x: SurveyJSValue, _ y: SurveyJSValue) -> Bool {
        switch (x, y) {
        case (.null, .null): return true
        case (.null, .text("")), (.text(""), .null): return true
        case let (.text(a), .text(b)):
            return a.trimmedForJavaScript.lowercased()
                == b.trimmedForJavaScript.lowercased()
        default: break
        }
        if x != .null, y != .null, !x.toNumber.isNaN, !y.toNumber.isNaN,
            let a = x.parsedInteger, let b = y.parsedInteger, a == b, x.parsedFloat == y.parsedFloat
        {
            return true
        }
        if x.isEmpty != y.isEmpty { return false }
        switch (x, y) {
        case let (.bool(flag), .text(text)), let (.text(text), .bool(flag)):
            return (flag ? "true" : "false") == text.lowercased()
        case (.null, _), (_, .null): return false
        default:
            // JavaScript's loose ==: numbers, booleans and text compared as numbers.
            let (a, b) = (x.toNumber, y.toNumber)
            return !a.isNaN && a == b
        }
    }

    /// JavaScript's `parseInt` (`nil` for `NaN`).
    private var parsedInteger: Double? {
        switch self {
        case .number(let number): return number.isFinite ? number.rounded(.towardZero) : nil
        case .text(let text):
            let trimmed = text.trimmedForJavaScript
            var characters = Substring(trimmed)
            var sign = 1.0
            if characters.first == "-" || characters.first == "+" {
                sign = characters.first == "-" ? -1 : 1
                characters = characters.dropFirst()
            }
            let digits = characters.prefix(while: \.isASCIIDigitLexeme)
            return digits.isEmpty ? nil : Double(digits).map { $0 * sign }
        default: return nil
        }
    }

    /// JavaScript's `parseFloat` (`nil` for `NaN`).
    private var parsedFloat: Double? {
        switch self {
        case .number(let number): return number
        case .text(let text):
            let trimmed = Substring(text.trimmedForJavaScript)
            // The longest prefix that is a decimal.
            var end = trimmed.endIndex
            while end > trimmed.startIndex {
                if let number = Self.decimal(String(trimmed[..<end])) { return number }
                end = trimmed.index(before: end)
            }
            return nil
        default: return nil
        }
    }

    /// JavaScript's `x < y`: two texts by their UTF-16 code units, anything else as
    /// numbers (`NaN` is never less).
    static func less(_ x: SurveyJSValue, _ y: SurveyJSValue) -> Bool {
        if case .text(let a) = x, case .text(let b) = y { return a.utf16.lexicographicallyPrecedes(b.utf16) }
        return x.toNumber < y.toNumber
    }
}

extension CharacterSet {
    /// What JavaScript's `trim()` removes (the characters that matter in answers).
    static let javaScriptWhitespace = CharacterSet.whitespacesAndNewlines.union(["\u{FEFF}"])
}

extension StringProtocol {
    /// The text without JavaScript's white space around it (`String.prototype.trim`):
    /// as it is when it has none there, as most texts do, without Foundation's cost.
    var trimmedForJavaScript: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return String(self) }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
                : scalar.properties.isWhitespace || scalar == "\u{FEFF}"
        }
        if !isSpace(first), !isSpace(last) { return String(self) }
        return trimmingCharacters(in: .javaScriptWhitespace)
    }
}
