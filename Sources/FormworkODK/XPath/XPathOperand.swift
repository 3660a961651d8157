import Formwork
import Foundation

/// A translated XPath operand: Formwork text, with what JavaRosa would hold in its
/// place, so the operators around it convert it as JavaRosa does.
///
/// JavaRosa's values are dynamic (an unanswered number reads as `''`, a number
/// computed from it is `NaN`); Formwork's are typed, with `null` for both. `absence`
/// keeps the difference, which `=` needs: `'' = ''` holds, `NaN = NaN` does not.
struct XPathOperand {
    /// What the operand is, as JavaRosa reads it.
    indirect enum Kind: Equatable {
        case bool, number, text, date, dateTime, time, geopoint
        /// A `select_one`'s value (text that is one of the options).
        case choice
        /// A `select_multiple`'s values (JavaRosa: one text, the values joined by spaces;
        /// Formwork: a list of text).
        case multichoice
        /// The values of a question in each entry of a repeat (a node-set of several).
        case list(Kind)
        /// A repeat's entries (`$members`).
        case entries
        /// The entry of a repeat the expression is in (`count(${members})` read in a
        /// member: JavaRosa resolves the path to this entry alone).
        case entry
    }

    /// What `null` (or an empty text) in Formwork stands for.
    enum Absence: Equatable {
        /// Never `null`, never empty text.
        case never
        /// `null` is JavaRosa's `''`: an unanswered question (an empty node).
        case empty
        /// `null` is JavaRosa's `NaN`: a number computed from something that is not one.
        case nan
        /// Never `null`, but may be `''` (text computed by a function).
        case emptyText
        /// `null` or `''`.
        case either
    }

    /// A value known when the expression is translated.
    enum Literal: Equatable {
        case text(String)
        case number(Double)
        case bool(Bool)
    }

    var code: String
    var kind: Kind
    var absence: Absence
    /// How tightly Formwork's grammar binds `code` (parenthesized where a tighter
    /// operand is needed).
    var precedence: ExpressionText.Precedence = .primary
    var literal: Literal?
    /// The question the operand is, when it is exactly one read (`$id`): its options
    /// decide how a text literal is compared with it, `jr:choice-name` names it.
    var symbol: XPathSymbol?
    /// Whether JavaRosa has it as a node-set (a path), which `count` and `sum` need.
    var isNodeSet = false
    /// Whether it reads answers (`once()` keeps only what reads none).
    var readsAnswers = false

    /// `code`, parenthesized unless it binds at least as tightly as `level`.
    func code(_ level: ExpressionText.Precedence) -> String {
        ExpressionText.parenthesized(code, binding: precedence, at: level)
    }

    /// Whether it is the literal `NaN` (a text that is not a number, read as one).
    var isNaN: Bool {
        if case .number(let number)? = literal { return number.isNaN }
        return false
    }

    /// Whether Formwork may hold `null` or `''` where JavaRosa has `''`.
    var mayBeEmpty: Bool { absence != .never }

    // MARK: Literals

    static func text(_ text: String) -> XPathOperand {
        XPathOperand(
            code: ExpressionText.string(text), kind: .text, absence: text.isEmpty ? .emptyText : .never,
            literal: .text(text))
    }

    /// A number; `NaN` and infinities are Formwork's `null`, JavaRosa's `NaN`.
    static func number(_ number: Double) -> XPathOperand {
        guard let code = ExpressionText.number(number) else {
            return XPathOperand(code: "null", kind: .number, absence: .nan, literal: .number(.nan))
        }
        return XPathOperand(
            code: code, kind: .number, absence: .never, precedence: code.hasPrefix("-") ? .unary : .primary,
            literal: .number(number))
    }

    static func bool(_ flag: Bool) -> XPathOperand {
        XPathOperand(code: flag ? "true" : "false", kind: .bool, absence: .never, literal: .bool(flag))
    }

    /// A call of a Formwork function.
    static func call(
        _ name: String, _ arguments: [String], kind: Kind, absence: Absence, readsAnswers: Bool
    ) -> XPathOperand {
        XPathOperand(
            code: ExpressionText.call(name, arguments), kind: kind, absence: absence, readsAnswers: readsAnswers)
    }

    // MARK: JavaRosa's conversions

    /// JavaRosa's `number()` of a text: trimmed, a comma read as a point, only digits,
    /// `-` and `.` (no exponent, no `+`), else `NaN`.
    static func javaRosaNumber(_ text: String) -> Double {
        let trimmed = text.replacingOccurrences(of: ",", with: ".").trimmed(.whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "-" || $0 == "." || ("0"..."9").contains($0) }),
            let number = Double(trimmed)
        else { return .nan }
        return number
    }
}
