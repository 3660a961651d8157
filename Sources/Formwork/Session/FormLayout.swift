/// How a session's fields and entries are laid out as the data source's sections,
/// in form order, depth first:
///
/// - A section's fields up to its first repeat form one data-source section (a
///   *run*), with the section's header; fields after a repeat form another run.
/// - Each entry of a repeat is laid out the same way from its template: its first
///   run (kept even when empty) carries the entry's title, `entryLabel` or the
///   repeat's label numbered by the view.
/// - After a repeat's entries comes its *tail*: a section with the repeat's label and
///   the row that adds an entry (none for a repeat that follows its `count`).
///
/// An entry is at least one section of its own, so adding one inserts sections,
/// removing one deletes them, and moving one is a section move.
struct FormLayout {
    /// A piece of a container's template (the form's sections, or a repeat's items).
    enum Block {
        /// Fields laid out together; `number` counts the container's runs from 0.
        case run(number: Int, fields: [Int], section: Int, first: Bool, last: Bool)
        /// A repeat's entries, then its tail.
        case group(Int)
    }

    /// The form's blocks, section by section, and each repeat's.
    let formBlocks: [Block]
    let repeatBlocks: [[Block]]
    /// Each field's run and row within the run, in its container.
    let fieldRun: [Int]
    let fieldRow: [Int]

    /// Where each scope's runs are in the data source (by scope, then run), and each
    /// holder's tails (by holder, then repeat).
    var runIndex: [[Int]] = []
    var tailIndex: [Int: Int] = [:]

    init() {
        formBlocks = []
        repeatBlocks = []
        fieldRun = []
        fieldRow = []
    }

    init(definition: FormDefinition) {
        var fieldRun = [Int](repeating: 0, count: definition.fields.count)
        var fieldRow = [Int](repeating: 0, count: definition.fields.count)
        func blocks(_ items: [(item: FormItem, section: Int)], runs: inout Int, isForm: Bool) -> [Block] {
            var result: [Block] = []
            var pending: [Int] = []
            var pendingSection = items.first?.section ?? 0
            var sectionStarted = Set<Int>()
            func flush(last: Bool) {
                // A run for fields, for a section's header before its first repeat, and
                // for a form section's footer after its last one.
                let footer = isForm && last && definition.sections[pendingSection].footer != nil
                guard !pending.isEmpty || !sectionStarted.contains(pendingSection) || footer else { return }
                for (row, field) in pending.enumerated() {
                    fieldRun[field] = runs
                    fieldRow[field] = row
                }
                result.append(.run(number: runs, fields: pending, section: pendingSection,
                                   first: sectionStarted.insert(pendingSection).inserted, last: last))
                runs += 1
                pending = []
            }
            for (position, (item, section)) in items.enumerated() {
                if section != pendingSection {
                    flush(last: true)
                    pendingSection = section
                }
                switch item {
                case .field(let field): pending.append(field)
                case .repeatGroup(let repeatIndex):
                    flush(last: false)
                    sectionStarted.insert(section)
                    result.append(.group(repeatIndex))
                }
                if position == items.count - 1 { flush(last: true) }
            }
            return result
        }
        var formRuns = 0
        var formItems: [(FormItem, Int)] = []
        for section in definition.sections { formItems += section.items.map { ($0, section.index) } }
        formBlocks = blocks(formItems, runs: &formRuns, isForm: true)
        repeatBlocks = definition.repeats.map { repeatDefinition in
            var runs = 0
            var result = blocks(
                repeatDefinition.items.map { ($0, repeatDefinition.sectionIndex) }, runs: &runs, isForm: false)
            // Every entry has a first run, for its title, even when it begins with a repeat.
            if case .run? = result.first {} else {
                result.insert(.run(number: runs, fields: [], section: repeatDefinition.sectionIndex, first: true, last: false),
                              at: 0)
            }
            return result
        }
        self.fieldRun = fieldRun
        self.fieldRow = fieldRow
    }
}
