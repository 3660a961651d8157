import Formwork

/// Choice functions: `selected`, `count-selected`, `selected-at`, `jr:choice-name`.
///
/// JavaRosa holds a multiple choice as its values joined by spaces; `selected(x, v)`
/// is whether `' ' + x + ' '` contains `' ' + trim(v) + ' '`. A multiple choice and a
/// value known to be one of its options is written `'v' in $x`; anything else as
/// JavaRosa's rule itself, which holds for any text.
extension XPathTranslation {
    func selected(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let selection = try translate(arguments[0])
        let value = try translate(arguments[1])
        try single(selection, at: arguments[0].offset)
        if case .text(let written)? = value.literal {
            let text = written.trimmed(.whitespaces)
            let plain = !text.isEmpty && !text.containsASCII(" ")
            switch selection.kind {
            case .multichoice where plain:
                if let symbol = selection.symbol, context.options(symbol)?.contains(text) == true {
                    return XPathOperand(
                        code: ExpressionText.string(text) + " in " + selection.code, kind: .bool, absence: .never,
                        precedence: .comparison, readsAnswers: true)
                }
            case .choice where plain:
                return try equality(selection, .text(text), at: (arguments[0].offset, arguments[1].offset)).equal
            default:
                break
            }
        } else if value.literal != nil || value.kind == .bool {
            throw invalid("the value selected() looks for must be text, in quotes (like '1')", at: arguments[1].offset)
        }
        // JavaRosa's rule, as it is.
        let within = try strictText(selection, at: arguments[0].offset)
        let part = try text(value, at: arguments[1].offset)
        let sought: String
        if case .text(let written)? = part.literal {
            sought = ExpressionText.string(" " + written.trimmed(.whitespaces) + " ")
        } else {
            sought = "concat(' ', trim(\(part.code)), ' ')"
        }
        return .call(
            "contains", ["concat(' ', \(within.code), ' ')", sought], kind: .bool, absence: .never,
            readsAnswers: selection.readsAnswers || value.readsAnswers)
    }

    /// `count-selected(x)`: how many values are chosen.
    func countSelected(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let selection = try translate(argument)
        switch selection.kind {
        case .multichoice:
            return .call("count", [selection.code], kind: .number, absence: .never, readsAnswers: true)
        case .choice:
            return .call(
                "if", ["empty(\(selection.code))", "0", "1"], kind: .number, absence: .never, readsAnswers: true)
        default:
            try single(selection, at: argument.offset)
            let list = try words(selection, at: argument.offset)
            return .call("count", [list.code], kind: .number, absence: .never, readsAnswers: list.readsAnswers)
        }
    }

    /// A value that is not a multiple choice (a calculation holding `a b c`) as the
    /// list JavaRosa reads in it: its text split at runs of spaces.
    func words(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        let text = try strictText(operand, at: offset)
        return .call("words", [text.code], kind: .multichoice, absence: .never, readsAnswers: text.readsAnswers)
    }

    /// `selected-at(x, n)`: the `n`-th value chosen, from 0 (`''` past the last).
    func selectedAt(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var selection = try translate(arguments[0])
        if selection.kind != .multichoice {
            // Any other value is read as JavaRosa reads it: its text's words.
            try single(selection, at: arguments[0].offset)
            selection = try words(selection, at: arguments[0].offset)
        }
        let index = try number(try translate(arguments[1]), at: arguments[1].offset)
        let position: String
        switch index.literal {
        case .number(let number)? where number.isNaN: position = "1"
        case .number(let number)?: position = XPathOperand.number(number.rounded(.towardZero) + 1).code
        default: position = "int(\(index.code)) + 1"
        }
        return .call("nth", [selection.code, position], kind: .text, absence: .empty, readsAnswers: true)
    }

    /// `jr:choice-name(${x}, '${x}')`: the label of the option chosen in `x`.
    func choiceName(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        let selection = try translate(arguments[0])
        guard case .string(let written, _) = arguments[1] else {
            throw unsupported("jr:choice-name() with a question that is not named in quotes", at: arguments[1].offset)
        }
        let name = written.trimmed(.whitespaces)
        let named: XPathSymbol?
        if name.hasPrefix("${"), name.hasSuffix("}") {
            named = context.name(String(name.dropFirst(2).dropLast()).trimmed(.whitespaces))
        } else if name.hasPrefix("/") {
            named = context.path(name)
        } else if let parsed = try? XPathParser.parse(name), let operand = try? translate(parsed) {
            // A path relative to the node (`' ../q9 '`, as pyxform writes `'${q9}'` in a
            // repeat), read as JavaRosa reads it.
            named = operand.symbol
        } else {
            named = nil
        }
        guard selection.kind == .choice, let symbol = selection.symbol, named?.id == symbol.id else {
            throw unsupported(
                "jr:choice-name() of anything but a single choice question, named again in quotes", at: offset)
        }
        return .call("label", [selection.code], kind: .text, absence: .empty, readsAnswers: true)
    }
}
