import Testing

@testable import Formwork

@Suite("Terminal text: escaping, excerpts, display width")
struct TerminalTextTests {
    @Test func c0ControlsAndDeleteAreEscaped() {
        #expect(TerminalText.escaped("\u{1B}[31mred\u{1B}[0m") == "\\e[31mred\\e[0m")
        #expect(TerminalText.escaped("a\nb\rc\td") == "a\\nb\\rc\\td")
        #expect(TerminalText.escaped("\u{00}\u{07}\u{08}\u{1F}") == "\\x00\\x07\\x08\\x1F")
        #expect(TerminalText.escaped("rub\u{7F}out") == "rub\\x7Fout")
    }

    /// C1 controls include CSI (U+009B), which starts an escape sequence on its own.
    @Test func c1ControlsAreEscaped() {
        #expect(TerminalText.escaped("\u{9B}2J") == "\\u{9B}2J")
        #expect(TerminalText.escaped("\u{80}\u{85}\u{9F}") == "\\u{80}\\u{85}\\u{9F}")
        #expect(TerminalText.escaped("\u{A0}") == "\u{A0}")  // no-break space is text
    }

    /// Line and paragraph separators, and the bidirectional overrides and isolates
    /// that can make text read differently from what it is ("Trojan Source").
    @Test func separatorsAndBidiOverridesAreEscaped() {
        #expect(TerminalText.escaped("a\u{2028}b\u{2029}c") == "a\\u{2028}b\\u{2029}c")
        let overrides = ["202A", "202B", "202C", "202D", "202E", "2066", "2067", "2068", "2069"]
        for code in overrides {
            let scalar = Unicode.Scalar(UInt32(code, radix: 16)!)!
            #expect(TerminalText.escaped("x\(Character(scalar))y") == "x\\u{\(code)}y")
        }
    }

    @Test func ordinaryTextIsLeftAlone() {
        let text = "Ada Lovelace, née Byron — 名前 😀 e\u{301} 'quoted' \"double\" back\\slash"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped("") == "")
    }

    @Test func excerptsCutLongTextWithAnEllipsis() {
        #expect(TerminalText.excerpt(String(repeating: "a", count: 500), limit: 5) == "aaaa…")
        #expect(TerminalText.excerpt("abcde", limit: 5) == "abcde")
        #expect(TerminalText.excerpt(String(repeating: "b", count: 61)) == String(repeating: "b", count: 59) + "…")
        #expect(TerminalText.excerpt(String(repeating: "b", count: 60)) == String(repeating: "b", count: 60))
        // Characters, not bytes or scalars: a flag is one.
        #expect(TerminalText.excerpt("🇫🇷🇫🇷🇫🇷", limit: 2) == "🇫🇷…")
    }

    @Test(
        arguments: [
            ("abc", 3), ("", 0),
            ("名前", 4), ("한국", 4), ("ｱｲ", 2), ("ＡＢ", 4),
            ("e\u{301}", 1), ("\u{200B}", 0), ("\u{AD}", 0), ("\u{07}", 0),
            ("😀", 2), ("👍🏽", 2), ("❤️", 2), ("🇫🇷", 2), ("👩‍💻", 2),
        ])
    func displayWidthCountsTerminalColumns(text: String, columns: Int) {
        #expect(TerminalText.displayWidth(text) == columns)
    }
}
