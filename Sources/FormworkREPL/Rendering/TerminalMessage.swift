import Formwork

/// Messages for a person at a terminal — errors, warnings, notices — laid out the
/// one way: wrapped at word boundaries to the terminal's width (with
/// `TextLayout.wrap`, as the table and `help` are), continuation lines
/// indented under the message's text.
///
/// ```swift
/// TerminalMessage.lines("error: 'x' is not an option (choose 'a', 'b') (rule: options)", width: 40, hangingIndent: 7)
/// // ["error: 'x' is not an option (choose 'a',", "       'b') (rule: options)"]
/// ```
public enum TerminalMessage {
    /// The lines of `text` for a terminal `width` columns wide; one line when
    /// `width` is `nil` (script mode: scripts read messages line by line).
    ///
    /// - Parameters:
    ///   - text: The message, its leading spaces kept on every line.
    ///   - width: The terminal's width in columns; `nil` for one line.
    ///   - hangingIndent: Where continuation lines start; by default under the text's
    ///     own leading spaces.
    /// - Returns: The message's lines, without line breaks.
    public static func lines(_ text: String, width: Int?, hangingIndent: Int? = nil) -> [String] {
        guard let width else { return [text] }
        let leading = text.prefix { $0 == " " }.count
        let margin = String(repeating: " ", count: leading)
        return TextLayout.wrap(
            String(text.dropFirst(leading)), width: max(20, width - leading),
            hangingIndent: max(0, (hangingIndent ?? leading) - leading)
        ).map { margin + $0 }
    }
}
