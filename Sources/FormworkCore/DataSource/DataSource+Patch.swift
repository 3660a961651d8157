import FoundationEssentials

/// The incremental reload: what changed is evaluated and diffed, the rest is taken
/// as it was, and the visible snapshot is patched in place.
///
/// A reload told which model sections are unchanged (`reusing`) costs what changed
/// plus a few integer operations per section, not a copy and a comparison of every
/// section, so a list of a thousand sections (a form's repeated entries, say) is
/// cheap to update when one of them changes:
///
/// 1. Each model section is *kept* (reused, shown before, same row count) or
///    evaluated again (*fresh*).
/// 2. The sections that were shown and are not kept (the *old window*) are diffed
///    against the fresh ones (the *new window*) by the ordinary diff; kept sections
///    pair with themselves and their rows are unchanged.
/// 3. Section moves are the pairs, kept and window ones together, outside one
///    longest increasing subsequence of old positions — exactly what diffing the
///    whole snapshots gives (debug builds check that they agree).
/// 4. The snapshot becomes the new one by removing and inserting the few sections
///    that changed place, and renumbering model indices in place.
extension DataSource {
    /// Where a section of the next snapshot comes from.
    private enum Source {
        /// The section at this index of the current snapshot, unchanged.
        case kept(Int)
        /// Evaluated again: the index in the fresh sections.
        case fresh(Int)
    }

    /// Reloads after the model sections changed as `reusing` says (see
    /// `reloadData(_:animated:reusing:)`), patching the snapshot in place.
    func patchReload(_ view: (any ListView)?, animated: Bool, reusing: [Int?]) -> Changeset? {
        // Where each old model section is shown (-1: hidden).
        let oldModelCount = (visible.sections.last?.modelIndex ?? -1) + 1
        var shownAt = [Int32](repeating: -1, count: oldModelCount)
        for (position, section) in visible.sections.enumerated() { shownAt[section.modelIndex] = Int32(position) }

        var sources: [Source] = []
        var models: [Int] = []
        var fresh: [VisibleSection] = []
        var kept = [Bool](repeating: false, count: visible.sections.count)
        var cache = DescriptorCache()
        for modelIndex in sections.indices {
            if let old = reusing[modelIndex], old >= 0 {
                let position = old < oldModelCount ? Int(shownAt[old]) : -1
                if position < 0 { continue }  // hidden then, hidden now
                if visible.sections[position].section.rows.count == sections[modelIndex].rows.count {
                    sources.append(.kept(position))
                    models.append(modelIndex)
                    kept[position] = true
                    continue
                }
            }
            guard let section = visibleSection(at: modelIndex, cache: &cache) else { continue }
            sources.append(.fresh(fresh.count))
            models.append(modelIndex)
            fresh.append(section)
        }

        guard animated else {
            commit(sources: sources, models: models, fresh: fresh, kept: kept, moved: [])
            assert(checkUnlistedSections(in: visible, listed: Set(reusing.indices.filter { reusing[$0] == nil })))
            assert(checkInvariants())
            view?.reloadData(from: self)
            return nil
        }
        #if DEBUG
        let before = visible
        #endif

        // The window: shown sections not kept, against the fresh ones.
        let windowOld = kept.indices.filter { !kept[$0] }
        let oldWindow = VisibleSnapshot(sections: windowOld.map { visible.sections[$0] })
        let newWindow = VisibleSnapshot(sections: fresh)
        var differ = SectionedDiffer(old: oldWindow, new: newWindow)
        let window = differ.run()

        // Every pair in new order; moves are those outside one longest increasing run.
        var newPositionOfFresh = [Int](repeating: 0, count: fresh.count)
        var pairedOld: [Int32] = []
        var pairedNew: [Int] = []
        for (position, source) in sources.enumerated() {
            switch source {
            case .kept(let old):
                pairedOld.append(Int32(old))
                pairedNew.append(position)
            case .fresh(let index):
                newPositionOfFresh[index] = position
                let partner = differ.sectionNewToOld[index]
                if partner >= 0 {
                    pairedOld.append(Int32(windowOld[partner]))
                    pairedNew.append(position)
                }
            }
        }
        var stays: [Bool] = []
        var tails: [Int32] = []
        var predecessors: [Int32] = []
        markLongestIncreasingSubsequence(pairedOld, stays: &stays, tails: &tails, predecessors: &predecessors)
        var changeset = Changeset()
        var movedKept = Set<Int>()
        for index in pairedOld.indices where !stays[index] {
            changeset.sections.moved.append(PositionPair(from: Int(pairedOld[index]), to: pairedNew[index]))
            if case .kept(let old) = sources[pairedNew[index]] { movedKept.insert(old) }
        }
        // Section moves are the pairs' (above); the rest is the window's, placed.
        let moves = changeset.sections.moved
        changeset = Self.placing(window, old: windowOld, new: newPositionOfFresh)
        changeset.sections.moved = moves

        commit(sources: sources, models: models, fresh: fresh, kept: kept, moved: movedKept)
        assert(checkUnlistedSections(in: visible, listed: Set(reusing.indices.filter { reusing[$0] == nil })))
        assert(checkInvariants())
        #if DEBUG
        assertMatchesFullDiff(changeset, from: before)
        #endif
        return show(changeset, in: view)
    }

