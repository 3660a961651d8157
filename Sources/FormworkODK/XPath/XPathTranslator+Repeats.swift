import Formwork

/// Functions of node-sets — `count`, `count-non-empty`, `sum`, `max`, `min` — and of
/// repeats: `indexed-repeat`, `position(..)`.
extension XPathTranslation {
    /// `count(x)`: a repeat's entries, a question's values in each entry, or one node.
    func count(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        if case .predicate(let base, let filter, let offset) = argument, try dataPath(argument) == nil {
            return try countFiltered(base, filter, at: offset)
        }
        // `count(/data/rep[…]/q)`: each entry kept has one `q`.
        if case .step(.predicate(let base, let filter, let offset), let path, _) = argument,
            try dataPath(argument) == nil, path.split(separator: "/").count == 1, !path.contains("..")
        {
            return try countFiltered(base, filter, at: offset)
        }
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

    /// `count(/data/rep[condition])`, `count(/data/rep/q[condition])`: the entries of a
    /// repeat in which the condition holds, read in each entry (`count($rep,
    /// condition)`): there a name is the entry's question (`age > 5`), `.` the
    /// question filtered, `position()` the entry's position.
    func countFiltered(
        _ base: XPathExpression, _ filter: XPathExpression, at offset: Int
    ) throws(TranslationError) -> XPathOperand {
        let operand = try translate(base)
        let named = operand.symbol == nil ? try symbol(of: base) : nil
        guard let symbol = operand.symbol ?? named else {
            throw unsupported("a predicate ([…]) that selects nodes", at: offset)
        }
        if case .number = filter {
            throw unsupported("count() of the entry at a position ([2]): write count(…[position() = 2])", at: offset)
        }
        var inner = context
        inner.choiceColumns = nil
        inner.row = nil
        inner.groupsInEntry = 0
        inner.node = nodePath(of: base, symbol: symbol)
        var entries: String?
        switch operand.kind {
        case .entries:
            entries = operand.code
            inner.repeats = symbol.repeats + [symbol.id]
            inner.current = symbol
        case .list:
            guard operand.code.hasSuffix("." + symbol.id) else {
                throw unsupported("a predicate ([…]) that selects nodes", at: offset)
            }
            entries = String(operand.code.dropLast(symbol.id.count + 1))
            inner.repeats = symbol.repeats
            inner.current = symbol
        case .entry:
            // The repeat whose entry the expression is in: JavaRosa reads such a path as
            // that entry alone, but a filter on the repeat's own step as every entry.
            entries = "$" + symbol.id
            inner.repeats = symbol.repeats + [symbol.id]
            inner.current = symbol
        default:
            guard symbol.type != .repeatEntries, symbol.type != .none else {
                throw unsupported("a predicate ([…]) that selects nodes", at: offset)
            }
            // One question (or the one in the entry the expression is in).
            inner.current = symbol
        }
        inner.entryFilter = (entries != nil, ())
        let translation = XPathTranslation(context: inner)
        let condition = try translation.boolean(try translation.translate(filter), at: filter.offset)
        guard let entries else {
            return .call(
                "if", [condition.code, "1", "0"], kind: .number, absence: .never, readsAnswers: condition.readsAnswers)
        }
        return .call("count", [entries, condition.code], kind: .number, absence: .never, readsAnswers: true)
    }

    /// The absolute instance path of the node a path names (`nil` when unknown).
    private func nodePath(of base: XPathExpression, symbol: XPathSymbol) -> String? {
        switch base {
        case .path(let path, _) where path.hasPrefix("/"): return path
        case .path(let path, _):
            guard let node = context.node else { return context.absolutePath(symbol.id) }
            return Self.resolve(
                path.split(separator: "/", omittingEmptySubsequences: false).map(String.init), against: node)
        default: return context.absolutePath(symbol.id)
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
        if arguments.isEmpty, let filter = context.entryFilter {
            // In a filter on a repeat's entries: the entry's position (1 for one node).
            guard filter.positions else { return .number(1) }
            return .call("index", [], kind: .number, absence: .never, readsAnswers: false)
        }
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
