import Formwork

/// Functions of node-sets — `count`, `count-non-empty`, `sum`, `max`, `min` — and of
/// repeats: `indexed-repeat`, `position(..)`.
extension XPathTranslation {
    /// `count(x)`: a repeat's entries, a question's values in each entry, or one node.
    func count(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translateNodeSet(argument)
        guard operand.isNodeSet else { throw invalid("count() counts the nodes of a path", at: argument.offset) }
        switch operand.kind {
        case .entries, .list:
            return .call("count", [operand.code], kind: .number, absence: .never, readsAnswers: true)
        default:
            // One question, or the entry the expression is in: one node.
            return .number(1)
        }
    }

    /// `count-non-empty(x)`: the nodes with a value.
    func countNonEmpty(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        if let data = try dataPath(argument) {
            throw unsupported(
                "count-non-empty() of an instance's rows (JavaRosa fails on it when the form loads; "
                    + "count(instance('x')/root/item[col != '']) counts them)", at: data.offset)
        }
        let operand = try translateNodeSet(argument)
        guard operand.isNodeSet else {
            throw invalid("count-non-empty() counts the nodes of a path", at: argument.offset)
        }
        switch operand.kind {
        case .list:
            let steps = operand.code.dropFirst().split(separator: ".")
            guard steps.count == 2 else {
                throw unsupported("count-non-empty() of a question in repeats within repeats", at: argument.offset)
            }
            return .call(
                "count", ["$" + steps[0], "not empty($\(steps[1]))"], kind: .number, absence: .never, readsAnswers: true
            )
        case .entries, .entry:
            throw unsupported("count-non-empty() of a repeat's entries", at: argument.offset)
        default:
            if operand.literal != nil { return .number(operand.literal == .text("") ? 0 : 1) }
            return .call(
                "if", ["empty(\(operand.code))", "0", "1"], kind: .number, absence: .never, readsAnswers: true)
        }
    }

    /// `sum(x)`: of the numbers among the values (others left out, 0 for none).
    func sum(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translateNodeSet(argument)
        guard operand.isNodeSet else { throw invalid("sum() adds the values of a path", at: argument.offset) }
        if case .list = operand.kind {
            let numbers = try listOfNumbers(operand, in: "sum", at: argument.offset)
            return .call("sum", [numbers], kind: .number, absence: .never, readsAnswers: operand.readsAnswers)
        }
        let value = try number(operand, at: argument.offset)
        return .call("sum", ["[\(value.code)]"], kind: .number, absence: .never, readsAnswers: value.readsAnswers)
    }

    /// `max(…)`, `min(…)`: of the numbers among the values (`NaN` for none).
    func extreme(_ name: String, _ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let operands = try arguments.map { argument throws(TranslationError) in
            arguments.count == 1 ? try translateNodeSet(argument) : try translate(argument)
        }
        if operands.count == 1, case .list = operands[0].kind {
            let numbers = try listOfNumbers(operands[0], in: name, at: arguments[0].offset)
            return .call(name, [numbers], kind: .number, absence: .nan, readsAnswers: operands[0].readsAnswers)
        }
        var codes: [String] = []
        for (operand, argument) in zip(operands, arguments) {
            codes.append(try number(operand, at: argument.offset).code)
        }
        return .call(
            name, ["[" + codes.joined(separator: ", ") + "]"], kind: .number, absence: .nan,
            readsAnswers: operands.contains(where: \.readsAnswers))
    }

    /// A node-set's values as numbers, as `sum()`, `max()` and `min()` read them
    /// (text as `number()` reads it: a value that is not a number is left out).
    private func listOfNumbers(
        _ operand: XPathOperand, in function: String, at offset: Int
    ) throws(TranslationError) -> String {
        guard case .list(let element) = operand.kind else { return operand.code }
        switch element {
        case .number: return operand.code
        case .text, .choice, .multichoice, .bool: return ExpressionText.call("numbers", [operand.code])
        default:
            throw unsupported("\(function)() of dates, times or places, in each entry", at: offset)
        }
    }