    /// Turns the snapshot into the next one in place: the sections that are not kept,
    /// or that moved, come out; fresh and moved ones go in at their new places; every
    /// section gets its new model index. Many changes at once rebuild it instead.
    private func commit(sources: [Source], models: [Int], fresh: [VisibleSection], kept: [Bool], moved: Set<Int>) {
        let removed = kept.indices.filter { !kept[$0] || moved.contains($0) }
        let inserted = sources.indices.filter { position in
            if case .kept(let old) = sources[position] { return moved.contains(old) }
            return true
        }
        if removed.count + inserted.count > 64 {
            let old = visible.sections
            visible.sections = sources.map { source in
                switch source {
                case .kept(let position): return old[position]
                case .fresh(let index): return fresh[index]
                }
            }
        } else {
            let movedSections = Dictionary(uniqueKeysWithValues: moved.map { ($0, visible.sections[$0]) })
            for position in removed.reversed() { visible.sections.remove(at: position) }
            for position in inserted {
                switch sources[position] {
                case .kept(let old): visible.sections.insert(movedSections[old]!, at: position)
                case .fresh(let index): visible.sections.insert(fresh[index], at: position)
                }
            }
        }
        for position in visible.sections.indices where visible.sections[position].modelIndex != models[position] {
            visible.sections[position].modelIndex = models[position]
        }
    }

    /// Reloads after only the model sections `changed` changed, none added, removed
    /// or moved (see `reloadData(_:animated:sections:)`): those are found by binary
    /// search, evaluated again, diffed, and put in place. Costs what changed, plus a
    /// logarithm of the number of sections.
    func patchReload(_ view: (any ListView)?, animated: Bool, changed: [Int]) -> Changeset? {
        #if DEBUG
        let before = visible
        #endif
        var cache = DescriptorCache()
        var oldPositions: [Int] = []  // of the changed sections shown before
        var fresh: [VisibleSection] = []
        var newPositions: [Int] = []
        var replaced: [(position: Int, section: VisibleSection)] = []
        var removed: [Int] = []
        var inserted: [(position: Int, section: VisibleSection)] = []
        var delta = 0
        for modelIndex in changed {
            let low = visiblePosition(ofModel: modelIndex)
            let wasShown = low < visible.sections.count && visible.sections[low].modelIndex == modelIndex
            let section = visibleSection(at: modelIndex, cache: &cache)
            let newPosition = low + delta
            if wasShown { oldPositions.append(low) }
            if let section {
                fresh.append(section)
                newPositions.append(newPosition)
            }
            switch (wasShown, section) {
            case (true, let section?): replaced.append((low, section))
            case (true, nil):
                removed.append(low)
                delta -= 1
            case (false, let section?):
                inserted.append((newPosition, section))
                delta += 1
            case (false, nil): break
            }
        }
        var changeset: Changeset?
        if animated {
            let oldWindow = VisibleSnapshot(sections: oldPositions.map { visible.sections[$0] })
            let window = computeChangeset(from: oldWindow, to: VisibleSnapshot(sections: fresh))
            changeset = Self.placing(window, old: oldPositions, new: newPositions)
        }
        for (position, section) in replaced { visible.sections[position] = section }
        splice(removing: removed, inserting: inserted)
        assert(checkUnlistedSections(in: visible, listed: Set(changed)))
        assert(checkInvariants())
        guard let changeset else {
            view?.reloadData(from: self)
            return nil
        }
        #if DEBUG
        assertMatchesFullDiff(changeset, from: before)
        #endif
        return show(changeset, in: view)
    }

