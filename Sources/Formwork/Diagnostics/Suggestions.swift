/// "Did you mean …": the candidates closest to a misspelt name.
public enum Suggestions {
    /// Up to `limit` candidates within a small edit distance of `word`, closest first.
    public static func closest(to word: String, in candidates: some Sequence<String>, limit: Int = 1) -> [String] {
        var lowered: [UInt32] = []
        lowercasedScalars(of: word, into: &lowered)
        let threshold = max(2, word.count / 3)
        // Scratch space reused for every candidate: its scalars, and three rows.
        var other: [UInt32] = []
        var rows: [Int] = []
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            // The distance is at least the difference in length: most candidates are
            // ruled out without computing it (which takes the product of the lengths).
            guard abs(candidate.unicodeScalars.count - lowered.count) <= threshold else { return nil }
            lowercasedScalars(of: candidate, into: &other)
            let distance = editDistance(lowered, other, rows: &rows)
            return distance <= threshold && distance < max(candidate.count, word.count) ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// The scalars of `text` lowercased (as `lowercased()` maps them, without making
    /// a string), into `scalars`.
    static func lowercasedScalars(of text: String, into scalars: inout [UInt32]) {
        scalars.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                scalars.append(value >= 65 && value <= 90 ? value + 32 : value)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { scalars.append(lower.value) }
            }
        }
    }

    /// Damerau–Levenshtein distance (optimal string alignment) over Unicode scalars
    /// (names are compared, not graphemes; scalars need no grapheme breaking).
    static func editDistance(_ a: String, _ b: String) -> Int {
        var rows: [Int] = []
        return editDistance(
            a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), rows: &rows)
    }

    /// The distance of two scalar sequences, with `rows` as scratch space (grown as
    /// needed, so one buffer serves many calls).
    static func editDistance(_ a: [UInt32], _ b: [UInt32], rows: inout [Int]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        if rows.count < 3 * width { rows = [Int](repeating: 0, count: 3 * width) }
        return rows.withUnsafeMutableBufferPointer { buffer in
            // Rows i-2, i-1 and i, rotating through the buffer's three thirds.
            var previous2 = 0, previous = width, current = 2 * width
            for j in 0..<width { buffer[previous + j] = j }
            for i in 1...a.count {
                buffer[current] = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var best = min(
                        buffer[previous + j] + 1, buffer[current + j - 1] + 1, buffer[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        best = min(best, buffer[previous2 + j - 2] + 1)
                    }
                    buffer[current + j] = best
                }
                (previous2, previous, current) = (previous, current, previous2)
            }
            return buffer[previous + b.count]
        }
    }

    /// The one wording of a suggestion: `did you mean 'age'?`, `did you mean 'a' or
    /// 'b'?`; `nil` when there is none. `written` spells a name as the user would
    /// write it, quotes included (`'$age'` for a reference; `{age}` in SurveyJS).
    ///
    /// ```swift
    /// Suggestions.didYouMean(["age"])                             // "did you mean 'age'?"
    /// Suggestions.didYouMean(["age"], written: { "'$\($0)'" })    // "did you mean '$age'?"
    /// ```
    public static func didYouMean(_ suggestions: [String], written: (String) -> String = quoted) -> String? {
        suggestions.isEmpty ? nil : "did you mean \(listed(suggestions.map(written)))?"
    }

    /// `didYouMean` of one suggestion, if there is one.
    public static func didYouMean(_ suggestion: String?, written: (String) -> String = quoted) -> String? {
        didYouMean(suggestion.map { [$0] } ?? [], written: written)
    }

    /// `didYouMean` of the candidate closest to `word`, if any is close.
    public static func didYouMean(
        _ word: String, among candidates: some Sequence<String>, written: (String) -> String = quoted
    ) -> String? {
        didYouMean(closest(to: word, in: candidates), written: written)
    }

    /// A name in single quotes: `'age'`.
    public static func quoted(_ name: String) -> String { "'\(name)'" }

    /// `a`, `a or b`, `a, b or c`.
    public static func listed(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    public static func quotedList(_ items: [String], conjunction: String = "or") -> String {
        listed(items.map(quoted), conjunction: conjunction)
    }
}
