import Testing

@testable import FormworkODK

/// BIFF8 `Workbook` streams built record by record: strings split across `CONTINUE`
/// records at each place Excel may split them, and the faults a stream can have, each
/// named.
@Suite("BIFF8 records")
struct XLSRecordTests {
    static func record(_ type: UInt16, _ body: [UInt8]) -> [UInt8] {
        le(type) + le(UInt16(body.count)) + body
    }

    static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le(_ value: UInt32) -> [UInt8] { le(UInt16(value & 0xFFFF)) + le(UInt16(value >> 16)) }

    static func beginning(_ kind: UInt16, version: UInt16 = 0x0600) -> [UInt8] {
        record(0x0809, le(version) + le(kind) + [UInt8](repeating: 0, count: 12))
    }

    static let end = record(0x000A, [])

    static func boundSheet(_ name: String, at offset: Int) -> [UInt8] {
        record(0x0085, le(UInt32(offset)) + [0, 0, UInt8(name.utf8.count), 0] + Array(name.utf8))
    }

    /// A stream: the globals (their `globals` records, a BOUNDSHEET per sheet, the
    /// `strings` records), then each sheet's records between its BOF and EOF; a sheet
    /// given an offset is said to start there instead.
    static func stream(
        _ sheets: [(String, [[UInt8]])], globals: [[UInt8]] = [], strings: [[UInt8]] = [], offsets: [Int?] = []
    ) -> [UInt8] {
        let bodies = sheets.map { beginning(0x0010) + $0.1.joined() + end }
        let head = beginning(0x0005) + globals.joined()
        var offset = head.count + sheets.map { boundSheet($0.0, at: 0).count }.reduce(0, +)
        offset += strings.joined().count + end.count
        var listed: [UInt8] = []
        for (index, (sheet, body)) in zip(sheets, bodies).enumerated() {
            listed += boundSheet(sheet.0, at: offsets.count > index ? offsets[index] ?? offset : offset)
            offset += body.count
        }
        return head + listed + strings.joined() + end + bodies.joined()
    }

    static func labelSST(_ row: UInt16, _ column: UInt16, _ index: UInt32) -> [UInt8] {
        record(0x00FD, le(row) + le(column) + le(UInt16(15)) + le(index))
    }

    static func read(_ bytes: [UInt8]) throws(WorkbookError) -> [Sheet] {
        try BIFFWorkbook(bytes, limits: .default).readSheets()
    }

    static func texts(_ sheets: [Sheet]) -> [String] {
        sheets.flatMap { $0.rows.flatMap { $0.cells.map(\.value.text) } }
    }

    /// Strings split where Excel splits them: a header at the end of a record (the
    /// characters start the next, after an options byte), characters stored in one byte
    /// in one record and two in the next, a surrogate pair cut in two, an odd byte at
    /// the end of a record, formatting runs and phonetic data cut as plain bytes.
    @Test func sharedStringsAcrossContinueRecords() throws {
        let sst =
            Self.record(0x00FC, Self.le(UInt32(4)) + Self.le(UInt32(4)) + [2, 0, 0] + Array("ab".utf8) + [5, 0, 0])
            + Self.record(0x003C, [0x00] + Array("wx".utf8))
            + Self.record(0x003C, [0x01, 0x7A, 0x00, 0x3D, 0xD8, 0xFF])  // "z", half an emoji, an odd byte
            + Self.record(0x003C, [0x01, 0x00, 0xDE, 3, 0, 0x0C, 1, 0] + Self.le(UInt32(6)) + [0xE9])
            + Self.record(0x003C, [0x01, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x03, 0x00, 9, 9, 9, 9])
            + Self.record(0x003C, [9, 9, 1, 0, 1, 0x21, 0x00])
        let rows = (0..<4).map { Self.labelSST(0, UInt16($0), UInt32($0)) }
        let sheets = try Self.read(Self.stream([("s", rows)], strings: [sst]))
        #expect(Self.texts(sheets) == ["ab", "wxz\u{1F600}", "é\0\u{100}", "!"])
    }

    /// A table of one string per `CONTINUE` record, 30,000 of them: read in linear time
    /// (asking how many bytes are left at each string would be quadratic).
    @Test func manyContinueRecordsAreReadInLinearTime() throws {
        let count = 30_000
        let sst =
            Self.record(0x00FC, Self.le(UInt32(count)) + Self.le(UInt32(count)))
            + Array((0..<count).map { _ in Self.record(0x003C, [1, 0, 0, UInt8(ascii: "a")]) }.joined())
        let start = ContinuousClock.now
        let sheets = try Self.read(Self.stream([("s", [Self.labelSST(0, 0, UInt32(count - 1))])], strings: [sst]))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(Self.texts(sheets) == ["a"])
    }

    @Test func aFormulaTextInAStringRecordAcrossAContinueRecord() throws {
        let result: [UInt8] = [0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        let formula = Self.record(
            0x0006, Self.le(UInt16(1)) + Self.le(UInt16(2)) + [15, 0] + result + [0, 0, 0, 0, 0, 0])
        let string = Self.record(0x0207, [5, 0, 0] + Array("abc".utf8)) + Self.record(0x003C, [0] + Array("de".utf8))
        let sheets = try Self.read(Self.stream([("s", [formula, Self.record(0x04BC, [0, 0]), string])]))
        #expect(sheets[0].rows.first?.cells.map(\.reference) == ["C2"])
        #expect(Self.texts(sheets) == ["abcde"])
    }

    @Test func faultsOfTheStreamAreNamed() throws {
        #expect(throws: WorkbookError.unreadableXLS(.missingBeginning)) { try Self.read([]) }
        #expect(throws: WorkbookError.unsupportedExcelVersion("Excel 2.x–4.0 (BIFF2–4)")) {
            try Self.read(Self.record(0x0409, [0, 0, 0x10, 0]))
        }
        #expect(throws: WorkbookError.unsupportedExcelVersion("an unknown version of Excel (BIFF version 0x0700)")) {
            try Self.read(Self.beginning(0x0005, version: 0x0700))
        }
        #expect(throws: WorkbookError.encryptedWorkbook) {
            try Self.read(Self.stream([("s", [])], globals: [Self.record(0x002F, [0, 0])]))
        }
        #expect(throws: WorkbookError.unreadableXLS(.sheetNotFound(sheet: "far", offset: 1_000_000))) {
            try Self.read(Self.stream([("far", [])], offsets: [1_000_000]))
        }
        #expect(throws: WorkbookError.invalidCell(place: "s!B3", reason: "no shared string 7")) {
            try Self.read(Self.stream([("s", [Self.labelSST(2, 1, 7)])]))
        }
        let short = Self.stream([("s", [Self.record(0x0203, [0, 0, 0, 0, 15, 0, 0, 0])])])
        let offset = short.count - Self.end.count - 12
        #expect(throws: WorkbookError.unreadableXLS(.recordTooShort(type: 0x0203, offset: offset, length: 8))) {
            try Self.read(short)
        }
    }

    /// Two sheets said to start at the same BOF: the second would read the first's
    /// records again (so would any number of them, each a whole stream's work).
    @Test func sheetsThatShareRecordsAreRefused() throws {
        let first = Self.stream([("one", []), ("two", [])])
        let start = Int(first.uint32(at: Self.beginning(0x0005).count + 4))
        let bytes = Self.stream([("one", []), ("two", [])], offsets: [nil, start])
        #expect(throws: WorkbookError.unreadableXLS(.overlappingSheets(sheet: "two", offset: start))) {
            try Self.read(bytes)
        }
    }
}
