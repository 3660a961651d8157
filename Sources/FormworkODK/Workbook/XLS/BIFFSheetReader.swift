/// A worksheet's records, from its BOF to its EOF, read as the rows of cells the `.xlsx`
/// reader gives: shared strings (LABELSST), strings (LABEL, RSTRING), numbers (NUMBER,
/// RK, MULRK), booleans and errors (BOOLERR), and formulas' cached results (FORMULA,
/// with the STRING record after it for a text result). Blank cells, empty strings and
/// the records of a chart embedded in the sheet are left out.
struct BIFFSheetReader {
    let sheet: String
    let strings: [String]
    let limits: WorkbookLimits
    /// Cells with a value so far, in the whole workbook.
    private(set) var cellCount: Int
    private var cells: [Cell] = []
    /// The cell of a formula whose text result is in the next STRING record.
    private var pendingString: (row: Int, column: Int)?

    init(sheet: String, strings: [String], limits: WorkbookLimits, cells: Int) {
        self.sheet = sheet
        self.strings = strings
        self.limits = limits
        self.cellCount = cells
    }

    /// The records that hold a cell (a STRING record after one of them belongs to it).
    static let cellTypes: Set<UInt16> = [
        BIFFType.labelSST, BIFFType.label, BIFFType.richString, BIFFType.number, BIFFType.rk, BIFFType.mulRK,
        BIFFType.boolErr, BIFFType.formula, 0x0201, 0x00BE,  // BLANK, MULBLANK
    ]

    /// Reads the sheet's records from its BOF at `offset`.
    ///
    /// - Returns: Where the sheet's records end.
    mutating func read(_ stream: BIFFStream, from offset: Int) throws(WorkbookError) -> Int {
        guard let first = try stream.record(at: offset), first.type == BIFFType.beginning else {
            throw .unreadableXLS(.sheetNotFound(sheet: sheet, offset: offset))
        }
        var depth = 1
        var next = first.body.upperBound
        while depth > 0, let record = try stream.record(at: next) {
            next = record.body.upperBound
            if Self.cellTypes.contains(record.type) { pendingString = nil }
            switch record.type {
            case BIFFType.beginning: depth += 1
            case BIFFType.end: depth -= 1
            case BIFFType.string where depth == 1:
                var (cursor, after) = try stream.continued(record)
                next = after
                guard let (row, column) = pendingString else { continue }
                pendingString = nil
                let text = try cursor.string()
                try BIFFWorkbook.checkLength(text, place: place(row, column), limits: limits)
                try add(.text(text), row: row, column: column)
            default:
                if depth == 1 { try readCell(record, in: stream.bytes) }
            }
        }
        return next
    }

    /// `survey!C42` for a row and column from 0.
    private func place(_ row: Int, _ column: Int) -> String { "\(sheet)!\(Cell.columnName(column))\(row + 1)" }

