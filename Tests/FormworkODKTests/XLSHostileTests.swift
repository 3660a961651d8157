import Foundation
import Testing

@testable import FormworkODK

/// Broken and hostile `.xls` files: the hostile corpus' (`formworkTests/Hostile`, run
/// there through `formwork show`), and compound files and BIFF streams built here.
/// Each must be refused with the error that names its fault, quickly.
@Suite("Hostile Excel 97–2003 workbooks")
struct XLSHostileTests {
    static let hostile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("formworkTests/Hostile/definitions")

    static let expected: [(String, String)] = [
        ("88-xls-magic-and-one-byte.xls", "the file is 9 bytes, shorter than a compound file's 512-byte header"),
        ("89-xls-truncated.xls", "stream 'Workbook' names sector 8, beyond the file's 8 sectors"),
        ("90-xls-fat-loop.xls", "stream 'Workbook' comes back to sector 2 (a loop)"),
        ("91-xls-directory-loop.xls", "the directory's tree comes back to entry 1 (a loop)"),
        ("92-xls-huge-sector-size.xls", "the compound file's header has sector shift 30, which no compound file has"),
        ("93-xls-stream-size-lies.xls", "stream 'Workbook' declares 2147418112 bytes, more than the 5632 the file"),
        ("94-xls-directory-beyond.xls", "the directory names entry 4000, beyond its 4 entries"),
        ("95-xls-sst-count-lies.xls", "the shared strings table declares 4294967280 strings but holds 1"),
        ("96-xls-record-beyond-stream.xls", "declares 65520 bytes, past the end of the stream"),
        ("97-xls-encrypted.xls", "the .xls workbook is encrypted"),
        ("98-xls-excel-95.xls", "was written by Excel 5.0/95 (BIFF5), a version that is not read"),
        ("99-xls-string-beyond-records.xls", "runs past the end of its records"),
    ]

    @Test(arguments: expected)
    func theHostileCorpusIsRefusedQuicklyAndClearly(_ name: String, _ message: String) throws {
        let url = Self.hostile.appendingPathComponent(name)
        let start = ContinuousClock.now
        let error = #expect(throws: WorkbookError.self) { try Workbook(contentsOf: url) }
        #expect(ContinuousClock.now - start < .seconds(1), "\(name) took too long")
        #expect(error?.description.contains(message) == true, "\(name): \(error?.description ?? "no error")")
    }

    /// A compound file of `sectors` empty sectors after a header with these fields.
    static func compoundFile(sectors: Int, fields: [(Int, UInt32)]) -> [UInt8] {
        var bytes = CompoundFile.signature + [UInt8](repeating: 0, count: 512 * (sectors + 1) - 8)
        put(0x0009_FFFE, at: 28, in: &bytes)  // byte order; sector shift 9
        put(6, at: 32, in: &bytes)  // mini sector shift
        for (offset, value) in fields { put(value, at: offset, in: &bytes) }
        return bytes
    }

    static func put(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    @Test func brokenFATsAndDIFATsAreNamed() throws {
        // 237 FAT sectors: 109 in the header, 128 in DIFAT sectors; the first DIFAT
        // sector says the next one is itself.
        var bytes = Self.compoundFile(sectors: 240, fields: [(44, 237), (68, 200), (72, 2)])
        Self.put(200, at: 512 * 201 + 508, in: &bytes)
        #expect(throws: WorkbookError.unreadableXLS(.sectorLoop(chain: "the DIFAT", sector: 200))) {
            try Workbook(bytes: bytes)
        }
        // The header lists sector 0 twice as a FAT sector.
        bytes = Self.compoundFile(sectors: 4, fields: [(44, 2)])
        #expect(throws: WorkbookError.unreadableXLS(.sectorLoop(chain: "the FAT", sector: 0))) {
            try Workbook(bytes: bytes)
        }
        bytes = Self.compoundFile(sectors: 4, fields: [(44, 1_000_000)])
        #expect(throws: WorkbookError.unreadableXLS(.invalidHeader(field: "FAT sector count", value: 1_000_000))) {
            try Workbook(bytes: bytes)
        }
        // The DIFAT ends before the FAT sectors the header counts.
        bytes = Self.compoundFile(sectors: 120, fields: [(44, 110), (68, 0xFFFF_FFFE)])
        #expect(throws: WorkbookError.unreadableXLS(.chainTooShort(chain: "the DIFAT", bytes: 436, declared: 440))) {
            try Workbook(bytes: bytes)
        }
    }

    /// The mini FAT sends the Workbook stream back to its first mini sector.
    @Test func aLoopInTheMiniStreamIsNamed() throws {
        var bytes = [UInt8](try Data(contentsOf: XLSWorkbookTests.fixture("cells.xls")))
        let file = try CompoundFile(bytes)
        let entry = try #require(try file.rootStreams()["WORKBOOK"])
        let miniFAT = 512 * (Int(file.firstMiniFATSector) + 1)
        Self.put(entry.start, at: miniFAT + 4 * (Int(entry.start) + 2), in: &bytes)
        #expect(throws: WorkbookError.unreadableXLS(.sectorLoop(chain: "stream 'Workbook'", sector: entry.start))) {
            try Workbook(bytes: bytes)
        }
    }

    @Test func noWorkbookStreamIsNamed() throws {
        let bytes = [UInt8](try Data(contentsOf: XLSWorkbookTests.fixture("cells.xls")))
        var renamed = bytes
        let file = try CompoundFile(bytes)
        let directory = 512 * (Int(bytes.uint32(at: 48)) + 1)
        let index = try #require(file.directory.firstIndex { $0.name == "Workbook" })
        renamed[directory + 128 * index] = UInt8(ascii: "X")  // "Xorkbook"
        #expect(throws: WorkbookError.unreadableXLS(.noWorkbookStream)) { try Workbook(bytes: renamed) }
    }
}
