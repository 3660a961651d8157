import FormworkCore

/// Laying out the data source's sections (see `FormLayout`): all of them, or only the
/// sections of the repeats whose entries changed, spliced into place.
///
/// A structural change (an entry added, removed or moved) lays out again only its
/// group — the repeat's entries in one holder, and its tail — and moves the indexes
/// of what follows by the difference: the cost is the group's sections plus a few
/// integer operations per section, not a walk of the whole form. Sections whose
/// rows and content are unchanged are reused as they are, and the data source is
/// told so (`reloadData(_:animated:reusing:)`), so that it diffs only what changed.
extension FormPresentation {
    /// What a layout pass produces: sections (with, for each, its index in the data
    /// source before the pass when it is shown as it was), and the indexes to record.
    struct LayoutOutput {
        /// Where the output goes in the data source.
        let base: Int
        var sections: [Section] = []
        var origin: [Int?] = []
        var owners: [(scope: Int32, run: Int32)] = []
        var runs: [(scope: Int, run: Int, index: Int)] = []
        var groups: [(repeatIndex: Int, holder: Int, tail: Int, start: Int, end: Int)] = []

        var next: Int { base + sections.count }

        mutating func append(_ section: Section, origin: Int?, scope: Int, run: Int) {
            sections.append(section)
            self.origin.append(origin)
            owners.append((Int32(scope), Int32(run)))
        }
    }

    /// Lays out every section (reusing those of the data source whose scope did not
    /// change, unless everything must be shown again); returns the sections and, for
    /// each, its index before when reused.
    func layOutEverything() -> (sections: [Section], origin: [Int?]) {
        let previous = reloadEverything || !hasReloaded ? [] : source.sections
        var output = LayoutOutput(base: 0)
        emit(0, layout.formBlocks, into: &output, previous: previous)
        layout.reset(scopes: tree.scopeCount)
        layout.ownerScope = output.owners.map(\.scope)
        layout.ownerRun = output.owners.map(\.run)
        record(output)
        return (output.sections, output.origin)
    }

    /// How the data source's sections changed, for its reload.
    enum Relayout {
        /// The sections `replaced` (indexes before) became `count` sections at the same
        /// place, and the sections in `changed` (indexes after) changed.
        case spliced(replaced: Range<Int>, count: Int, changed: Set<Int>)
        /// For each section now, its index before when it is shown as it was.
        case reusing([Int?])
    }

    /// Lays out again only what changed: one entry added or removed is its sections
    /// spliced in or out, and one moved is taken out and put back; more changes lay
    /// out again their groups, spliced in; `nil` when that cannot be done (then lay
    /// out everything).
    func layOutChanges() -> Relayout? {
        layout.grow(scopes: tree.scopeCount)
        if pendingEntryChanges.count == 1, let relayout = spliceEntry(pendingEntryChanges[0]) { return relayout }
        return layOutChangedGroups().map(Relayout.reusing)
    }

    /// Lays out again the groups whose entries changed, splicing their sections in;
    /// returns, for each section now, its index before when it is shown as it was.
    func layOutChangedGroups() -> [Int?]? {
        // The outermost changed groups (one laid out again lays out the groups inside
        // it), last first, so that the indexes before each stay valid.
        var ranges: [(key: Int, range: Range<Int>)] = []
        for key in pendingGroups {
            let holder = key / definition.repeats.count
            guard tree.isAttached(holder) else { continue }  // inside a removed entry
            guard let range = layout.groupRange(key % definition.repeats.count, in: holder) else { return nil }
            ranges.append((key, range))
        }
        ranges.sort { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }
        var outermost: [(key: Int, range: Range<Int>)] = []
        for candidate in ranges {
            if let last = outermost.last, last.range.contains(candidate.range.lowerBound) { continue }
            outermost.append(candidate)
        }
        var origin: [Int?] = source.sections.indices.map { Optional($0) }
        for (key, range) in outermost.reversed() {
            var output = LayoutOutput(base: range.lowerBound)
            emitGroup(
                key % definition.repeats.count, in: key / definition.repeats.count, into: &output,
                previous: source.sections)
            source.sections.replaceSubrange(range, with: output.sections)
            origin.replaceSubrange(range, with: output.origin.map { $0.flatMap { origin[$0] } })
            layout.ownerScope.replaceSubrange(range, with: output.owners.map(\.scope))
            layout.ownerRun.replaceSubrange(range, with: output.owners.map(\.run))
            layout.shift(from: range.upperBound, by: output.sections.count - range.count)
            record(output)
        }
        return origin
    }

