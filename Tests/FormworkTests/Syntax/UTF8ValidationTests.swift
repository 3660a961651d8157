import Testing

@testable import Formwork

/// `UTF8Validation` judged by the standard library: each sequence it passes or stops
/// at is one `String(validating:)` accepts or refuses.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// The standard library's verdict, sequence by sequence (the length from the
    /// first byte): where the first refused sequence starts.
    static func reference(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length =
                byte < 0x80 ? 1 : byte & 0xE0 == 0xC0 ? 2 : byte & 0xF0 == 0xE0 ? 3 : byte & 0xF8 == 0xF0 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
            else { return index }
            index += length
        }
        return nil
    }

    @Test(
        arguments: [
            ("plain ASCII, longer than a word of eight bytes", nil),
            ("naïve café — 日本語 🙂 at the end", nil),
            ("", nil),
        ] as [(String, Int?)])
    func validText(_ text: String, _ expected: Int?) {
        #expect(UTF8Validation.firstInvalidOffset(Array(text.utf8)) == expected)
    }

    @Test(
        arguments: [
            ([0x61, 0xC0, 0xAF], 1),  // an overlong "/"
            ([0xE0, 0x80, 0xAF], 0),  // overlong in three bytes
            ([0xED, 0xA0, 0x80], 0),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),
            ([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0xE2, 0x82], 9),  // cut short after a word
            ([0x80], 0),  // a continuation byte alone
            ([0xC3, 0xA9, 0xC3], 2),
            ([0xEF, 0xBF, 0xBF], nil),  // U+FFFF is UTF-8 (XML refuses it elsewhere)
        ] as [([UInt8], Int?)])
    func invalidBytes(_ bytes: [UInt8], _ expected: Int?) {
        #expect(UTF8Validation.firstInvalidOffset(bytes) == expected)
        #expect(Self.reference(bytes) == expected)
    }

    /// Random mixtures of ASCII runs, encoded scalars of every length and stray bytes
    /// get the standard library's verdict.
    @Test func agreesWithTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let scalars: [Unicode.Scalar] = ["a", "é", "€", "日", "🙂", "\u{10FFFF}", "\u{7F}", "\u{800}"]
        var invalid = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(12) {
                switch next(4) {
                case 0: bytes += Array(repeating: UInt8(ascii: "x"), count: next(20))
                case 1, 2: bytes += Array(String(scalars[next(scalars.count)]).utf8)
                default: if next(3) == 0 { bytes.append(UInt8(truncatingIfNeeded: next(256))) }
                }
            }
            let expected = Self.reference(bytes)
            if expected != nil { invalid += 1 }
            #expect(UTF8Validation.firstInvalidOffset(bytes) == expected, "\(bytes)")
        }
        #expect(invalid > 300, "the mixture should hold invalid bytes often")
    }
}
