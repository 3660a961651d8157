/// A position in a source text: 1-based line and column (columns count Unicode
/// scalars, as Yams' marks do).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// The location at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location `offset` scalars further on the same line.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: column + offset)
    }

    /// Whether `lhs` comes before `rhs`: an earlier line, or an earlier column on the same line.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as diagnostics print it (`12:5`).
    public var description: String { "\(line):\(column)" }
}
