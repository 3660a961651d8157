import Formwork

/// JavaRosa's conversions — `boolean()`, `number()`, `string()` — written out in
/// Formwork for each kind of operand.
extension XPathTranslation {
    /// JavaRosa's `boolean()`: `''`, `0` and `NaN` are false, any other text, number,
    /// date or time true.
    func boolean(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        try single(operand, at: offset)
        switch (operand.kind, operand.literal) {
        case (.bool, _): return operand
        case (_, .number(let number)?): return .bool(number != 0 && !number.isNaN)
        case (_, .text(let text)?): return .bool(!text.isEmpty)
        case (.number, _):
            return .call("boolean", [operand.code], kind: .bool, absence: .never, readsAnswers: operand.readsAnswers)
        default:
            return notEmpty(operand)
        }
    }

    /// `empty(x)`: JavaRosa's `x = ''` for a text, a date or a selection.
    func empty(_ operand: XPathOperand) -> XPathOperand {
        .call("empty", [operand.code], kind: .bool, absence: .never, readsAnswers: operand.readsAnswers)
    }

    func notEmpty(_ operand: XPathOperand) -> XPathOperand {
        XPathOperand(
            code: "not empty(\(operand.code))", kind: .bool, absence: .never, precedence: .not,
            readsAnswers: operand.readsAnswers)
    }

    /// JavaRosa's `number()`: a number as it is, a boolean 1 or 0, a date its days
    /// since 1970-01-01 (a date and time: of its date), text read as a decimal
    /// (`NaN`, Formwork's `null`, when it is not one).
    func number(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        try single(operand, at: offset)
        var result: XPathOperand
        switch (operand.kind, operand.literal) {
        case (_, .number?): return operand
        case (_, .bool(let flag)?): return .number(flag ? 1 : 0)
        case (_, .text(let text)?): return .number(XPathOperand.javaRosaNumber(text))
        case (.number, _):
            result = operand
            if result.absence == .empty { result.absence = .nan }
            return result
        case (.bool, _), (.text, _), (.choice, _), (.date, _):
            result = .call("number", [operand.code], kind: .number, absence: .nan, readsAnswers: operand.readsAnswers)
        case (.multichoice, _):
            result = .call(
                "number", [try text(operand, at: offset).code], kind: .number, absence: .nan,
                readsAnswers: operand.readsAnswers)
        case (.dateTime, _):
            result = .call(
                "number", [dateOf(operand).code], kind: .number, absence: .nan, readsAnswers: operand.readsAnswers)
        case (.time, _):
            // The day it was entered (today), as JavaRosa holds a time: its days since 1970.
            result = XPathOperand(
                code: "if(\(operand.code(.additive)) == null, null, number(today()))", kind: .number, absence: .nan,
                precedence: .primary, readsAnswers: operand.readsAnswers)
        default:
            // A geopoint is no number (`NaN` in JavaRosa).
            return XPathOperand(code: "null", kind: .number, absence: .nan)
        }
        if operand.kind == .bool { result.absence = .never }
        return result
    }

    /// What an explicit conversion to text (`string()`, an argument of `concat()`)
    /// writes: `text(_:at:)`'s, and for a number computed from nothing, `NaN`, as
    /// JavaRosa writes it there (a calculation that is such a number itself is stored
    /// empty, as here).
    func explicitText(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        guard operand.kind == .number, operand.absence == .nan, operand.literal == nil else {
            return try text(operand, at: offset)
        }
        try single(operand, at: offset)
        return XPathOperand(
            code: "if(\(operand.code(.additive)) == null, 'NaN', string(\(operand.code)))", kind: .text,
            absence: .never, precedence: .primary, readsAnswers: operand.readsAnswers)
    }

