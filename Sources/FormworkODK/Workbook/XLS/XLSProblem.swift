/// Why an Excel 97–2003 `.xls` workbook cannot be read: the compound file that holds
/// its `Workbook` stream, or the BIFF8 records in that stream. Each case names the
/// sector, the directory entry or the byte of the stream where the file fails, so a
/// damaged or hostile file is refused with a reason rather than read wrongly.
public enum XLSProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file ends inside the compound file's header (512 bytes).
    case truncatedHeader(bytes: Int)
    /// A header field holds a value no compound file has (`sector size`, `byte order`).
    case invalidHeader(field: String, value: Int)
    /// A chain (the FAT, the DIFAT, the directory, a stream) names a sector the file
    /// does not have.
    case sectorOutOfRange(chain: String, sector: UInt32, sectors: Int)
    /// A chain comes back to a sector it went through already.
    case sectorLoop(chain: String, sector: UInt32)
    /// A chain ends before the bytes its stream declares.
    case chainTooShort(chain: String, bytes: Int, declared: Int)
    /// A stream declares more bytes than the file (or the mini stream) holds.
    case streamSizeTooLarge(stream: String, declared: UInt64, available: Int)
    /// The directory's root is missing, or is not the root storage.
    case missingRoot
    /// A directory entry names a sibling or child beyond the directory.
    case entryOutOfRange(entry: UInt32, entries: Int)
    /// The directory's tree comes back to an entry it went through already.
    case directoryLoop(entry: Int)
    /// The root storage has no `Workbook` stream (`Book` is named by its version).
    case noWorkbookStream
    /// A record's length runs past the end of the stream.
    case recordPastEnd(type: UInt16, offset: Int, length: Int)
    /// A record is too short for the fields its type has.
    case recordTooShort(type: UInt16, offset: Int, length: Int)
    /// The stream does not start with the workbook's BOF record.
    case missingBeginning
    /// A string runs past the end of its record and of the `CONTINUE` records after it.
    case stringPastEnd(offset: Int)
    /// The shared strings table ends before the number of strings it declares.
    case sharedStringsEndEarly(read: Int, declared: UInt32)
    /// A sheet's BOUNDSHEET offset points to no BOF record.
    case sheetNotFound(sheet: String, offset: Int)
    /// A sheet starts inside the records of another (sheets never share records).
    case overlappingSheets(sheet: String, offset: Int)

    /// The problem in words, naming where it is (no final period: `WorkbookError`
    /// puts it in its sentence).
    public var description: String {
        switch self {
        case .truncatedHeader(let bytes):
            return "the file is \(bytes) bytes, shorter than a compound file's 512-byte header"
        case let .invalidHeader(field, value):
            return "the compound file's header has \(field) \(value), which no compound file has"
        case let .sectorOutOfRange(chain, sector, sectors):
            return "\(chain) names sector \(sector), beyond the file's \(sectors) sectors"
        case let .sectorLoop(chain, sector): return "\(chain) comes back to sector \(sector) (a loop)"
        case let .chainTooShort(chain, bytes, declared):
            return "\(chain) ends after \(bytes) bytes of the \(declared) it declares"
        case let .streamSizeTooLarge(stream, declared, available):
            return "\(stream) declares \(declared) bytes, more than the \(available) the file holds"
        case .missingRoot: return "the compound file's directory has no root entry"
        case let .entryOutOfRange(entry, entries):
            return "the directory names entry \(entry), beyond its \(entries) entries"
        case .directoryLoop(let entry): return "the directory's tree comes back to entry \(entry) (a loop)"
        case .noWorkbookStream: return "the compound file has no Workbook stream (it is not an Excel workbook)"
        case let .recordPastEnd(type, offset, length):
            return "the record \(Self.hex(type)) at byte \(offset) of the Workbook stream declares \(length) bytes, "
                + "past the end of the stream"
        case let .recordTooShort(type, offset, length):
            return "the record \(Self.hex(type)) at byte \(offset) of the Workbook stream has \(length) bytes, "
                + "too few for its fields"
        case .missingBeginning: return "the Workbook stream does not start with a BOF record"
        case .stringPastEnd(let offset):
            return "the string at byte \(offset) of the Workbook stream runs past the end of its records"
        case let .sharedStringsEndEarly(read, declared):
            return "the shared strings table declares \(declared) strings but holds \(read)"
        case let .sheetNotFound(sheet, offset):
            return "sheet '\(sheet)' is said to start at byte \(offset) of the Workbook stream, where no BOF record is"
        case let .overlappingSheets(sheet, offset):
            return "sheet '\(sheet)' starts at byte \(offset) of the Workbook stream, inside another sheet's records"
        }
    }

    /// `0x00FC`.
    static func hex(_ type: UInt16) -> String {
        let digits = String(type, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
