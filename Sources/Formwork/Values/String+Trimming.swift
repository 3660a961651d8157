/// Trimming without Foundation: `text.trimmed(.whitespacesAndNewlines)` is
/// `text.trimmingCharacters(in: .whitespacesAndNewlines)`, scalar for scalar, without
/// the round trip through `NSString` and UTF-16 (which took a fifth of opening a
/// large XForm). A text whose first and last characters are ASCII and kept is
/// returned as it is, without a search. Shared by the package's modules (`number()`
/// of text in expressions, the ODK readers).
///
/// ```swift
/// "  Oui\n".trimmed(.whitespacesAndNewlines)   // "Oui"
/// "\u{A0}a b\t".trimmed(.whitespaces)          // "a b"
/// ```
extension StringProtocol {
    /// The text without the scalars of `set` at either end.
    ///
    /// - Complexity: O(1) when both ends are ASCII and kept; else O(*m*), *m* the
    ///   length of the result.
    @inlinable
    package func trimmed(_ set: TrimmedScalars) -> String { trimmed(while: set.contains) }

    /// The text without the scalars at either end for which `isTrimmed` holds
    /// (`trimmed { $0 == "'" || $0 == " " }` for a set Foundation would build with
    /// `CharacterSet(charactersIn:)`).
    @inlinable
    package func trimmed(while isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let text = Substring(self)
        guard let first = text.utf8.first, let last = text.utf8.last else { return "" }
        if first < 0x80, last < 0x80, !isTrimmed(Unicode.Scalar(first)), !isTrimmed(Unicode.Scalar(last)) {
            return String(text)
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { scalars.formIndex(after: &start) }
        while start < end {
            let before = scalars.index(before: end)
            guard isTrimmed(scalars[before]) else { break }
            end = before
        }
        return String(Substring(scalars[start..<end]))
    }
}

extension String {
    /// `StringProtocol.trimmed(_:)` for a `String`, whose last byte is read at once: a
    /// text kept as it is (both ends ASCII and not in `set`) is returned without a
    /// substring made of it; the rest are trimmed as any text is.
    @inlinable
    package func trimmed(_ set: TrimmedScalars) -> String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first < 0x80, last < 0x80, !set.contains(Unicode.Scalar(first)), !set.contains(Unicode.Scalar(last)) {
            return self
        }
        return self[...].trimmed(while: set.contains)
    }
}

/// The scalars Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines`
/// hold (CoreFoundation's lists, which keep U+200B ZERO WIDTH SPACE), for `trimmed(_:)`.
@usableFromInline
package enum TrimmedScalars: Sendable {
    /// Tab, the space separators (category Zs) and U+200B.
    case whitespaces
    /// `whitespaces`, and U+000A–U+000D, U+0085, U+2028 and U+2029.
    case whitespacesAndNewlines

    @inlinable
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return self == .whitespacesAndNewlines
        default: return false
        }
    }
}
