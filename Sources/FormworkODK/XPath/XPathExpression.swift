/// An XPath expression as ODK forms write it, parsed: what `XPathParser` builds and
/// `XPathTranslator` reads. Each node keeps its offset in the expression (in
/// characters), so an error can point at it.
indirect enum XPathExpression: Sendable, Equatable {
    /// A number as written (`3`, `.5`, `2.0`).
    case number(String, offset: Int)
    case string(String, offset: Int)
    /// `${name}`.
    case reference(String, offset: Int)
    /// A location path as written: `/data/a`, `.`, `..`, `../b`, `name`.
    case path(String, offset: Int)
    case call(String, [XPathExpression], offset: Int)
    /// A path that continues a filter expression: `current()/../b`,
    /// `instance('list')/root/item` (`path` starts with `/`).
    case step(XPathExpression, path: String, offset: Int)
    /// `base[predicate]`.
    case predicate(XPathExpression, XPathExpression, offset: Int)
    case negation(XPathExpression, offset: Int)
    /// One or more operands joined by operators of one precedence level, left to right
    /// (`a + b - c`): kept flat, so a long chain is not a deep tree.
    case chain(XPathExpression, [XPathLink], offset: Int)

    var offset: Int {
        switch self {
        case .number(_, let offset), .string(_, let offset), .reference(_, let offset), .path(_, let offset),
            .call(_, _, let offset), .step(_, _, let offset), .predicate(_, _, let offset),
            .negation(_, let offset), .chain(_, _, let offset):
            return offset
        }
    }
}

/// An operator and the operand after it, in a `chain`.
struct XPathLink: Sendable, Equatable {
    let op: XPathOperator
    let operand: XPathExpression
    /// The operator's offset.
    let offset: Int
}

/// XPath's binary operators, by precedence level (lowest first).
enum XPathOperator: String, Sendable, Equatable, CaseIterable {
    case or, and
    case equal = "=", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case add = "+", subtract = "-"
    case multiply = "*", divide = "div", modulo = "mod"
    case union = "|"

    /// 1 (`or`) … 7 (`|`): operators of one level chain left to right.
    var level: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide, .modulo: return 6
        case .union: return 7
        }
    }
}

extension XPathExpression {
    /// Functions whose value is a boolean, whatever they read.
    static let booleanFunctions: Set<String> = [
        "not", "true", "false", "boolean", "boolean-from-string", "selected", "is-selected", "contains",
        "starts-with", "ends-with", "regex",
    ]

    /// Functions whose value is a number, whatever they read.
    static let numberFunctions: Set<String> = [
        "number", "int", "round", "abs", "sqrt", "pow", "sum", "count", "count-selected", "count-non-empty",
        "string-length", "position", "max", "min", "pi",
    ]

    /// What the expression's value is whatever it reads: a boolean (a comparison,
    /// `and`/`or`, a function that gives one), a number (arithmetic, a function that
    /// gives one, a number literal), either of them from both branches of `if()`;
    /// `nil` when it depends on what it reads. JavaRosa's calculation keeps its
    /// value's type: a boolean is written 1 or 0 and read as true or false, a number
    /// stays one (for `sum()` and comparisons).
    var valueType: XPathValueType? {
        switch self {
        case .number: return .number
        case .negation: return .number
        case .chain(_, let links, _):
            guard let level = links.first?.op.level else { return nil }
            if level <= XPathOperator.less.level { return .boolean }
            return level < XPathOperator.union.level ? .number : nil
        case .call("if", let arguments, _):
            guard arguments.count == 3, let type = arguments[1].valueType, arguments[2].valueType == type else {
                return nil
            }
            return type
        case .call(let name, _, _):
            if Self.booleanFunctions.contains(name) { return .boolean }
            return Self.numberFunctions.contains(name) ? .number : nil
        default: return nil
        }
    }
}