    /// One entry's sections taken out, put in, or both, and its group's tail built
    /// again (it shows how many entries there are); `nil` when the layout does not
    /// have what it needs (then its group is laid out again).
    private func spliceEntry(_ change: (entry: Int, change: EntryChange)) -> Relayout? {
        let entry = change.entry
        let repeatIndex = tree.scopes[entry].repeatIndex!
        let holder = tree.scopes[entry].parent
        guard tree.isAttached(holder), layout.groupRange(repeatIndex, in: holder) != nil else { return nil }
        // Removed or added alone: a splice the data source takes as it is.
        var replaced: Range<Int>?
        var insertedCount = 0
        var origin: [Int?] = change.change == .moved ? source.sections.indices.map { Optional($0) } : []
        // A moved entry's sections are the same, shown where it is now.
        var moving: LayoutOutput?
        if change.change == .moved {
            var output = LayoutOutput(base: 0)
            emit(entry, layout.repeatBlocks[repeatIndex], into: &output, previous: source.sections)
            moving = output
        }
        if change.change != .added {
            guard let span = layout.span(of: entry, repeatIndex: repeatIndex) else { return nil }
            source.sections.removeSubrange(span)
            if change.change == .moved { origin.removeSubrange(span) }
            replaced = span
            layout.ownerScope.removeSubrange(span)
            layout.ownerRun.removeSubrange(span)
            layout.shift(from: span.upperBound, by: -span.count)
        }
        if change.change != .removed {
            let list = tree.list(of: repeatIndex, in: holder)
            let position = tree.position(of: entry)
            let next = position + 1 < list.count ? layout.section(ofRun: 0, in: list[position + 1]) : nil
            guard let at = next ?? layout.tailSection(repeatIndex, in: holder) else { return nil }
            var output = moving ?? LayoutOutput(base: 0)
            if moving == nil { emit(entry, layout.repeatBlocks[repeatIndex], into: &output, previous: []) }
            let groupStart = layout.groupRange(repeatIndex, in: holder)!.lowerBound
            source.sections.insert(contentsOf: output.sections, at: at)
            if change.change == .moved {
                origin.insert(contentsOf: output.origin, at: at)  // indexes from before the removal: the original ones
            } else {
                replaced = at..<at
                insertedCount = output.sections.count
            }
            layout.ownerScope.insert(contentsOf: output.owners.map(\.scope), at: at)
            layout.ownerRun.insert(contentsOf: output.owners.map(\.run), at: at)
            layout.shift(from: at, by: output.sections.count, inserting: true)
            record(output, offset: at)
            if at == groupStart { layout.setGroupStart(repeatIndex, in: holder, to: at) }
        }
        // The tail: how many entries there are.
        guard let tail = layout.tailSection(repeatIndex, in: holder) else { return nil }
        let row = definition.repeats[repeatIndex].count == nil ? addRow(repeatIndex, in: holder) : nil
        let tailChanged =
            source.sections[tail].rows.first?.item(as: EntryAddRow.self) != row?.item(as: EntryAddRow.self)
        if tailChanged { source.sections[tail].rows = row.map { [$0] } ?? [] }
        guard change.change == .moved, let replaced else {
            return .spliced(replaced: replaced!, count: insertedCount, changed: tailChanged ? [tail] : [])
        }
        _ = replaced
        if tailChanged { origin[tail] = nil }
        return .reusing(origin)
    }

