import Formwork

/// `=` and `!=` as JavaRosa compares: booleans when one side is a boolean; numbers
/// when one side is a number JavaRosa holds as one (a literal, a count, arithmetic,
/// an answered number question); else text (a date as `YYYY-MM-DD`, a date and time
/// as its date, a multiple choice as its values joined by spaces). An unanswered
/// question is `''`, so two unanswered are equal; `NaN` equals nothing.
extension XPathTranslation {
    /// `left = right` and `left != right` (JavaRosa's `!=` is the negation of `=`).
    func equality(
        _ left: XPathOperand, _ right: XPathOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
        try single(left, at: offsets.0)
        try single(right, at: offsets.1)
        if left.kind == .bool || right.kind == .bool {
            return try booleanEquality(left, right, at: offsets)
        }
        if left.literal != nil, right.literal != nil {
            return folded(javaRosaEqual(left.literal!, right.literal!))
        }
        for (index, (side, other, offset)) in [(left, right, offsets.0), (right, left, offsets.1)].enumerated() {
            if side.kind == .time || side.kind == .geopoint {
                if other.literal == .text("") { return emptiness(side) }
                if side.kind == .geopoint, other.kind == .geopoint { return pair(side, "==", "!=", other) }
                // Anything else is compared as JavaRosa writes them as text: a time as
                // the day it was entered, a geopoint's parts as Java doubles.
                let converted = try text(side, at: offset)
                return index == 0
                    ? try equality(converted, right, at: offsets) : try equality(left, converted, at: offsets)
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
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
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
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
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
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
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
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
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
    ) throws(TranslationError) -> (equal: XPathOperand, notEqual: XPathOperand) {
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
