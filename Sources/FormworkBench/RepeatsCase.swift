import Formwork
import FormworkCore
import FormworkREPL
import Foundation

/// Case 9: repeating groups. A form with one repeat of ten fields per entry (mixed
/// kinds, one shown by a sibling, one required, one computed from siblings) and a
/// total that sums a field over every entry.
///
/// - Setting a field in an entry, adding an entry and removing one, each with the
///   animated reload into a view that mirrors the changes (and the same commands
///   through `ReplSession`), on 1,000 entries against the same action on 10: an
///   action costs what it changed, not the number of entries (target ≤ 2×).
/// - Moving an entry reports one moved section and nothing else (a checked row).
/// - Memory per field instance with 10,000 entries (100k instances).
enum RepeatsCase {
    static let yaml = """
        id: bench
        title: Bench
        sections:
          - id: s
            fields:
              - { id: title, kind: text, label: Title }
              - id: items
                label: Items
                repeat: { max: 10000 }
                fields:
                  - { id: a0, kind: text, label: A0 }
                  - { id: a1, kind: number, label: A1, min: 0 }
                  - { id: a2, kind: switch, label: A2 }
                  - { id: a3, kind: number, label: A3 }
                  - { id: a4, kind: choice, label: A4, options: [x, y, z] }
                  - { id: a5, kind: text, label: A5, visible: "$a2" }
                  - { id: a6, kind: date, label: A6 }
                  - { id: a7, kind: text, label: A7, required: true }
                  - { id: a8, kind: multichoice, label: A8, options: [p, q, r] }
                  - { id: a9, kind: computed, label: A9, value: "$a1 + $a3" }
              - { id: total, kind: computed, label: Total, value: "sum($items.a3)" }

        """

    static let fieldsPerEntry = 10

    /// The form, with limits that allow 10,000 entries of ten fields (today's defaults
    /// do; written here so that the case does not depend on them).
    static func definition() -> FormDefinition {
        var limits = Limits()
        limits.maximumEntries = max(limits.maximumEntries, 10_000)
        limits.maximumFieldInstances = max(limits.maximumFieldInstances, 200_000)
        return onOwnInput("load the repeats form") { try FormDefinition(yaml: yaml, limits: limits) }
    }

    /// A session with `entries` entries, about half of each entry's fields answered
    /// (every other entry's switch on, so its `a5` shows), loaded as a values file is
    /// (one undo step, evaluated once).
    static func session(entries: Int, definition: FormDefinition = definition()) -> FormSession {
        let session = FormSession(definition: definition)
        onOwnInput("load the entries' values") {
            try session.loadValues(bytes: Array(values(entries: entries).utf8), isJSON: true)
        }
        return session
    }

    /// The values file of `session(entries:)`.
    static func values(entries: Int) -> String {
        var items: [String] = []
        items.reserveCapacity(entries)
        for index in 1...entries {
            var item = #""a0":"entry \#(index)","a1":\#(index % 50),"a2":\#(index % 2 == 0),"a3":\#(index % 100),"#
            item += #""a4":"\#(["x", "y", "z"][index % 3])","a7":"answered""#
            if index % 2 == 0 { item += #","a5":"shown""# }
            items.append("{" + item + "}")
        }
        return #"{"title":"Bench","items":["# + items.joined(separator: ",") + "]}"
    }

    static func run(runs: Int, small: Int = 10, large: Int = 1_000, memoryEntries: Int = 10_000) -> [BenchRow] {
        var rows: [BenchRow] = []
        for throughREPL in [false, true] {
            for action in EntryAction.all {
                let smallForm = EntryForm(entries: small, throughREPL: throughREPL)
                let largeForm = EntryForm(entries: large, throughREPL: throughREPL)
                let (time, base, value) = Measure.paired(
                    runs: runs, timingItself: { largeForm.time(action) }, baseline: { smallForm.time(action) })
                var problems = smallForm.problems + largeForm.problems
                if !smallForm.viewIsRight || !largeForm.viewIsRight { problems.append(largeForm.summary()) }
                rows.append(
                    BenchRow(
                        benchmarkCase: action.name + (throughREPL ? " (REPL)" : ""),
                        size: "\(large) vs \(small) entries", time: format(time),
                        baseline: "\(small) \(format(base))", ratio: String(format: "%.2f×", value),
                        target: "≤ 2.0×",
                        note: problems.isEmpty ? largeForm.summary() : problems.joined(separator: "; "),
                        met: value <= 2 && problems.isEmpty))
            }
        }
        rows.append(moveRow(entries: large))
        rows += memoryRows(entries: memoryEntries)
        return rows
    }
}
