import Formwork
import FormworkTesting
import Testing

@testable import FormworkCore

@Suite("Longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
    func mark(_ values: [Int32]) -> [Bool] {
        var stays: [Bool] = [], tails: [Int32] = [], predecessors: [Int32] = []
        markLongestIncreasingSubsequence(values, stays: &stays, tails: &tails, predecessors: &predecessors)
        return stays
    }

    /// O(n²) reference length.
    func referenceLength(_ values: [Int32]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }

    @Test func examples() {
        #expect(mark([]) == [])
        #expect(mark([0, 1, 2]) == [true, true, true])
        #expect(mark([2, 1, 0]).filter { $0 }.count == 1)
        #expect(mark([3, 0, 1, 2]) == [false, true, true, true])
        #expect(mark([0, 5, 1, 2, 3]) == [true, false, true, true, true])
    }

    @Test(arguments: 0..<200)
    func markedElementsFormALongestIncreasingSubsequence(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let count = Int.random(in: 0..<40, using: &generator)
        let values = Array(0..<Int32(count)).shuffled(using: &generator)
        let stays = mark(values)
        let kept = zip(values, stays).filter(\.1).map(\.0)
        #expect(kept == kept.sorted())
        #expect(kept.count == referenceLength(values))
    }
}
