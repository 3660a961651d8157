#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into JSON-RPC request lines, never holding more than
/// `maximumLength` bytes of one: a longer line is skipped to its end and reported
/// as `.tooLong` (with its length), so a 200 MB line costs no memory and the next
/// line is read as usual.
///
/// ```swift
/// var reader = RequestLineReader(maximumLength: limits.maximumRequestLength) { buffer in
///     read(STDIN_FILENO, buffer.baseAddress, buffer.count)
/// }
/// while let line = reader.next() {
///     switch line {
///     case .text(let text): write(server.handle(text))
///     case .tooLong(let bytes): write([server.oversizedRequest(bytes: bytes)])
///     }
/// }
/// ```
public struct RequestLineReader {
    /// One line of input.
    public enum Line: Equatable, Sendable {
        /// A line within the limit, without its line break (invalid UTF-8 repaired).
        case text(String)
        /// A line longer than the limit: it was read to its end and dropped.
        case tooLong(bytes: Int)
    }

    /// The longest line kept, in bytes (line break excluded).
    public let maximumLength: Int
    /// Fills the buffer; returns the number of bytes read, 0 at the end of input,
    /// or a negative number on error (the input then ends).
    private let read: (UnsafeMutableRawBufferPointer) -> Int
    private var pending: [UInt8] = []
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false

    /// A reader of lines of at most `maximumLength` bytes, refilling a buffer of
    /// `chunkSize` bytes from `read` (bytes read; 0 at the end, negative on error).
    public init(maximumLength: Int, chunkSize: Int = 64 * 1024, read: @escaping (UnsafeMutableRawBufferPointer) -> Int)
    {
        self.maximumLength = maximumLength
        self.read = read
        chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// How many bytes of a line the reader holds room for now (for tests: never much
    /// more than `maximumLength`).
    var heldCapacity: Int { pending.capacity }

    /// The next line, or `nil` at the end of input.
    public mutating func next() -> Line? {
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
        var length = 0
        while true {
            if chunkStart == chunkEnd {
                guard !atEnd, refill() else {
                    atEnd = true
                    guard length > 0 else { return nil }  // a last line without a line break
                    return finish(length)
                }
            }
            let newline = newlineIndex()
            let end = newline ?? chunkEnd
            let piece = chunk[chunkStart..<end]
            if length + piece.count <= maximumLength { pending.append(contentsOf: piece) }
            length += piece.count
            if length > maximumLength { pending.removeAll() }
            chunkStart = newline.map { $0 + 1 } ?? chunkEnd
            if newline != nil { return finish(length) }
        }
    }

    private func finish(_ length: Int) -> Line {
        guard length <= maximumLength else { return .tooLong(bytes: length) }
        var bytes = pending[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The next line break in the chunk (memchr: a 200 MB line is skimmed, not walked).
    private func newlineIndex() -> Int? {
        chunk.withUnsafeBytes { buffer -> Int? in
            guard let found = memchr(buffer.baseAddress! + chunkStart, Int32(UInt8(ascii: "\n")), chunkEnd - chunkStart)
            else { return nil }
            return buffer.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    private mutating func refill() -> Bool {
        let count = chunk.withUnsafeMutableBytes { read($0) }
        guard count > 0 else { return false }
        chunkStart = 0
        chunkEnd = count
        return true
    }
}
