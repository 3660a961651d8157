import Foundation
import FormworkCore

/// `IndexPath(row: row, section: section)`, short.
func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

func pair(_ from: IndexPath, _ to: IndexPath) -> PositionPair<IndexPath> { PositionPair(from: from, to: to) }

/// An item whose identity and content differ: `id` and `text`.
struct Item: Diffable, Hashable, CustomStringConvertible {
    let id: Int
    var text: String
    var diffIdentifier: Int { id }
    func isEqualToDiffable(_ other: Item) -> Bool { text == other.text }
    var description: String { "\(id):\(text)" }
}

/// A deterministic generator (SplitMix64), so failures reproduce from the seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
