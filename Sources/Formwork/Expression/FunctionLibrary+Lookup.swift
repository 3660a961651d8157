/// `lookup('table', 'column', 'key column', key, …, condition)` and `lookup-all(…)`:
/// cells of the form's data tables (`data:`), found by the values of other columns
/// and, optionally, a condition read in each row — ODK's `pulldata()` and
/// `instance('list')/root/item[name = … and population > 1000]/label`.
///
/// The table and the columns are named in quotes, so they are checked when the form
/// loads (an unknown one is an error, with "did you mean"); each key column is
/// indexed once, when the expression is compiled, so a lookup in 100,000 rows costs
/// one dictionary read. A condition (the last argument, after the pairs of key
/// column and key) is read in each row the keys keep: there `cell('column')` is the
/// row's cell (text; `null` when empty) and `row()` its position in the table, from 1.
///
/// ```
/// lookup('prices', 'price', 'item', $item)          // the price of the item chosen
/// count(lookup-all('villages', 'name', 'district', $district))
/// lookup-all('villages', 'name', number(cell('population')) > $least)
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

    static let cell = FunctionDefinition(
        name: "cell", signature: "cell('column')",
        summary: "in a lookup's condition: the row's cell in 'column' (null when it is empty)",
        arity: 1...1, check: { _ in .failure(ArgumentMismatch(index: 0, expected: "a column named in quotes")) },
        evaluate: { _, _ in .null })

    static let row = FunctionDefinition(
        name: "row", signature: "row()",
        summary: "in a lookup's condition: the row's position in its table, from 1",
        arity: 0...0, check: { _ in .success(.number) }, evaluate: { _, _ in .null })

    static let lookups = [lookup, lookupAll, cell, row]
}

extension TypeChecker {
    /// `lookup` and `lookup-all`: a table and columns named in quotes, then pairs of a
    /// key column and a key (text, a number, a boolean), then perhaps a condition,
    /// checked with the table's row in scope (`cell()`, `row()`).
    mutating func checkLookup(_ name: String, _ arguments: inout [Expression], whole: Expression) -> ValueType? {
        let usage = "\(name)('table', 'column', 'key column', key, …, condition)"
        guard arguments.count >= 2 else {
            return fail(
                .wrongArity(
                    function: name, expected: "a table, a column, pairs of a key column and a key, and a condition",
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
        let hasCondition = arguments.count % 2 == 1
        if hasCondition, !checkRowCondition(&arguments[arguments.count - 1], table: tableName, in: name, usage: usage) {
            failed = true
        }
        for position in arguments.indices.dropFirst().dropLast(hasCondition ? 1 : 0) {
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

    /// A lookup's condition, read in each row of `table`.
    private mutating func checkRowCondition(
        _ condition: inout Expression, table: String, in name: String, usage: String
    ) -> Bool {
        let outer = environment.rowTable
        environment.rowTable = table
        defer { environment.rowTable = outer }
        guard let type = check(&condition) else { return false }
        guard type == .bool || type == .null else {
            _ = fail(
                .argumentType(
                    function: name, position: 3, expected: "a condition (a boolean) after the pairs of keys",
                    found: type.description, usage: usage), condition)
            return false
        }
        return true
    }

    /// `cell('column')` and `row()`, read in a lookup's condition.
    mutating func checkRow(_ name: String, _ arguments: inout [Expression], whole: Expression) -> ValueType? {
        guard let tableName = environment.rowTable, let table = environment.tables[tableName] else {
            return fail(.rowOutsideLookup(name), whole)
        }
        if name == "row" {
            guard arguments.isEmpty else {
                return fail(
                    .wrongArity(function: name, expected: "no arguments", found: arguments.count, usage: "row()"),
                    whole)
            }
            return .number
        }
        guard arguments.count == 1 else {
            return fail(
                .wrongArity(function: name, expected: "1 argument", found: arguments.count, usage: "cell('column')"),
                whole)
        }
        guard case .literal(.string(let column)) = arguments[0].kind else {
            return fail(
                .argumentType(
                    function: name, position: 1, expected: "a column named in quotes", found: "an expression",
                    usage: "cell('column')"), arguments[0])
        }
        guard table.column(column) != nil else {
            return fail(
                .unknownColumn(
                    column, table: tableName, known: table.columns,
                    suggestion: Suggestions.closest(to: column, in: table.columns).first),
                arguments[0])
        }
        return .string
    }
}

extension ExpressionCompiler {
    /// `cell('column')`: the cell of the row the enclosing lookup's condition is read in.
    func compileCell(_ arguments: [Expression]) -> Code? {
        guard let tableName = environment.rowTable, let table = environment.tables[tableName],
            case .literal(.string(let name))? = arguments.first?.kind, let column = table.column(name)
        else { return nil }
        let translated = table.translations[column] != nil
        return { context in
            guard table.rows.indices.contains(context.tableRow) else { return .null }
            let text = table.cell(context.tableRow, column, language: translated ? context.language : nil)
            return text.isEmpty ? .null : .string(text)
        }
    }

    /// A lookup, with its table's index on the first key column built now.
    func compileLookup(_ name: String, _ arguments: [Expression]) -> Code? {
        guard case .literal(.string(let tableName)) = arguments.first?.kind,
            let table = environment.tables[tableName],
            case .literal(.string(let columnName)) = arguments[1].kind, let column = table.column(columnName)
        else { return nil }
        var columns: [Int] = []
        var codes: [Code] = []
        var condition: Code?
        if arguments.count % 2 == 1, let last = arguments.last {
            var inRow = environment
            inRow.rowTable = tableName
            condition = ExpressionCompiler(environment: inRow).compile(last)
        }
        for position in stride(from: 2, to: arguments.count - 1, by: 2) {
            guard case .literal(.string(let keyName)) = arguments[position].kind,
                let keyColumn = table.column(keyName)
            else { return nil }
            columns.append(keyColumn)
            codes.append(compile(arguments[position + 1]))
        }
        let (keyColumns, keys, rowCondition) = (columns, codes, condition)
        let index = keyColumns.first.map { table.index(on: $0) }
        let translated = table.translations[column] != nil
        let all = name == "lookup-all"
        if keys.isEmpty, !all, rowCondition == nil {
            let first: Value =
                table.rows.first.map { row in row[column].isEmpty ? .null : .string(row[column]) } ?? .null
            if !translated { return { _ in first } }
        }
        return { context in
            let conditions = zip(keyColumns, keys).map { ($0, $1(context)) }
            var rows = table.rows(where: conditions, index: index)
            if let rowCondition {
                let outer = context.tableRow
                rows = rows.filter { row in
                    context.tableRow = row
                    return rowCondition(context).isTrue
                }
                context.tableRow = outer
            }
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