    /// A window's changeset (positions within the old and new windows) placed in the
    /// whole snapshots: `old[i]` and `new[i]` are where the windows' sections are.
    private static func placing(_ window: Changeset, old oldPositions: [Int], new newPositions: [Int]) -> Changeset {
        func old(_ section: Int) -> Int { oldPositions[section] }
        func new(_ section: Int) -> Int { newPositions[section] }
        func old(_ path: IndexPath) -> IndexPath { IndexPath(row: path.row, section: old(path.section)) }
        func new(_ path: IndexPath) -> IndexPath { IndexPath(row: path.row, section: new(path.section)) }
        func pair(_ move: PositionPair<Int>) -> PositionPair<Int> {
            PositionPair(from: old(move.from), to: new(move.to))
        }
        func pair(_ move: PositionPair<IndexPath>) -> PositionPair<IndexPath> {
            PositionPair(from: old(move.from), to: new(move.to))
        }
        var placed = Changeset()
        placed.sections.deleted = window.sections.deleted.map(old)
        placed.sections.inserted = window.sections.inserted.map(new)
        placed.sections.moved = window.sections.moved.map(pair)
        placed.sections.updated = window.sections.updated.map(pair)
        placed.rows = Changes(
            deleted: window.rows.deleted.map(old), inserted: window.rows.inserted.map(new),
            moved: window.rows.moved.map(pair), updated: window.rows.updated.map(pair))
        return placed
    }

    /// Debug builds: the patched changeset is exactly what diffing the whole snapshots gives.
    private func assertMatchesFullDiff(_ changeset: Changeset, from before: VisibleSnapshot) {
        let full = computeChangeset(from: before, to: visible)
        assert(full == changeset, "the incremental changeset \(changeset) differs from the full diff's \(full)")
    }

    /// Gives `view` a reload's changes: cells whose rows were updated are configured
    /// again, then the batch.
    private func show(_ changeset: Changeset, in view: (any ListView)?) -> Changeset {
        guard let view, !changeset.isEmpty else { return changeset }
        for update in changeset.rows.updated {
            if let cell = view.cellForRow(at: update.from) { refreshCell(cell, at: update.to) }
        }
        view.performBatchUpdates(changeset, from: self)
        return changeset
    }

