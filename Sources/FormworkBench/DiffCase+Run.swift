import FormworkCore
import Foundation

extension DiffCase {
    /// The linear floor: a dictionary of the old ids, one pass over the new ones.
    @inline(never)
    static func floor<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
        var table = [ID: Int](minimumCapacity: old.count)
        for (index, id) in old.enumerated() { table[id] = index }
        var found = 0
        for id in new where table[id] != nil { found += 1 }
        return found
    }

    static func run(sizes: [Int], runs: Int, standardLibraryLimit: Int) -> [BenchRow] {
        var rows: [BenchRow] = []
        var medians: [String: [Int: Duration]] = [:]  // case → size → median time
        var floors: [String: [Int: Duration]] = [:]  // case → size → median floor time
        for size in sizes {
            let (oldSections, newSections, moves) = edit(count: size, seed: UInt64(size))
            // The flat cases diff the same rows as one list.
            let oldPairs = oldSections.flatMap { $0 }, newPairs = newSections.flatMap { $0 }
            let oldIDs = oldPairs.map(\.0), newIDs = newPairs.map(\.0)
            let oldText = oldIDs.map(textID), newText = newIDs.map(textID)
            let old = oldPairs.map { Element(id: $0.0, version: $0.1) },
                new = newPairs.map { Element(id: $0.0, version: $0.1) }
            let oldT = oldPairs.map { TextElement(id: textID($0.0), version: $0.1) }
            let newT = newPairs.map { TextElement(id: textID($0.0), version: $0.1) }
            let oldS = sections(oldSections.map { $0.map { Element(id: $0.0, version: $0.1) } })
            let newS = sections(newSections.map { $0.map { Element(id: $0.0, version: $0.1) } })
            let oldTS = sections(oldSections.map { $0.map { TextElement(id: textID($0.0), version: $0.1) } })
            let newTS = sections(newSections.map { $0.map { TextElement(id: textID($0.0), version: $0.1) } })

            let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
            let intTarget = size >= 1_000_000 ? 1.5 : (size >= 10_000 ? 3.0 : nil)
            let textTarget = size >= 1_000_000 ? 1.5 : (size >= 10_000 ? 1.2 : nil)
            func row(
                _ name: String, _ target: Double?, note: String = "", candidate: () -> Void, baseline: () -> Void
            ) -> BenchRow {
                let (time, base, value) = Measure.paired(runs: runs, candidate: candidate, baseline: baseline)
                medians[name, default: [:]][size] = time
                floors[name, default: [:]][size] = base
                return BenchRow(
                    benchmarkCase: name, size: label, time: format(time), baseline: "floor \(format(base))",
                    ratio: String(format: "%.2f×", value), target: target.map { String(format: "≤ %.1f×", $0) } ?? "—",
                    note: note, met: target.map { value <= $0 })
            }
            let flatChanges = Changeset(from: old, to: new)
            let sectionedChanges = Changeset(from: oldS, to: newS)
            rows.append(
                row(
                    "diff, flat, Int ids", intTarget,
                    note: "\(flatChanges.rows.moved.count) moves reported for \(moves) rows moved",
                    candidate: { consume(Changeset(from: old, to: new)) }, baseline: { consume(floor(oldIDs, newIDs)) })
            )
            rows.append(
                row(
                    "diff, sectioned, Int ids", intTarget,
                    note: "\(sectionedChanges.rows.moved.count) moves reported for \(moves) rows moved",
                    candidate: { consume(Changeset(from: oldS, to: newS)) },
                    baseline: { consume(floor(oldIDs, newIDs)) }))
            rows.append(
                row(
                    "diff, flat, String ids", textTarget,
                    candidate: { consume(Changeset(from: oldT, to: newT)) },
                    baseline: { consume(floor(oldText, newText)) }))
            rows.append(
                row(
                    "diff, sectioned, String ids", textTarget,
                    candidate: { consume(Changeset(from: oldTS, to: newTS)) },
                    baseline: { consume(floor(oldText, newText)) }))
            let flat = Measure.median(runs: runs) { consume(Changeset(from: old, to: new)) }
            if size <= standardLibraryLimit {
                let standardRuns = size >= 100_000 ? 1 : runs
                let standard = Measure.median(runs: standardRuns, warmups: size >= 100_000 ? 0 : 1) {
                    consume(newIDs.difference(from: oldIDs).inferringMoves())
                }
                let speedup = ratio(standard, flat)
                rows.append(
                    BenchRow(
                        benchmarkCase: "diff vs stdlib difference(from:).inferringMoves()", size: label,
                        time: format(flat),
                        baseline: "stdlib \(format(standard))" + (standardRuns == 1 ? " (1 run)" : ""),
                        ratio: String(format: "%.0f× faster", speedup), target: "≥ 100× faster", note: "",
                        met: size >= 10_000 ? speedup >= 100 : nil))
            }
        }
        // Linear scaling: ten times the rows should take about ten times as long.
        for name in [
            "diff, flat, Int ids", "diff, sectioned, Int ids", "diff, flat, String ids", "diff, sectioned, String ids",
        ] {
            guard let large = medians[name]?[1_000_000], let small = medians[name]?[100_000] else { continue }
            let growth = ratio(large, small)
            var note = "10× the rows"
            if let floorLarge = floors[name]?[1_000_000], let floorSmall = floors[name]?[100_000] {
                note += String(format: "; the floor grew %.1f×", ratio(floorLarge, floorSmall))
            }
            rows.append(
                BenchRow(
                    benchmarkCase: name + ": 1M / 100k", size: "1M", time: format(large),
                    baseline: "100k \(format(small))",
                    ratio: String(format: "%.1f×", growth), target: "≤ 12×", note: note, met: growth <= 12))
        }
        return rows
    }
}
