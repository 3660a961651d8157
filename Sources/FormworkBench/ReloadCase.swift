import Formwork
import FormworkCore
import Foundation

/// Case 2: one value changes and the form reloads (visibility, rows, diff, changeset).
enum ReloadCase {
    static func run(sizes: [Int], runs: Int) -> [BenchRow] {
        sizes.map { size in
            let definition = GeneratedForm.definition(fields: size)
            let session = FormSession(definition: definition)
            session.reload(nil, animated: false)
            let ids = definition.fields.map(\.id)
            // Toggle the switch that heads a chain in the middle of the form: five
            // fields appear or vanish, and the reload reports them.
            let head = "f\((size / 2) / 20 * 20)"
            var changes = 0
            let (time, base, value) = Measure.paired(
                runs: runs,
                candidate: {
                    onOwnInput("toggle the head of a chain") { try session.toggle(head) }
                    changes += session.reload(nil, animated: true)?.rows.count ?? 0
                },
                baseline: { consume(DiffCase.floor(ids, ids)) })
            let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
            return BenchRow(
                benchmarkCase: "reload after one change", size: label, time: format(time),
                baseline: "floor \(format(base))",
                ratio: String(format: "%.2f×", value), target: size >= 10_000 ? "≤ 3.0×" : "—",
                note: "\(changes > 0 ? "rows appear and vanish each time" : "NO CHANGES")",
                met: size >= 10_000 ? value <= 3 : nil)
        }
    }
}
