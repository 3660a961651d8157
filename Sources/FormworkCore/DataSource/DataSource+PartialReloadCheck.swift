/// A model section that `reloadData(_:animated:sections:)` was not told about, although
/// a full evaluation shows it differently from the incremental reload.
struct UnlistedSectionChange: Equatable {
    /// What differs.
    enum Kind: Equatable {
        /// One of the two shows the section and the other hides it.
        case visibility
        /// Both show it, with different rows (by storage identity) or rows from
        /// different model positions.
        case rows
        /// Both show it, with a different identifier or content.
        case section
    }

    /// The section's index in `DataSource.sections`.
    let modelIndex: Int
    let kind: Kind

    /// The assertion message.
    var message: String {
        let what: String
        switch kind {
        case .visibility: what = "visibility"
        case .rows: what = "visible rows"
        case .section: what = "identifier or content"
        }
        return "reloadData(sections:) was not told about section \(modelIndex), whose \(what) changed"
    }
}

extension DataSource {
    /// Checks the precondition of `reloadData(_:animated:sections:)`: every model
    /// section not `listed` is shown by `snapshot` exactly as a full evaluation shows
    /// it. Runs in debug builds only (inside `assert`); always returns `true` or traps
    /// with a message naming the first section that changed.
    func checkUnlistedSections(in snapshot: VisibleSnapshot, listed: Set<Int>) -> Bool {
        if let change = unlistedSectionChange(in: snapshot, listed: listed) { preconditionFailure(change.message) }
        return true
    }

    /// The first model section not in `listed` that `snapshot` (the result of an
    /// incremental reload) shows differently from a full evaluation of `sections`:
    /// hidden in one and shown in the other, with other rows (compared by storage,
    /// so a replaced `Row` counts even if its item is equal), or with another
    /// identifier or content. `nil` when the incremental reload was told enough.
    ///
    /// - Complexity: A full evaluation (every `isHidden` closure), plus O(*n*) for *n* rows.
    func unlistedSectionChange(in snapshot: VisibleSnapshot, listed: Set<Int>) -> UnlistedSectionChange? {
        let expected = makeVisibleSnapshot()
        var shownCursor = 0, expectedCursor = 0
        for modelIndex in sections.indices {
            let shown = Self.visibleSection(modelIndex, in: snapshot.sections, cursor: &shownCursor)
            let wanted = Self.visibleSection(modelIndex, in: expected.sections, cursor: &expectedCursor)
            guard !listed.contains(modelIndex) else { continue }
            switch (shown, wanted) {
            case (nil, nil):
                continue
            case let (shown?, wanted?):
                if !Self.hasSameRows(shown, wanted) {
                    return UnlistedSectionChange(modelIndex: modelIndex, kind: .rows)
                }
                if shown.section.identifier != wanted.section.identifier
                    || !shown.section.hasSameContent(as: wanted.section)
                {
                    return UnlistedSectionChange(modelIndex: modelIndex, kind: .section)
                }
            default:
                return UnlistedSectionChange(modelIndex: modelIndex, kind: .visibility)
            }
        }
        return nil
    }

    /// The visible section of model section `modelIndex`, if shown; `cursor` walks
    /// `sections` (ordered by model index) forward across calls with growing indices.
    private static func visibleSection(
        _ modelIndex: Int, in sections: [VisibleSection], cursor: inout Int
    ) -> VisibleSection? {
        while cursor < sections.count, sections[cursor].modelIndex < modelIndex { cursor += 1 }
        return cursor < sections.count && sections[cursor].modelIndex == modelIndex ? sections[cursor] : nil
    }

    /// The same row storages, from the same model rows, in the same order.
    private static func hasSameRows(_ shown: VisibleSection, _ wanted: VisibleSection) -> Bool {
        guard shown.rows.count == wanted.rows.count else { return false }
        return shown.rows.indices.allSatisfy { row in
            shown.rows[row].storage === wanted.rows[row].storage
                && shown.modelRow(ofVisible: row) == wanted.modelRow(ofVisible: row)
        }
    }
}
