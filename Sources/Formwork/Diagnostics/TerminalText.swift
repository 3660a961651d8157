/// Text made safe and measurable for a terminal.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1, and so escape sequences)
    /// shown visibly escaped (`\e`, `\n`, `\t`, `\x07`, `\u{9B}`), so that text from a
    /// definition or a user can never drive the terminal.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: result += "\\e"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F: result += "\\x" + hex(scalar.value, width: 2)
            case 0x80..<0xA0: result += "\\u{" + hex(scalar.value, width: 2) + "}"
            case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: result += "\\u{" + hex(scalar.value, width: 4) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Text quoted in a message, cut to `limit` characters with "…" at the end, so a
    /// 100,000-character value or pattern does not fill the screen.
    ///
    ///     TerminalText.excerpt(String(repeating: "a", count: 500), limit: 5)   // "aaaa…"
    public static func excerpt(_ text: String, limit: Int = 60) -> String {
        guard limit > 0, text.count > limit else { return text }
        return text.prefix(limit - 1) + "…"
    }

    /// The number of terminal columns `text` takes: wide (East Asian, emoji) characters
    /// count 2, combining marks and zero-width characters 0.
    public static func displayWidth(_ text: some StringProtocol) -> Int {
        var width = 0
        for character in text {
            width += displayWidth(of: character)
        }
        return width
    }

    /// The columns one character takes.
    public static func displayWidth(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiModifier })
        {
            return 2
        }
        return width(of: first)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
