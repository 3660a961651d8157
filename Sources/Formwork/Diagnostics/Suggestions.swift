/// "Did you mean …": the candidates closest to a misspelt name.
public enum Suggestions {
    /// Up to `limit` candidates within a small edit distance of `word`, closest first.
    public static func closest(to word: String, in candidates: some Sequence<String>, limit: Int = 1) -> [String] {
        let lowered = word.lowercased()
        let length = lowered.unicodeScalars.count
        let threshold = max(2, word.count / 3)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            // The distance is at least the difference in length: most candidates are
            // ruled out without computing it (which takes the product of the lengths).
            guard abs(candidate.unicodeScalars.count - length) <= threshold else { return nil }
            let other = candidate.lowercased()
            let distance = editDistance(lowered, other)
            return distance <= threshold && distance < max(candidate.count, word.count) ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Damerau–Levenshtein distance (optimal string alignment) over Unicode scalars
    /// (names are compared, not graphemes; scalars need no grapheme breaking).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    public static func quotedList(_ items: [String], conjunction: String = "or") -> String {
        let quoted = items.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
    }
}
