import Formwork

/// `=` as survey-core compares (`Helpers.isTwoValueEquals`, after reading text
/// compared with a Date object as a date): text trimmed and ignoring case, numbers
/// and numeric text as numbers, an empty value equal to `''` and `null`, `true` equal
/// to `'true'` and `1`, arrays equal whatever their order. `!=` is its negation.
extension SurveyJSWalk {
    func equality(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let a = left.literal, let b = right.literal { return .bool(SurveyJSValue.equal(a, b)) }
        if left.isDateObject || right.isDateObject {
            if left.literal == .null || right.literal == .null {
                return try isEmpty(left.literal == .null ? right : left, at: offsets.0)
            }
            let (a, b) = try moments(left, right, at: offsets)
            return comparison(a, "==", b)
        }
        if right.literal != nil || (right.kind == .array && left.kind != .array) {
            return try equalsKnown(left, right, at: offsets)
        }
        if left.literal != nil || left.kind == .array {
            return try equalsKnown(right, left, at: (offsets.1, offsets.0))
        }
        return try equalsOperand(left, right, at: offsets)
    }

    /// `operand = known`: a value written in the expression, or an array of them.
    private func equalsKnown(
        _ operand: SurveyJSOperand, _ known: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if operand.kind.isEntries {
            throw unsupported("a dynamic panel's entries compared with a value", at: offsets.0)
        }
        guard let value = known.literal else {
            // An array: equal to a multiple choice holding the same values, in any order.
            guard known.elements.allSatisfy({ $0.literal != nil }) else {
                throw unsupported("an array of values that are not written in it, compared with =", at: offsets.1)
            }
            if known.elements.isEmpty { return try isEmpty(operand, at: offsets.0) }
            guard operand.kind == .multichoice else { return .bool(false) }
            return sameSelection(operand, known.elements.map { $0.literal! })
        }
        // An unanswered multiple choice is an empty array to survey-core, which equals
        // neither null nor ''.
        if operand.kind == .multichoice, value.isEmpty { return .bool(false) }
        switch value {
        case .null: return try isEmpty(operand, at: offsets.0)
        case .text(let text) where text.isEmpty:
            guard operand.isText else { return try isEmpty(operand, at: offsets.0) }
            return emptyCall(.call("trim", [operand.code], kind: .text, mayBeNull: true))
        case .text(let text) where text.trimmedForJavaScript.isEmpty:
            guard operand.isText else { return .bool(false) }
            return comparison(.call("trim", [operand.code], kind: .text, mayBeNull: true), "==", .text(""))
        default: break
        }
        switch operand.kind {
        case .number:
            let number = value.toNumber
            if case .bool = value, number != 0, number != 1 { return .bool(false) }
            return number.isNaN ? .bool(false) : comparison(operand, "==", .number(number))
        case .bool:
            switch value {
            case .bool(let flag): return comparison(operand, "==", .bool(flag))
            case .number(let number) where number == 0 || number == 1:
                return comparison(operand, "==", .bool(number == 1))
            case .text(let text) where ["true", "false"].contains(text.lowercased()):
                return comparison(operand, "==", .bool(text.lowercased() == "true"))
            default: return .bool(false)
            }
        case .text, .choice: return textEquals(operand, value)
        case .date, .time, .dateTime:
            guard case .text(let text) = value, let written = Self.temporal(text, operand.kind) else {
                return .bool(false)
            }
            return comparison(operand, "==", .text(written))
        default:
            return .bool(false)
        }
    }

    /// A text or choice question (or text computed) `= value`.
    private func textEquals(_ operand: SurveyJSOperand, _ value: SurveyJSValue) -> SurveyJSOperand {
        if let test = optionTest(operand, { SurveyJSValue.equal($0, value) }), test.literal != .bool(false) {
            return test
        }
        let number = SurveyJSOperand.call("number", [operand.code], kind: .number, mayBeNull: true)
        switch value {
        case .bool(let flag):
            let lowered = comparison(lowered(operand, trimmed: false), "==", .text(flag ? "true" : "false"))
            return operand.converts ? any([lowered, comparison(number, "==", .number(flag ? 1 : 0))]) : lowered
        case .number(let written):
            return comparison(number, "==", .number(written))
        case .text(let text):
            if operand.converts, SurveyJSValue.number(in: text) != nil {
                return comparison(number, "==", .number(SurveyJSValue.text(text).toNumber))
            }
            return comparison(
                lowered(operand, trimmed: true), "==",
                .text(text.trimmedForJavaScript.lowercased()))
        case .null: return emptyCall(operand)
        }
    }

