import Formwork

/// `<`, `>`, `<=`, `>=` as survey-core orders: never with an empty value; a Date
/// object against text read as a date; otherwise JavaScript's `<` — two texts by
/// their characters (case-sensitive, not trimmed), anything else as numbers (`NaN`
/// orders nothing). `<=` is `=` or `<`, so two empty values are `<=` each other.
extension SurveyJSWalk {
    /// `left op right`, `op` being `<` or `>`.
    func order(
        _ op: String, _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if left.literal == .null || right.literal == .null { return .bool(false) }
        if let a = left.literal, let b = right.literal {
            return .bool(op == "<" ? SurveyJSValue.less(a, b) : SurveyJSValue.less(b, a))
        }
        if left.isDateObject || right.isDateObject {
            let (a, b) = try moments(left, right, at: offsets)
            return comparison(a, op, b)
        }
        if left.literal != nil {
            return try order(op == "<" ? ">" : "<", right, left, at: (offsets.1, offsets.0))
        }
        for (side, offset) in [(left, offsets.0), (right, offsets.1)] {
            switch side.kind {
            case .multichoice, .list, .entries, .array:
                throw unsupported(
                    "a list compared with \(op) (survey-core compares its values written as text)", at: offset)
            case .bool where side.literal == nil:
                throw unsupported("a boolean compared with \(op) (survey-core compares it as 1 or 0)", at: offset)
            default: continue
            }
        }
        switch left.kind {
        case .number: return try numberOrder(op, left, right, at: offsets)
        case .text, .choice: return try textOrder(op, left, right, at: offsets)
        default: return try temporalOrder(op, left, right, at: offsets)
        }
    }

    /// A number question (or a number computed) `op` anything.
    private func numberOrder(
        _ op: String, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let value = b.literal {
            let number = value.toNumber
            return number.isNaN ? .bool(false) : comparison(a, op, .number(number))
        }
        switch b.kind {
        case .number: return comparison(a, op, b)
        case .text, .choice: return comparison(a, op, .call("number", [b.code], kind: .number, mayBeNull: true))
        default: return .bool(false)
        }
    }

    /// A text or choice question (or text computed) `op` anything: as numbers where
    /// survey-core reads both as numbers, else as texts.
    private func textOrder(
        _ op: String, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let number = SurveyJSOperand.call("number", [a.code], kind: .number, mayBeNull: true)
        let isNumber = comparison(number, "!=", .null(.number))
        let isNotNumber = comparison(number, "==", .null(.number))
        if let value = b.literal {
            guard case .text(let text) = value else {
                let written = value.toNumber
                return written.isNaN ? .bool(false) : comparison(number, op, .number(written))
            }
            let texts = comparison(plainText(a), op, .text(text))
            guard a.converts else { return texts }
            let written = value.toNumber
            if written.isNaN { return all([isNotNumber, texts]) }
            return conditional(isNumber, comparison(number, op, .number(written)), texts, kind: .bool)
        }
        switch b.kind {
        case .number: return comparison(number, op, b)
        case .text, .choice:
            let texts = comparison(plainText(a), op, plainText(b))
            guard a.converts || b.converts else { return texts }
            let other = SurveyJSOperand.call("number", [b.code], kind: .number, mayBeNull: true)
            return conditional(
                isNumber, comparison(number, op, other), all([comparison(other, "==", .null(.number)), texts]),
                kind: .bool)
        default:
            return all([isNotNumber, try textsOrder(op, a, b, at: offsets)])
        }
    }

    /// A date, time or date and time question `op` anything: survey-core holds them as
    /// text (`2024-02-29`, `14:30`, `2024-02-29T13:45`), compared by characters.
    private func temporalOrder(
        _ op: String, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let value = b.literal {
            guard case .text(let text) = value else { return .bool(false) }
            if let written = Self.temporal(text, a.kind), written == text { return comparison(a, op, .text(written)) }
            return try textsOrder(op, a, b, at: offsets)
        }
        if b.kind == a.kind { return comparison(a, op, b) }
        if b.kind == .number { return .bool(false) }
        return try textsOrder(op, a, b, at: offsets)
    }

