/// Bounds that keep untrusted definitions and values files from exhausting memory,
/// the stack or time. Each is reported as a clear diagnostic when exceeded.
public struct Limits: Sendable, Hashable {
    /// Largest file read, in bytes.
    public var maximumFileSize = 32 * 1024 * 1024
    /// Deepest nesting of mappings and lists.
    public var maximumNesting = 64
    /// Most nodes a document may expand to (YAML aliases are expanded).
    public var maximumNodes = 4_000_000
    /// Longest string (labels, help texts, values), in characters.
    public var maximumStringLength = 100_000
    /// Most fields in a form.
    public var maximumFields = 200_000
    /// Longest expression, in characters.
    public var maximumExpressionLength = 10_000
    /// Deepest nesting inside one expression (parentheses, operators, calls).
    public var maximumExpressionDepth = 100
    /// Most entries of one repeat (its `max`, its `count`).
    public var maximumEntries = 10_000
    /// Deepest nesting of repeats (a repeat in an entry of a repeat in …).
    public var maximumRepeatDepth = 8
    /// Most fields a filled form may hold, every entry's fields counted.
    public var maximumFieldInstances = 200_000
    /// Longest JSON-RPC request line (`formwork serve`), in bytes; a longer line is
    /// skipped without being held in memory and answered with an error.
    public var maximumRequestLength = 8 * 1024 * 1024

    /// The default limits; change a property to raise or lower one.
    public init() {}

    /// The limits used unless a caller chooses others.
    public static let `default` = Limits()
}
