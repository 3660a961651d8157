import Formwork
import FormworkTesting
import Testing

@testable import FormworkREPL

@Suite("Text layout: wrap, clip, safe")
struct TextLayoutTests {
    // MARK: wrap

    @Test func wrapsAtSpacesFillingEachLine() {
        #expect(TextLayout.wrap("one two three", width: 8, hangingIndent: 2) == ["one two", "  three"])
        #expect(TextLayout.wrap("abc def", width: 7) == ["abc def"])  // exactly the width fits
        #expect(TextLayout.wrap("abc def", width: 6) == ["abc", "def"])
        #expect(TextLayout.wrap("", width: 10) == [""])
    }

    @Test func continuationLinesHangUnderTheIndentAndHoldThatMuchLess() {
        #expect(TextLayout.wrap("aaa bbb ccc ddd", width: 8, hangingIndent: 4) == ["aaa bbb", "    ccc", "    ddd"])
        // The indent takes at most half the line.
        #expect(TextLayout.wrap("aa bb cc dd", width: 6, hangingIndent: 10) == ["aa bb", "   cc", "   dd"])
    }

    @Test func lineBreaksStartNewLinesWhichHangToo() {
        #expect(TextLayout.wrap("one\ntwo", width: 20) == ["one", "two"])
        #expect(TextLayout.wrap("one\n\ntwo", width: 20) == ["one", "", "two"])
        #expect(TextLayout.wrap("one\ntwo", width: 20, hangingIndent: 2) == ["one", "  two"])
    }

    @Test func aWordLongerThanTheLineIsCutByColumns() {
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("xy abcdefghij z", width: 4) == ["xy", "abcd", "efgh", "ij z"])
        #expect(TextLayout.wrap("abcdefghij", width: 6, hangingIndent: 2) == ["abcdef", "  ghij"])
    }

    @Test func wideCharactersTakeTwoColumns() {
        // Four CJK characters are eight columns: they fill a line of 8 exactly.
        #expect(TextLayout.wrap("漢字漢字 かな", width: 8) == ["漢字漢字", "かな"])
        // In 7 columns the word is cut after three characters (six columns), not four.
        #expect(TextLayout.wrap("漢字漢字 かな", width: 7) == ["漢字漢", "字 かな"])
        // Combining marks take none: "é" spelt e + U+0301 is one column.
        #expect(TextLayout.wrap("cafe\u{301} cafe\u{301}", width: 9) == ["cafe\u{301} cafe\u{301}"])
    }

    /// Random texts of ASCII and wide words: no line is wider than the width, every
    /// continuation line starts with the indent, and the words come back in order.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func noLineIsWiderThanTheWidthAndNothingIsLost(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [Character] = ["a", "b", "z", "漢", "字", "é", "😀"]
        for _ in 0..<200 {
            let words = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                String(
                    (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
            }
            let text = words.joined(separator: " ")
            let width = Int.random(in: 4...30, using: &generator)
            let indent = Int.random(in: 0...4, using: &generator)
            let lines = TextLayout.wrap(text, width: width, hangingIndent: indent)
            let margin = String(repeating: " ", count: min(indent, width / 2))
            for (index, line) in lines.enumerated() {
                #expect(TerminalText.displayWidth(line) <= width, "\(lines) width \(width)")
                if index > 0 { #expect(line.hasPrefix(margin)) }
            }
            #expect(
                lines.joined().filter { $0 != " " } == text.filter { $0 != " " },
                "\(text.debugDescription) width \(width) indent \(indent)")
        }
    }

    // MARK: clip

    @Test func clipKeepsTheFirstLinesAndMarksTheCut() {
        #expect(TextLayout.clip(["a", "b", "c", "d"], to: 3, width: 10) == ["a", "b", "c…"])
        #expect(TextLayout.clip(["a", "b", "c"], to: 3, width: 10) == ["a", "b", "c"])  // nothing cut, no mark
        #expect(TextLayout.clip(["a"], to: 3, width: 10) == ["a"])
    }

    @Test func theMarkFitsInTheWidth() {
        #expect(TextLayout.clip(["aaaa", "bbbb", "cccc", "dddd"], to: 3, width: 4) == ["aaaa", "bbbb", "ccc…"])
        // A wide character gives way whole: "漢字" (4 columns) and "…" would be 5.
        #expect(TextLayout.clip(["x", "漢字", "y"], to: 2, width: 4) == ["x", "漢…"])
    }

    // MARK: safe

    @Test func safeEscapesControlCharactersButKeepsLines() {
        #expect(TextLayout.safe("a\u{1B}[31mred") == "a\\e[31mred")
        #expect(TextLayout.safe("tab\there\u{07}") == "tab\\there\\x07")
        #expect(TextLayout.safe("\u{202E}txt.exe") == "\\u{202E}txt.exe")
        #expect(TextLayout.safe("one\ntwo") == "one\ntwo")
        #expect(TextLayout.safe("one\n\ntwo") == "one\n\ntwo")
    }

    @Test func safeDropsOuterLineBreaksAndEscapesInnerCarriageReturns() {
        #expect(TextLayout.safe("\n\nbody\n\n") == "body")
        #expect(TextLayout.safe("\r\nbody\r\n") == "body")
        // A carriage return inside a line could move the cursor: it is shown escaped.
        #expect(TextLayout.safe("over\rwrite") == "over\\rwrite")
    }

    /// "\r\n" is one Character in Swift, so splitting on "\n" never broke Windows lines:
    /// they were shown as the text `\r\n`.
    @Test func windowsLineBreaksBreakLines() {
        #expect(TextLayout.safe("one\r\ntwo") == "one\ntwo")
        #expect(TextLayout.wrap("one\r\ntwo", width: 20) == ["one", "two"])
    }
}
