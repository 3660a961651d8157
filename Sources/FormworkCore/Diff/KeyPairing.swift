/// Pairs equal keys of two sequences: the common prefix and suffix by position,
/// the rest through a hash table, duplicates in order of appearance.
///
/// - Returns: For each old index the paired new index, and for each new index the
///   paired old index (`-1` when unpaired).
/// - Complexity: Expected O(*n*).
@inlinable
func pairKeys<Key: Hashable>(
    oldCount: Int, newCount: Int, oldKey: (Int) -> Key, newKey: (Int) -> Key
) -> (oldToNew: [Int], newToOld: [Int]) {
    var oldToNew = [Int](repeating: -1, count: oldCount)
    var newToOld = [Int](repeating: -1, count: newCount)
    var prefix = 0
    while prefix < oldCount, prefix < newCount, oldKey(prefix) == newKey(prefix) {
        oldToNew[prefix] = prefix
        newToOld[prefix] = prefix
        prefix += 1
    }
    var oldEnd = oldCount
    var newEnd = newCount
    while oldEnd > prefix, newEnd > prefix, oldKey(oldEnd - 1) == newKey(newEnd - 1) {
        oldEnd -= 1
        newEnd -= 1
        oldToNew[oldEnd] = newEnd
        newToOld[newEnd] = oldEnd
    }
    guard prefix < oldEnd, prefix < newEnd else { return (oldToNew, newToOld) }

    // Each key maps to its first unpaired old index; `next` chains later duplicates.
    var table = [Key: Int](minimumCapacity: oldEnd - prefix)
    var next: [Int] = []
    for index in stride(from: oldEnd - 1, through: prefix, by: -1) {
        if let later = table.updateValue(index, forKey: oldKey(index)) {
            if next.isEmpty { next = [Int](repeating: -1, count: oldCount) }
            next[index] = later
        }
    }
    for index in prefix..<newEnd {
        guard let slot = table.index(forKey: newKey(index)) else { continue }
        let old = table.values[slot]
        guard old >= 0 else { continue }
        oldToNew[old] = index
        newToOld[index] = old
        table.values[slot] = next.isEmpty ? -1 : next[old]
    }
    return (oldToNew, newToOld)
}
