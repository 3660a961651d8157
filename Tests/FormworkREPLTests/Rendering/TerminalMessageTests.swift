import Formwork
import Testing

@testable import FormworkREPL

@Suite("Terminal messages")
struct TerminalMessageTests {
    static let options = "error: 'x' is not an option (choose 'a', 'b') (rule: options)"

    @Test func scriptsGetOneLineWhateverItsLength() {
        #expect(TerminalMessage.lines(Self.options, width: nil) == [Self.options])
        let long = String(repeating: "word ", count: 100)
        #expect(TerminalMessage.lines(long, width: nil, hangingIndent: 7) == [long])
    }

    /// Each line is filled up to the width: "(choose 'a'," takes the 40th column.
    @Test func aTerminalGetsLinesWrappedAtWordsHangingUnderTheText() {
        #expect(
            TerminalMessage.lines(Self.options, width: 40, hangingIndent: 7) == [
                "error: 'x' is not an option (choose 'a',",
                "       'b') (rule: options)",
            ])
        #expect(
            TerminalMessage.lines(Self.options, width: 30) == [
                "error: 'x' is not an option",
                "(choose 'a', 'b') (rule:",
                "options)",
            ])
    }

    @Test func leadingSpacesIndentEveryLine() {
        let lines = TerminalMessage.lines("  $comment = a value that is long enough to wrap twice over", width: 40)
        #expect(lines == ["  $comment = a value that is long enough", "  to wrap twice over"])
        // A hanging indent counts from the margin, and never less than it.
        #expect(
            TerminalMessage.lines("  a b c d e f g h i j k l m n o p q r s t", width: 24, hangingIndent: 4) == [
                "  a b c d e f g h i j k", "    l m n o p q r s t",
            ])
        #expect(
            TerminalMessage.lines("  a b c d e f g h i j k l m n o p q r s t", width: 24, hangingIndent: 0) == [
                "  a b c d e f g h i j k", "  l m n o p q r s t",
            ])
    }

    @Test func aNarrowWidthStillGivesTwentyColumns() {
        #expect(
            TerminalMessage.lines("one two three four five six", width: 5) == ["one two three four", "five six"])
    }
}
