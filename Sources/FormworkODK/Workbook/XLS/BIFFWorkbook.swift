/// A BIFF8 `Workbook` stream read as sheets: the workbook globals first (the BOF that
/// says the version, a FILEPASS that says it is encrypted, the BOUNDSHEET records that
/// name the worksheets and where they start, the shared strings table with its
/// `CONTINUE` records), then each worksheet's cells (`BIFFSheetReader`).
struct BIFFWorkbook {
    /// A worksheet the globals list: its name and where its BOF record is.
    struct SheetEntry {
        let name: String
        let offset: Int
    }

    let stream: BIFFStream
    let limits: WorkbookLimits
    private(set) var sheets: [SheetEntry] = []
    private(set) var strings: [String] = []

    /// Reads the globals.
    ///
    /// - Throws: `WorkbookError.unsupportedExcelVersion` for a version before BIFF8,
    ///   `.encryptedWorkbook` for a FILEPASS record, `.unreadableXLS` when a record is
    ///   malformed, and `.stringTooLong` past the limit.
    init(_ bytes: [UInt8], limits: WorkbookLimits) throws(WorkbookError) {
        stream = BIFFStream(bytes: bytes)
        self.limits = limits
        guard let first = try stream.record(at: 0) else { throw .unreadableXLS(.missingBeginning) }
        try Self.checkVersion(first, in: bytes)
        var offset = first.body.upperBound
        while let record = try stream.record(at: offset) {
            offset = record.body.upperBound
            switch record.type {
            case BIFFType.end: return
            case BIFFType.filePass: throw .encryptedWorkbook
            case BIFFType.boundSheet: try readSheetEntry(record)
            case BIFFType.sharedStrings:
                var (cursor, next) = try stream.continued(record)
                try record.require(8)
                strings = try Self.sharedStrings(&cursor, limits: limits)
                offset = next
            default: continue
            }
        }
    }

    /// The BOF record of a BIFF8 workbook (version 0x0600); an older one is named.
    static func checkVersion(_ first: BIFFRecord, in bytes: [UInt8]) throws(WorkbookError) {
        if BIFFType.oldBeginnings.contains(first.type) { throw .unsupportedExcelVersion("Excel 2.x–4.0 (BIFF2–4)") }
        guard first.type == BIFFType.beginning, first.body.count >= 4 else { throw .unreadableXLS(.missingBeginning) }
        switch bytes.uint16(at: first.body.lowerBound) {
        case 0x0600: return
        case 0x0500: throw .unsupportedExcelVersion("Excel 5.0/95 (BIFF5)")
        case let version:
            throw .unsupportedExcelVersion("an unknown version of Excel (BIFF version \(XLSProblem.hex(version)))")
        }
    }

    /// A BOUNDSHEET record: a worksheet's offset, visibility, type and name (chart,
    /// macro and module sheets are left out).
    private mutating func readSheetEntry(_ record: BIFFRecord) throws(WorkbookError) {
        try record.require(8)
        let bytes = stream.bytes
        let offset = Int(bytes.uint32(at: record.body.lowerBound))
        let type = bytes[record.body.lowerBound + 5]
        var cursor = BIFFCursor(bytes: bytes, pieces: [record.body.lowerBound + 6..<record.body.upperBound])
        let name = try cursor.shortString()
        if type == 0 { sheets.append(SheetEntry(name: name, offset: offset)) }
    }

    /// The shared strings table (SST): two counts, then each string.
    static func sharedStrings(_ cursor: inout BIFFCursor, limits: WorkbookLimits) throws(WorkbookError) -> [String] {
        _ = try cursor.uint32()
        let declared = try cursor.uint32()
        var strings: [String] = []
        // Each string takes at least 3 bytes: a count that lies reserves no more than that.
        strings.reserveCapacity(min(Int(declared), cursor.remaining / 3))
        while strings.count < declared {
            guard !cursor.atEnd() else {
                throw .unreadableXLS(.sharedStringsEndEarly(read: strings.count, declared: declared))
            }
            let string = try cursor.string()
            try Self.checkLength(string, place: "shared string \(strings.count + 1)", limits: limits)
            strings.append(string)
        }
        return strings
    }

    /// Refuses a string longer than `limits.maximumStringLength` characters.
    static func checkLength(_ string: String, place: String, limits: WorkbookLimits) throws(WorkbookError) {
        let limit = limits.maximumStringLength
        if string.utf16.count > limit, string.count > limit {
            throw .stringTooLong(place: place, length: string.count, limit: limit)
        }
    }

    /// Every worksheet's rows, in the workbook's order; the sheets are read in the
    /// order of their offsets, each after the end of the one before (sheets never
    /// share records, and so no record is read twice).
    ///
    /// - Throws: `WorkbookError` when a sheet is missing or malformed, or a limit is passed.
    func readSheets() throws(WorkbookError) -> [Sheet] {
        var rows: [[Row]] = Array(repeating: [], count: sheets.count)
        var cells = 0
        var end = 0
        for index in sheets.indices.sorted(by: { (sheets[$0].offset, $0) < (sheets[$1].offset, $1) }) {
            let entry = sheets[index]
            guard entry.offset >= end else {
                throw .unreadableXLS(.overlappingSheets(sheet: entry.name, offset: entry.offset))
            }
            var reader = BIFFSheetReader(sheet: entry.name, strings: strings, limits: limits, cells: cells)
            end = try reader.read(stream, from: entry.offset)
            rows[index] = try reader.rows()
            cells = reader.cellCount
        }
        return sheets.indices.map { Sheet(name: sheets[$0].name, rows: rows[$0]) }
    }
}