    /// Both as text, neither empty.
    private func textsOrder(
        _ op: String, _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        var parts: [SurveyJSOperand] = []
        for side in [a, b] where side.mayBeNull && side.literal == nil { parts.append(negated(emptyCall(side))) }
        let left = a.isText ? plainText(a) : try textOf(a, at: offsets.0)
        let right = b.isText ? plainText(b) : try textOf(b, at: offsets.1)
        return all(parts + [comparison(left, op, right)])
    }

    /// A text operand Formwork may compare with any text (a choice's through
    /// `string()`, since Formwork compares a choice only with its options).
    private func plainText(_ operand: SurveyJSOperand) -> SurveyJSOperand {
        operand.kind == .choice ? .call("string", [operand.code], kind: .text, mayBeNull: true) : operand
    }

    /// `left op right`, `op` being `<=` or `>=`: `=` or the strict order (one
    /// comparison where both are one Formwork comparison of the same operands).
    func orEqual(
        _ op: String, _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let strict = try order(String(op.prefix(1)), left, right, at: offsets)
        let equal = try equality(left, right, at: offsets)
        if let (a, equalOp, b) = equal.compared, equalOp == "==", let (c, strictOp, d) = strict.compared,
            a == c, b == d, ["<", ">"].contains(strictOp)
        {
            var merged = equal
            merged.code = "\(a) \(strictOp)= \(b)"
            merged.compared = (a, strictOp + "=", b)
            guard left.mayBeNull, right.mayBeNull, left.literal == nil, right.literal == nil else { return merged }
            // Two empty values are equal, so <= holds for them.
            return any([merged, all([emptyCall(left), emptyCall(right)])])
        }
        return any([equal, strict])
    }

    // MARK: Date objects

    /// Two operands, one a Date object (`today()`, `getDate()`): the other read as
    /// survey-core reads it against a Date — text as a date, at midnight when the Date
    /// has no time of day (`today()`, a date) — in the Date's Formwork type.
    func moments(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> (SurveyJSOperand, SurveyJSOperand) {
        // Two Date objects compare as moments: today() is midnight, currentDate() now.
        if left.isDateObject, right.isDateObject, [left.kind, right.kind].contains(.date),
            [left.kind, right.kind].contains(.dateTime)
        {
            func moment(_ operand: SurveyJSOperand) -> SurveyJSOperand {
                operand.kind == .dateTime
                    ? operand : .call("date-time", ["string(\(operand.code))"], kind: .dateTime, mayBeNull: true)
            }
            return (moment(left), moment(right))
        }
        let objectOnLeft = left.isDateObject
        let (object, other, offset) = objectOnLeft ? (left, right, offsets.1) : (right, left, offsets.0)
        let target = object.kind
        let converted: SurveyJSOperand
        if case .text(let text)? = other.literal {
            let trimmed = text.trimmedForJavaScript
            if let date = LocalDate(trimmed), trimmed.count == 10 {
                converted =
                    target == .date
                    ? .text(date.description)
                    : .call("date-time", [ExpressionText.string(trimmed)], kind: .dateTime, mayBeNull: false)
            } else if let moment = LocalDateTime(trimmed.uppercased()) {
                converted = target == .date ? .text(moment.date.description) : .text(trimmed.uppercased())
            } else {
                throw unsupported(
                    "'\(text)' read as a date (Formwork reads YYYY-MM-DD and YYYY-MM-DDTHH:MM)", at: offset)
            }
        } else {
            switch (target, other.kind) {
            case (.date, .date), (.dateTime, .dateTime): converted = other
            case (.date, .dateTime): converted = dateOf(other)
            case (.dateTime, .date):
                converted = .call("date-time", ["string(\(other.code))"], kind: .dateTime, mayBeNull: true)
            case (.date, .text), (.date, .choice):
                converted = .call("date", [other.code], kind: .date, mayBeNull: true)
            case (.dateTime, .text), (.dateTime, .choice):
                converted = .call("date-time", [other.code], kind: .dateTime, mayBeNull: true)
            default:
                throw unsupported("a date from a function compared with this value", at: offset)
            }
        }
        return objectOnLeft ? (object, converted) : (converted, object)
    }

    /// The date of a date and time.
    func dateOf(_ operand: SurveyJSOperand) -> SurveyJSOperand {
        guard operand.kind == .dateTime else { return operand }
        var result = SurveyJSOperand.call(
            "date", ["format-date(\(operand.code), '%Y-%m-%d')"], kind: .date, mayBeNull: operand.mayBeNull)
        result.isDateObject = operand.isDateObject
        return result
    }
}
