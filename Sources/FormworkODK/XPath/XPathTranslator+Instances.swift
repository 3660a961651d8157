import Formwork

/// Secondary instances read in expressions — `instance('list')/root/item[name = ${x}]/label`,
/// `count(instance('list')/root/item[…])`, `pulldata('prices', 'price', 'item', ${item})`,
/// `jr:itext(${id})` — as lookups in the form's data tables (`lookup()`,
/// `lookup-all()`).
///
/// A filter (`[…]`) is read as XPath reads it in JavaRosa: each condition
/// `column = value` (either way round, joined by `and`) keeps the rows whose column
/// holds the value — compared as numbers when the value is a number, else as text —
/// and `[position() = 2]` keeps the row at that position (JavaRosa keeps none for a
/// number alone, `[2]`, and so does the translation). A path
/// read as one value is its first row's cell (XPath's string of a node-set); read by
/// `count()`, `concat()` or `join()`, every row's.
extension XPathTranslation {
    /// A path into a secondary instance: its rows, the filters on them, and the
    /// column read (`nil`: the rows themselves).
    struct DataPath {
        var table: String
        var filters: [XPathExpression]
        var column: String?
        var offset: Int
    }

    /// `expression` as a path into a secondary instance, if it is one.
    func dataPath(_ expression: XPathExpression) throws(TranslationError) -> DataPath? {
        switch expression {
        case .step(.call("instance", let arguments, let at), let path, _):
            guard arguments.count == 1, case .string(let name, _) = arguments[0] else {
                throw invalid("instance() takes the id of an instance, in quotes", at: at)
            }
            let steps = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard steps.count == 2 || steps.count == 3, steps.allSatisfy({ Self.isName($0) }) else {
                throw unsupported(
                    "the path '\(path)' in instance('\(name)') (its rows are read as /root/item, "
                        + "and a row's columns one level below)", at: at)
            }
            return DataPath(
                table: name, filters: [], column: steps.count == 3 ? String(steps.last!) : nil, offset: at)
        case .predicate(let base, let filter, let offset):
            guard var path = try dataPath(base) else { return nil }
            guard path.column == nil else {
                throw unsupported("a filter on a column of instance('\(path.table)') (filter its rows)", at: offset)
            }
            path.filters.append(filter)
            return path
        case .step(let base, let rest, let offset):
            guard var path = try dataPath(base) else { return nil }
            let steps = rest.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard path.column == nil, steps.count == 1, let column = steps.first, Self.isName(column) else {
                throw unsupported(
                    "the path '\(rest)' after the rows of instance('\(path.table)') (a column is read as /name)",
                    at: offset)
            }
            path.column = String(column)
            return path
        default:
            return nil
        }
    }

    private static func isName(_ step: Substring) -> Bool {
        !step.isEmpty && step != "." && step != ".." && !step.contains(":") && !step.contains("*")
            && !step.contains("@")
    }

    /// The conditions of a path's filters: `(column, key)` pairs (each `column = value`
    /// whose value does not read the row: looked up in an index), the rest as one
    /// condition read in each row (`cell()`, `row()`), and a position (the last filter).
    private func conditions(
        _ path: DataPath, columns: [String]
    ) throws(TranslationError) -> (keys: [(String, String)], condition: String?, position: String?, reads: Bool) {
        var keys: [(String, String)] = []
        var rest: [String] = []
        var position: String?
        var reads = false
        for (index, filter) in path.filters.enumerated() {
            guard position == nil else {
                throw unsupported(
                    "a filter after a position on instance('\(path.table)') (filter the rows first, then "
                        + "take a position: [name = ${x}][position() = 2])", at: filter.offset)
            }
            if case .number = filter {
                // JavaRosa keeps no row for a number alone (`[2]`; `[position() = 2]` is
                // the second row).
                position = "0"
                continue
            }
            if case .chain(.call("position", let none, _), let links, _) = filter, none.isEmpty, links.count == 1,
                links[0].op == .equal, !Self.readsRow(links[0].operand)
            {
                position = try positionCode(links[0].operand)
                continue
            }
            var parts: [XPathExpression] = []
            if case .chain(let first, let links, _) = filter, links.allSatisfy({ $0.op == .and }) {
                parts = [first] + links.map(\.operand)
            } else {
                parts = [filter]
            }
            for part in parts {
                if let (column, value) = Self.columnEquality(part), columns.contains(column) {
                    let key = try keyCode(value)
                    reads = reads || key.readsAnswers
                    keys.append((column, key.code))
                    continue
                }
                var inRow = context
                inRow.row = (columns, index == 0)
                inRow.choiceColumns = nil
                let translation = XPathTranslation(context: inRow)
                let condition = try translation.boolean(try translation.translate(part), at: part.offset)
                reads = reads || condition.readsAnswers
                rest.append(condition.precedence < .and ? "(\(condition.code))" : condition.code)
            }
        }
        return (keys, rest.isEmpty ? nil : rest.joined(separator: " and "), position, reads)
    }

