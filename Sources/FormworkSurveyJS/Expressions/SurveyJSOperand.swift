import Formwork

/// A translated operand: Formwork code, its kind, whether it may be `null`, and what
/// survey-core would hold in its place — which the rules of the operators it meets
/// depend on.
///
/// survey-core holds JavaScript values: an unanswered question is `undefined`
/// (Formwork's `null`); a text question's answer is read as a number when it looks
/// like one and as a boolean when it is `true` or `false` (`converts`); a date
/// question's answer is text (`"2024-02-29"`), while `today()` and `getDate()` give
/// Date objects (`isDateObject`), which survey-core compares differently.
struct SurveyJSOperand {
    indirect enum Kind: Equatable {
        case text, number, bool, date, dateTime, time
        /// Text that is one of `symbol.options`.
        case choice
        /// A list of text, each one of `symbol.options`.
        case multichoice
        /// A question's values in each entry of a dynamic panel or matrix (`$rep.x`).
        case list(Kind)
        /// A dynamic panel's or matrix's entries (`$rep`).
        case entries
        /// An array written in the expression: its elements are in `elements`.
        case array
        /// The literal `null` (and `undefined`).
        case null
    }

    var code: String
    var kind: Kind
    /// Whether the Formwork value may be `null` (survey-core's `undefined`, or `NaN`).
    var mayBeNull: Bool
    /// How tightly Formwork's grammar binds `code` (parenthesized where a tighter
    /// operand is needed).
    var precedence: ExpressionText.Precedence = .primary
    /// The value, when it is known now.
    var literal: SurveyJSValue?
    /// The question the operand reads, when it is exactly one (`$id`).
    var symbol: SurveyJSSymbol?
    /// An array's elements; the two sides of `and` or `or` (`logical`).
    var elements: [SurveyJSOperand] = []
    /// For `a and b`, `a or b` whose value survey-core takes from one side (which
    /// Formwork's booleans cannot hold): the operator; the sides are `elements`, and
    /// `code` is whether the value is truthy.
    var logical: SurveyJSOperator?
    /// Whether survey-core reads it as a question's text answer: numeric text as a
    /// number, `true`/`false` as booleans (not `{#q}`, not text an expression computed).
    var converts = false
    /// Whether survey-core holds a Date object (`today()`, `getDate()`), which it
    /// compares with text by reading the text as a date, rather than text.
    var isDateObject = false
    /// The parts of a `concat(…)`, so that `a + b + c` is one call.
    var concatenated: [String]?
    /// For a comparison `a op b`: its sides, so that `=` or `<` can become `<=`.
    var compared: (left: String, op: String, right: String)?
    /// How a text shows the operand where it is not its value: a choice whose other text
    /// is its value shows its option's label (`label($q)`, the other text for `other`).
    var shown: String?

    /// `code`, parenthesized unless it binds at least as tightly as `level`.
    func code(_ level: ExpressionText.Precedence) -> String {
        ExpressionText.parenthesized(code, binding: precedence, at: level)
    }

    /// Whether it is text of some kind (a text or choice question, text computed).
    var isText: Bool { kind == .text || kind == .choice }

    // MARK: Literals

    static func literal(_ value: SurveyJSValue) -> SurveyJSOperand {
        switch value {
        case .null: return SurveyJSOperand(code: "null", kind: .null, mayBeNull: true, literal: .null)
        case .bool(let flag): return bool(flag)
        case .number(let number): return self.number(number)
        case .text(let text): return self.text(text)
        }
    }

    static func text(_ text: String) -> SurveyJSOperand {
        SurveyJSOperand(code: ExpressionText.string(text), kind: .text, mayBeNull: false, literal: .text(text))
    }

    /// A number; `NaN` and infinities are Formwork's `null`.
    static func number(_ number: Double) -> SurveyJSOperand {
        guard let code = ExpressionText.number(number) else {
            return SurveyJSOperand(code: "null", kind: .number, mayBeNull: true, literal: .number(.nan))
        }
        return SurveyJSOperand(
            code: code, kind: .number, mayBeNull: false, precedence: code.hasPrefix("-") ? .unary : .primary,
            literal: .number(number))
    }

    static func bool(_ flag: Bool) -> SurveyJSOperand {
        SurveyJSOperand(code: flag ? "true" : "false", kind: .bool, mayBeNull: false, literal: .bool(flag))
    }

    /// `null` of a kind (where an `if` needs one branch to be nothing).
    static func null(_ kind: Kind) -> SurveyJSOperand {
        SurveyJSOperand(code: "null", kind: kind, mayBeNull: true, literal: .null)
    }

    /// A call of a Formwork function.
    static func call(_ name: String, _ arguments: [String], kind: Kind, mayBeNull: Bool) -> SurveyJSOperand {
        SurveyJSOperand(code: ExpressionText.call(name, arguments), kind: kind, mayBeNull: mayBeNull)
    }

}

extension SurveyJSOperand.Kind {
    /// A dynamic panel's entries, or a question's values in each of them.
    var isEntries: Bool {
        switch self {
        case .entries, .list: return true
        default: return false
        }
    }

    /// The Formwork type of a value of this kind.
    var valueType: ValueType {
        switch self {
        case .text, .choice: return .string
        case .number: return .number
        case .bool: return .bool
        case .date: return .date
        case .dateTime: return .dateTime
        case .time: return .time
        case .multichoice: return .list(.string)
        case .list(let element): return .list(element.valueType)
        case .entries: return .list(.null)
        case .array: return .list(.null)
        case .null: return .null
        }
    }

    /// A question's kind as an operand's.
    init(_ kind: SurveyJSSymbol.Kind) {
        switch kind {
        case .text: self = .text
        case .number: self = .number
        case .bool: self = .bool
        case .date: self = .date
        case .dateTime: self = .dateTime
        case .time: self = .time
        case .choice: self = .choice
        case .multichoice: self = .multichoice
        case .entries: self = .entries
        }
    }
}
