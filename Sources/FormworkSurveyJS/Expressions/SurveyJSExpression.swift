/// A SurveyJS expression, parsed: what `SurveyJSParser` builds and
/// `SurveyJSTranslator` reads. Each node keeps its offset in the expression (in
/// characters), so an error can point at it.
indirect enum SurveyJSExpression: Sendable, Equatable {
    /// A number, a text in quotes or without (`yes` in `{q} = yes`), `true`,
    /// `false`, `null` or `undefined`.
    case literal(SurveyJSValue, offset: Int)
    /// `{name}`: the name as written between the braces.
    case variable(String, offset: Int)
    /// `[a, b, …]`.
    case array([SurveyJSExpression], offset: Int)
    case call(String, [SurveyJSExpression], offset: Int)
    /// `!x`, `negate x`.
    case negation(SurveyJSExpression, offset: Int)
    /// `x empty`, `x notempty` (the offset is the keyword's).
    case emptiness(SurveyJSExpression, negated: Bool, offset: Int)
    /// One or more operands joined by operators of one precedence level, left to
    /// right (`a + b - c`): kept flat, so a long chain is not a deep tree.
    case chain(SurveyJSExpression, [SurveyJSLink], offset: Int)

    var offset: Int {
        switch self {
        case .literal(_, let offset), .variable(_, let offset), .array(_, let offset), .call(_, _, let offset),
            .negation(_, let offset), .emptiness(_, _, let offset), .chain(_, _, let offset):
            return offset
        }
    }
}

/// An operator and the operand after it, in a `chain`.
struct SurveyJSLink: Sendable, Equatable {
    let op: SurveyJSOperator
    /// `nil` only after `contains`, `anyof`… with nothing after them (`{q} contains`),
    /// which survey-core reads as comparing with nothing.
    let operand: SurveyJSExpression?
    /// The operator's offset.
    let offset: Int
}

/// survey-core's binary operators, by precedence level (lowest first).
enum SurveyJSOperator: String, Sendable, Equatable, CaseIterable {
    case or, and
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    case plus, minus
    case multiply, divide, modulo
    case power
    case contains, notContains, anyOf, allOf, noneOf

    /// 1 (`or`) … 7 (`contains`, `anyof`…): operators of one level chain left to right.
    var level: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return 3
        case .plus, .minus: return 4
        case .multiply, .divide, .modulo: return 5
        case .power: return 6
        case .contains, .notContains, .anyOf, .allOf, .noneOf: return 7
        }
    }

    /// The operator a token stands for where an operator may stand (keywords in any case).
    init?(_ kind: SurveyJSToken.Kind) {
        let spelling: String
        switch kind {
        case .symbol(let symbol): spelling = symbol
        case .word(let word): spelling = word.lowercased()
        default: return nil
        }
        switch spelling {
        case "or", "||": self = .or
        case "and", "&&": self = .and
        case "=", "==", "equal": self = .equal
        case "!=", "notequal": self = .notEqual
        case "<", "less": self = .less
        case "<=", "lessorequal": self = .lessOrEqual
        case ">", "greater": self = .greater
        case ">=", "greaterorequal": self = .greaterOrEqual
        case "+": self = .plus
        case "-": self = .minus
        case "*": self = .multiply
        case "/": self = .divide
        case "%": self = .modulo
        case "^", "power": self = .power
        case "*=", "contains", "contain": self = .contains
        case "notcontains", "notcontain": self = .notContains
        case "anyof": self = .anyOf
        case "allof": self = .allOf
        case "noneof": self = .noneOf
        default: return nil
        }
    }
}
