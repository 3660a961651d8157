import Foundation
import ZIPFoundation

/// A workbook's sheets as rows of cells: what an XLSForm reader needs, read from
/// untrusted bytes within `WorkbookLimits`, from an `.xlsx` (a ZIP archive of XML
/// parts) or an Excel 97–2003 `.xls` (BIFF8 records in a compound file), told apart
/// by their first bytes whatever the file is called.
///
/// ```swift
/// let workbook = try Workbook(bytes: Array(try Data(contentsOf: url)))
/// for row in workbook["survey"]?.rows ?? [] {
///     print(row.number, row.cells.map(\.value.text))   // 2 ["text", "name", "What is your name?"]
/// }
/// ```
///
/// Shared strings, inline strings, numbers (with the text they were written as, so
/// a `version` of `2024091201` stays those digits; an `.xls` stores only the number,
/// so a whole one reads without a fraction, as pyxform reads it), booleans and errors
/// are read; formulas give their cached value; rows without a value (formatted but
/// empty, as spreadsheets leave at the end of sheets) are left out. An `.xls` that is
/// encrypted, or older than Excel 97 (BIFF5), is refused with a `WorkbookError` that
/// says so.
public struct Workbook: Sendable {
    /// The sheets, in the workbook's order.
    public let sheets: [Sheet]

    /// A workbook of these sheets (an XForm read as the XLSForm it would be).
    init(sheets: [Sheet]) {
        self.sheets = sheets
    }

    /// The sheet named `name`, ignoring case (`Survey`, `survey`).
    public subscript(name: String) -> Sheet? {
        let lowered = name.lowercased()
        return sheets.first { $0.name.lowercased() == lowered }
    }

    /// Reads a workbook file (`.xlsx` or `.xls`).
    ///
    /// - Throws: `WorkbookError`: not a workbook, a part or record missing or
    ///   malformed, an `.xls` encrypted or too old, or a limit passed.
    public init(contentsOf url: URL, limits: WorkbookLimits = .default) throws(WorkbookError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.maximumFileSize else { throw .fileTooLarge(bytes: size, limit: limits.maximumFileSize) }
        let head = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 8)
        }
        guard let head else { throw .notAWorkbook("the file cannot be read") }
        if head.starts(with: CompoundFile.signature) {
            // A compound file is read whole, within the size limit (it may have grown since it was measured).
            let whole = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
                defer { try? handle.close() }
                return try? handle.read(upToCount: limits.maximumFileSize + 1)
            }
            guard let whole else { throw .notAWorkbook("the file cannot be read") }
            try self.init(bytes: [UInt8](whole), limits: limits)
            return
        }
        try Self.checkSignature([UInt8](head))
        try self.init(archiveAt: url, limits: limits)
    }

    /// Reads a workbook from its bytes: an `.xls` in memory, an `.xlsx` staged in a
    /// temporary file, removed before returning (ZIPFoundation's file-backed archive
    /// is the one that releases everything when an archive turns out to be unreadable).
    ///
    /// - Throws: `WorkbookError`: not a workbook, a part or record missing or
    ///   malformed, an `.xls` encrypted or too old, or a limit passed.
    public init(bytes: [UInt8], limits: WorkbookLimits = .default) throws(WorkbookError) {
        guard bytes.count <= limits.maximumFileSize else {
            throw .fileTooLarge(bytes: bytes.count, limit: limits.maximumFileSize)
        }
        if bytes.starts(with: CompoundFile.signature) {
            try self.init(xls: bytes, limits: limits)
            return
        }
        try Self.checkSignature(bytes)
        let staged = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString).xlsx")
        guard
            FileManager.default.createFile(
                atPath: staged.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw .notAWorkbook("it cannot be staged in \(FileManager.default.temporaryDirectory.path)") }
        defer { try? FileManager.default.removeItem(at: staged) }
        try self.init(archiveAt: staged, limits: limits)
    }

    /// Anything but a ZIP archive is refused before opening it as an `.xlsx`.
    static func checkSignature(_ bytes: [UInt8]) throws(WorkbookError) {
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
            throw .notAWorkbook(
                "it is not a ZIP archive (an .xlsx workbook is one) nor a compound file (an .xls is one)")
        }
    }

    private init(archiveAt url: URL, limits: WorkbookLimits) throws(WorkbookError) {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notAWorkbook("the ZIP archive cannot be read (\(error))")
        }
        let parts = try WorkbookParts(archive: archive, limits: limits)
        let workbookXML = try parts.read("xl/workbook.xml")
        let listed = try WorkbookXML.sheets(in: workbookXML)
        var targets: [String: String] = [:]
        if let rels = try parts.readIfPresent("xl/_rels/workbook.xml.rels") {
            targets = try WorkbookXML.relationships(rels)
        }
        var strings: [String] = []
        if let table = try parts.readIfPresent("xl/sharedStrings.xml") {
            strings = try WorkbookXML.sharedStrings(table, limits: limits)
        }
        var sheets: [Sheet] = []
        var cells = 0
        for (index, entry) in listed.enumerated() {
            let path = targets[entry.relationship].map(WorkbookParts.resolve) ?? "xl/worksheets/sheet\(index + 1).xml"
            let rows = try WorkbookXML.rows(
                of: entry.name, in: try parts.read(path), strings: strings, limits: limits, cells: &cells)
            sheets.append(Sheet(name: entry.name, rows: rows))
        }
        self.sheets = sheets
    }
}

/// One sheet: its name and its rows that hold a value, in order.
public struct Sheet: Sendable {
    /// The sheet's name, as its tab shows it.
    public let name: String
    /// The rows that hold a value, in order.
    public let rows: [Row]
}

/// A row of a sheet: its number (from 1, as the spreadsheet shows it) and its
/// cells that hold a value.
public struct Row: Sendable {
    /// The row's number, from 1.
    public let number: Int
    /// The cells that hold a value, as the sheet lists them.
    public let cells: [Cell]

    /// The cell in a column (from 0: `A` is 0), if it holds a value.
    public subscript(column: Int) -> Cell? {
        cells.first { $0.column == column }
    }
}

/// A cell that holds a value.
public struct Cell: Sendable, Equatable {
    /// The column, from 0 (`A`).
    public let column: Int
    /// The row, from 1.
    public let row: Int
    /// What the cell holds.
    public let value: CellValue

    /// `C42`.
    public var reference: String { Self.columnName(column) + String(row) }

    /// `A`, …, `Z`, `AA`, … for a column from 0.
    public static func columnName(_ column: Int) -> String {
        var name = ""
        var rest = column + 1
        while rest > 0 {
            let digit = (rest - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + digit))) + name
            rest = (rest - 1) / 26
        }
        return name
    }
}

/// What a cell holds.
public enum CellValue: Sendable, Equatable {
    case text(String)
    /// A number, with the text the file writes it as (`2024091201`, `1.5`).
    case number(Double, text: String)
    case bool(Bool)
    /// A formula's error (`#DIV/0!`).
    case error(String)

    /// The value as text, as the spreadsheet shows it: numbers as written (`1.0` stays
    /// `1.0`; a whole number has no `.0` added), booleans as `TRUE`/`FALSE` (pyxform
    /// reads a boolean `name` cell as `FALSE`, so JavaRosa's question is named that).
    public var text: String {
        switch self {
        case .text(let text): return text
        case .number(_, let text): return text
        case .bool(let flag): return flag ? "TRUE" : "FALSE"
        case .error(let error): return error
        }
    }
}