    /// `lower(trim(x))`, or `lower(x)`.
    func lowered(_ operand: SurveyJSOperand, trimmed: Bool) -> SurveyJSOperand {
        let inner = trimmed ? "trim(\(operand.code))" : operand.code
        return .call("lower", [inner], kind: .text, mayBeNull: true)
    }

    /// A multiple choice `= [values]`: the same values, in any order, compared as
    /// survey-core compares each (ignoring case, numbers as numbers).
    private func sameSelection(_ operand: SurveyJSOperand, _ values: [SurveyJSValue]) -> SurveyJSOperand {
        let options = operand.symbol?.options ?? []
        spend(options.count * values.count)
        var chosen: [String] = []
        for value in values {
            guard
                let option = options.first(where: { SurveyJSValue.equal(SurveyJSValue.text($0).converted, value) })
                    ?? (options.isEmpty ? value.text : nil),
                !chosen.contains(option)
            else { return .bool(false) }
            chosen.append(option)
        }
        let count = SurveyJSOperand.call("count", [operand.code], kind: .number, mayBeNull: false)
        return all(
            [comparison(count, "==", .number(Double(chosen.count)))]
                + chosen.map { comparison(.text($0), "in", operand) })
    }

    /// Two operands, neither known now.
    private func equalsOperand(
        _ a: SurveyJSOperand, _ b: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        for (side, offset) in [(a, offsets.0), (b, offsets.1)] where side.kind.isEntries {
            throw unsupported("a dynamic panel's entries compared with =", at: offset)
        }
        let direct: [SurveyJSOperand.Kind] = [.number, .bool, .date, .dateTime, .time]
        if a.kind == b.kind, direct.contains(a.kind) { return comparison(a, "==", b) }
        if a.isText, b.isText { return textPair(a, b) }
        if a.kind == .multichoice, b.kind == .multichoice {
            throw unsupported(
                "two multiple choice questions compared with = (survey-core ignores their order)", at: offsets.0)
        }
        let (text, other) = b.isText ? (b, a) : (a, b)
        guard text.isText else { return all([try isEmpty(a, at: offsets.0), try isEmpty(b, at: offsets.1)]) }
        let core: SurveyJSOperand
        switch other.kind {
        case .number:
            core = comparison(other, "==", .call("number", [text.code], kind: .number, mayBeNull: true))
        case .bool:
            core = comparison(
                .call("string", [other.code], kind: .text, mayBeNull: false), "==", lowered(text, trimmed: false))
        case .date, .time, .dateTime:
            let written = try textOf(other, at: offsets.0)
            core = comparison(
                .call("lower", [written.code], kind: .text, mayBeNull: true), "==", lowered(text, trimmed: true))
        default:
            return all([try isEmpty(a, at: offsets.0), try isEmpty(b, at: offsets.1)])
        }
        let (emptyA, emptyB) = (emptyCall(a), emptyCall(b))
        return conditional(any([emptyA, emptyB]), all([emptyA, emptyB]), core, kind: .bool)
    }

    /// Two texts: trimmed and ignoring case, or as numbers where survey-core reads one
    /// as a number.
    private func textPair(_ a: SurveyJSOperand, _ b: SurveyJSOperand) -> SurveyJSOperand {
        let texts = comparison(lowered(a, trimmed: true), "==", lowered(b, trimmed: true))
        func mayBeNumber(_ operand: SurveyJSOperand) -> Bool {
            guard let options = operand.symbol?.options, operand.kind == .choice, !options.isEmpty else { return true }
            spend(options.count)
            return options.contains { SurveyJSValue.number(in: $0) != nil }
        }
        guard a.converts || b.converts, mayBeNumber(a), mayBeNumber(b) else { return texts }
        let numberA = SurveyJSOperand.call("number", [a.code], kind: .number, mayBeNull: true)
        let numberB = SurveyJSOperand.call("number", [b.code], kind: .number, mayBeNull: true)
        return any([texts, all([comparison(numberA, "!=", .null(.number)), comparison(numberA, "==", numberB)])])
    }

    /// `text` as a value of `kind` is written by survey-core (`YYYY-MM-DD`, `HH:MM`,
    /// `YYYY-MM-DDTHH:MM`) and Formwork reads it: the literal Formwork compares with;
    /// `nil` when no answer is written so (then survey-core's text never equals one).
    static func temporal(_ text: String, _ kind: SurveyJSOperand.Kind) -> String? {
        let trimmed = text.trimmedForJavaScript
        switch kind {
        case .date: return trimmed.count == 10 && LocalDate(trimmed) != nil ? trimmed : nil
        case .time: return trimmed.count == 5 && LocalTime(trimmed) != nil ? trimmed : nil
        case .dateTime:
            let written = trimmed.uppercased()
            return written.count == 16 && LocalDateTime(written) != nil ? written : nil
        default: return nil
        }
    }
}
