import Formwork

/// Date functions: `date`, `date-time`, `decimal-date-time`, `decimal-time`, `format-date`
/// (`format-date-time`). `today()` and `now()` are Formwork's own.
extension XPathTranslation {
    /// The `format-date` codes Formwork writes as JavaRosa does.
    static let dateCodes: Set<Character> = ["Y", "y", "m", "n", "b", "d", "e", "a", "H", "h", "M", "S"]

    /// `date(x)`: text read as a date, a number of days since 1970-01-01.
    func date(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        try single(operand, at: argument.offset)
        switch (operand.kind, operand.literal) {
        case (_, .text(let text)?):
            if text.isEmpty { return XPathOperand(code: "null", kind: .date, absence: .empty) }
            guard let date = LocalDate(text) ?? LocalDateTime(text)?.date else {
                throw invalid("'\(text)' is not a date (YYYY-MM-DD)", at: argument.offset)
            }
            return .call(
                "date", [ExpressionText.string(date.description)], kind: .date, absence: .never, readsAnswers: false)
        case (_, .number(let days)?):
            guard !days.isNaN else { return XPathOperand(code: "null", kind: .date, absence: .nan) }
            let date = LocalDate(daysSinceEpoch: Int(max(min(days.rounded(.towardZero), 4e6), -4e6)))
            guard (1...9999).contains(date.year) else {
                throw invalid(
                    "\(XPathOperand.number(days).code) days from 1970-01-01 is not a date", at: argument.offset)
            }
            return .call(
                "date", [ExpressionText.string(date.description)], kind: .date, absence: .never, readsAnswers: false)
        case (.date, _): return operand
        case (.dateTime, _): return dateOf(operand)
        case (.text, _), (.choice, _):
            return .call("date", [operand.code], kind: .date, absence: .empty, readsAnswers: operand.readsAnswers)
        case (.number, _):
            return XPathOperand(
                code: "date('1970-01-01') + int(\(operand.code))", kind: .date, absence: .empty, precedence: .additive,
                readsAnswers: operand.readsAnswers)
        default:
            throw unsupported("date() of \(operand.kind == .time ? "a time" : "this value")", at: argument.offset)
        }
    }

    /// `date-time(x)`: a number of days since 1970-01-01T00:00, or text.
    func dateTime(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        try single(operand, at: argument.offset)
        switch operand.kind {
        case .dateTime: return operand
        case .number, .text, .choice, .date:
            return .call(
                "date-time", [operand.code], kind: .dateTime, absence: operand.absence == .never ? .never : .empty,
                readsAnswers: operand.readsAnswers)
        default:
            throw unsupported("date-time() of \(operand.kind == .time ? "a time" : "this value")", at: argument.offset)
        }
    }

    /// `decimal-date-time(x)`: days since 1970-01-01T00:00, the time as a fraction.
    func decimalDateTime(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        try single(operand, at: argument.offset)
        let moment: XPathOperand
        switch operand.kind {
        case .number: return try number(operand, at: argument.offset)
        case .date, .dateTime: moment = operand
        case .text, .choice: moment = try dateTime(argument)
        default:
            throw unsupported(
                "decimal-date-time() of \(operand.kind == .time ? "a time" : "this value")", at: argument.offset)
        }
        return .call(
            "decimal-date-time", [moment.code], kind: .number, absence: .nan, readsAnswers: moment.readsAnswers)
    }

    /// `decimal-time(x)`: the fraction of its day a time (a date and time, a number)
    /// is; text is read as a date and time, as JavaRosa reads it.
    func decimalTime(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        try single(operand, at: argument.offset)
        let moment: XPathOperand
        switch operand.kind {
        case .time, .date, .dateTime: moment = operand
        case .number: moment = try number(operand, at: argument.offset)
        case .text, .choice: moment = try dateTime(argument)
        default: throw unsupported("decimal-time() of this value (JavaRosa refuses it)", at: argument.offset)
        }
        return .call("decimal-time", [moment.code], kind: .number, absence: .nan, readsAnswers: moment.readsAnswers)
    }

    /// `format-date(x, 'pattern')`: a date (or a date and time, or text or a number
    /// read as one) written by a pattern of `%Y %y %m %n %b %d %e %a %H %h %M %S`.
    func formatDate(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let operand = try translate(arguments[0])
        try single(operand, at: arguments[0].offset)
        let moment: XPathOperand
        switch operand.kind {
        case .date, .dateTime: moment = operand
        case .number, .text, .choice: moment = try dateTime(arguments[0])
        default:
            throw unsupported(
                "format-date() of \(operand.kind == .time ? "a time" : "this value")", at: arguments[0].offset)
        }
        let pattern = try text(try translate(arguments[1]), at: arguments[1].offset)
        if case .text(let source)? = pattern.literal {
            var characters = source.makeIterator()
            while let character = characters.next() {
                guard character == "%" else { continue }
                guard let code = characters.next(), Self.dateCodes.contains(code) else {
                    throw unsupported(
                        "the format-date() pattern '\(source)' (Formwork writes %Y %y %m %n %b %d %e %a %H %h %M %S)",
                        at: arguments[1].offset)
                }
            }
        }
        return .call(
            "format-date", [moment.code, pattern.code], kind: .text, absence: .empty,
            readsAnswers: moment.readsAnswers || pattern.readsAnswers)
    }
}
