import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A worksheet's rows and cells, event by event: `<row r="2">`, `<c r="B2" t="s">`
/// with `<v>` (a value, or an index into the shared strings) or `<is><t>` (an
/// inline string); cells without a value and rows without a cell are left out.
final class SheetReader: PartReader {
    let sheet: String
    let strings: [String]
    let limits: WorkbookLimits
    var rows: [Row] = []
    var cellCount: Int

    private var rowNumber = 0
    private var cells: [Cell] = []
    private var column = -1
    private var type: String?
    private var text: String?
    private var collecting = false
    private var phoneticDepth = 0

    init(sheet: String, strings: [String], limits: WorkbookLimits, cells: Int) {
        self.sheet = sheet
        self.strings = strings
        self.limits = limits
        self.cellCount = cells
    }

    var place: String { "\(sheet)!\(Cell.columnName(max(column, 0)))\(rowNumber)" }

    override func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch WorkbookXML.localName(elementName) {
        case "row":
            let number = attributes["r"].flatMap { Int($0) } ?? rowNumber + 1
            guard number > rowNumber, number <= 1_048_576 else {
                return fail(
                    .invalidCell(place: "\(sheet)!row \(attributes["r"] ?? "")", reason: "rows out of order"), parser)
            }
            rowNumber = number
            cells = []
            column = -1
        case "c":
            if let reference = attributes["r"] {
                guard let parsed = Self.column(of: reference) else {
                    return fail(.invalidCell(place: "\(sheet)!\(reference)", reason: "not a cell reference"), parser)
                }
                column = parsed
            } else {
                column += 1
            }
            type = attributes["t"]
            text = nil
        case "v": collecting = true
        case "rPh": phoneticDepth += 1
        case "t": collecting = phoneticDepth == 0
        default: break
        }
    }

    override func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard collecting else { return }
        if text == nil { text = "" }
        text!.append(string)
        if text!.utf8.count > limits.maximumStringLength, text!.count > limits.maximumStringLength {
            fail(.stringTooLong(place: place, length: text!.count, limit: limits.maximumStringLength), parser)
        }
    }

    override func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        switch WorkbookXML.localName(elementName) {
        case "v", "t": collecting = false
        case "rPh": phoneticDepth -= 1
        case "c":
            guard let raw = text else { return }
            let value: CellValue
            switch type {
            case "s":
                guard let index = Int(raw.trimmed(.whitespaces)), strings.indices.contains(index) else {
                    return fail(.invalidCell(place: place, reason: "no shared string \(raw)"), parser)
                }
                value = .text(strings[index])
            case "inlineStr", "str": value = .text(raw)
            case "b": value = .bool(raw.trimmed(.whitespaces) == "1")
            case "e": value = .error(raw)
            default:
                let trimmed = raw.trimmed(.whitespaces)
                value = Double(trimmed).map { .number($0, text: trimmed) } ?? .text(raw)
            }
            if case .text(let string) = value, string.isEmpty { return }
            cellCount += 1
            if cellCount > limits.maximumCells { return fail(.tooManyCells(limit: limits.maximumCells), parser) }
            cells.append(Cell(column: column, row: rowNumber, value: value))
        case "row":
            guard !cells.isEmpty else { return }
            rows.append(Row(number: rowNumber, cells: cells))
            if rows.count > limits.maximumRows {
                fail(.tooManyRows(sheet: sheet, limit: limits.maximumRows), parser)
            }
        default: break
        }
    }

    /// The column (from 0) of a reference like `AB12`; `nil` when it is not one.
    static func column(of reference: String) -> Int? {
        var column = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            guard ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) else { break }
            column = column * 26 + Int(scalar.properties.uppercaseMapping.unicodeScalars.first!.value) - 64
            letters += 1
            if letters > 3 { return nil }
        }
        guard letters > 0, column <= 16_384 else { return nil }
        return column - 1
    }
}