    /// `column = value` (either way round) where the value does not read the row.
    private static func columnEquality(_ part: XPathExpression) -> (String, XPathExpression)? {
        guard case .chain(let left, let links, _) = part, links.count == 1, links[0].op == .equal else { return nil }
        let right = links[0].operand
        if case .path(let name, _) = left, isName(Substring(name)), !name.contains("/"), !readsRow(right) {
            return (name, right)
        }
        if case .path(let name, _) = right, isName(Substring(name)), !name.contains("/"), !readsRow(left) {
            return (name, left)
        }
        return nil
    }

    /// Whether an expression in a filter reads the row it filters: a relative path
    /// (`name`, `.`) or `position()` outside a nested instance's own filters.
    static func readsRow(_ expression: XPathExpression) -> Bool {
        switch expression {
        case .number, .string, .reference: return false
        case .path(let path, _): return !path.hasPrefix("/")
        case .call("position", let arguments, _): return arguments.isEmpty
        case .call("current", _, _): return false
        case .call(_, let arguments, _): return arguments.contains(where: readsRow)
        case .step(let base, _, _): return readsRow(base)
        case .predicate(let base, _, _): return readsRow(base)
        case .negation(let operand, _): return readsRow(operand)
        case .chain(let first, let links, _): return readsRow(first) || links.contains { readsRow($0.operand) }
        }
    }

    /// A name in a filter on a secondary instance's rows: the row's cell in that
    /// column (`''` for a column the table lacks; `.`, the row itself, has no text of
    /// its own).
    func rowCell(_ path: String, columns: [String], at offset: Int) throws(TranslationError) -> XPathOperand {
        var empty = XPathOperand.text("")
        empty.isNodeSet = true
        if path == "." { return empty }
        guard Self.isName(Substring(path)), !path.contains("/") else {
            throw unsupported(
                "the path '\(path)' in a filter on an instance's rows (a filter reads the row's columns by name, "
                    + "and questions as ${q}, current()/../q or /data/q)", at: offset)
        }
        guard columns.contains(path) else { return empty }
        return XPathOperand(
            code: ExpressionText.call("cell", [ExpressionText.string(path)]), kind: .text, absence: .empty,
            isNodeSet: true, readsAnswers: false)
    }

    /// A filter's value, read in the question's context: a number stays one, anything
    /// else is its text.
    private func keyCode(_ expression: XPathExpression) throws(TranslationError) -> XPathOperand {
        let operand = try translate(expression)
        try single(operand, at: expression.offset)
        switch operand.kind {
        case .number, .bool: return operand
        default: return try text(operand, at: expression.offset)
        }
    }

    private func positionCode(_ expression: XPathExpression) throws(TranslationError) -> String {
        let index = try number(try translate(expression), at: expression.offset)
        if case .number(let value)? = index.literal { return XPathOperand.number(value.rounded(.towardZero)).code }
        return "int(\(index.code))"
    }

