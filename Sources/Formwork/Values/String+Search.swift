/// A search for ASCII text by its bytes: with Foundation imported, `contains(_:)` on
/// a string is Foundation's, which goes through `NSString` and UTF-16 to compare with
/// Unicode's equivalences — for an ASCII word, the same answer at many times the cost
/// (it took a twelfth of loading a form with thousands of options).
///
/// ```swift
/// "members.age".containsASCII(".")   // true
/// "uuid()".containsASCII("uuid")     // true
/// ```
extension StringProtocol {
    /// Whether `needle`, ASCII text, is written in the text.
    package func containsASCII(_ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: count)
        let first = pattern[0]
        let bytes = utf8
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return true }
            index = bytes.index(after: found)
        }
        return false
    }
}