    /// The first shown section whose model index is at least `modelIndex`.
    private func visiblePosition(ofModel modelIndex: Int) -> Int {
        var low = 0, high = visible.sections.count
        while low < high {
            let middle = (low + high) / 2
            if visible.sections[middle].modelIndex < modelIndex { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Reloads after the model sections `replaced` (old indexes) became `count`
    /// sections at the same place, and the sections in `changed` (new indexes)
    /// changed: see `reloadData(_:animated:replacing:with:changed:)`.
    func patchReload(
        _ view: (any ListView)?, animated: Bool, replacing replaced: Range<Int>, with count: Int, changed: Set<Int>
    ) -> Changeset? {
        #if DEBUG
        let before = visible
        #endif
        let delta = count - replaced.count
        let inserted = replaced.lowerBound..<(replaced.lowerBound + count)
        // The window, in model order (new indexes): the changed sections outside the
        // replaced ones, and the replaced ones (old) against their replacements (new).
        var window = changed.filter { !inserted.contains($0) }.sorted()
        let split = window.firstIndex { $0 >= inserted.upperBound } ?? window.count
        window.insert(contentsOf: inserted, at: split)
        let replacedStart = visiblePosition(ofModel: replaced.lowerBound)
        let replacedEnd = visiblePosition(ofModel: replaced.upperBound)

        var cache = DescriptorCache()
        var oldPositions: [Int] = []  // the window's sections shown before, in order
        var fresh: [VisibleSection] = []  // the window's sections shown now, in order
        var newPositions: [Int] = []
        var windowShownBefore = 0  // of the window's old sections, those before the current one
        var windowShownNow = 0  // of the window's new sections, those before the current one
        var replacedPassed = false
        for modelIndex in window {
            let isReplacement = inserted.contains(modelIndex)
            if !isReplacement, modelIndex >= inserted.upperBound, !replacedPassed {
                oldPositions += replacedStart..<replacedEnd
                windowShownBefore += replacedEnd - replacedStart
                replacedPassed = true
            }
            // How many sections shown before it stay as they are.
            let staying: Int
            if isReplacement {
                staying = replacedStart - windowShownBefore
            } else {
                let oldModel = modelIndex < replaced.lowerBound ? modelIndex : modelIndex - delta
                let position = visiblePosition(ofModel: oldModel)
                staying = position - windowShownBefore
                if position < visible.sections.count, visible.sections[position].modelIndex == oldModel {
                    oldPositions.append(position)
                    windowShownBefore += 1
                }
            }
            if let section = visibleSection(at: modelIndex, cache: &cache) {
                newPositions.append(staying + windowShownNow)
                fresh.append(section)
                windowShownNow += 1
            }
        }
        if !replacedPassed { oldPositions += replacedStart..<replacedEnd }

        var changeset: Changeset?
        if animated {
            let oldWindow = VisibleSnapshot(sections: oldPositions.map { visible.sections[$0] })
            let diff = computeChangeset(from: oldWindow, to: VisibleSnapshot(sections: fresh))
            changeset = Self.placing(diff, old: oldPositions, new: newPositions)
        }
        // The window's old sections out, the others renumbered, the new ones in.
        if delta != 0 {
            visible.sections.withUnsafeMutableBufferPointer { shown in
                for index in shown.indices where shown[index].modelIndex >= replaced.upperBound {
                    shown[index].modelIndex += delta
                }
            }
        }
        splice(removing: oldPositions, inserting: Array(zip(newPositions, fresh)))
        assert(checkUnlistedSections(in: visible, listed: Set(window)))
        assert(checkInvariants())
        guard let changeset else {
            view?.reloadData(from: self)
            return nil
        }
        #if DEBUG
        assertMatchesFullDiff(changeset, from: before)
        #endif
        return show(changeset, in: view)
    }

    /// Removes the shown sections at `removed` (ascending), then inserts `inserted`
    /// (ascending new positions): one at a time when they are few (what does not move
    /// is not copied), else in one pass, so that many cost no more than a rebuild.
    private func splice(removing removed: [Int], inserting inserted: [(position: Int, section: VisibleSection)]) {
        guard removed.count + inserted.count > 32 else {
            for position in removed.reversed() { visible.sections.remove(at: position) }
            for (position, section) in inserted { visible.sections.insert(section, at: position) }
            return
        }
        var gone = [Bool](repeating: false, count: visible.sections.count)
        for position in removed { gone[position] = true }
        var result: [VisibleSection] = []
        result.reserveCapacity(visible.sections.count - removed.count + inserted.count)
        var next = 0
        for (old, section) in visible.sections.enumerated() where !gone[old] {
            while next < inserted.count, inserted[next].position == result.count {
                result.append(inserted[next].section)
                next += 1
            }
            result.append(section)
        }
        while next < inserted.count {
            result.append(inserted[next].section)
            next += 1
        }
        visible.sections = result
    }
}
