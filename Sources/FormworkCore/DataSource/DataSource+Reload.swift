import FoundationEssentials

extension DataSource {
    /// Re-evaluates visibility and shows the result in `view`.
    ///
    /// Not animated, the view reloads everything. Animated, the new visible snapshot
    /// is diffed against the last one: rows whose content changed are refreshed in
    /// place (`update`, else `configure`, on the cell the view still shows), then the
    /// view performs the whole `Changeset` as one batch. An empty changeset is not
    /// sent.
    ///
    /// - Parameters:
    ///   - view: The view to update; `nil` to only recompute (a headless session).
    ///   - animated: Whether to diff (`true`) or reload everything.
    /// - Returns: The changeset when animated, `nil` after a full reload.
    /// - Complexity: O(*n*) closure calls for *n* rows, plus the diff when animated.
    @discardableResult
    public func reloadData(_ view: (any ListView)?, animated: Bool) -> Changeset? {
        reload(view, animated: animated, next: makeVisibleSnapshot())
    }

    /// Like `reloadData(_:animated:)`, when you know that only the model sections in
    /// `sections` changed (their items, or what their `isHidden` closures read): only
    /// those are evaluated again, the others are shown as they were. The diff still
    /// compares everything, but unchanged rows compare by reference, so the cost is
    /// about a nanosecond per row plus the work in the changed sections.
    ///
    /// - Precondition: Every model section whose rows, visibility, identifier or
    ///   content changed since the last reload is in `sections`; sections were not
    ///   added, removed or reordered (if a shown section's row count changed,
    ///   everything is evaluated again). Debug builds check it: they evaluate every
    ///   section in full as well and stop at the first section left out that a full
    ///   reload would show differently ("reloadData(sections:) was not told about
    ///   section 3, whose visible rows changed"). Release builds trust it: a section
    ///   left out keeps showing what it showed.
    @discardableResult
    public func reloadData(_ view: (any ListView)?, animated: Bool, sections changed: Set<Int>) -> Changeset? {
        patchReload(view, animated: animated, changed: changed.filter { sections.indices.contains($0) }.sorted())
    }

    /// Like `reloadData(_:animated:)`, after sections were added, removed, moved or
    /// changed: `reusing[i]` is, for the model section now at `i`, the index it had at
    /// the last reload when nothing about it changed since (its rows, what its
    /// `isHidden` closures read, its identifier and content), else `nil`. Sections
    /// reused keep their visible rows without a closure call, and the diff skips them
    /// by reference, so a reload costs what changed plus a few nanoseconds a section.
    ///
    /// ```swift
    /// dataSource.sections.insert(newSection, at: 3)   // an entry added
    /// dataSource.reloadData(view, animated: true, reusing: [0, 1, 2, nil, 3, 4])
    /// ```
    ///
    /// - Precondition: `reusing.count == sections.count`; every section whose
    ///   evaluation may differ is `nil`. Debug builds check it, as for
    ///   `reloadData(_:animated:sections:)`.
    @discardableResult
    public func reloadData(_ view: (any ListView)?, animated: Bool, reusing: [Int?]) -> Changeset? {
        precondition(reusing.count == sections.count, "reloadData(reusing:) needs one entry per model section")
        return patchReload(view, animated: animated, reusing: reusing)
    }

    /// Like `reloadData(_:animated:sections:)`, after the model sections in `replaced`
    /// (indexes before the change) were replaced by `count` sections starting at the
    /// same index (an entry added or removed, say): those are evaluated, with the
    /// sections in `changed` (indexes after the change), and everything else is shown
    /// as it was. Costs what changed, plus an integer update of the sections after.
    ///
    /// ```swift
    /// dataSource.sections.insert(contentsOf: entrySections, at: 7)
    /// dataSource.reloadData(view, animated: true, replacing: 7..<7, with: entrySections.count, changed: [tail])
    /// ```
    ///
    /// - Precondition: Nothing else was added, removed or moved, and every other
    ///   section whose rows, visibility, identifier or content changed is in
    ///   `changed`. Debug builds check it, and that the changeset is the one a full
    ///   diff gives.
    @discardableResult
    public func reloadData(
        _ view: (any ListView)?, animated: Bool, replacing replaced: Range<Int>, with count: Int, changed: Set<Int>
    ) -> Changeset? {
        patchReload(view, animated: animated, replacing: replaced, with: count, changed: changed)
    }

    private func reload(_ view: (any ListView)?, animated: Bool, next: VisibleSnapshot) -> Changeset? {
        guard animated else {
            visible = next
            assert(checkInvariants())
            view?.reloadData(from: self)
            return nil
        }
        return performAnimatedReload(
            from: visible, to: next, view: view, listSource: self,
            commit: {
                visible = next
                assert(checkInvariants())
            },
            refresh: { cell, indexPath in refreshCell(cell, at: indexPath) })
    }
}

/// The animated reload shared by `DataSource` and `CompositeDataSource`: diff,
/// commit the new snapshot, refresh updated cells in place, send the batch.
func performAnimatedReload<Source: DiffSource>(
    from old: Source, to new: Source, view: (any ListView)?, listSource: any ListDataSource,
    commit: () -> Void, refresh: (Any, IndexPath) -> Void
) -> Changeset {
    let changeset = computeChangeset(from: old, to: new)
    commit()
    guard let view, !changeset.isEmpty else { return changeset }
    for update in changeset.rows.updated {
        if let cell = view.cellForRow(at: update.from) { refresh(cell, update.to) }
    }
    view.performBatchUpdates(changeset, from: listSource)
    return changeset
}
