/// Parses the condition language, one function per precedence level:
///
/// ```
/// expression     → or
/// or             → and ( ( "or" | "||" ) and )*
/// and            → not ( ( "and" | "&&" ) not )*
/// not            → ( "not" | "!" ) not | comparison
/// comparison     → additive ( ( "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" ) additive )?
/// additive       → multiplicative ( ( "+" | "-" ) multiplicative )*
/// multiplicative → unary ( ( "*" | "/" | "%" ) unary )*
/// unary          → "-" unary | primary
/// primary        → NUMBER | STRING | "true" | "false" | "null" | "$" ID
///                | ID "(" ( expression ( "," expression )* )? ")"
///                | "[" ( expression ( "," expression )* )? "]"
///                | "(" expression ")"
/// ```
///
/// Comparisons do not chain (`a < b < c` is an error). Nesting is bounded
/// (`Limits.maximumExpressionDepth`), so no input can overflow the stack.
public struct Parser {
    private let tokens: [Token]
    private var position = 0
    private var depth = 0
    private let maximumDepth: Int

    /// Parses `text`.
    ///
    /// - Throws: `ExpressionError` at the offending offset.
    public static func parse(_ text: String, limits: Limits = .default) throws(ExpressionError) -> Expression {
        let length = text.unicodeScalars.count
        guard length <= limits.maximumExpressionLength else {
            throw ExpressionError(.expressionTooLong(length: length, limit: limits.maximumExpressionLength), offset: 0)
        }
        var parser = Parser(tokens: try Lexer.tokenize(text), maximumDepth: limits.maximumExpressionDepth)
        if case .end = parser.current.kind {
            throw ExpressionError(.unexpectedToken(found: "nothing", expected: "an expression"), offset: 0)
        }
        let expression = try parser.parseOr()
        guard case .end = parser.current.kind else {
            throw parser.unexpected("an operator or the end of the expression")
        }
        return expression
    }

    private init(tokens: [Token], maximumDepth: Int) {
        self.tokens = tokens
        self.maximumDepth = maximumDepth
    }

    private var current: Token { tokens[position] }

    private func unexpected(_ expected: String) -> ExpressionError {
        ExpressionError(
            .unexpectedToken(found: current.description, expected: expected),
            offset: current.offset, length: current.length)
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
    private func isKeyword(_ word: String) -> Bool { current.kind == .identifier(word) }

    private mutating func nest() throws(ExpressionError) {
        depth += 1
        if depth > maximumDepth {
            throw ExpressionError(.expressionTooDeep(limit: maximumDepth), offset: current.offset)
        }
    }

    private static func span(_ first: Expression, _ last: Expression) -> (Int, Int) {
        (first.offset, last.offset + last.length - first.offset)
    }

    private static func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression) -> Expression {
        let (offset, length) = span(left, right)
        return Expression(kind: .binary(op, left, right), offset: offset, length: length)
    }

    // MARK: Levels

    private mutating func parseOr() throws(ExpressionError) -> Expression {
        try nest()
        defer { depth -= 1 }
        var left = try parseAnd()
        while isKeyword("or") || isSymbol("||") {
            position += 1
            left = Self.binary(.or, left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> Expression {
        var left = try parseNot()
        while isKeyword("and") || isSymbol("&&") {
            position += 1
            left = Self.binary(.and, left, try parseNot())
        }
        return left
    }

    private mutating func parseNot() throws(ExpressionError) -> Expression {
        guard isKeyword("not") || isSymbol("!") else { return try parseComparison() }
        let start = current.offset
        position += 1
        try nest()
        defer { depth -= 1 }
        let operand = try parseNot()
        return Expression(kind: .unary(.not, operand), offset: start, length: operand.offset + operand.length - start)
    }

    private static let comparisons: [String: BinaryOperator] = [
        "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
    ]

    private mutating func comparisonOperator() -> BinaryOperator? {
        if case .symbol(let symbol) = current.kind { return Self.comparisons[symbol] }
        return isKeyword("in") ? .in : nil
    }

    private mutating func parseComparison() throws(ExpressionError) -> Expression {
        let left = try parseAdditive()
        guard let op = comparisonOperator() else { return left }
        position += 1
        let right = try parseAdditive()
        if comparisonOperator() != nil {
            throw unexpected("the end of the comparison (comparisons do not chain; use 'and')")
        }
        return Self.binary(op, left, right)
    }

    private mutating func parseAdditive() throws(ExpressionError) -> Expression {
        var left = try parseMultiplicative()
        while isSymbol("+") || isSymbol("-") {
            let op: BinaryOperator = isSymbol("+") ? .add : .subtract
            position += 1
            left = Self.binary(op, left, try parseMultiplicative())
        }
        return left
    }

    private mutating func parseMultiplicative() throws(ExpressionError) -> Expression {
        var left = try parseUnary()
        while isSymbol("*") || isSymbol("/") || isSymbol("%") {
            let op: BinaryOperator = isSymbol("*") ? .multiply : isSymbol("/") ? .divide : .remainder
            position += 1
            left = Self.binary(op, left, try parseUnary())
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionError) -> Expression {
        guard isSymbol("-") else { return try parsePrimary() }
        let start = current.offset
        position += 1
        try nest()
        defer { depth -= 1 }
        let operand = try parseUnary()
        return Expression(
            kind: .unary(.negate, operand), offset: start, length: operand.offset + operand.length - start)
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expression {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return Expression(kind: .literal(.number(value)), offset: token.offset, length: token.length)
        case .string(let text):
            position += 1
            return Expression(kind: .literal(.string(text)), offset: token.offset, length: token.length)
        case .reference(let name):
            position += 1
            return Expression(kind: .reference(name), offset: token.offset, length: token.length)
        case .identifier("true"), .identifier("false"):
            position += 1
            return Expression(
                kind: .literal(.bool(token.kind == .identifier("true"))), offset: token.offset, length: token.length)
        case .identifier("null"):
            position += 1
            return Expression(kind: .literal(.null), offset: token.offset, length: token.length)
        case .identifier(let name) where !["and", "or", "not", "in"].contains(name):
            position += 1
            guard isSymbol("(") else {
                throw ExpressionError(
                    .unexpectedToken(found: "'\(name)'", expected: "a value (fields are written $\(name))"),
                    offset: token.offset, length: token.length)
            }
            let (arguments, end) = try parseList(closing: ")")
            return Expression(kind: .call(name, arguments), offset: token.offset, length: end - token.offset)
        case .symbol("["):
            let (elements, end) = try parseList(closing: "]")
            return Expression(kind: .list(elements), offset: token.offset, length: end - token.offset)
        case .symbol("("):
            position += 1
            try nest()
            defer { depth -= 1 }
            let inner = try parseOr()
            guard isSymbol(")") else { throw unexpected("')'") }
            position += 1
            return inner
        default:
            throw unexpected("a value")
        }
    }

    /// Parses `( expr, … )` or `[ expr, … ]` from the opening symbol; returns the
    /// elements and the offset after the closing symbol.
    private mutating func parseList(closing: String) throws(ExpressionError) -> ([Expression], Int) {
        position += 1  // opening
        try nest()
        defer { depth -= 1 }
        var elements: [Expression] = []
        if isSymbol(closing) {
            position += 1
            return (elements, tokens[position - 1].offset + 1)
        }
        while true {
            elements.append(try parseOr())
            if isSymbol(",") {
                position += 1
                continue
            }
            guard isSymbol(closing) else { throw unexpected("',' or '\(closing)'") }
            position += 1
            return (elements, tokens[position - 1].offset + 1)
        }
    }
}