    /// A record that may hold a cell (any other is stepped over).
    private mutating func readCell(_ record: BIFFRecord, in bytes: [UInt8]) throws(WorkbookError) {
        let body = record.body.lowerBound
        guard Self.cellTypes.contains(record.type) else { return }
        try record.require(6)
        let (row, column) = (Int(bytes.uint16(at: body)), Int(bytes.uint16(at: body + 2)))
        switch record.type {
        case BIFFType.labelSST:
            try record.require(10)
            let index = Int(bytes.uint32(at: body + 6))
            guard strings.indices.contains(index) else {
                throw .invalidCell(place: place(row, column), reason: "no shared string \(index)")
            }
            try add(.text(strings[index]), row: row, column: column)
        case BIFFType.label, BIFFType.richString:
            var cursor = BIFFCursor(bytes: bytes, pieces: [body + 6..<record.body.upperBound])
            let text = try cursor.string()
            try BIFFWorkbook.checkLength(text, place: place(row, column), limits: limits)
            try add(.text(text), row: row, column: column)
        case BIFFType.number:
            try record.require(14)
            try add(Self.number(Double(bitPattern: bytes.uint64(at: body + 6))), row: row, column: column)
        case BIFFType.rk:
            try record.require(10)
            try add(Self.number(Self.rk(bytes.uint32(at: body + 6))), row: row, column: column)
        case BIFFType.mulRK:
            // The row, the first column, then (format, RK) for each column, then the last column.
            for index in 0..<(record.body.count - 6) / 6 {
                let value = Self.rk(bytes.uint32(at: body + 4 + 6 * index + 2))
                try add(Self.number(value), row: row, column: column + index)
            }
        case BIFFType.boolErr:
            try record.require(8)
            let value = bytes[body + 6]
            try add(bytes[body + 7] != 0 ? .error(Self.errorText(value)) : .bool(value != 0), row: row, column: column)
        case BIFFType.formula:
            try record.require(14)
            guard bytes.uint16(at: body + 12) == 0xFFFF else {
                return try add(Self.number(Double(bitPattern: bytes.uint64(at: body + 6))), row: row, column: column)
            }
            switch bytes[body + 6] {
            case 0: pendingString = (row, column)
            case 1: try add(.bool(bytes[body + 8] != 0), row: row, column: column)
            case 2: try add(.error(Self.errorText(bytes[body + 8])), row: row, column: column)
            default: break  // 3: an empty string
            }
        default: break  // BLANK, MULBLANK
        }
    }

    private mutating func add(_ value: CellValue, row: Int, column: Int) throws(WorkbookError) {
        if case .text(let text) = value, text.isEmpty { return }
        cellCount += 1
        guard cellCount <= limits.maximumCells else { throw .tooManyCells(limit: limits.maximumCells) }
        cells.append(Cell(column: column, row: row + 1, value: value))
    }

    /// The cells as rows, in order, each row's cells by column (a cell written twice
    /// keeps its last value).
    func rows() throws(WorkbookError) -> [Row] {
        let order = cells.indices.sorted {
            (cells[$0].row, cells[$0].column, $0) < (cells[$1].row, cells[$1].column, $1)
        }
        var rows: [Row] = []
        var current: [Cell] = []
        for cell in order.map({ cells[$0] }) {
            if let last = current.last, last.row != cell.row {
                rows.append(Row(number: last.row, cells: current))
                current = []
                if rows.count > limits.maximumRows { throw .tooManyRows(sheet: sheet, limit: limits.maximumRows) }
            }
            if current.last?.column == cell.column { current.removeLast() }
            current.append(cell)
        }
        if let last = current.last { rows.append(Row(number: last.row, cells: current)) }
        if rows.count > limits.maximumRows { throw .tooManyRows(sheet: sheet, limit: limits.maximumRows) }
        return rows
    }

    /// An RK number: 30 bits of an integer or of a double's high bits, maybe divided by 100.
    static func rk(_ raw: UInt32) -> Double {
        let value =
            raw & 0x02 != 0 ? Double(Int32(bitPattern: raw) >> 2) : Double(bitPattern: UInt64(raw & 0xFFFF_FFFC) << 32)
        return raw & 0x01 != 0 ? value / 100 : value
    }

    /// A number with the text pyxform (through xlrd) reads it as: a whole number
    /// without a fraction (`2024091201`, not `2024091201.0`), any other as the shortest
    /// text that reads back as the same number (`1.5`, `0.1`, `1e-05`).
    static func number(_ value: Double) -> CellValue {
        if value.isFinite, value == value.rounded(), abs(value) < 0x1p63 {
            return .number(value, text: String(Int64(value)))
        }
        return .number(value, text: "\(value)")
    }

    /// An error's text as a spreadsheet shows it (`#DIV/0!`).
    static func errorText(_ code: UInt8) -> String {
        switch code {
        case 0x00: return "#NULL!"
        case 0x07: return "#DIV/0!"
        case 0x0F: return "#VALUE!"
        case 0x17: return "#REF!"
        case 0x1D: return "#NAME?"
        case 0x24: return "#NUM!"
        case 0x2B: return "#GETTING_DATA"
        default: return "#N/A"
        }
    }
}
