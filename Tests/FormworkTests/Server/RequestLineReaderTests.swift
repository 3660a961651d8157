import Foundation
import Testing

@testable import Formwork

@Suite("JSON-RPC request lines")
struct RequestLineReaderTests {
    /// A reader over `input`, handing out at most `chunk` bytes per read.
    static func reader(_ input: [UInt8], limit: Int, chunk: Int) -> RequestLineReader {
        var offset = 0
        return RequestLineReader(maximumLength: limit, chunkSize: chunk) { buffer in
            let count = min(buffer.count, input.count - offset)
            buffer.copyMemory(
                from: UnsafeRawBufferPointer(rebasing: input.withUnsafeBytes { $0 }[offset..<offset + count]))
            offset += count
            return count
        }
    }

    static func lines(_ text: String, limit: Int, chunk: Int) -> [RequestLineReader.Line] {
        var reader = reader(Array(text.utf8), limit: limit, chunk: chunk)
        var lines: [RequestLineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        return lines
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func linesSplitTheSameWhateverTheChunks(chunk: Int) {
        #expect(
            Self.lines("one\ntwo\r\n\nlast", limit: 10, chunk: chunk) == [
                .text("one"), .text("two"), .text(""), .text("last"),
            ])
    }

    @Test(arguments: [1, 4, 1024])
    func aLineOverTheLimitIsSkippedToItsEndAndReadingGoesOn(chunk: Int) {
        let text = "short\n" + String(repeating: "x", count: 100) + "\n" + "0123456789\n" + "01234567890\nend\n"
        #expect(
            Self.lines(text, limit: 10, chunk: chunk) == [
                .text("short"), .tooLong(bytes: 100), .text("0123456789"),
                .tooLong(bytes: 11), .text("end"),
            ])
    }

    @Test func nothingBeyondTheLimitIsHeld() {
        // Ten megabytes in one line, through a reader that may hold 1 KiB of it.
        var input = [UInt8](repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024)
        input.append(UInt8(ascii: "\n"))
        input += Array("next\n".utf8)
        var reader = Self.reader(input, limit: 1024, chunk: 4096)
        #expect(reader.next() == .tooLong(bytes: 10 * 1024 * 1024))
        #expect(reader.heldCapacity <= 1024 * 2)
        #expect(reader.next() == .text("next"))
        #expect(reader.next() == nil)
    }

    @Test func invalidUTF8IsRepairedAsReadLineDoes() {
        var reader = Self.reader([0x61, 0xFF, 0x62, 0x0A], limit: 10, chunk: 8)
        #expect(reader.next() == .text("a\u{FFFD}b"))
    }
}