    /// JavaRosa's `string()`: numbers as it writes them (`5`, `2.5`), booleans `true`
    /// and `false`, a date `YYYY-MM-DD`, a date and time its date, a multiple choice
    /// its values joined by spaces.
    func text(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        try single(operand, at: offset)
        let reads = operand.readsAnswers
        switch (operand.kind, operand.literal) {
        case (.text, _), (.choice, _): return operand
        case (_, .number(let number)?):
            return .text(NumbersInText.java.text(number))
        case (_, .bool(let flag)?): return .text(flag ? "true" : "false")
        case (.number, _), (.bool, _), (.date, _):
            return .call(
                "string", [operand.code], kind: .text, absence: operand.kind == .bool ? .never : .emptyText,
                readsAnswers: reads)
        case (.dateTime, _):
            return .call(
                "format-date", [operand.code, "'%Y-%m-%d'"], kind: .text, absence: .empty, readsAnswers: reads)
        case (.multichoice, _):
            return .call("join", ["' '", operand.code], kind: .text, absence: .emptyText, readsAnswers: reads)
        case (.time, _):
            // JavaRosa holds a time as a moment on the day it was entered, and writes
            // that day: today's date, the time left out.
            return XPathOperand(
                code: "if(\(operand.code(.additive)) == null, '', format-date(today(), '%Y-%m-%d'))", kind: .text,
                absence: .emptyText, precedence: .primary, readsAnswers: reads)
        default:
            // A geopoint's four parts as Java writes doubles (`12.0`), as JavaRosa
            // writes them (`string()` of a geopoint, in a form whose numbers are Java's).
            return .call("string", [operand.code], kind: .text, absence: .emptyText, readsAnswers: reads)
        }
    }

    /// `text`, never `null` (`string(x)` where `x` may be `null`), for comparisons with
    /// text that may be `''`.
    func strictText(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        let converted = try text(operand, at: offset)
        switch converted.absence {
        case .empty, .either, .nan:
            return .call(
                "string", [converted.code], kind: .text, absence: .emptyText, readsAnswers: converted.readsAnswers)
        default:
            return converted
        }
    }

    /// The date of a date and time (JavaRosa compares and counts them by their date).
    func dateOf(_ operand: XPathOperand) -> XPathOperand {
        guard operand.kind == .dateTime else { return operand }
        return .call(
            "date", ["format-date(\(operand.code), '%Y-%m-%d')"], kind: .date,
            absence: operand.absence == .never ? .never : .empty, readsAnswers: operand.readsAnswers)
    }

    /// Two operands JavaRosa may return from one expression (`if`, `coalesce`), in a
    /// kind Formwork gives both: the same kind; a number, date or choice and `''` (as
    /// `null`); else both as text.
    func unified(
        _ first: XPathOperand, _ second: XPathOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> (XPathOperand, XPathOperand, XPathOperand.Kind) {
        try single(first, at: offsets.0)
        try single(second, at: offsets.1)
        func emptyLiteral(_ operand: XPathOperand) -> Bool { operand.literal == .text("") }
        func asNull(_ operand: XPathOperand) -> XPathOperand {
            XPathOperand(code: "null", kind: operand.kind, absence: .empty)
        }
        switch (first.kind, second.kind) {
        case let (a, b) where a == b: return (first, second, a)
        case (.choice, .text), (.text, .choice): return (first, second, .text)
        case (.date, .dateTime), (.dateTime, .date): return (dateOf(first), dateOf(second), .date)
        case (let kind, .text) where emptyLiteral(second) && kind != .bool: return (first, asNull(second), kind)
        case (.text, let kind) where emptyLiteral(first) && kind != .bool: return (asNull(first), second, kind)
        default:
            return (try text(first, at: offsets.0), try text(second, at: offsets.1), .text)
        }
    }

    /// What `null` or `''` in either of two operands returned from one expression stands for.
    static func absence(_ a: XPathOperand.Absence, _ b: XPathOperand.Absence) -> XPathOperand.Absence {
        if a == b { return a }
        if a == .never { return b }
        if b == .never { return a }
        if [a, b].contains(.nan) { return .nan }
        return .either
    }
}
