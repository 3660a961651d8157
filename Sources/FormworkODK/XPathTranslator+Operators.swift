import Formwork

/// XPath's operators with JavaRosa's conversions: `and`/`or` of `boolean()`s,
/// `=`/`!=` by the operands' kinds, `<`… and arithmetic of `number()`s.
extension XPathTranslation {
    /// A chain of operators of one level, left to right.
    func chain(_ first: XPathExpression, _ links: [XPathLink]) throws(XPathTranslationError) -> XPathOperand {
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
            let precedence: XPathOperand.Precedence = op == .or ? .or : .and
            let tighter: XPathOperand.Precedence = op == .or ? .and : .not
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
    ) throws(XPathTranslationError) -> XPathOperand {
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
    ) throws(XPathTranslationError) -> XPathOperand {
        let a = try number(left, at: offsets.0)
        let b = try number(right, at: offsets.1)
        let reads = a.readsAnswers || b.readsAnswers
        if a.isNaN || b.isNaN { return .number(.nan) }
        let (symbol, precedence): (String, XPathOperand.Precedence)
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
                + b.code(XPathOperand.Precedence(rawValue: precedence.rawValue + 1)!),
            kind: .number, absence: exact ? .never : .nan, precedence: precedence, readsAnswers: reads)
    }

    // MARK: Order

    /// `<`, `<=`, `>`, `>=`: numbers (dates as days; a date and time as its date's).
    func order(
        _ op: XPathOperator, _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> XPathOperand {
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

    // MARK: Equality

    /// `=` and `!=` as JavaRosa compares: booleans when one side is one; numbers when
    /// one side is a number (an unanswered number question is `''`, text, so two
    /// unanswered are equal); else text.
    func equality(
        _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        try single(left, at: offsets.0)
        try single(right, at: offsets.1)
        if left.kind == .bool || right.kind == .bool {
            return try booleanEquality(left, right, at: offsets)
        }
        if left.literal != nil, right.literal != nil {
            return folded(javaRosaEqual(left.literal!, right.literal!))
        }
        for (side, other, offset) in [(left, right, offsets.0), (right, left, offsets.1)] {
            if side.kind == .time || side.kind == .geopoint {
                if other.literal == .text("") { return emptiness(side) }
                guard side.kind == .geopoint, other.kind == .geopoint else {
                    throw unsupported(
                        side.kind == .time ? timeReason : "a geopoint compared with anything but another", at: offset)
                }
                return pair(side, "==", "!=", other)
            }
        }
        switch (left.isComputedNumber, right.isComputedNumber) {
        case (true, _): return try numericEquality(left, right, at: offsets)
        case (_, true): return try numericEquality(right, left, at: (offsets.1, offsets.0))
        default: break
        }
        switch (left.kind, right.kind) {
        case (.number, .number): return pair(left, "==", "!=", right)
        case (.number, _): return try answeredNumberEquality(left, right, at: offsets)
        case (_, .number): return try answeredNumberEquality(right, left, at: (offsets.1, offsets.0))
        default: return try textEquality(left, right, at: offsets)
        }
    }

    /// One side a boolean: both as booleans.
    private func booleanEquality(
        _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        let a = try boolean(left, at: offsets.0)
        let b = try boolean(right, at: offsets.1)
        switch (a.literal, b.literal) {
        case (.bool(let x)?, .bool(let y)?): return folded(x == y)
        case (.bool(let x)?, _): return x ? (b, negated(b)) : (negated(b), b)
        case (_, .bool(let y)?): return y ? (a, negated(a)) : (negated(a), a)
        default: return pair(a, "==", "!=", b)
        }
    }

    /// `computed` is a number JavaRosa holds as one (`NaN` where Formwork has `null`):
    /// both as numbers, false when either is `NaN`.
    private func numericEquality(
        _ computed: XPathOperand, _ other: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        let a = try number(computed, at: offsets.0)
        let b = try number(other, at: offsets.1)
        if a.isNaN || b.isNaN { return folded(false) }
        if case .number(let x)? = a.literal, case .number(let y)? = b.literal { return folded(abs(x - y) < 1e-12) }
        let (first, second) = a.literal != nil ? (b, a) : (a, b)
        guard first.absence != .never, second.absence != .never else { return pair(first, "==", "!=", second) }
        // null == null holds in Formwork; NaN = NaN does not.
        let equal =
            first.code(.additive) + " == " + second.code(.additive) + " and " + first.code(.additive)
            + " != null"
        let notEqual =
            first.code(.additive) + " != " + second.code(.additive) + " or " + first.code(.additive)
            + " == null"
        let reads = first.readsAnswers || second.readsAnswers
        return (
            XPathOperand(code: equal, kind: .bool, absence: .never, precedence: .and, readsAnswers: reads),
            XPathOperand(code: notEqual, kind: .bool, absence: .never, precedence: .or, readsAnswers: reads)
        )
    }

    /// A number question (a number when answered, `''` when not) and text: as
    /// numbers when it is answered, else as text (`''` equals only empty text).
    private func answeredNumberEquality(
        _ question: XPathOperand, _ other: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        if case .text(let text)? = other.literal {
            if text.isEmpty { return emptiness(question) }
            let number = XPathOperand.javaRosaNumber(text)
            if number.isNaN { return folded(false) }
            return pair(question, "==", "!=", .number(number))
        }
        let b = try number(other, at: offsets.1)
        let (equal, notEqual) = emptiness(other)
        let reads = question.readsAnswers || other.readsAnswers
        func test(_ empty: XPathOperand, _ op: String) -> XPathOperand {
            .call(
                "if", ["empty(\(question.code))", empty.code, comparison(question, op, b).code], kind: .bool,
                absence: .never, readsAnswers: reads)
        }
        return (test(equal, "=="), test(notEqual, "!="))
    }

    /// Both as text (dates as `YYYY-MM-DD`): `''` equals an unanswered question.
    private func textEquality(
        _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        if case .text(let text)? = left.literal { return try literalEquality(right, text, at: offsets.1) }
        if case .text(let text)? = right.literal { return try literalEquality(left, text, at: offsets.0) }
        let dates: [XPathOperand.Kind] = [.date, .dateTime]
        if dates.contains(left.kind), dates.contains(right.kind) {
            return pair(dateOf(left), "==", "!=", dateOf(right))
        }
        var a = try text(left, at: offsets.0)
        var b = try text(right, at: offsets.1)
        // `null` and `''` both stand for JavaRosa's '': make them one where both occur.
        let nullable: Set<XPathOperand.Absence> = [.empty, .either]
        let blank: Set<XPathOperand.Absence> = [.emptyText, .either]
        if (nullable.contains(a.absence) || nullable.contains(b.absence))
            && (blank.contains(a.absence) || blank.contains(b.absence))
        {
            a = try strictText(a, at: offsets.0)
            b = try strictText(b, at: offsets.1)
        }
        return pair(a, "==", "!=", b)
    }

    /// An operand compared with a text literal.
    private func literalEquality(
        _ operand: XPathOperand, _ text: String, at offset: Int
    ) throws(XPathTranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        if text.isEmpty { return emptiness(operand) }
        switch operand.kind {
        case .date, .dateTime:
            // JavaRosa writes a date as YYYY-MM-DD: other text never equals it.
            guard text.count == 10, LocalDate(text) != nil else { return folded(false) }
            return pair(dateOf(operand), "==", "!=", .text(text))
        case .choice:
            // A literal compared with a choice must be one of its options in Formwork.
            if let symbol = operand.symbol, context.options(symbol)?.contains(text) == true {
                return pair(operand, "==", "!=", .text(text))
            }
            return pair(
                .call("string", [operand.code], kind: .text, absence: .emptyText, readsAnswers: true), "==", "!=",
                .text(text))
        default:
            return pair(try self.text(operand, at: offset), "==", "!=", .text(text))
        }
    }

    /// `x = ''` and `x != ''`.
    func emptiness(_ operand: XPathOperand) -> (equal: XPathOperand, notEqual: XPathOperand) {
        (empty(operand), notEmpty(operand))
    }

    func pair(
        _ a: XPathOperand, _ equal: String, _ notEqual: String, _ b: XPathOperand
    ) -> (equal: XPathOperand, notEqual: XPathOperand) {
        (comparison(a, equal, b), comparison(a, notEqual, b))
    }

    func folded(_ equal: Bool) -> (equal: XPathOperand, notEqual: XPathOperand) { (.bool(equal), .bool(!equal)) }

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

    /// JavaRosa's `=` of two literals.
    func javaRosaEqual(_ a: XPathOperand.Literal, _ b: XPathOperand.Literal) -> Bool {
        func number(_ literal: XPathOperand.Literal) -> Double {
            switch literal {
            case .number(let number): return number
            case .text(let text): return XPathOperand.javaRosaNumber(text)
            case .bool(let flag): return flag ? 1 : 0
            }
        }
        switch (a, b) {
        case let (.text(x), .text(y)): return x == y
        default: return abs(number(a) - number(b)) < 1e-12
        }
    }
}

extension XPathOperand {
    /// A number JavaRosa holds as a number even when Formwork's is `null` (`NaN`):
    /// a literal, arithmetic, a count; not a question, which is `''` when unanswered.
    var isComputedNumber: Bool { kind == .number && absence != .empty }
}
