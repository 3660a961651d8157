import Formwork
import Foundation

/// Laying text out in terminal columns: the one wrapping function (the table,
/// `help` and every message use it), clipping, and making untrusted text safe.
/// Widths are display widths (`TerminalText.displayWidth`): wide characters take
/// two columns, combining marks none.
public enum TextLayout {
    /// Splits text into lines of at most `width` columns, at spaces where possible
    /// (a word longer than a line is cut by columns); every line after the first
    /// starts with `hangingIndent` spaces (and so holds that much less).
    ///
    /// ```swift
    /// TextLayout.wrap("one two three", width: 8, hangingIndent: 2)   // ["one two", "  three"]
    /// ```
    public static func wrap(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
        var lines: [String] = []
        let indent = String(repeating: " ", count: max(0, min(hangingIndent, width / 2)))
        var limit: Int { lines.isEmpty ? width : width - indent.count }
        func newLine(_ line: inout String, _ lineWidth: inout Int) {
            lines.append(line)
            line = indent
            lineWidth = 0
        }
        // "\r\n" is one Character in Swift: split on scalars, or Windows line breaks
        // would never break a line.
        let paragraphs = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0)).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        for paragraph in paragraphs {
            var line = lines.isEmpty ? "" : indent
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = TerminalText.displayWidth(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > limit { newLine(&line, &lineWidth) }
                if wordWidth > limit {  // a word longer than the line: cut it by columns
                    for character in word {
                        let characterWidth = TerminalText.displayWidth(of: character)
                        if lineWidth + characterWidth > limit { newLine(&line, &lineWidth) }
                        line.append(character)
                        lineWidth += characterWidth
                    }
                    continue
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// The first `count` of `lines`, the last of them ending in `…` (within `width`
    /// columns) when some were cut.
    public static func clip(_ lines: [String], to count: Int, width: Int) -> [String] {
        guard lines.count > count, count > 0 else { return lines }
        var kept = Array(lines.prefix(count))
        var last = kept[count - 1]
        while !last.isEmpty, TerminalText.displayWidth(last) + 1 > width { last.removeLast() }
        kept[count - 1] = last + "…"
        return kept
    }

    /// Text from a definition or a person, safe for a terminal: line breaks are kept
    /// as lines, every other control character is shown escaped.
    public static func safe(_ text: String) -> String {
        text.trimmingCharacters(in: .newlines).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map {
                TerminalText.escaped(
                    String(String.UnicodeScalarView($0)).trimmingCharacters(in: CharacterSet(charactersIn: "\r")))
            }
            .joined(separator: "\n")
    }
}
