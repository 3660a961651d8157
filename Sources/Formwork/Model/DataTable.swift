import Foundation

/// A table of text a form's expressions read with `lookup()` and `lookup-all()`:
/// prices by item, villages by district, the labels of a list in each language.
///
/// A definition declares its tables under `data:`, each a list of rows whose keys
/// are the table's columns; a cell is text (a number or a boolean is read as it is
/// written) or, for a column shown to people, its text per language:
///
/// ```yaml
/// data:
///   prices:
///     - { item: rice, price: 3.5 }
///     - { item: beans, price: 2 }
///   districts:
///     - { name: north, label: { en: North, fr: Nord } }
/// ```
///
/// An imported ODK form's tables are its choice lists and the files sent with it
/// (`pulldata('prices', …)`, `instance('villages')/root/item[…]`).
public struct DataTable: Sendable {
    /// The name expressions use (`lookup('prices', …)`).
    public let name: String
    /// The columns, in the order they first appear.
    public let columns: [String]
    /// Each row's cells, one per column (`""` where a row has none), in order.
    public let rows: [[String]]
    /// For columns with texts per language: by column index, then language, each
    /// row's text (`""` where the row has none in that language).
    public let translations: [Int: [String: [String]]]
    private let columnIndex: [String: Int]

    /// A table of `rows` over `columns`; `translations` gives, by column index and
    /// language, each row's text in that language.
    ///
    /// ```swift
    /// let prices = DataTable(name: "prices", columns: ["item", "price"],
    ///                        rows: [["rice", "3.5"], ["beans", "2"]])
    /// prices.rows(where: [(prices.column("item")!, .string("rice"))])   // [0]
    /// ```
    public init(name: String, columns: [String], rows: [[String]], translations: [Int: [String: [String]]] = [:]) {
        self.name = name
        self.columns = columns
        self.rows = rows.map { row in
            row.count >= columns.count
                ? Array(row.prefix(columns.count)) : row + Array(repeating: "", count: columns.count - row.count)
        }
        self.translations = translations
        var index: [String: Int] = [:]
        for (position, column) in columns.enumerated() where index[column] == nil { index[column] = position }
        self.columnIndex = index
    }

    /// The position of the column named `name`, if the table has it.
    public func column(_ name: String) -> Int? { columnIndex[name] }

    /// The cell of `row` in `column`, in `language` where the column has texts per
    /// language and one in that language (else as written by default).
    public func cell(_ row: Int, _ column: Int, language: String? = nil) -> String {
        if let language, let text = translations[column]?[language]?[row], !text.isEmpty { return text }
        return rows[row][column]
    }

    /// The rows, in order, whose cells equal the keys: text equal as written, a number
    /// equal to the cell read as a number (XPath's `=` between a node and a number), a
    /// boolean to the cell's being non-empty; `null` matches an empty cell.
    public func rows(where keys: [(column: Int, key: Value)], index: DataTableIndex? = nil) -> [Int] {
        guard let first = keys.first else { return Array(rows.indices) }
        let candidates: [Int]
        if let index, index.column == first.column, case .string(let text) = first.key {
            candidates = index.rows[text] ?? []
        } else {
            candidates = rows.indices.filter { matches($0, first.column, first.key) }
        }
        return candidates.filter { row in keys.dropFirst().allSatisfy { matches(row, $0.column, $0.key) } }
    }

    private func matches(_ row: Int, _ column: Int, _ key: Value) -> Bool {
        let cell = rows[row][column]
        switch key {
        case .string(let text): return cell == text
        case .number(let number):
            return Double(cell.trimmingCharacters(in: .whitespaces)).map { $0 == number } ?? false
        case .bool(let flag): return cell.isEmpty != flag
        case .null: return cell.isEmpty
        default: return false
        }
    }

    /// An index of the rows by their text in `column`, for lookups by that column.
    public func index(on column: Int) -> DataTableIndex {
        var rowsByText: [String: [Int]] = [:]
        for (position, row) in rows.enumerated() { rowsByText[row[column], default: []].append(position) }
        return DataTableIndex(column: column, rows: rowsByText)
    }
}

/// The rows of a `DataTable` by their text in one column, built once when an
/// expression that looks rows up by that column is compiled.
public struct DataTableIndex: Sendable {
    /// The column indexed.
    public let column: Int
    /// Row positions, in order, by the text in the column.
    let rows: [String: [Int]]
}
