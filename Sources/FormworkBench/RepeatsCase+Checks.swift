import Formwork
import FormworkCore
import Foundation

extension RepeatsCase {
    /// Moving the last of `entries` entries to the front: the reload reports exactly
    /// one moved section (the entry's; its rows move with it), no rows updated and
    /// nothing inserted or deleted, and the view that applies it shows what a full
    /// reload would. A checked row, not a timing (the time is one move, for scale).
    static func moveRow(entries: Int) -> BenchRow {
        let session = session(entries: entries)
        let view = MirrorListView()
        session.reload(view, animated: false)
        let moving = onOwnInput("find the last entry") { try session.instance("items[\(entries)].a0") }
        let first = onOwnInput("find the first entry") { try session.instance("items[1].a0") }
        let from = session.visibleIndexPath(ofInstance: moving)?.section ?? -1
        let to = session.visibleIndexPath(ofInstance: first)?.section ?? -1
        let clock = ContinuousClock()
        let start = clock.now
        onOwnInput("move the last entry") { try session.moveEntry("items[\(entries)]", to: 1) }
        let changes = session.reload(view, animated: true) ?? .empty
        let elapsed = start.duration(to: clock.now)
        let expected = Changeset(sections: Changes(moved: [PositionPair(from: from, to: to)]))
        let viewIsRight = view.errors.isEmpty && view.matches(session.dataSource)
        var note = "moveEntry(\"items[\(entries)]\", to: 1) + reload: \(describe(changes))"
        if changes != expected { note += " (expected: section \(from) moved to \(to), nothing else)" }
        if !viewIsRight { note += "; VIEW DIFFERS from a full reload" }
        return BenchRow(
            benchmarkCase: "move an entry: the changeset", size: "\(entries) entries", time: format(elapsed),
            baseline: "—", ratio: changes.sections.moved.count == 1 ? "1 section moved" : describe(changes),
            target: "exactly 1 section move", note: note, met: changes == expected && viewIsRight)
    }

    /// Memory per field instance with `entries` entries (read in a fresh process).
    static func memoryRows(entries: Int) -> [BenchRow] {
        let instances = entries * fieldsPerEntry + 2
        let name = "memory: entries (build + reload)"
        let size = "\(entries) × \(fieldsPerEntry)"
        guard let numbers = MemoryCase.probe("repeats", size: entries), numbers.count == 3 else {
            return [
                BenchRow(
                    benchmarkCase: name, size: size, time: "—", baseline: "—", ratio: "—", target: "< 2048 B/instance",
                    note: "the probe process failed", met: false)
            ]
        }
        let (peak, before, after) = (numbers[0], numbers[1], numbers[2])
        let perInstance = Double(peak - before) / Double(instances)
        return [
            BenchRow(
                benchmarkCase: name, size: size,
                time: String(format: "%.1f MiB peak", Double(peak - before) / 1_048_576),
                baseline: String(format: "process %.1f MiB", Double(before) / 1_048_576),
                ratio: String(format: "%.0f B/instance", perInstance), target: "< 2048 B/instance",
                note: String(
                    format: "peak resident above the bare process for %d field instances, from the definition to "
                        + "a reloaded session with its entries and answers; %.0f B/instance still resident after",
                    instances, Double(after - before) / Double(instances)),
                met: perInstance < 2048)
        ]
    }

    /// In the probe process (`--probe repeats --sizes ENTRIES`): builds the session with
    /// its entries and answers, reloads it, and prints "peak before after" in bytes.
    static func runMemoryProbe(entries: Int) {
        let before = MemoryCase.resetPeak()
        let session = session(entries: entries)
        consume(session.reload(nil, animated: false))
        print(MemoryCase.peakResident(), before, MemoryCase.status("VmRSS"))
        withExtendedLifetime(session) {}
    }
}
