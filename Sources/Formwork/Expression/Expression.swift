/// A parsed expression: a tree of nodes, each with its position (offset and length
/// in Unicode scalars) in the expression text.
public struct Expression: Sendable, Hashable {
    /// What a node is: a literal, a field reference, a list, an operator applied, or a call.
    public indirect enum Kind: Sendable, Hashable {
        case literal(Value)
        case reference(String)
        case list([Expression])
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        case call(String, [Expression])
    }

    /// What the node is, with its operands.
    public var kind: Kind
    /// Where the node starts in the expression text, in Unicode scalars from 0.
    public var offset: Int
    /// How many Unicode scalars of the text the node spans.
    public var length: Int

    /// The ids of the fields this expression reads, in order of first appearance.
    public var references: [String] {
        var names: [String] = []
        var seen = SmallStringSet()
        func visit(_ expression: Expression) {
            switch expression.kind {
            case .literal: break
            case .reference(let name): if seen.insert(name) { names.append(name) }
            case .list(let elements): elements.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .binary(_, let left, let right):
                visit(left)
                visit(right)
            case .call(_, let arguments): arguments.forEach(visit)
            }
        }
        visit(self)
        return names
    }

    /// The names of the functions this expression calls (`now`, `sum`…).
    public var calledFunctions: Set<String> {
        var names: Set<String> = []
        forEachCall { name, _ in names.insert(name) }
        return names
    }

    /// Calls `body` with each function call of the expression (its name and arguments),
    /// outermost first.
    func forEachCall(_ body: (String, [Expression]) -> Void) {
        switch kind {
        case .literal, .reference: break
        case .list(let elements): for element in elements { element.forEachCall(body) }
        case .unary(_, let operand): operand.forEachCall(body)
        case .binary(_, let left, let right):
            left.forEachCall(body)
            right.forEachCall(body)
        case .call(let name, let arguments):
            body(name, arguments)
            for argument in arguments { argument.forEachCall(body) }
        }
    }
}

/// `not`/`!` and unary `-`.
public enum UnaryOperator: String, Sendable, Hashable {
    case not
    case negate = "-"
}

/// Binary operators, by precedence (lowest first): `or`; `and`; comparisons and
/// `in`; `+ -`; `* / %`.
public enum BinaryOperator: String, Sendable, Hashable {
    case or, and
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", `in`
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

/// An error in an expression, at an offset in the expression text. The caller
/// places it in the file (`ExpressionSource.diagnostic`).
public struct ExpressionError: Error, Hashable, Sendable {
    /// What is wrong.
    public var problem: Problem
    /// Where the problem starts in the expression text, in Unicode scalars from 0.
    public var offset: Int
    /// How many Unicode scalars the problem spans (at least 1).
    public var length: Int

    init(_ problem: Problem, offset: Int, length: Int = 1) {
        self.problem = problem
        self.offset = offset
        self.length = max(1, length)
    }
}
