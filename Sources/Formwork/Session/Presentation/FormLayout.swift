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

    /// Where each scope's runs are in the data source: run `r` of scope `s` at
    /// `runs[runBase[s] + r]` (-1: not laid out), in one flat array so that moving
    /// every index is one pass. Entries removed keep stale numbers, never read:
    /// `ownerScope` tells.
    private(set) var runs: [Int32] = []
    private(set) var runBase: [Int32] = []
    /// By group (a repeat's entries in one holder, at `groupBase[holder]` plus the
    /// repeat's slot among the holder's repeats): its tail's section, and the range
    /// of sections its entries and tail take (-1: none).
    private(set) var tailIndex: [Int32] = []
    private(set) var groupStart: [Int32] = []
    private(set) var groupEnd: [Int32] = []
    private(set) var groupBase: [Int32] = []
    /// For each data-source section: the scope it belongs to and its run there
    /// (`-1 - repeat` for a tail), to tell a stale index from a live one.
    var ownerScope: [Int32] = []
    var ownerRun: [Int32] = []
    let repeatCount: Int
    /// How many runs the form has, and each repeat's template; each scope's repeat.
    let formRunCount: Int
    let repeatRunCount: [Int]
    private var scopeRepeat: [Int] = []
    /// Each repeat's slot among its holder's repeats, its parent, how many repeats
    /// each repeat's entries hold, and how many the form holds.
    let repeatSlot: [Int]
    let repeatParent: [Int]
    let childRepeatCount: [Int]
    let formRepeatCount: Int

    init() {
        formBlocks = []
        repeatBlocks = []
        fieldRun = []
        fieldRow = []
        repeatCount = 0
        formRunCount = 0
        repeatRunCount = []
        repeatSlot = []
        repeatParent = []
        childRepeatCount = []
        formRepeatCount = 0
    }

    /// Where a group's indexes are, if its holder has any.
    func group(_ repeatIndex: Int, in holder: Int) -> Int? {
        guard holder < groupBase.count, groupBase[holder] >= 0 else { return nil }
        return Int(groupBase[holder]) + repeatSlot[repeatIndex]
    }

    /// Records where a group's sections are (allocating its holder's indexes).
    mutating func setGroup(_ repeatIndex: Int, in holder: Int, tail: Int, start: Int, end: Int) {
        if groupBase[holder] < 0 {
            groupBase[holder] = Int32(tailIndex.count)
            let count = holder == 0 ? formRepeatCount : childRepeatCount[repeatOfHolder(holder, child: repeatIndex)]
            tailIndex += repeatElement(-1, count: count)
            groupStart += repeatElement(-1, count: count)
            groupEnd += repeatElement(-1, count: count)
        }
        let index = Int(groupBase[holder]) + repeatSlot[repeatIndex]
        tailIndex[index] = Int32(tail)
        groupStart[index] = Int32(start)
        groupEnd[index] = Int32(end)
    }

    /// Moves a group's start (an entry inserted at its very beginning).
    mutating func setGroupStart(_ repeatIndex: Int, in holder: Int, to start: Int) {
        if let index = group(repeatIndex, in: holder) { groupStart[index] = Int32(start) }
    }

    /// The repeat a holder is an entry of, from one of the repeats it holds.
    private func repeatOfHolder(_ holder: Int, child: Int) -> Int { repeatParent[child] }

    /// The section of a scope's run, if it is laid out now.
    func section(ofRun run: Int, in scope: Int) -> Int? {
        guard scope < runBase.count, runBase[scope] >= 0, run < runCount(of: scope) else { return nil }
        let index = Int(runs[Int(runBase[scope]) + run])
        guard index >= 0, index < ownerScope.count, ownerScope[index] == scope, ownerRun[index] == run else {
            return nil
        }
        return index
    }

    /// The section of a group's tail, if it is laid out now.
    func tailSection(_ repeatIndex: Int, in holder: Int) -> Int? {
        guard let key = group(repeatIndex, in: holder) else { return nil }
        let index = Int(tailIndex[key])
        guard index >= 0, index < ownerScope.count, ownerScope[index] == holder, ownerRun[index] == -1 - repeatIndex
        else { return nil }
        return index
    }

    /// The sections a group takes now (its entries', then its tail), if laid out.
    func groupRange(_ repeatIndex: Int, in holder: Int) -> Range<Int>? {
        guard let key = group(repeatIndex, in: holder), groupStart[key] >= 0 else { return nil }
        return Int(groupStart[key])..<Int(groupEnd[key])
    }

    /// How many runs a scope has: the form's, or its repeat's template's.
    func runCount(of scope: Int) -> Int { scope == 0 ? formRunCount : repeatRunCount[scopeRepeat[scope]] }

    /// Records where a scope's run is.
    mutating func setRun(_ run: Int, of scope: Int, at index: Int, repeatIndex: Int?) {
        if runBase[scope] < 0 {
            runBase[scope] = Int32(runs.count)
            scopeRepeat[scope] = repeatIndex ?? -1
            runs += repeatElement(-1, count: runCount(of: scope))
        }
        runs[Int(runBase[scope]) + run] = Int32(index)
    }

    /// Forgets every index (before laying out everything again).
    mutating func reset(scopes: Int) {
        runs = []
        runBase = []
        scopeRepeat = []
        tailIndex = []
        groupStart = []
        groupEnd = []
        groupBase = []
        grow(scopes: scopes)
    }

    /// Makes room for the indexes of `scopes` scopes.
    mutating func grow(scopes: Int) {
        if runBase.count < scopes {
            runBase += repeatElement(-1, count: scopes - runBase.count)
            scopeRepeat += repeatElement(-1, count: scopes - scopeRepeat.count)
            groupBase += repeatElement(-1, count: scopes - groupBase.count)
        }
    }

    /// Every index at or after `start` moves by `delta`: sections were removed just
    /// before it, or inserted at it. A group's end equal to `start` moves too, unless
    /// sections were inserted there (`inserting`: then the group before ends there).
    mutating func shift(from start: Int, by delta: Int, inserting: Bool = false) {
        guard delta != 0 else { return }
        let start = Int32(start), delta = Int32(delta)
        runs.withUnsafeMutableBufferPointer { runs in
            for index in runs.indices where runs[index] >= start { runs[index] += delta }
        }
        tailIndex.withUnsafeMutableBufferPointer { tails in
            for index in tails.indices where tails[index] >= start { tails[index] += delta }
        }
        groupStart.withUnsafeMutableBufferPointer { starts in
            for index in starts.indices where starts[index] >= start { starts[index] += delta }
        }
        let endLimit = inserting ? start + 1 : start  // an end at an insertion stays: the group before ends there
        groupEnd.withUnsafeMutableBufferPointer { ends in
            for index in ends.indices where ends[index] >= endLimit { ends[index] += delta }
        }
    }

    /// The sections an entry takes (its runs and everything nested in it), if laid out.
    func span(of entry: Int, repeatIndex: Int) -> Range<Int>? {
        guard let start = section(ofRun: 0, in: entry) else { return nil }
        switch repeatBlocks[repeatIndex].last {
        case .run(let number, _, _, _, _)?:
            return section(ofRun: number, in: entry).map { start..<($0 + 1) }
        case .group(let nested)?:
            return groupRange(nested, in: entry).map { start..<$0.upperBound }
        case nil:
            return nil
        }
    }

    init(definition: FormDefinition) {
        repeatCount = definition.repeats.count
        // A field in no run (an input of the form) has a run no scope has, so it has no row.
        var fieldRun = [Int](repeating: Int.max, count: definition.fields.count)
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
                result.append(
                    .run(
                        number: runs, fields: pending, section: pendingSection,
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
            if case .run? = result.first {
            } else {
                result.insert(
                    .run(number: runs, fields: [], section: repeatDefinition.sectionIndex, first: true, last: false),
                    at: 0)
            }
            return result
        }
        self.fieldRun = fieldRun
        self.fieldRow = fieldRow
        func runCount(_ blocks: [Block]) -> Int {
            blocks.reduce(0) { count, block in
                if case .run(let number, _, _, _, _) = block { return max(count, number + 1) }
                return count
            }
        }
        formRunCount = runCount(formBlocks)
        repeatRunCount = repeatBlocks.map(runCount)
        var slots = [Int](repeating: 0, count: definition.repeats.count)
        var children = [Int](repeating: 0, count: definition.repeats.count)
        var top = 0
        for repeatDefinition in definition.repeats {
            if let parent = repeatDefinition.parent {
                slots[repeatDefinition.index] = children[parent]
                children[parent] += 1
            } else {
                slots[repeatDefinition.index] = top
                top += 1
            }
        }
        repeatSlot = slots
        repeatParent = definition.repeats.map { $0.parent ?? -1 }
        childRepeatCount = children
        formRepeatCount = top
    }
}
