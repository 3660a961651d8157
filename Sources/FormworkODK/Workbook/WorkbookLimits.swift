/// Bounds on what a workbook may make Formwork read, so that a small hostile file
/// (a ZIP bomb, a million entries or rows, a huge string) is refused quickly with a
/// clear error instead of exhausting memory or time.
public struct WorkbookLimits: Sendable, Hashable {
    /// Largest workbook file, in bytes (as `Limits.maximumFileSize` for definitions).
    public var maximumFileSize = 32 * 1024 * 1024
    /// Most entries in the ZIP archive (a real workbook has a few dozen).
    public var maximumEntries = 10_000
    /// Most bytes one part (a sheet, the shared strings) may inflate to.
    public var maximumPartSize = 64 * 1024 * 1024
    /// Most bytes all the parts read may inflate to together.
    public var maximumTotalSize = 256 * 1024 * 1024
    /// Most rows with a value in one sheet.
    public var maximumRows = 100_000
    /// Most cells with a value in the whole workbook.
    public var maximumCells = 2_000_000
    /// Longest string (a shared string, a cell's text), in characters.
    public var maximumStringLength = 100_000

    /// The default limits; change the properties to loosen or tighten them.
    public init() {}

    /// The limits used unless a caller chooses others.
    public static let `default` = WorkbookLimits()
}

/// Why a workbook cannot be read. Each says what the file is or where it fails.
public enum WorkbookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An `.xls` workbook whose compound file or BIFF records cannot be read.
    case unreadableXLS(XLSProblem)
    /// An `.xls` workbook encrypted with a password to open it (a FILEPASS record).
    case encryptedWorkbook
    /// An `.xls` workbook of a version before Excel 97 (`Excel 5.0/95 (BIFF5)`), which
    /// is not read.
    case unsupportedExcelVersion(String)
    /// Not a ZIP archive, or not one with an `.xlsx` workbook's parts.
    case notAWorkbook(String)
    /// The file is larger than allowed.
    case fileTooLarge(bytes: Int, limit: Int)
    /// A part the workbook needs is missing (`xl/workbook.xml`).
    case missingPart(String)
    /// A part inflates to more bytes than allowed (a ZIP bomb, or a sheet too large).
    case partTooLarge(part: String, limit: Int)
    /// The parts together inflate to more than allowed.
    case workbookTooLarge(limit: Int)
    /// More ZIP entries than allowed.
    case tooManyEntries(limit: Int)
    /// A part's XML is malformed (the parser's words), at a line and column.
    case invalidXML(part: String, line: Int, column: Int, reason: String)
    /// A part declares a document type: never in a real workbook, and the way to
    /// entity expansion ("billion laughs") and external entities, so it is refused.
    case documentType(part: String)
    /// More rows with a value in a sheet than allowed.
    case tooManyRows(sheet: String, limit: Int)
    /// More cells with a value than allowed.
    case tooManyCells(limit: Int)
    /// A string longer than allowed (where: `sheet!C42`, or the shared strings).
    case stringTooLong(place: String, length: Int, limit: Int)
    /// A cell's reference or index that makes no sense (`A0`, a shared string index
    /// beyond the table).
    case invalidCell(place: String, reason: String)

    /// What is wrong with the file, and for a workbook Formwork does not read what to
    /// do, in one sentence.
    public var description: String {
        switch self {
        case .unreadableXLS(let problem): return "not a readable .xls workbook: \(problem)"
        case .encryptedWorkbook:
            return "the .xls workbook is encrypted (a password protects it); open it in a spreadsheet, remove the "
                + "password and save it again"
        case .unsupportedExcelVersion(let version):
            return "this .xls workbook was written by \(version), a version that is not read; open it in a "
                + "spreadsheet and save it as .xlsx (Excel Workbook)"
        case .notAWorkbook(let reason): return "not an .xlsx workbook: \(reason)"
        case let .fileTooLarge(bytes, limit): return "the workbook is \(bytes) bytes; the limit is \(limit)"
        case .missingPart(let part): return "not an .xlsx workbook: it has no \(part)"
        case let .partTooLarge(part, limit):
            return "\(part) inflates to more than \(limit) bytes (the limit for one part of a workbook)"
        case .workbookTooLarge(let limit):
            return "the workbook inflates to more than \(limit) bytes (the limit for a whole workbook)"
        case .tooManyEntries(let limit): return "the workbook has more than \(limit) parts (the limit)"
        case let .invalidXML(part, line, column, reason):
            return "\(part):\(line):\(column): malformed XML: \(reason)"
        case .documentType(let part):
            return "\(part) declares a document type (<!DOCTYPE>): workbooks never do, and entities are not expanded"
        case let .tooManyRows(sheet, limit):
            return "sheet '\(sheet)' has more than \(limit) rows with values (the limit)"
        case .tooManyCells(let limit): return "the workbook has more than \(limit) cells with values (the limit)"
        case let .stringTooLong(place, length, limit):
            return "\(place): a string of \(length) characters exceeds the limit of \(limit)"
        case let .invalidCell(place, reason): return "\(place): \(reason)"
        }
    }
}
