/// A regular expression matched in linear time (a Pike VM: every position is
/// visited once with a bounded set of threads), so no pattern from an untrusted
/// definition can make matching hang: `(a+)+$` against a long non-matching text
/// takes microseconds.
///
/// Syntax: literals and `\`-escapes, `.`, classes `[a-z]`/`[^…]`, `\d \D \w \W \s \S`,
/// anchors `^ $`, word boundaries `\b \B`, groups `( )` and `(?: )`, alternation `|`,
/// quantifiers `* + ? {n} {n,} {n,m}` (lazy forms accepted), and a leading `(?i)` for
/// case-insensitive matching. Backreferences and lookaround are rejected at load
/// time: they cannot be matched in linear time.
///
/// ```swift
/// try Pattern("[A-Z]{3}-\\d+").matches("ABC-42")   // true: the whole text must match
/// ```
public struct Pattern: Sendable, Hashable {
    /// The pattern as written.
    public let source: String
    let program: PatternProgram

    /// Compiles `source`.
    ///
    /// - Throws: `PatternError` naming what is wrong and where.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        var parser = PatternParser(source)
        let node = try parser.parse()
        program = try PatternProgram(node, caseInsensitive: parser.caseInsensitive)
    }

    /// Whether the whole `text` matches.
    public func matches(_ text: String) -> Bool {
        program.matches(Array(text.unicodeScalars))
    }

    /// Whether both are written the same: patterns are compared by their source.
    public static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.source == rhs.source }
    /// Hashes the source, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Why a pattern does not compile.
public struct PatternError: Error, Hashable, Sendable {
    /// What is wrong, e.g. "missing ')'".
    public var reason: String
    /// The offset (in Unicode scalars) in the pattern.
    public var offset: Int
}