    /// A data path read as one value (its first row's cell) or, with `all`, as the
    /// list of every row's (`count()` reads the rows through their first column).
    func readData(_ path: DataPath, all: Bool) throws(TranslationError) -> XPathOperand {
        guard let columns = context.tables[path.table] else {
            throw TranslationError(
                .unknownReference("instance('\(path.table)')", suggestion: nil),
                message: "instance('\(path.table)') names no instance of the form", offset: path.offset)
        }
        let (keys, condition, position, reads) = try conditions(path, columns: columns)
        let column = path.column ?? columns.first
        guard let column, columns.contains(column), keys.allSatisfy({ columns.contains($0.0) }) else {
            // A file not sent with the form, or a column it does not have: no nodes.
            if all {
                var empty = XPathOperand(
                    code: "[]", kind: .list(.text), absence: .never, isNodeSet: true, readsAnswers: false)
                empty.isNodeSet = true
                return empty
            }
            var empty = XPathOperand.text("")
            empty.isNodeSet = true
            return empty
        }
        var arguments = [ExpressionText.string(path.table), ExpressionText.string(column)]
        for (key, value) in keys { arguments += [ExpressionText.string(key), value] }
        if let condition { arguments.append(condition) }
        let isText = path.column != nil
        if let position {
            let code = ExpressionText.call("nth", [ExpressionText.call("lookup-all", arguments), position])
            var operand = XPathOperand(code: code, kind: .text, absence: .empty, readsAnswers: reads)
            operand.isNodeSet = isText
            return operand
        }
        if all {
            var operand = XPathOperand(
                code: ExpressionText.call("lookup-all", arguments), kind: .list(.text), absence: .never,
                readsAnswers: reads)
            operand.isNodeSet = true
            return operand
        }
        var operand = XPathOperand(
            code: ExpressionText.call("lookup", arguments), kind: .text, absence: .empty, readsAnswers: reads)
        operand.isNodeSet = isText
        return operand
    }

    /// An argument of a function that reads every node of a node-set (`count`,
    /// `concat`, `join`…): a data path as its list of rows, anything else as usual.
    func translateNodeSet(_ expression: XPathExpression) throws(TranslationError) -> XPathOperand {
        if let path = try dataPath(expression) { return try readData(path, all: true) }
        return try translate(expression)
    }

    /// `pulldata('table', 'column', 'key column', key)`: the column of the first row
    /// of the CSV file `table.csv` whose key column holds the key (as
    /// `instance('table')/root/item[key column = key]/column`).
    func pulldata(_ arguments: [XPathExpression], at offset: Int) throws(TranslationError) -> XPathOperand {
        var names: [String] = []
        for argument in arguments.prefix(3) {
            guard case .string(let name, _) = argument, !name.isEmpty else {
                throw unsupported(
                    "pulldata() with a file or a column that is not named in quotes", at: argument.offset)
            }
            names.append(name)
        }
        let filter = XPathExpression.chain(
            .path(names[2], offset: arguments[2].offset),
            [XPathLink(op: .equal, operand: arguments[3], offset: arguments[3].offset)], offset: arguments[2].offset)
        return try readData(DataPath(table: names[0], filters: [filter], column: names[1], offset: offset), all: false)
    }

    /// `jr:itext(id)`: the plain text of a translation by its id, in the language
    /// shown (the default language's where that one has none), from the form's
    /// `_itext` table (an XForm's `itext`, an XLSForm's choice labels); JavaRosa's
    /// `[itext:ID]` for an id the form does not have.
    func itext(_ argument: XPathExpression, at offset: Int) throws(TranslationError) -> XPathOperand {
        let id = try strictText(try translate(argument), at: argument.offset)
        let missing = XPathOperand.call(
            "concat", [ExpressionText.string("[itext:"), id.code, ExpressionText.string("]")], kind: .text,
            absence: .never, readsAnswers: id.readsAnswers)
        guard let columns = context.tables[Self.itextTable], columns.contains("label"), columns.contains("id") else {
            return missing
        }
        let arguments = [Self.itextTable, "label", "id"].map(ExpressionText.string) + [id.code]
        return .call(
            "coalesce", [ExpressionText.call("lookup", arguments), missing.code], kind: .text, absence: .never,
            readsAnswers: id.readsAnswers)
    }

    /// `property('name')`: a device's property. JavaRosa leaves it to the device (ODK
    /// Collect gives its id, the user's name…); a form reads the device's metadata
    /// through its `deviceid`, `username`… questions, which are inputs here, so a
    /// property read in an expression is what JavaRosa computes without a device: `''`.
    func property(_ argument: XPathExpression, at offset: Int) throws(TranslationError) -> XPathOperand {
        guard case .string = argument else {
            throw unsupported("property() of a name that is not written in quotes", at: argument.offset)
        }
        return .text("")
    }

    /// The table of an imported form's translations by id (`jr:itext()`).
    static let itextTable = "_itext"
}
