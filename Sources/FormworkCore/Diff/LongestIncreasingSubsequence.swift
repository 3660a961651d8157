/// Marks a longest strictly increasing subsequence of `values`.
///
/// Elements of the subsequence kept their relative order; the others are the
/// minimal set of moves. Patience sorting with predecessor links; appending to the
/// longest pile is checked first, so mostly ordered input runs in linear time.
///
/// - Parameters:
///   - values: Distinct values (old positions, listed in new order).
///   - stays: Receives `values.count` flags, `true` for elements of the subsequence.
///   - tails: A scratch buffer (the piles' tops), reused across calls.
///   - predecessors: A scratch buffer (each element's predecessor link), reused across calls.
/// - Complexity: O(*n* log *n*) worst case, O(*n*) when the input is nearly sorted.
@inlinable
func markLongestIncreasingSubsequence(
    _ values: [Int32], stays: inout [Bool], tails: inout [Int32], predecessors: inout [Int32]
) {
    let count = values.count
    stays.removeAll(keepingCapacity: true)
    var sorted = true
    var index = 1
    while index < count {
        if values[index - 1] >= values[index] {
            sorted = false
            break
        }
        index += 1
    }
    if sorted {
        stays.append(contentsOf: repeatElement(true, count: count))
        return
    }
    tails.removeAll(keepingCapacity: true)
    predecessors.removeAll(keepingCapacity: true)
    predecessors.reserveCapacity(count)
    for position in 0..<count {
        let value = values[position]
        if let last = tails.last, values[Int(last)] < value {
            predecessors.append(last)
            tails.append(Int32(position))
            continue
        }
        // The first pile whose top is >= value.
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
        }
        predecessors.append(low > 0 ? tails[low - 1] : -1)
        if low == tails.count { tails.append(Int32(position)) } else { tails[low] = Int32(position) }
    }
    stays.append(contentsOf: repeatElement(false, count: count))
    var cursor = tails.last ?? -1
    while cursor >= 0 {
        stays[Int(cursor)] = true
        cursor = predecessors[Int(cursor)]
    }
}
