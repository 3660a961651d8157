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
        let next = makeVisibleSnapshot()
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
