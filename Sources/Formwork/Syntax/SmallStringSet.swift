/// A set of strings sized for the few keys of one mapping or names of one
/// expression: searched linearly while small (cheaper than hashing each string),
/// hashed once it grows, so long hostile inputs stay linear.
struct SmallStringSet {
    private var few: [String] = []
    private var many: Set<String> = []
    private static let searchLimit = 16

    /// Adds `element`; `false` if it was already there.
    mutating func insert(_ element: String) -> Bool {
        guard many.isEmpty else { return many.insert(element).inserted }
        if few.contains(element) { return false }
        few.append(element)
        if few.count > Self.searchLimit {
            // Room for a mapping four times the size at once: no rehashing while
            // the few dozen keys of a typical response come in.
            many = Set(minimumCapacity: 4 * Self.searchLimit)
            for known in few { many.insert(known) }
            few = []
        }
        return true
    }
}
