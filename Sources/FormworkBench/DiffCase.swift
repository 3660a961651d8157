import Formwork
import FormworkCore
import Foundation

/// Case 1: the diff of a sectioned snapshot (100 rows per section) after 10% of rows
/// were deleted, 10% inserted, 5% moved (some across sections) and 10% updated.
enum DiffCase {
    struct Element: Diffable {
        let id: Int
        var version: Int
        var diffIdentifier: Int { id }
        func isEqualToDiffable(_ other: Element) -> Bool { version == other.version }
    }

    struct TextElement: Diffable {
        let id: String
        var version: Int
        var diffIdentifier: String { id }
        func isEqualToDiffable(_ other: TextElement) -> Bool { version == other.version }
    }

    /// A snapshot of `count` rows in sections of 100 and its edit: 10% of rows deleted,
    /// 10% inserted, 5% moved (a third of them to another section), 10% updated.
    /// Rows are (id, version) pairs.
    static func edit(count: Int, seed: UInt64) -> (old: [[(Int, Int)]], new: [[(Int, Int)]], moved: Int) {
        var random = SeededGenerator(seed: seed)
        let old = stride(from: 0, to: count, by: 100).map { start in (start..<min(start + 100, count)).map { ($0, 0) } }
        var new = old.map { section in section.filter { _ in Int.random(in: 0..<10, using: &random) != 0 } }
        for index in 0..<(count / 10) {
            let section = Int.random(in: 0..<new.count, using: &random)
            new[section].insert((count + index, 0), at: Int.random(in: 0...new[section].count, using: &random))
        }
        var moved = 0
        while moved < count / 20 {
            let from = Int.random(in: 0..<new.count, using: &random)
            guard !new[from].isEmpty else { continue }
            let element = new[from].remove(at: Int.random(in: 0..<new[from].count, using: &random))
            let to = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0..<new.count, using: &random) : from
            new[to].insert(element, at: Int.random(in: 0...new[to].count, using: &random))
            moved += 1
        }
        for _ in 0..<(count / 10) {
            let section = Int.random(in: 0..<new.count, using: &random)
            if !new[section].isEmpty { new[section][Int.random(in: 0..<new[section].count, using: &random)].1 = 1 }
        }
        return (old, new, moved)
    }

    static func sections<E>(_ sections: [[E]]) -> [DiffableSection<Int, E>] {
        sections.enumerated().map { DiffableSection(model: $0.offset, elements: $0.element) }
    }

    /// A field-like id, long enough not to fit Swift's inline small strings.
    static func textID(_ number: Int) -> String { "section.field-\(number)-identifier" }
}
