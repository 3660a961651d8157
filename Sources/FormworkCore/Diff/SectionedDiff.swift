import FoundationEssentials

/// Computes the `Changeset` that turns `old` into `new` (see `Changeset` for the
/// contract).
///
/// 1. Sections are paired by key (`pairKeys`); unpaired ones are deleted/inserted,
///    paired ones out of a longest increasing run are moved, and paired ones whose
///    content differs are updated.
/// 2. For each section pair, the common prefix and suffix of rows are paired by
///    position, one comparison per row: an unchanged reload costs no hashing.
/// 3. The remaining rows are paired within their section pair first, through a
///    small table that stays in cache (most rows stay in their section); what is
///    left of every surviving section goes into one hash table (old side) and is
///    looked up from the new side, so rows can move across sections.
/// 4. Per section, rows paired within the same section pair keep their place if
///    they belong to a longest increasing subsequence of old positions; the others,
///    and rows that came from another section, are moves.
///
/// - Complexity: Expected O(*n*) for *n* rows, plus O(*m* log *m*) for the *m* rows
///   that changed order.
@inlinable
func computeChangeset<Source: DiffSource>(from old: Source, to new: Source) -> Changeset {
    var differ = SectionedDiffer(old: old, new: new)
    return differ.run()
}

@usableFromInline
struct SectionedDiffer<Source: DiffSource> {
    @usableFromInline let old: Source
    @usableFromInline let new: Source
    /// Flat index of each section's first row; one extra entry holds the total.
    /// Computed only when some rows are left after trimming.
    @usableFromInline var oldStart: [Int] = []
    @usableFromInline var newStart: [Int] = []
    @usableFromInline var sectionOldToNew: [Int] = []
    @usableFromInline var sectionNewToOld: [Int] = []
    /// Rows trimmed at the start and end of each paired new section.
    @usableFromInline var prefixLength: [Int] = []
    /// New sections whose rows are the old section's, unchanged (nothing to compare).
    @usableFromInline var unchangedRows: [Bool] = []
    @usableFromInline var suffixLength: [Int] = []
    /// Old rows left between the trimmed prefixes and suffixes, and whether any
    /// section pair has rows left on either side.
    @usableFromInline var oldMiddleCount = 0
    @usableFromInline var anyMiddle = false
    /// Row pairings of the untrimmed middles, by flat index (`-1`: unpaired).
    @usableFromInline var rowOldToNew: [Int32] = []
    @usableFromInline var rowNewToOld: [Int32] = []
    @usableFromInline var changeset = Changeset()
    /// Row changes as compact positions while walking; turned into index paths once,
    /// at their final size, so no array of index paths grows and copies.
    @usableFromInline var insertedRows: [RowPosition] = []
    @usableFromInline var deletedRows: [RowPosition] = []
    @usableFromInline var movedRows: [RowMovement] = []
    @usableFromInline var updatedRows: [RowMovement] = []
    /// Updates found while trimming, in new order (suffixes backwards per section):
    /// the trim compares contents as it compares keys, so an unchanged snapshot is
    /// read once.
    @usableFromInline var prefixUpdates: [RowMovement] = []
    @usableFromInline var suffixUpdates: [RowMovement] = []

    @inlinable
    init(old: Source, new: Source) {
        self.old = old
        self.new = new
    }

    @inlinable
    mutating func run() -> Changeset {
        diffSections()
        trimRows()
        pairMiddleRows()
        collectRowChanges()
        collectRowDeletions()
        changeset.rows = Changes(
            deleted: deletedRows.map(\.indexPath), inserted: insertedRows.map(\.indexPath),
            moved: movedRows.map(\.pair), updated: updatedRows.map(\.pair))
        return changeset
    }

    // MARK: Sections

