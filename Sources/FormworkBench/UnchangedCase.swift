import Formwork
import FormworkCore
import Foundation

/// Reloads where little or nothing changed: the diff must cost about as much as
/// comparing the two snapshots element by element, not a hash-based diff.
enum UnchangedCase {
    /// The baseline: compare two sectioned snapshots element by element.
    @inline(never)
    static func compare(
        _ old: [DiffableSection<Int, DiffCase.Element>], _ new: [DiffableSection<Int, DiffCase.Element>]
    ) -> Int {
        var different = 0
        for (oldSection, newSection) in zip(old, new) {
            if oldSection.model != newSection.model || oldSection.elements.count != newSection.elements.count {
                different += 1
            }
            for (a, b) in zip(oldSection.elements, newSection.elements)
            where a.diffIdentifier != b.diffIdentifier || !a.isEqualToDiffable(b) {
                different += 1
            }
        }
        return different
    }

    static func run(sizes: [Int], runs: Int) -> [BenchRow] {
        var rows: [BenchRow] = []
        for size in sizes {
            let old = DiffCase.sections(
                stride(from: 0, to: size, by: 100).map { start in
                    (start..<min(start + 100, size)).map { DiffCase.Element(id: $0, version: 0) }
                })
            // Equal contents in new buffers, so no identity shortcut applies.
            let same = old.map { DiffableSection(model: $0.model, elements: $0.elements.map { $0 }) }
            var updated = same
            var random = SeededGenerator(seed: 7)
            for _ in 0..<10 {
                let section = Int.random(in: 0..<updated.count, using: &random)
                updated[section].elements[Int.random(in: 0..<updated[section].elements.count, using: &random)].version =
                    1
            }
            for (name, new) in [("diff, nothing changed", same), ("diff, 10 rows updated", updated)] {
                let changes = Changeset(from: old, to: new)
                let (time, base, value) = Measure.paired(
                    runs: runs, candidate: { consume(Changeset(from: old, to: new)) },
                    baseline: { consume(compare(old, new)) })
                let perRow = Measure.seconds(time) / Double(size) * 1e9
                rows.append(
                    BenchRow(
                        benchmarkCase: name, size: sizeLabel(size), time: format(time),
                        baseline: "element by element \(format(base))", ratio: String(format: "%.2f×", value),
                        target: size >= 10_000 ? "≤ 2.0×" : "—",
                        note: String(
                            format: "%.2f ns/row; %d rows reported updated", perRow, changes.rows.updated.count),
                        met: size >= 10_000 ? value <= 2 : nil))
            }
        }
        return rows
    }
}
