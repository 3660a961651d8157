/// `lookup('table', 'column', 'key column', key, …)` and `lookup-all(…)`: cells of the
/// form's data tables (`data:`), found by the values of other columns — ODK's
/// `pulldata()` and `instance('list')/root/item[name = …]/label`.
///
/// The table and the columns are named in quotes, so they are checked when the form
/// loads (an unknown one is an error, with "did you mean"); each key column is
/// indexed once, when the expression is compiled, so a lookup in 100,000 rows costs
/// one dictionary read.
///
/// ```
/// lookup('prices', 'price', 'item', $item)          // the price of the item chosen
/// count(lookup-all('villages', 'name', 'district', $district))
/// ```
extension FunctionLibrary {
    static let lookup = FunctionDefinition(
        name: "lookup", signature: "lookup('table', 'column', 'key column', key, …)",
        summary:
            "the cell in 'column' of the first row of a data table whose key columns hold the keys "
            + "(null when none does; with no keys, the first row's)",
        arity: 2...Int.max, check: { _ in .failure(ArgumentMismatch(index: 0, expected: "a table named in quotes")) },
        evaluate: { _, _ in .null })

    static let lookupAll = FunctionDefinition(
        name: "lookup-all", signature: "lookup-all('table', 'column', 'key column', key, …)",
        summary: "the cells in 'column' of every row of a data table whose key columns hold the keys, in order",
        arity: 2...Int.max, check: { _ in .failure(ArgumentMismatch(index: 0, expected: "a table named in quotes")) },
        evaluate: { _, _ in .list([]) })

    static let lookups = [lookup, lookupAll]
}

extension TypeChecker {
    /// `lookup` and `lookup-all`: a table and columns named in quotes, then pairs of a
    /// key column and a key (text, a number, a boolean).
    mutating func checkLookup(_ name: String, _ arguments: inout [Expression], whole: Expression) -> ValueType? {
        let usage = "\(name)('table', 'column', 'key column', key, …)"
        guard arguments.count >= 2, arguments.count % 2 == 0 else {
            return fail(
                .wrongArity(
                    function: name, expected: "a table, a column, and pairs of a key column and a key",
                    found: arguments.count, usage: usage), whole)
        }
        guard case .literal(.string(let tableName)) = arguments[0].kind else {
            return fail(
                .argumentType(
                    function: name, position: 1, expected: "a table named in quotes", found: "an expression",
                    usage: usage), arguments[0])
        }
        guard let table = environment.tables[tableName] else {
            let known = environment.tables.keys.sorted()
            return fail(
                .unknownTable(tableName, known: known, suggestion: Suggestions.closest(to: tableName, in: known).first),
                arguments[0])
        }
        var failed = false
        for position in arguments.indices.dropFirst() {
            if position == 1 || position % 2 == 0 {
                guard case .literal(.string(let column)) = arguments[position].kind else {
                    _ = fail(
                        .argumentType(
                            function: name, position: position + 1, expected: "a column named in quotes",
                            found: "an expression", usage: usage), arguments[position])
                    failed = true
                    continue
                }
                if table.column(column) == nil {
                    _ = fail(
                        .unknownColumn(
                            column, table: tableName, known: table.columns,
                            suggestion: Suggestions.closest(to: column, in: table.columns).first),
                        arguments[position])
                    failed = true
                }
            } else {
                guard let type = check(&arguments[position]), rejectEntries(type, arguments[position]) else {
                    failed = true
                    continue
                }
                guard [.string, .number, .bool, .null].contains(type) else {
                    _ = fail(
                        .argumentType(
                            function: name, position: position + 1, expected: "text, a number or a boolean",
                            found: type.description, usage: usage), arguments[position])
                    failed = true
                    continue
                }
            }
        }
        guard !failed else { return nil }
        return name == "lookup" ? .string : .list(.string)
    }
}

extension ExpressionCompiler {
    /// A lookup, with its table's index on the first key column built now.
    func compileLookup(_ name: String, _ arguments: [Expression]) -> Code? {
        guard case .literal(.string(let tableName)) = arguments.first?.kind,
            let table = environment.tables[tableName],
            case .literal(.string(let columnName)) = arguments[1].kind, let column = table.column(columnName)
        else { return nil }
        var columns: [Int] = []
        var codes: [Code] = []
        for position in stride(from: 2, to: arguments.count, by: 2) {
            guard case .literal(.string(let keyName)) = arguments[position].kind,
                let keyColumn = table.column(keyName)
            else { return nil }
            columns.append(keyColumn)
            codes.append(compile(arguments[position + 1]))
        }
        let (keyColumns, keys) = (columns, codes)
        let index = keyColumns.first.map { table.index(on: $0) }
        let translated = table.translations[column] != nil
        let all = name == "lookup-all"
        if keys.isEmpty, !all {
            let first: Value =
                table.rows.first.map { row in row[column].isEmpty ? .null : .string(row[column]) } ?? .null
            if !translated { return { _ in first } }
        }
        return { context in
            let conditions = zip(keyColumns, keys).map { ($0, $1(context)) }
            let rows = table.rows(where: conditions, index: index)
            let language = translated ? context.language : nil
            func cell(_ row: Int) -> Value {
                let text = table.cell(row, column, language: language)
                return text.isEmpty ? .null : .string(text)
            }
            if all { return .list(rows.map { table.cell($0, column, language: language) }.map(Value.string)) }
            return rows.first.map(cell) ?? .null
        }
    }
}