    @inlinable
    mutating func diffSections() {
        let oldCount = old.sectionCount
        let newCount = new.sectionCount
        (sectionOldToNew, sectionNewToOld) = pairKeys(
            oldCount: oldCount, newCount: newCount,
            oldKey: { [old] in old.sectionKey($0) }, newKey: { [new] in new.sectionKey($0) })

        for section in 0..<oldCount where sectionOldToNew[section] < 0 {
            changeset.sections.deleted.append(section)
        }
        var pairedOld: [Int32] = []
        var pairedNew: [Int] = []
        for section in 0..<newCount {
            let source = sectionNewToOld[section]
            if source < 0 {
                changeset.sections.inserted.append(section)
            } else {
                pairedOld.append(Int32(source))
                pairedNew.append(section)
            }
        }
        var stays: [Bool] = []
        var tails: [Int32] = []
        var predecessors: [Int32] = []
        markLongestIncreasingSubsequence(pairedOld, stays: &stays, tails: &tails, predecessors: &predecessors)
        for index in pairedOld.indices {
            let from = Int(pairedOld[index])
            let to = pairedNew[index]
            if !stays[index] { changeset.sections.moved.append(PositionPair(from: from, to: to)) }
            if !old.isSectionContentEqual(from, to: new, to) {
                changeset.sections.updated.append(PositionPair(from: from, to: to))
            }
        }
    }

    @inlinable
    static func starts(of source: Source) -> [Int] {
        var starts = [Int]()
        starts.reserveCapacity(source.sectionCount + 1)
        var total = 0
        for section in 0..<source.sectionCount {
            starts.append(total)
            total += source.rowCount(section)
        }
        starts.append(total)
        return starts
    }

    // MARK: Rows

    /// Pairs the common prefix and suffix of each section pair by position.
    @inlinable
    mutating func trimRows() {
        prefixLength = [Int](repeating: 0, count: new.sectionCount)
        suffixLength = [Int](repeating: 0, count: new.sectionCount)
        unchangedRows = [Bool](repeating: false, count: new.sectionCount)
        for newSection in 0..<new.sectionCount {
            let oldSection = sectionNewToOld[newSection]
            guard oldSection >= 0 else { continue }
            let oldCount = old.rowCount(oldSection)
            let newCount = new.rowCount(newSection)
            if oldCount == newCount, old.hasSameRows(oldSection, as: new, newSection) {
                prefixLength[newSection] = newCount
                unchangedRows[newSection] = true
                continue
            }
            var prefix = 0
            while prefix < oldCount, prefix < newCount,
                old.rowKey(oldSection, prefix) == new.rowKey(newSection, prefix)
            {
                if !old.isRowContentEqual(oldSection, prefix, to: new, newSection, prefix) {
                    prefixUpdates.append(RowMovement(oldSection, prefix, newSection, prefix))
                }
                prefix += 1
            }
            var suffix = 0
            while suffix < oldCount - prefix, suffix < newCount - prefix,
                old.rowKey(oldSection, oldCount - 1 - suffix) == new.rowKey(newSection, newCount - 1 - suffix)
            {
                if !old.isRowContentEqual(oldSection, oldCount - 1 - suffix, to: new, newSection, newCount - 1 - suffix)
                {
                    suffixUpdates.append(
                        RowMovement(oldSection, oldCount - 1 - suffix, newSection, newCount - 1 - suffix))
                }
                suffix += 1
            }
            prefixLength[newSection] = prefix
            suffixLength[newSection] = suffix
            oldMiddleCount += oldCount - prefix - suffix
            if prefix + suffix < max(oldCount, newCount) { anyMiddle = true }
        }
    }

