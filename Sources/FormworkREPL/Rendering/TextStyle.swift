/// How rendered text is styled: plain, or with ANSI colours on a terminal.
public struct TextStyle: Sendable {
    /// Styles the form's title.
    public var title: @Sendable (String) -> String
    /// Styles section headers and entries' titles.
    public var header: @Sendable (String) -> String
    /// Styles a row's value.
    public var value: @Sendable (String) -> String
    /// Styles a row's error (`! is required`).
    public var error: @Sendable (String) -> String
    /// Styles what is said in passing: the description, footers, notes, rows that vanished.
    public var dim: @Sendable (String) -> String

    /// A style of the five functions given, each wrapping a text in its own escapes.
    public init(
        title: @escaping @Sendable (String) -> String, header: @escaping @Sendable (String) -> String,
        value: @escaping @Sendable (String) -> String, error: @escaping @Sendable (String) -> String,
        dim: @escaping @Sendable (String) -> String
    ) {
        self.title = title
        self.header = header
        self.value = value
        self.error = error
        self.dim = dim
    }

    /// No styling: for pipes, files and `NO_COLOR`.
    public static let plain = TextStyle(title: { $0 }, header: { $0 }, value: { $0 }, error: { $0 }, dim: { $0 })

    /// ANSI colours: bold title, underlined headers, cyan values, red errors, dim notes.
    public static let ansi = TextStyle(
        title: { "\u{1B}[1m\($0)\u{1B}[0m" }, header: { "\u{1B}[1;4m\($0)\u{1B}[0m" },
        value: { "\u{1B}[36m\($0)\u{1B}[0m" }, error: { "\u{1B}[31m\($0)\u{1B}[0m" }, dim: { "\u{1B}[2m\($0)\u{1B}[0m" }
    )
}

extension TextStyle {
    /// `text` without the styles `ansi` adds (`ESC[…m`): for a pager that would show
    /// them as characters. Text from definitions and values never holds an escape
    /// (`TerminalText.escaped`), so every one is a style.
    public static func removingStyles(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // ESC [ parameters… final byte (a letter): skip the whole sequence.
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !(("@"..."~") ~= next) {}
        }
        return result
    }
}
