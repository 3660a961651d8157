/// The BIFF8 record types an `.xls` workbook is read through (MS-XLS 2.3); the others
/// are stepped over.
enum BIFFType {
    static let beginning: UInt16 = 0x0809  // BOF, BIFF5 and later
    static let oldBeginnings: Set<UInt16> = [0x0009, 0x0209, 0x0409]  // BOF, BIFF2 to BIFF4
    static let end: UInt16 = 0x000A  // EOF
    static let filePass: UInt16 = 0x002F
    static let boundSheet: UInt16 = 0x0085
    static let sharedStrings: UInt16 = 0x00FC  // SST
    static let continuation: UInt16 = 0x003C  // CONTINUE
    static let labelSST: UInt16 = 0x00FD
    static let label: UInt16 = 0x0204
    static let richString: UInt16 = 0x00D6  // RSTRING
    static let number: UInt16 = 0x0203
    static let rk: UInt16 = 0x027E
    static let mulRK: UInt16 = 0x00BD
    static let boolErr: UInt16 = 0x0205
    static let formula: UInt16 = 0x0006
    static let string: UInt16 = 0x0207  // a formula's text result
}

/// A record of a BIFF stream: its type and where its body is.
struct BIFFRecord {
    let type: UInt16
    /// Where the record (its 4-byte header) starts in the stream.
    let offset: Int
    /// The body's bytes in the stream.
    let body: Range<Int>

    /// Checks that the body has at least `length` bytes.
    func require(_ length: Int) throws(WorkbookError) {
        guard body.count >= length else {
            throw .unreadableXLS(.recordTooShort(type: type, offset: offset, length: body.count))
        }
    }
}

/// A `Workbook` stream as records: each a 2-byte type, a 2-byte length and its body.
struct BIFFStream {
    let bytes: [UInt8]

    /// The record at `offset`; `nil` at the end of the stream.
    ///
    /// - Throws: `WorkbookError.unreadableXLS` when its length runs past the end.
    func record(at offset: Int) throws(WorkbookError) -> BIFFRecord? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let type = bytes.uint16(at: offset)
        let length = Int(bytes.uint16(at: offset + 2))
        guard offset + 4 + length <= bytes.count else {
            throw .unreadableXLS(.recordPastEnd(type: type, offset: offset, length: length))
        }
        return BIFFRecord(type: type, offset: offset, body: offset + 4..<offset + 4 + length)
    }

    /// A cursor on `record`'s body and the bodies of the `CONTINUE` records right
    /// after it, and where the next record starts.
    func continued(_ record: BIFFRecord) throws(WorkbookError) -> (cursor: BIFFCursor, next: Int) {
        var pieces = [record.body]
        var next = record.body.upperBound
        while let following = try self.record(at: next), following.type == BIFFType.continuation {
            pieces.append(following.body)
            next = following.body.upperBound
        }
        return (BIFFCursor(bytes: bytes, pieces: pieces), next)
    }
}

/// A record's body and its `CONTINUE` records read as BIFF8 splits them: numbers and
/// formatting runs cross from one record to the next as plain bytes, while a string's
/// characters start again in the next record after an options byte that says how they
/// are stored there (one byte each, Latin-1, or UTF-16).
struct BIFFCursor {
    let bytes: [UInt8]
    /// The bodies, in order (never empty).
    let pieces: [Range<Int>]
    private var piece = 0
    private var position: Int
    /// Where the string being read starts, for errors.
    private var start: Int

    init(bytes: [UInt8], pieces: [Range<Int>]) {
        self.bytes = bytes
        self.pieces = pieces
        position = pieces[0].lowerBound
        start = position
    }

    /// The bytes not read yet, all pieces together.
    ///
    /// - Complexity: O(the pieces left).
    var remaining: Int {
        pieces[(piece + 1)...].reduce(pieces[piece].upperBound - position) { $0 + $1.count }
    }

    /// Whether every byte is read; the pieces read to their end are left behind, as
    /// reading the next byte would leave them.
    ///
    /// - Complexity: O(1) amortized over the reading.
    mutating func atEnd() -> Bool {
        while position == pieces[piece].upperBound {
            guard piece + 1 < pieces.count else { return true }
            piece += 1
            position = pieces[piece].lowerBound
        }
        return false
    }

    private var ended: WorkbookError { .unreadableXLS(.stringPastEnd(offset: start)) }

    /// Moves to the next piece that has bytes, when the current one is read.
    private mutating func refill() throws(WorkbookError) {
        while position == pieces[piece].upperBound {
            guard piece + 1 < pieces.count else { throw ended }
            piece += 1
            position = pieces[piece].lowerBound
        }
    }

    mutating func byte() throws(WorkbookError) -> UInt8 {
        try refill()
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint16() throws(WorkbookError) -> UInt16 {
        UInt16(try byte()) | UInt16(try byte()) << 8
    }

    mutating func uint32() throws(WorkbookError) -> UInt32 {
        UInt32(try uint16()) | UInt32(try uint16()) << 16
    }

    /// Steps over `count` bytes, across pieces.
    mutating func skip(_ count: Int) throws(WorkbookError) {
        var rest = count
        while rest > 0 {
            let available = pieces[piece].upperBound - position
            if available >= rest {
                position += rest
                return
            }
            rest -= available
            guard piece + 1 < pieces.count else { throw ended }
            piece += 1
            position = pieces[piece].lowerBound
        }
    }

    /// A string with a 1-byte length (ShortXLUnicodeString: a sheet's name).
    mutating func shortString() throws(WorkbookError) -> String {
        start = position
        let count = Int(try byte())
        let options = try byte()
        return String(decoding: try characters(count, wide: options & 0x01 != 0), as: UTF16.self)
    }

    /// A string with a 2-byte length, its formatting runs and phonetic data stepped
    /// over (XLUnicodeRichExtendedString; an XLUnicodeString has neither).
    mutating func string() throws(WorkbookError) -> String {
        start = position
        let count = Int(try uint16())
        let options = try byte()
        let runs = options & 0x08 != 0 ? Int(try uint16()) : 0
        let phonetic = options & 0x04 != 0 ? Int(try uint32()) : 0
        let units = try characters(count, wide: options & 0x01 != 0)
        try skip(4 * runs + phonetic)
        return String(decoding: units, as: UTF16.self)
    }

    /// `count` UTF-16 code units, one or two bytes each; where a piece ends first, the
    /// next starts with an options byte that says how the rest is stored.
    private mutating func characters(_ count: Int, wide: Bool) throws(WorkbookError) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(count)
        var wide = wide
        while units.count < count {
            if position == pieces[piece].upperBound {
                guard piece + 1 < pieces.count else { throw ended }
                piece += 1
                position = pieces[piece].lowerBound
                if position < pieces[piece].upperBound {
                    wide = bytes[position] & 0x01 != 0
                    position += 1
                }
                continue
            }
            let available = pieces[piece].upperBound - position
            let wanted = count - units.count
            if wide {
                let taken = min(available / 2, wanted)
                for index in 0..<taken { units.append(bytes.uint16(at: position + 2 * index)) }
                // An odd byte left at the end of a piece is not half a character: it is skipped.
                position += taken == 0 ? available : 2 * taken
            } else {
                let taken = min(available, wanted)
                for index in 0..<taken { units.append(UInt16(bytes[position + index])) }
                position += taken
            }
        }
        return units
    }
}
