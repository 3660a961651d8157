/// Writes text in Formwork's expression language, for an importer that translates
/// another engine's expressions (ODK's XPath, SurveyJS's) into it: literals, calls,
/// conditions joined, operands parenthesized by precedence, and the rule for ids.
///
/// Every literal it writes reads back, through `Parser`, as the value it was written
/// from; the language has no literal for `NaN` or an infinity, so `number(_:)` gives
/// `nil` for them and the caller chooses what stands in their place (usually `null`).
///
/// ```swift
/// ExpressionText.string("it's")            // 'it\'s'
/// ExpressionText.number(-2.5)              // -2.5
/// ExpressionText.number(1e-7)              // 1e-07
/// ExpressionText.call("max", ["$a", "1"])  // max($a, 1)
/// ExpressionText.conjunction(["$a > 1", "$b"])  // ($a > 1) and ($b)
/// ```
public enum ExpressionText {
    // MARK: Literals

    /// A string literal that reads back as `text`, whatever it holds.
    ///
    /// Written in single quotes; a backslash, a single quote, a newline and a tab are
    /// escaped (`\\`, `\'`, `\n`, `\t`), every other character is written as it is
    /// (a carriage return, a double quote, any Unicode scalar).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func string(_ text: String) -> String {
        let needsEscape = text.utf8.contains { $0 == 0x5C || $0 == 0x27 || $0 == 0x0A || $0 == 0x09 }
        guard needsEscape else { return "'" + text + "'" }
        // Scalar by scalar, as the lexer reads: a quote that starts a grapheme cluster
        // (`'` and a combining accent) is still a quote to it.
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result.append(contentsOf: #"\\"#.unicodeScalars)
            case "'": result.append(contentsOf: #"\'"#.unicodeScalars)
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            default: result.append(scalar)
            }
        }
        result.append("'")
        return String(result)
    }

    /// A number literal that reads back as `value`: `5`, `0.5`, `-2`, `1e-07`,
    /// `1.5e+300`; `nil` for `NaN` and the infinities, which the language has no
    /// literal for.
    ///
    /// A whole number below 10^15 is written without a fraction or an exponent; any
    /// other is Swift's shortest form that reads back exactly. A negative number is
    /// written with a leading `-`, which the grammar reads as unary minus: where a
    /// tighter operand is needed, parenthesize it (`parenthesized(_:binding:at:)` with
    /// `.unary`). Negative zero is written `0`.
    public static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    // MARK: Composing

    /// A call of a Formwork function: `name(a, b)`.
    ///
    /// - Parameters:
    ///   - name: The function's name, as the function library spells it (`format-date`).
    ///   - arguments: Each argument's expression text; a call binds as a primary, so
    ///     none needs parentheses.
    /// - Returns: The call's expression text, which binds as a primary.
    public static func call(_ name: String, _ arguments: [String]) -> String {
        name + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// Conditions that must all hold, as one: `(a) and (b)`; the condition itself when
    /// there is one; `nil` when there is none.
    public static func conjunction(_ conditions: [String]) -> String? {
        joined(conditions, by: "and")
    }

    /// Conditions of which one must hold, as one: `(a) or (b)`; the condition itself
    /// when there is one; `nil` when there is none.
    public static func disjunction(_ conditions: [String]) -> String? {
        joined(conditions, by: "or")
    }

    private static func joined(_ conditions: [String], by connective: String) -> String? {
        switch conditions.count {
        case 0: return nil
        case 1: return conditions[0]
        default: return conditions.map { "(" + $0 + ")" }.joined(separator: " " + connective + " ")
        }
    }

    // MARK: Precedence

    /// How tightly the grammar binds an operand: the levels of `Parser`'s grammar, from
    /// the loosest (`or`) to a primary (a literal, a reference, a call, a list or a
    /// parenthesized expression).
    public enum Precedence: Int, Comparable, Sendable {
        /// `a or b`.
        case or = 1
        /// `a and b`.
        case and
        /// `not a`.
        case not
        /// `a == b`, `a < b`, `a in b` and the other comparisons.
        case comparison
        /// `a + b`, `a - b`.
        case additive
        /// `a * b`, `a / b`, `a % b`.
        case multiplicative
        /// `-a` (also a negative number literal).
        case unary
        /// A literal, a reference, a call, a list, a parenthesized expression.
        case primary

        /// Whether `lhs` binds more loosely than `rhs`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// `code` as an operand where the grammar needs one that binds at least as tightly
    /// as `level`: parenthesized when it binds more loosely.
    ///
    /// ```swift
    /// ExpressionText.parenthesized("$a + 1", binding: .additive, at: .multiplicative)  // ($a + 1)
    /// ExpressionText.parenthesized("$a * 2", binding: .multiplicative, at: .additive)  // $a * 2
    /// ```
    ///
    /// - Parameters:
    ///   - code: Expression text.
    ///   - precedence: How tightly `code`'s outermost operator binds.
    ///   - level: How tightly the operand's place requires it to bind (an operand of
    ///     `*` at `.unary`, the right one of `-` at `.multiplicative`).
    /// - Returns: `code`, in parentheses when `precedence` is looser than `level`.
    public static func parenthesized(_ code: String, binding precedence: Precedence, at level: Precedence) -> String {
        precedence < level ? "(" + code + ")" : code
    }

    // MARK: Ids

    /// Whether `text` is an id: what a field, section or repeat is called and `$`
    /// reads (`$first_name`). An ASCII letter or `_`, then ASCII letters, digits and `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isIdentifierStart(first) else { return false }
        while let byte = bytes.next() {
            guard isIdentifierPart(byte) else { return false }
        }
        return true
    }

    /// Whether an id may start with `byte` (UTF-8): an ASCII letter or `_`.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Whether an id may hold `byte` (UTF-8) after its first: an ASCII letter, digit or `_`.
    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether an id may start with `scalar` (`isIdentifierStart(_:)` of its byte).
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isIdentifierStart(UInt8(scalar.value))
    }

    /// Whether an id may hold `scalar` after its first.
    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isIdentifierPart(UInt8(scalar.value))
    }
}
