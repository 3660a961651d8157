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
        let found: SurveyJSOperator?
        switch kind {
        case .symbol(let symbol): found = Self.spellings[symbol]
        case .word(let word):
            // Words are mostly written in lower case already (the parser asks of every word).
            let hasCapital = word.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            found = Self.spellings[hasCapital ? word.lowercased() : word]
        default: return nil
        }
        guard let found else { return nil }
        self = found
    }

    /// Every spelling of each operator, words in lower case (survey-core reads them
    /// whatever their case).
    private static let spellings: [String: SurveyJSOperator] = [
        "or": .or, "||": .or, "and": .and, "&&": .and,
        "=": .equal, "==": .equal, "equal": .equal, "!=": .notEqual, "notequal": .notEqual,
        "<": .less, "less": .less, "<=": .lessOrEqual, "lessorequal": .lessOrEqual,
        ">": .greater, "greater": .greater, ">=": .greaterOrEqual, "greaterorequal": .greaterOrEqual,
        "+": .plus, "-": .minus, "*": .multiply, "/": .divide, "%": .modulo, "^": .power, "power": .power,
        "*=": .contains, "contains": .contains, "contain": .contains,
        "notcontains": .notContains, "notcontain": .notContains,
        "anyof": .anyOf, "allof": .allOf, "noneof": .noneOf,
    ]
}
