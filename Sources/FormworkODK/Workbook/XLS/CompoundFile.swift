/// An OLE2 compound file (MS-CFB), the container of an Excel 97–2003 `.xls`, read from
/// untrusted bytes far enough to take one stream out by name.
///
/// The file is a header and sectors of 512 (version 3) or 4096 (version 4) bytes. The
/// FAT says which sector follows which; its own sectors are listed by the header (the
/// first 109) and by a chain of DIFAT sectors (the rest). The directory, a chain of
/// 128-byte entries, names the streams; a stream under 4096 bytes lives in the mini
/// stream, in 64-byte mini sectors chained by the mini FAT.
///
/// Everything is checked before it is trusted: every sector number against the file,
/// every chain with the sectors it went through marked (a loop is an error, not a
/// hang), every declared size against the bytes that could hold it, before a byte is
/// copied. A hostile file costs at most a few times its own size in memory.
struct CompoundFile {
    static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// Sector numbers with a meaning of their own.
    enum Sector {
        static let endOfChain: UInt32 = 0xFFFF_FFFE
        static let free: UInt32 = 0xFFFF_FFFF
    }

    let bytes: [UInt8]
    /// 512 or 4096.
    let sectorSize: Int
    /// The sectors after the header, the last one possibly short (read as if padded).
    let sectorCount: Int
    /// Whether the high 32 bits of a stream's size count (version 4 only).
    let largeSizes: Bool
    let miniStreamCutoff: Int
    let firstMiniFATSector: UInt32
    /// The FAT: the sector after each sector (or `Sector.endOfChain`).
    private(set) var fat: [UInt32] = []
    /// The directory's entries, in order (entry 0 is the root).
    private(set) var directory: [DirectoryEntry] = []

    /// Reads the header, the FAT and the directory.
    ///
    /// - Throws: `WorkbookError.unreadableXLS` naming what is out of place.
    init(_ bytes: [UInt8]) throws(WorkbookError) {
        guard bytes.count >= 512 else { throw .unreadableXLS(.truncatedHeader(bytes: bytes.count)) }
        self.bytes = bytes
        guard bytes.uint16(at: 28) == 0xFFFE else {
            throw .unreadableXLS(.invalidHeader(field: "byte order", value: Int(bytes.uint16(at: 28))))
        }
        let shift = Int(bytes.uint16(at: 30))
        guard shift == 9 || shift == 12 else {
            throw .unreadableXLS(.invalidHeader(field: "sector shift", value: shift))
        }
        let miniShift = Int(bytes.uint16(at: 32))
        guard miniShift == 6 else { throw .unreadableXLS(.invalidHeader(field: "mini sector shift", value: miniShift)) }
        sectorSize = 1 << shift
        sectorCount = max(0, (bytes.count - sectorSize + sectorSize - 1) / sectorSize)
        largeSizes = bytes.uint16(at: 26) >= 4
        miniStreamCutoff = Int(bytes.uint32(at: 56))
        firstMiniFATSector = bytes.uint32(at: 60)
        fat = try readFAT()
        let entries = try chain(from: bytes.uint32(at: 48), table: fat, name: "the directory")
        directory = DirectoryEntry.entries(in: entries, largeSizes: largeSizes)
    }

    /// The FAT's sectors, from the header's list and the DIFAT chain, read in order.
    private func readFAT() throws(WorkbookError) -> [UInt32] {
        let declared = Int(bytes.uint32(at: 44))
        guard declared <= sectorCount else {
            throw .unreadableXLS(.invalidHeader(field: "FAT sector count", value: declared))
        }
        var sectors = (0..<min(declared, 109)).map { bytes.uint32(at: 76 + 4 * $0) }
        var next = bytes.uint32(at: 68)
        var visited = SectorSet(count: sectorCount)
        let perDIFATSector = sectorSize / 4 - 1
        while sectors.count < declared {
            guard next != Sector.endOfChain, next != Sector.free else {
                throw .unreadableXLS(
                    .chainTooShort(chain: "the DIFAT", bytes: sectors.count * 4, declared: declared * 4))
            }
            try Self.visit(next, in: &visited, sectors: sectorCount, chain: "the DIFAT")
            let start = offset(of: next)
            for index in 0..<min(perDIFATSector, declared - sectors.count) {
                sectors.append(word(at: start + 4 * index))
            }
            next = word(at: start + 4 * perDIFATSector)
        }
        var fat: [UInt32] = []
        fat.reserveCapacity(declared * sectorSize / 4)
        visited = SectorSet(count: sectorCount)
        for sector in sectors {
            try Self.visit(sector, in: &visited, sectors: sectorCount, chain: "the FAT")
            let start = offset(of: sector)
            for index in 0..<(sectorSize / 4) { fat.append(word(at: start + 4 * index)) }
        }
        return fat
    }

