/// Where bytes stop being UTF-8, found without making a string of them: ASCII (most
/// of a form, whatever its languages) is stepped over eight bytes at a time, and each
/// other sequence is checked against Unicode's table of well-formed UTF-8 (no overlong
/// forms, no surrogates, nothing above U+10FFFF).
///
/// ```swift
/// UTF8Validation.firstInvalidOffset(Array("naïve".utf8))   // nil
/// UTF8Validation.firstInvalidOffset([0x61, 0xC0, 0xAF])    // 1 (an overlong "/")
/// ```
public enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed sequence, or
    /// `nil` when all of `bytes` is UTF-8.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var offset = 0
        while offset < count {
            while offset + 8 <= count,
                bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                offset += 8
            }
            guard offset < count else { break }
            let first = bytes[offset]
            if first < 0x80 {
                offset += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: offset) else { return offset }
            offset += length
        }
        return nil
    }

    /// `firstInvalidOffset` of an array's bytes.
    public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidOffset($0) }
    }

    /// The length of the well-formed sequence whose first byte (not ASCII) is at
    /// `offset`, or `nil` (Unicode 15, table 3-7).
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        let first = bytes[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for position in 2..<length where bytes[offset + position] & 0xC0 != 0x80 { return nil }
        return length
    }
}
