/// The pieces of XML that `XMLReader` reads byte by byte: attribute values, references,
/// names, spaces and newlines (counting lines and columns), and the patterns it looks for.
extension XMLReader {
    /// A quoted attribute value, its references decoded and each tab or newline
    /// written in it read as a space (as XML normalizes a value).
    mutating func attributeValue() throws(GiveUp) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw GiveUp()
        }
        let quote = bytes[index]
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != quote {
            // Most bytes are plain: stepped over in a run, without a call each.
            index = bytes.withUnsafeBufferPointer { buffer in
                var offset = index
                while offset < buffer.count {
                    let byte = buffer[offset]
                    guard byte >= 0x20, byte != 0xEF, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"),
                        byte != quote
                    else { break }
                    offset += 1
                }
                return offset
            }
            guard index < bytes.count, bytes[index] != quote else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"): throw GiveUp()
            case UInt8(ascii: "&"), UInt8(ascii: "\t"), 0x0A:
                plain = false
                index += 1
            default:
                try check(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else { throw GiveUp() }
        let end = index
        index += 1
        if plain { return String(decoding: bytes[start..<end], as: UTF8.self) }
        // Again, decoding and counting lines.
        index = start
        var value: [UInt8] = []
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "&"): try reference(into: &value)
            case 0x0A:
                value.append(UInt8(ascii: " "))
                newline()
            case UInt8(ascii: "\t"):
                value.append(UInt8(ascii: " "))
                index += 1
            default:
                value.append(bytes[index])
                index += 1
            }
        }
        index = end + 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`, `&#233;` or `&#xE9;`, decoded.
    mutating func reference(into output: inout [UInt8]) throws(GiveUp) {
        guard let end = bytes[index..<min(bytes.count, index + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw GiveUp()
        }
        let name = bytes[(index + 1)..<end]
        let scalar: Unicode.Scalar?
        switch String(decoding: name, as: UTF8.self) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        case let written
        where written.hasPrefix("#x") && written.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit }):
            scalar = UInt32(written.dropFirst(2), radix: 16).flatMap(Self.character)
        case let written where written.hasPrefix("#") && written.dropFirst().allSatisfy({ $0 >= "0" && $0 <= "9" }):
            scalar = UInt32(written.dropFirst(), radix: 10).flatMap(Self.character)
        default: scalar = nil
        }
        guard let scalar else { throw GiveUp() }
        output.append(contentsOf: String(Character(scalar)).utf8)
        index = end + 1
    }

    /// A scalar XML allows as a character (`Char`), written as a reference.
    static func character(_ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return Unicode.Scalar(value)
        default: return nil
        }
    }

    /// A name of ASCII letters, digits, `_`, `:`, `-` and `.`, not starting with a
    /// digit, `-` or `.`.
    mutating func name() throws(GiveUp) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let first = letter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            let other =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard first || (other && index > start) else { break }
            index += 1
        }
        // A name going on with a byte that is not ASCII is left to XMLParser.
        guard index > start, index < bytes.count, bytes[index] < 0x80 else { throw GiveUp() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Bytes

    /// Skips spaces, tabs and newlines; whether there were any.
    mutating func spaces() -> Bool {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case 0x0A: newline()
            default: return index > start
            }
        }
        return index > start
    }

    /// Steps over bytes that need nothing done in text (not markup, a reference, a
    /// newline, a control character or the start of U+FFFE/U+FFFF): eight at a time
    /// while a word of them holds none (tested as one integer), then one by one.
    mutating func skipPlainText() {
        index = bytes.withUnsafeBufferPointer { buffer in
            var offset = index
            if let base = UnsafeRawPointer(buffer.baseAddress) {
                while offset + 8 <= buffer.count,
                    !Self.holdsStop(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                {
                    offset += 8
                }
            }
            while offset < buffer.count, Self.isPlainText(buffer[offset]) { offset += 1 }
            return offset
        }
    }

    /// Whether a word of eight bytes holds one that plain text stops at: a byte below
    /// 0x20, or `<`, `&`, `]` or 0xEF (the classic tests for a byte below *n* and for
    /// a zero byte, the latter after an exclusive or with the byte looked for).
    @inline(__always)
    static func holdsStop(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func holdsZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below = (word &- ones &* 0x20) & ~word & highs != 0
        return below || holdsZero(word ^ (ones &* UInt64(UInt8(ascii: "<"))))
            || holdsZero(word ^ (ones &* UInt64(UInt8(ascii: "&"))))
            || holdsZero(word ^ (ones &* UInt64(UInt8(ascii: "]"))))
            || holdsZero(word ^ (ones &* 0xEF))
    }

    @inline(__always)
    static func isPlainText(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0xEF && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
            && byte != UInt8(ascii: "]")
    }

    /// Steps over the newline at the index.
    mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        counted = (index, 1)
    }

    /// Moves to `end` over text that is not markup (a comment's, a CDATA section's),
    /// counting its lines and checking its bytes.
    mutating func skip(to end: Int) throws(GiveUp) {
        while index < end {
            if bytes[index] == 0x0A {
                newline()
            } else {
                try check(bytes[index])
                index += 1
            }
        }
    }

    /// Gives up on a byte XML does not allow in text: a control character (`\r`
    /// included: line ends are not normalized here), or the start of U+FFFE or U+FFFF.
    func check(_ byte: UInt8) throws(GiveUp) {
        if byte < 0x20, byte != UInt8(ascii: "\t") { throw GiveUp() }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
            throw GiveUp()
        }
    }

    /// The column (in characters, from 1) of `offset` on the current line, counted
    /// on from the last place counted.
    mutating func column(at offset: Int) -> Int {
        var (position, column) = counted.offset >= lineStart && counted.offset <= offset ? counted : (lineStart, 1)
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        counted = (offset, column)
        return column
    }

    func peek(_ byte: UInt8, at offset: Int? = nil) -> Bool {
        let offset = offset ?? index
        return offset < bytes.count && bytes[offset] == byte
    }

    func peek(_ pattern: StaticString) -> Bool {
        matches(pattern, at: index)
    }

    func matches(_ pattern: StaticString, at offset: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = pattern.utf8Start
        for position in 0..<count where bytes[offset + position] != start[position] { return false }
        return true
    }

    /// Where `pattern` next starts, at `start` or after.
    func find(_ pattern: StaticString, from start: Int) -> Int? {
        let first = pattern.utf8Start[0]
        var offset = start
        while offset + pattern.utf8CodeUnitCount <= bytes.count {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