    /// The bytes of the chain of sectors that starts at `start`, following `table`,
    /// up to `limit` bytes when given (the chain may be longer; it must not be shorter).
    func chain(from start: UInt32, table: [UInt32], name: String, limit: Int? = nil) throws(WorkbookError) -> [UInt8] {
        try Self.follow(
            start, table: table, in: bytes, origin: sectorSize, sectorSize: sectorSize, sectorCount: sectorCount,
            name: name, limit: limit)
    }

    /// The bytes of a chain of sectors of `source` (the file, or the mini stream),
    /// sector `n` at `origin + n * sectorSize`; a short last sector reads as padded.
    ///
    /// - Complexity: O(`sectorCount`) at most: each sector is gone through once.
    static func follow(
        _ start: UInt32, table: [UInt32], in source: [UInt8], origin: Int, sectorSize: Int, sectorCount: Int,
        name: String, limit: Int?
    ) throws(WorkbookError) -> [UInt8] {
        var data: [UInt8] = []
        if let limit { data.reserveCapacity(limit) }
        var visited = SectorSet(count: sectorCount)
        var sector = start
        while sector != Sector.endOfChain {
            if let limit, data.count >= limit { break }
            try visit(sector, in: &visited, sectors: min(sectorCount, table.count), chain: name)
            let begin = origin + Int(sector) * sectorSize
            let end = min(begin + sectorSize, source.count)
            data.append(contentsOf: source[begin..<end])
            data.append(contentsOf: repeatElement(0, count: sectorSize - (end - begin)))
            sector = table[Int(sector)]
        }
        if let limit {
            guard data.count >= limit else {
                throw .unreadableXLS(.chainTooShort(chain: name, bytes: data.count, declared: limit))
            }
            data.removeLast(data.count - limit)
        }
        return data
    }

    /// Marks `sector` as gone through, after checking that there is such a sector
    /// and that the chain did not go through it already.
    static func visit(
        _ sector: UInt32, in visited: inout SectorSet, sectors: Int, chain: String
    ) throws(WorkbookError) {
        guard Int(sector) < sectors else {
            throw .unreadableXLS(.sectorOutOfRange(chain: chain, sector: sector, sectors: sectors))
        }
        guard visited.insert(Int(sector)) else { throw .unreadableXLS(.sectorLoop(chain: chain, sector: sector)) }
    }

    /// Where a sector starts in the file (after the header, which is one sector long).
    private func offset(of sector: UInt32) -> Int { (Int(sector) + 1) * sectorSize }

    /// The little-endian word at `offset`, zero past the end of a short last sector.
    private func word(at offset: Int) -> UInt32 {
        offset + 4 <= bytes.count ? bytes.uint32(at: offset) : 0
    }
}

/// Which sectors a chain has gone through: one bit each.
struct SectorSet {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Marks `index`; `false` when it was marked already.
    mutating func insert(_ index: Int) -> Bool {
        let (word, bit) = (index / 64, UInt64(1) << UInt64(index % 64))
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }
}

extension [UInt8] {
    /// The little-endian `UInt16` at `offset` (the caller checked that it is there).
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian `UInt32` at `offset` (the caller checked that it is there).
    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }

    /// The little-endian `UInt64` at `offset` (the caller checked that it is there).
    func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