    /// `indexed-repeat(${f}, ${rep}, n)`: `f` in the `n`-th entry of `rep` (JavaRosa
    /// reads a position below 1 as 1).
    func indexedRepeat(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        guard arguments.count == 3 else {
            throw unsupported("indexed-repeat() through repeats within repeats", at: offset)
        }
        guard let field = try symbol(of: arguments[0]), let group = try symbol(of: arguments[1]),
            group.type == .repeatEntries
        else {
            throw invalid("indexed-repeat() takes a question, its repeat and a position", at: offset)
        }
        guard field.repeats == group.repeats + [group.id], field.type != .repeatEntries,
            let kind = field.type.operandKind
        else {
            throw unsupported(
                "indexed-repeat() of '\(field.id)', which is not a question directly in '\(group.id)'",
                at: arguments[0].offset)
        }
        guard zip(group.repeats, context.repeats).prefix(while: { $0 == $1 }).count == group.repeats.count else {
            throw unsupported(
                "indexed-repeat() of '\(group.id)' read outside the entries that hold it", at: arguments[1].offset)
        }
        let index = try number(try translate(arguments[2]), at: arguments[2].offset)
        let position: String
        switch index.literal {
        case .number(let number)?: position = XPathOperand.number(max(1, number.rounded(.towardZero))).code
        default: position = "max([int(\(index.code)), 1])"
        }
        return .call(
            "nth", ["$\(group.id).\(field.id)", position], kind: kind, absence: kind == .bool ? .never : .empty,
            readsAnswers: true)
    }

    /// The question a path argument names (`nil`: not a path).
    private func symbol(of argument: XPathExpression) throws(TranslationError) -> XPathSymbol? {
        switch argument {
        case .reference(let name, let offset):
            guard let symbol = context.name(name) else {
                throw TranslationError(
                    .unknownReference(name, suggestion: nil), message: "'\(name)' names no question", offset: offset)
            }
            return symbol
        case .path(let path, let offset):
            if path.hasPrefix("/") {
                guard let symbol = context.path(path) else {
                    throw TranslationError(
                        .unknownReference(path, suggestion: nil), message: "'\(path)' names no question",
                        offset: offset)
                }
                return symbol
            }
            return try self.path(path, at: offset).symbol
        default:
            return nil
        }
    }

    /// `position(..)`, `position(../..)`: the position of the node so many steps above
    /// the question — the entry it is in (`index()`), or a group in the entry, or
    /// anything outside every repeat, which are not repeated (1).
    func position(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        if arguments.isEmpty, let row = context.row {
            // In a filter on an instance's rows: the row's position in the table.
            guard row.positions else {
                throw unsupported(
                    "position() in a filter after another filter (a position among the rows already kept)", at: offset
                )
            }
            return .call("row", [], kind: .number, absence: .never, readsAnswers: false)
        }
        let path: String?
        switch arguments.first {
        case .path(let written, _)?: path = written
        case .step(.call("current", let inner, _), let written, _)? where inner.isEmpty:
            path = String(written.dropFirst())
        default: path = nil
        }
        let steps = path?.split(separator: "/", omittingEmptySubsequences: false) ?? []
        guard !steps.isEmpty, steps.allSatisfy({ $0 == ".." }) else {
            throw unsupported(
                "position() of anything but '..', '../..' (the entry or group the question is in)", at: offset)
        }
        guard !context.repeats.isEmpty else { return .number(1) }
        let groups = context.groupsInEntry ?? 0
        if steps.count <= groups { return .number(1) }
        guard steps.count == groups + 1, context.groupsInEntry != nil || steps.count == 1 else {
            throw unsupported(
                "position() of a node above the entry the question is in (Formwork's index() is the entry's)",
                at: offset)
        }
        return .call("index", [], kind: .number, absence: .never, readsAnswers: false)
    }
}
