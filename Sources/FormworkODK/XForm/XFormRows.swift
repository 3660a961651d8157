/// A sheet an XForm is read as, written row by row: its columns in the order they
/// first appear (a row's new ones by name, then languages as itext declares them), and
/// each row's values by column position, so that the table is made without looking a
/// column up again (`XLSFormTable(sheet:columns:cells:places:)`).
///
/// ```swift
/// var rows = XFormRows(columns: ["type", "name"])
/// rows.add(["type": "text", "name": "a", "label": "A"], order: <)
/// rows.columns   // ["type", "name", "label"]
/// rows.cells     // [["text", "a", "A"]]
/// ```
struct XFormRows {
    /// The columns, in order.
    private(set) var columns: [String]
    /// Each row's values by column position (a row is as long as the columns were
    /// when it was added: later columns are empty in it).
    private(set) var cells: [[String?]] = []
    private var positions: [String: Int]

    init(columns: [String]) {
        self.columns = columns
        positions = Dictionary(columns.enumerated().map { ($1, $0) }) { first, _ in first }
    }

    /// Adds a row of values by column name; `order` sorts the columns it is the first to have.
    mutating func add(_ row: [String: String], order: (String, String) -> Bool) {
        var values = [String?](repeating: nil, count: columns.count)
        var new: [String] = []
        for (name, value) in row {
            if let position = positions[name] { values[position] = value } else { new.append(name) }
        }
        if !new.isEmpty {
            for name in new.sorted(by: order) {
                positions[name] = columns.count
                columns.append(name)
                values.append(row[name])
            }
        }
        cells.append(values)
    }
}
