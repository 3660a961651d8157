import FormworkCore
import FormworkTesting
import Foundation

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