    /// Records the indexes a pass produced (`offset`: where its first section went,
    /// for a pass laid out from 0).
    private func record(_ output: LayoutOutput, offset: Int = 0) {
        for (scope, run, index) in output.runs {
            layout.setRun(run, of: scope, at: index + offset, repeatIndex: tree.scopes[scope].repeatIndex)
        }
        for (repeatIndex, holder, tail, start, end) in output.groups {
            layout.setGroup(repeatIndex, in: holder, tail: tail + offset, start: start + offset, end: end + offset)
        }
    }

    /// Appends a scope's blocks: its runs, and its groups.
    func emit(_ scope: Int, _ blocks: [FormLayout.Block], into output: inout LayoutOutput, previous: [Section]) {
        for block in blocks {
            switch block {
            case let .run(number, fields, section, first, last):
                output.runs.append((scope, number, output.next))
                if !previous.isEmpty, let old = layout.section(ofRun: number, in: scope), old < previous.count,
                    !isDirty(scope)
                {
                    // An entry's title that reads its position or fields outside it is
                    // checked again; its rows are the same.
                    if scope > 0, number == 0, readsBeyondEntry(tree.scopes[scope].repeatIndex!) {
                        let content = self.content(scope: scope, run: 0, section: section, first: true, last: false)
                        if (previous[old].content as? FormSectionContent) != content {
                            output.append(
                                Section(
                                    id: content.id, content: content, descriptor: .named(Self.entrySectionKind),
                                    rows: previous[old].rows),
                                origin: nil, scope: scope, run: number)
                            continue
                        }
                    }
                    output.append(previous[old], origin: old, scope: scope, run: number)
                    continue
                }
                let instances = fields.map { scope == 0 ? $0 : tree.scopes[scope].fields[tree.fieldSlot[$0]] }
                let content = self.content(scope: scope, run: number, section: section, first: first, last: last)
                let descriptor: DescriptorIdentifier? =
                    scope > 0 && number == 0
                    ? .named(Self.entrySectionKind) : fields.isEmpty ? .named(Self.titleSectionKind) : nil
                output.append(
                    Section(id: content.id, content: content, descriptor: descriptor, rows: instances.map(row(for:))),
                    origin: nil, scope: scope, run: number)
            case .group(let repeatIndex):
                emitGroup(repeatIndex, in: scope, into: &output, previous: previous)
            }
        }
    }

    /// Appends a group: each entry's blocks, then the tail (the add row; a repeat
    /// that follows its `count` has an empty one, so every group has a section).
    func emitGroup(_ repeatIndex: Int, in holder: Int, into output: inout LayoutOutput, previous: [Section]) {
        let start = output.next
        for entry in tree.list(of: repeatIndex, in: holder) {
            emit(entry, layout.repeatBlocks[repeatIndex], into: &output, previous: previous)
        }
        let tail = output.next
        let row = definition.repeats[repeatIndex].count == nil ? addRow(repeatIndex, in: holder) : nil
        if !previous.isEmpty, let old = layout.tailSection(repeatIndex, in: holder), old < previous.count,
            !isDirty(holder), previous[old].rows.first?.item(as: EntryAddRow.self) == row?.item(as: EntryAddRow.self)
        {
            output.append(previous[old], origin: old, scope: holder, run: -1 - repeatIndex)
        } else {
            let id = tailIdentifier(repeatIndex, holder)
            let content = FormSectionContent(
                id: id, header: nil, footer: nil, role: .tail(repeatIndex: repeatIndex, holder: holder))
            output.append(
                Section(id: id, content: content, rows: row.map { [$0] } ?? []), origin: nil, scope: holder,
                run: -1 - repeatIndex)
        }
        output.groups.append((repeatIndex, holder, tail, start, output.next))
    }

    /// Whether a scope has rows to rebuild at this reload.
    func isDirty(_ scope: Int) -> Bool { dirtyScopes.contains(scope) }
}
