import Formwork

/// Parses the tokens of `XPathLexer` into an `XPathExpression`, one function per
/// precedence level of XPath 1.0 (lowest first):
///
/// ```
/// expression     → or
/// or             → and ( "or" and )*
/// and            → equality ( "and" equality )*
/// equality       → relational ( ( "=" | "!=" ) relational )*
/// relational     → additive ( ( "<" | "<=" | ">" | ">=" ) additive )*
/// additive       → multiplicative ( ( "+" | "-" ) multiplicative )*
/// multiplicative → unary ( ( "*" | "div" | "mod" ) unary )*
/// unary          → "-" unary | union
/// union          → path ( "|" path )*
/// path           → primary ( "[" expression "]" | "/" STEPS )*
/// primary        → NUMBER | STRING | "${" NAME "}" | PATH | NAME "(" ( expression ( "," expression )* )? ")"
///                | "(" expression ")"
/// ```
///
/// Operators of one level chain left to right (`1 < 2 < 3` is `(1 < 2) < 3`, as XPath
/// has it) and are kept flat (`XPathExpression.chain`), so a long chain is not a deep
/// tree. Nesting — brackets, arguments, predicates, unary minus — is limited to
/// `maximumDepth` levels, so no input can overflow the stack.
struct XPathParser {
    /// How deep brackets, calls, predicates and unary minus may nest.
    static let maximumDepth = 100

    private let tokens: [XPathToken]
    /// The expression's length in characters: where "the end" is.
    private let end: Int
    private var position = 0
    private var depth = 0

    /// Parses an expression.
    ///
    /// - Throws: `TranslationError` with reason `.syntax`, at the offending offset.
    static func parse(_ text: String) throws(TranslationError) -> XPathExpression {
        let tokens: [XPathToken]
        do {
            tokens = try XPathLexer.tokens(text)
        } catch {
            throw TranslationError(.syntax, message: error.message, offset: error.offset)
        }
        var parser = XPathParser(tokens: tokens, end: text.count)
        guard !tokens.isEmpty else { throw parser.failure("an empty expression") }
        let expression = try parser.parseExpression()
        if let token = parser.current {
            throw parser.failure("expected an operator or the end, found \(Self.describe(token.kind))", at: token)
        }
        return expression
    }

    private init(tokens: [XPathToken], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    // MARK: Tokens

    private var current: XPathToken? { position < tokens.count ? tokens[position] : nil }

    private func failure(_ message: String, at token: XPathToken? = nil) -> TranslationError {
        TranslationError(.syntax, message: message, offset: (token ?? current)?.offset ?? end)
    }

    private func currentOperator(_ level: Int) -> XPathOperator? {
        guard case .op(let spelling)? = current?.kind, let op = XPathOperator(rawValue: spelling), op.level == level
        else { return nil }
        return op
    }

    private mutating func expect(_ kind: XPathToken.Kind, _ spelling: String) throws(TranslationError) {
        guard let token = current, token.kind == kind else {
            throw failure("expected '\(spelling)', found \(current.map { Self.describe($0.kind) } ?? "the end")")
        }
        position += 1
    }

    private mutating func nest() throws(TranslationError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("the expression nests more than \(Self.maximumDepth) levels deep")
        }
    }

    static func describe(_ kind: XPathToken.Kind) -> String {
        switch kind {
        case .reference(let name): return "${\(name)}"
        case .path(let path): return "'\(path)'"
        case .string(let text): return "the text '\(text)'"
        case .number(let number): return number
        case .function(let name): return "'\(name)('"
        case .op(let op): return "'\(op)'"
        case .leftParenthesis: return "'('"
        case .rightParenthesis: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .comma: return "','"
        }
    }

    // MARK: Levels

    mutating func parseExpression() throws(TranslationError) -> XPathExpression {
        try nest()
        defer { depth -= 1 }
        return try parseOr()
    }

    private mutating func parseOr() throws(TranslationError) -> XPathExpression {
        try chain(level: 1) { parser throws(TranslationError) in try parser.parseAnd() }
    }