    /// Walks every surviving section in new order: updates, inserts and moves.
    @inlinable
    mutating func collectRowChanges() {
        var candidates: [Int32] = []
        var stays: [Bool] = []
        var tails: [Int32] = []
        var predecessors: [Int32] = []
        var prefixCursor = 0, suffixCursor = 0
        for newSection in 0..<new.sectionCount {
            let oldSection = sectionNewToOld[newSection]
            guard oldSection >= 0 else { continue }
            let newCount = new.rowCount(newSection)
            let prefix = prefixLength[newSection]
            let suffix = suffixLength[newSection]

            if unchangedRows[newSection] { continue }
            while prefixCursor < prefixUpdates.count, Int(prefixUpdates[prefixCursor].to.section) == newSection {
                updatedRows.append(prefixUpdates[prefixCursor])
                prefixCursor += 1
            }

            let lower = prefix
            let upper = newCount - suffix
            if lower < upper {
                let oldBase = oldStart[oldSection]
                let oldEnd = oldStart[oldSection + 1]
                let newBase = newStart[newSection]
                candidates.removeAll(keepingCapacity: true)
                for row in lower..<upper {
                    let flat = rowNewToOld[newBase + row]
                    if flat >= 0, Int(flat) >= oldBase, Int(flat) < oldEnd { candidates.append(flat) }
                }
                markLongestIncreasingSubsequence(
                    candidates, stays: &stays, tails: &tails, predecessors: &predecessors)
                var candidate = 0
                for row in lower..<upper {
                    let flat = Int(rowNewToOld[newBase + row])
                    if flat < 0 {
                        insertedRows.append(RowPosition(newSection, row))
                        continue
                    }
                    if flat >= oldBase, flat < oldEnd {
                        let oldRow = flat - oldBase
                        let moved = !stays[candidate]
                        candidate += 1
                        if moved { movedRows.append(RowMovement(oldSection, oldRow, newSection, row)) }
                        if !old.isRowContentEqual(oldSection, oldRow, to: new, newSection, row) {
                            updatedRows.append(RowMovement(oldSection, oldRow, newSection, row))
                        }
                    } else {
                        let from = oldPosition(ofFlat: flat)
                        movedRows.append(RowMovement(from.section, from.row, newSection, row))
                        if !old.isRowContentEqual(from.section, from.row, to: new, newSection, row) {
                            updatedRows.append(RowMovement(from.section, from.row, newSection, row))
                        }
                    }
                }
            }

            let suffixStart = suffixCursor
            while suffixCursor < suffixUpdates.count, Int(suffixUpdates[suffixCursor].to.section) == newSection {
                suffixCursor += 1
            }
            updatedRows.append(contentsOf: suffixUpdates[suffixStart..<suffixCursor].reversed())
        }
    }

    /// Unpaired rows of surviving old sections, in old order.
    @inlinable
    mutating func collectRowDeletions() {
        guard !rowOldToNew.isEmpty else { return }
        for oldSection in 0..<old.sectionCount {
            let newSection = sectionOldToNew[oldSection]
            guard newSection >= 0 else { continue }
            let base = oldStart[oldSection]
            let lower = prefixLength[newSection]
            let upper = old.rowCount(oldSection) - suffixLength[newSection]
            for row in lower..<max(lower, upper) where rowOldToNew[base + row] < 0 {
                deletedRows.append(RowPosition(oldSection, row))
            }
        }
    }

    /// The old section and row of a flat old row index.
    @inlinable
    func oldPosition(ofFlat flat: Int) -> (section: Int, row: Int) {
        // The last section whose start is <= flat (empty sections share starts).
        var low = 0
        var high = old.sectionCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if oldStart[middle] <= flat { low = middle } else { high = middle - 1 }
        }
        return (low, flat - oldStart[low])
    }
}

/// A row's section and index, compactly.
@usableFromInline
struct RowPosition {
    @usableFromInline let section: Int32
    @usableFromInline let row: Int32

    @inlinable init(_ section: Int, _ row: Int) {
        self.section = Int32(truncatingIfNeeded: section)
        self.row = Int32(truncatingIfNeeded: row)
    }

    @inlinable var indexPath: IndexPath { IndexPath(row: Int(row), section: Int(section)) }
}

/// A row's old and new position, compactly.
@usableFromInline
struct RowMovement {
    @usableFromInline let from: RowPosition
    @usableFromInline let to: RowPosition

    @inlinable init(_ fromSection: Int, _ fromRow: Int, _ toSection: Int, _ toRow: Int) {
        from = RowPosition(fromSection, fromRow)
        to = RowPosition(toSection, toRow)
    }

    @inlinable var pair: PositionPair<IndexPath> { PositionPair(from: from.indexPath, to: to.indexPath) }
}
