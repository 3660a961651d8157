import Formwork

/// XPath's operators with JavaRosa's conversions: `and`/`or` of `boolean()`s, `<`…
/// and arithmetic of `number()`s; `=` and `!=` in XPathTranslator+Equality.swift.
extension XPathTranslation {
    /// A chain of operators of one level, left to right.
    func chain(_ first: XPathExpression, _ links: [XPathLink]) throws(TranslationError) -> XPathOperand {
        switch links[0].op {
        case .or, .and:
            // Long chains of `or` are common (one test per choice): joined in one pass.
            // A literal decides the chain (`true` in an `or`) or drops out of it.
            let op = links[0].op
            let decisive = op == .or
            var parts: [XPathOperand] = []
            for (expression, offset) in [(first, first.offset)] + links.map({ ($0.operand, $0.operand.offset) }) {
                let part = try boolean(try translate(expression), at: offset)
                switch part.literal {
                case .bool(decisive)?: return .bool(decisive)
                case .bool?: continue
                default: parts.append(part)
                }
            }
            guard parts.count > 1 else { return parts.first ?? .bool(!decisive) }
            let precedence: ExpressionText.Precedence = op == .or ? .or : .and
            let tighter: ExpressionText.Precedence = op == .or ? .and : .not
            return XPathOperand(
                code: parts.enumerated().map { $1.code($0 == 0 ? precedence : tighter) }
                    .joined(separator: " \(op.rawValue) "),
                kind: .bool, absence: .never, precedence: precedence,
                readsAnswers: parts.contains(where: \.readsAnswers))
        case .union:
            throw unsupported("a union ('|') of node-sets", at: links[0].offset)
        default:
            var result = try translate(first)
            var offset = first.offset
            for link in links {
                let right = try translate(link.operand)
                result = try apply(link.op, result, right, at: (offset, link.operand.offset))
                offset = link.offset
            }
            return result
        }
    }

    /// `left op right` for a comparison or arithmetic operator.
    func apply(
        _ op: XPathOperator, _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> XPathOperand {
        switch op {
        case .equal: return try equality(left, right, at: offsets).equal
        case .notEqual: return try equality(left, right, at: offsets).notEqual
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return try order(op, left, right, at: offsets)
        default: return try arithmetic(op, left, right, at: offsets)
        }
    }

    // MARK: Arithmetic

    func arithmetic(
        _ op: XPathOperator, _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> XPathOperand {
        let a = try number(left, at: offsets.0)
        let b = try number(right, at: offsets.1)
        let reads = a.readsAnswers || b.readsAnswers
        if a.isNaN || b.isNaN { return .number(.nan) }
        let (symbol, precedence): (String, ExpressionText.Precedence)
        switch op {
        case .add: (symbol, precedence) = ("+", .additive)
        case .subtract: (symbol, precedence) = ("-", .additive)
        case .multiply: (symbol, precedence) = ("*", .multiplicative)
        case .divide: (symbol, precedence) = ("/", .multiplicative)
        default: (symbol, precedence) = ("%", .multiplicative)
        }
        // Division by zero and overflow give null (JavaRosa: Infinity, NaN).
        let exact = a.absence == .never && b.absence == .never && [.add, .subtract, .multiply].contains(op)
        return XPathOperand(
            code: a.code(precedence) + " \(symbol) "
                + b.code(ExpressionText.Precedence(rawValue: precedence.rawValue + 1)!),
            kind: .number, absence: exact ? .never : .nan, precedence: precedence, readsAnswers: reads)
    }

    // MARK: Order

    /// `<`, `<=`, `>`, `>=`: numbers (dates as days; a date and time as its date's).
    func order(
        _ op: XPathOperator, _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> XPathOperand {
        try single(left, at: offsets.0)
        try single(right, at: offsets.1)
        let dates: [XPathOperand.Kind] = [.date, .dateTime]
        let (a, b): (XPathOperand, XPathOperand)
        if dates.contains(left.kind), dates.contains(right.kind) {
            (a, b) = (dateOf(left), dateOf(right))
        } else {
            (a, b) = (try number(left, at: offsets.0), try number(right, at: offsets.1))
            if a.isNaN || b.isNaN { return .bool(false) }
            if case .number(let x)? = a.literal, case .number(let y)? = b.literal {
                switch op {
                case .less: return .bool(x < y)
                case .lessOrEqual: return .bool(x <= y)
                case .greater: return .bool(x > y)
                default: return .bool(x >= y)
                }
            }
        }
        return comparison(a, op.rawValue, b)
    }

    /// `a op b` in Formwork (operands that do not chain are parenthesized).
    func comparison(_ a: XPathOperand, _ op: String, _ b: XPathOperand) -> XPathOperand {
        XPathOperand(
            code: a.code(.additive) + " \(op) " + b.code(.additive), kind: .bool, absence: .never,
            precedence: .comparison, readsAnswers: a.readsAnswers || b.readsAnswers)
    }

    /// `not x`.
    func negated(_ operand: XPathOperand) -> XPathOperand {
        if case .bool(let flag)? = operand.literal { return .bool(!flag) }
        if operand.precedence == .not, operand.code.hasPrefix("not ") {
            // `not not x` is `x` (which binds at least as tightly as `not`).
            var inner = operand
            inner.code.removeFirst(4)
            return inner
        }
        return XPathOperand(
            code: "not " + operand.code(.not), kind: .bool, absence: .never, precedence: .not,
            readsAnswers: operand.readsAnswers)
    }
}