    private mutating func parseAnd() throws(TranslationError) -> XPathExpression {
        try chain(level: 2) { parser throws(TranslationError) in try parser.parseEquality() }
    }

    private mutating func parseEquality() throws(TranslationError) -> XPathExpression {
        try chain(level: 3) { parser throws(TranslationError) in try parser.parseRelational() }
    }

    private mutating func parseRelational() throws(TranslationError) -> XPathExpression {
        try chain(level: 4) { parser throws(TranslationError) in try parser.parseAdditive() }
    }

    private mutating func parseAdditive() throws(TranslationError) -> XPathExpression {
        try chain(level: 5) { parser throws(TranslationError) in try parser.parseMultiplicative() }
    }

    private mutating func parseMultiplicative() throws(TranslationError) -> XPathExpression {
        try chain(level: 6) { parser throws(TranslationError) in try parser.parseUnary() }
    }

    private mutating func parseUnary() throws(TranslationError) -> XPathExpression {
        guard let token = current, token.kind == .op("-") else { return try parseUnion() }
        position += 1
        try nest()
        defer { depth -= 1 }
        return .negation(try parseUnary(), offset: token.offset)
    }

    private mutating func parseUnion() throws(TranslationError) -> XPathExpression {
        try chain(level: 7) { parser throws(TranslationError) in try parser.parsePath() }
    }

    /// Operands of `next` joined by the operators of `level`.
    private mutating func chain(
        level: Int, _ next: (inout XPathParser) throws(TranslationError) -> XPathExpression
    ) throws(TranslationError) -> XPathExpression {
        let first = try next(&self)
        var links: [XPathLink] = []
        while let op = currentOperator(level) {
            let offset = current!.offset
            position += 1
            links.append(XPathLink(op: op, operand: try next(&self), offset: offset))
        }
        return links.isEmpty ? first : .chain(first, links, offset: first.offset)
    }

    /// A primary expression, then its predicates and the steps that continue it
    /// (`current()/../b`, `instance('x')/root/item[name = 'a']`).
    private mutating func parsePath() throws(TranslationError) -> XPathExpression {
        var expression = try parsePrimary()
        while let token = current {
            switch token.kind {
            case .leftBracket:
                position += 1
                try nest()
                let predicate = try parseOr()
                depth -= 1
                try expect(.rightBracket, "]")
                expression = .predicate(expression, predicate, offset: token.offset)
            case .path(let path) where path.hasPrefix("/"):
                guard path != "/" else { throw failure("XPath divides with 'div', not '/'", at: token) }
                position += 1
                expression = .step(expression, path: path, offset: token.offset)
            default:
                return expression
            }
        }
        return expression
    }

    private mutating func parsePrimary() throws(TranslationError) -> XPathExpression {
        guard let token = current else { throw failure("the expression ends where a value is expected") }
        position += 1
        switch token.kind {
        case .number(let number):
            guard number.filter({ $0 == "." }).count <= 1, number != "." else {
                throw failure("'\(number)' is not a number", at: token)
            }
            return .number(number, offset: token.offset)
        case .string(let text): return .string(text, offset: token.offset)
        case .reference(let name): return .reference(name, offset: token.offset)
        case .path(let path): return .path(path, offset: token.offset)
        case .leftParenthesis:
            let inner = try parseExpression()
            try expect(.rightParenthesis, ")")
            return inner
        case .function(let name):
            try expect(.leftParenthesis, "(")
            var arguments: [XPathExpression] = []
            if current?.kind == .rightParenthesis {
                position += 1
            } else {
                arguments.append(try parseExpression())
                while current?.kind == .comma {
                    position += 1
                    arguments.append(try parseExpression())
                }
                try expect(.rightParenthesis, ")")
            }
            return .call(name, arguments, offset: token.offset)
        default:
            throw failure("expected a value, found \(Self.describe(token.kind))", at: token)
        }
    }
}
