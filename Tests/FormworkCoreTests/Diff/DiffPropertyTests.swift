import Formwork
import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// Applying a changeset to the old snapshot, by the documented semantics, must give
/// exactly the new snapshot, for thousands of random pairs.
@Suite("Diff properties")
struct DiffPropertyTests {
    typealias Snapshot = [DiffableSection<Item, Item>]

    static func randomSnapshot(using generator: inout SeededGenerator, sectionKeys: Int, rowKeys: Int) -> Snapshot {
        let sectionCount = Int.random(in: 0...5, using: &generator)
        return (0..<sectionCount).map { _ in
            let rows = Int.random(in: 0...8, using: &generator)
            return DiffableSection(
                model: Item(
                    id: Int.random(in: 0..<sectionKeys, using: &generator),
                    text: ["h", "H"].randomElement(using: &generator)!),
                elements: (0..<rows).map { _ in
                    Item(
                        id: Int.random(in: 0..<rowKeys, using: &generator),
                        text: ["a", "b", "c"].randomElement(using: &generator)!)
                })
        }
    }

    /// A plausible edit of `old`: section and row deletes, inserts, moves (also across
    /// sections), content changes.
    static func mutate(_ old: Snapshot, using generator: inout SeededGenerator, rowKeys: Int) -> Snapshot {
        var new = old
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            case 1:
                new.insert(
                    DiffableSection(
                        model: Item(id: Int.random(in: 0..<12, using: &generator), text: "h"),
                        elements: [Item(id: Int.random(in: 0..<rowKeys, using: &generator), text: "a")]),
                    at: Int.random(in: 0...new.count, using: &generator))
            case 2 where new.count > 1:
                let section = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(section, at: Int.random(in: 0...new.count, using: &generator))
            case 3 where !new.isEmpty:
                let s = Int.random(in: 0..<new.count, using: &generator)
                if !new[s].elements.isEmpty {
                    new[s].elements.remove(at: Int.random(in: 0..<new[s].elements.count, using: &generator))
                }
            case 4 where !new.isEmpty:
                let s = Int.random(in: 0..<new.count, using: &generator)
                new[s].elements.insert(
                    Item(id: Int.random(in: 0..<rowKeys, using: &generator), text: "b"),
                    at: Int.random(in: 0...new[s].elements.count, using: &generator))
            case 5 where !new.isEmpty:
                let from = Int.random(in: 0..<new.count, using: &generator)
                let to = Int.random(in: 0..<new.count, using: &generator)
                if !new[from].elements.isEmpty {
                    let row = new[from].elements.remove(
                        at: Int.random(in: 0..<new[from].elements.count, using: &generator))
                    new[to].elements.insert(row, at: Int.random(in: 0...new[to].elements.count, using: &generator))
                }
            case 6 where !new.isEmpty:
                let s = Int.random(in: 0..<new.count, using: &generator)
                if !new[s].elements.isEmpty {
                    let r = Int.random(in: 0..<new[s].elements.count, using: &generator)
                    new[s].elements[r].text += "'"
                }
            case 7 where !new.isEmpty:
                new[Int.random(in: 0..<new.count, using: &generator)].model.text += "'"
            default:
                break
            }
        }
        return new
    }

    static func check(old: Snapshot, new: Snapshot) throws {
        let changeset = Changeset(from: old, to: new)
        var mirror = old.map { MirroredSection(header: $0.model, cells: $0.elements) }
        try changeset.apply(
            to: &mirror,
            insertedSection: { MirroredSection(header: new[$0].model, cells: new[$0].elements) },
            insertedRow: { new[$0.section].elements[$0.row] },
            updatedSection: { header, index in header = new[index].model },
            updatedRow: { cell, path in cell = new[path.section].elements[path.row] })
        let expected = new.map { MirroredSection(header: $0.model, cells: $0.elements) }
        #expect(mirror == expected, "old: \(old)\nnew: \(new)\nchangeset: \(changeset)")

        // Updates are never spurious.
        for update in changeset.rows.updated {
            #expect(
                old[update.from.section].elements[update.from.row].text
                    != new[update.to.section].elements[update.to.row].text)
        }
        for update in changeset.sections.updated {
            #expect(old[update.from].model.text != new[update.to].model.text)
        }
    }

    @Test(arguments: 0..<40)
    func randomEditsApplyExactly(batch: Int) throws {
        var generator = SeededGenerator(seed: UInt64(batch) &* 7919)
        for _ in 0..<100 {
            let old = Self.randomSnapshot(using: &generator, sectionKeys: 8, rowKeys: 20)
            let new = Self.mutate(old, using: &generator, rowKeys: 20)
            try Self.check(old: old, new: new)
        }
    }

    /// Unrelated snapshots with few keys: many duplicates, sections and rows shuffled.
    @Test(arguments: 0..<20)
    func randomPairsApplyExactly(batch: Int) throws {
        var generator = SeededGenerator(seed: UInt64(batch) &* 104_729 &+ 1)
        for _ in 0..<100 {
            let old = Self.randomSnapshot(using: &generator, sectionKeys: 3, rowKeys: 5)
            let new = Self.randomSnapshot(using: &generator, sectionKeys: 3, rowKeys: 5)
            try Self.check(old: old, new: new)
        }
    }

    /// For unique identifiers in one list, moves are exactly the matched rows outside
    /// a longest increasing subsequence, and deletes/inserts exactly the unmatched.
    @Test(arguments: 0..<20)
    func movesAreMinimal(batch: Int) {
        var generator = SeededGenerator(seed: UInt64(batch) &+ 31)
        for _ in 0..<50 {
            let old = Array(0..<Int.random(in: 0..<30, using: &generator)).shuffled(using: &generator)
            var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }
            new += (100..<(100 + Int.random(in: 0..<5, using: &generator)))
            new.shuffle(using: &generator)
            if Bool.random(using: &generator) { new.sort() }

            let changeset = Changeset(from: old, to: new)
            let common = new.filter(old.contains)
            let positions = common.map { old.firstIndex(of: $0)! }
            var longest = [Int](repeating: 1, count: positions.count)
            for i in positions.indices {
                for j in 0..<i where positions[j] < positions[i] { longest[i] = max(longest[i], longest[j] + 1) }
            }
            #expect(changeset.rows.moved.count == common.count - (longest.max() ?? 0), "\(old) → \(new)")
            #expect(changeset.rows.deleted.count == old.count - common.count)
            #expect(changeset.rows.inserted.count == new.count - common.count)
            #expect(changeset.rows.updated.isEmpty)
        }
    }
}
