import Formwork

/// Text functions: `concat`, `join`, `string-length`, `contains`, `starts-with`,
/// `ends-with`, `substr`, `regex`.
extension XPathTranslation {
    /// `concat(a, b, …)`: each as `string()` writes it; `concat(${f})` of a question in
    /// each entry of a repeat joins its values.
    func concat(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        guard !arguments.isEmpty else { return .text("") }
        let operands = try arguments.map { argument throws(TranslationError) in
            arguments.count == 1 ? try translateNodeSet(argument) : try translate(argument)
        }
        if operands.count == 1, case .list = operands[0].kind {
            return try joined(.text(""), operands[0], at: arguments[0].offset)
        }
        var codes: [String] = []
        var absence = XPathOperand.Absence.emptyText
        for (operand, argument) in zip(operands, arguments) {
            try single(operand, at: argument.offset)
            switch operand.kind {
            case .number where operand.absence == .nan:
                codes.append(try explicitText(operand, at: argument.offset).code)
            case .text, .choice, .number, .date, .bool:
                // Formwork's concat writes these as string() does.
                codes.append(operand.code)
            default:
                codes.append(try text(operand, at: argument.offset).code)
            }
            if operand.absence == .never, operand.literal != .text("") { absence = .never }
        }
        return .call(
            "concat", codes, kind: .text, absence: absence, readsAnswers: operands.contains(where: \.readsAnswers))
    }

    /// `join(separator, a, b, …)`, or of the values of a question in each entry.
    func join(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let separator = try text(try translate(arguments[0]), at: arguments[0].offset)
        let values = try arguments.dropFirst().map { argument throws(TranslationError) in
            arguments.count == 2 ? try translateNodeSet(argument) : try translate(argument)
        }
        if values.count == 1, case .list = values[0].kind {
            return try joined(separator, values[0], at: arguments[1].offset)
        }
        var codes = [separator.code]
        for (value, argument) in zip(values, arguments.dropFirst()) {
            codes.append(try text(value, at: argument.offset).code)
        }
        guard codes.count > 1 else { return .text("") }
        return .call(
            "join", codes, kind: .text, absence: .emptyText,
            readsAnswers: separator.readsAnswers || values.contains(where: \.readsAnswers))
    }

    /// The values of a list, as text, with a separator between.
    private func joined(
        _ separator: XPathOperand, _ list: XPathOperand, at offset: Int
    ) throws(TranslationError) -> XPathOperand {
        guard case .list(let element) = list.kind, [.text, .choice, .number, .date].contains(element) else {
            throw unsupported("the values of '\(list.symbol?.id ?? "")' in each entry, joined as text", at: offset)
        }
        return .call("join", [separator.code, list.code], kind: .text, absence: .emptyText, readsAnswers: true)
    }

    /// `string-length(x)`; of the question itself without an argument.
    func stringLength(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        let operand = arguments.isEmpty ? try current(at: offset) : try translate(arguments[0])
        let text = try text(operand, at: arguments.first?.offset ?? offset)
        if case .text(let value)? = text.literal { return .number(Double(value.count)) }
        return .call("len", [text.code], kind: .number, absence: .never, readsAnswers: text.readsAnswers)
    }

    /// `contains`, `starts-with`, `ends-with`: of the values as text, where `''` is in
    /// every text (also an unanswered one's).
    func affix(_ name: String, _ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var text = try text(try translate(arguments[0]), at: arguments[0].offset)
        var part = try self.text(try translate(arguments[1]), at: arguments[1].offset)
        if part.literal == .text("") { return .bool(true) }
        if part.mayBeEmpty {
            text = try strictText(text, at: arguments[0].offset)
            part = try strictText(part, at: arguments[1].offset)
        } else if text.kind == .choice, part.literal != nil {
            // Formwork requires a literal in contains() of a choice to be an option.
            text = .call("string", [text.code], kind: .text, absence: .emptyText, readsAnswers: true)
        }
        return .call(
            name, [text.code, part.code], kind: .bool, absence: .never,
            readsAnswers: text.readsAnswers || part.readsAnswers)
    }

    /// A text function of texts (`translate`, `normalize-space`, …), each argument as
    /// `string()` reads it; with `current` and no arguments, of the question itself.
    func textual(
        _ name: String, _ arguments: [XPathExpression], current: Int? = nil
    ) throws(TranslationError) -> XPathOperand {
        var codes: [XPathOperand] = []
        if let current { codes.append(try strictText(try self.current(at: current), at: current)) }
        for argument in arguments {
            codes.append(try strictText(try translate(argument), at: argument.offset))
        }
        return .call(
            name, codes.map(\.code), kind: .text, absence: .emptyText,
            readsAnswers: codes.contains(where: \.readsAnswers))
    }

    /// `substr(text, start, end)`: from `start` (from 0) to before `end`.
    func substr(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var codes = [try text(try translate(arguments[0]), at: arguments[0].offset)]
        for argument in arguments.dropFirst() {
            codes.append(try number(try translate(argument), at: argument.offset))
        }
        return .call(
            "substr", codes.map(\.code), kind: .text, absence: .either,
            readsAnswers: codes.contains(where: \.readsAnswers))
    }

    /// `regex(text, 'pattern')`: whether the whole text matches (JavaRosa's
    /// `Pattern.matches`), with a pattern written in quotes that Formwork's matcher
    /// reads.
    func regex(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var text = try text(try translate(arguments[0]), at: arguments[0].offset)
        guard case .text(let source)? = try translate(arguments[1]).literal else {
            throw unsupported("regex() with a pattern that is not written in quotes", at: arguments[1].offset)
        }
        let pattern: Pattern
        do {
            pattern = try Pattern(source)
        } catch {
            throw unsupported("the pattern '\(source)' (\(error.reason))", at: arguments[1].offset)
        }
        // An unanswered question is '' to JavaRosa, which a pattern may match.
        if pattern.matches(""), text.mayBeEmpty { text = try strictText(text, at: arguments[0].offset) }
        return .call(
            "matches", [text.code, ExpressionText.string(source)], kind: .bool, absence: .never,
            readsAnswers: text.readsAnswers)
    }
}
