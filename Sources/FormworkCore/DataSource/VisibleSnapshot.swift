import FoundationEssentials

/// One section as the view shows it: the visible rows of a model section.
struct VisibleSection {
    /// The section's index in `DataSource.sections` at the time of the reload.
    var modelIndex: Int
    let section: Section
    let rows: [Row]
    /// The model row index of each visible row; `nil` when every row is visible.
    let modelRows: [Int32]?

    func modelRow(ofVisible row: Int) -> Int {
        modelRows.map { Int($0[row]) } ?? row
    }
}

/// What the view shows: the visible sections, as of the last reload.
struct VisibleSnapshot {
    var sections: [VisibleSection] = []

    func row(at indexPath: IndexPath) -> Row? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let rows = sections[indexPath.section].rows
        return rows.indices.contains(indexPath.row) ? rows[indexPath.row] : nil
    }

    var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }
}

extension VisibleSnapshot: DiffSource {
    var sectionCount: Int { sections.count }
    func sectionKey(_ section: Int) -> String { sections[section].section.identifier }
    func rowCount(_ section: Int) -> Int { sections[section].rows.count }
    func rowKey(_ section: Int, _ row: Int) -> RowIdentity { RowIdentity(sections[section].rows[row].storage) }

    func isSectionContentEqual(_ section: Int, to other: VisibleSnapshot, _ otherSection: Int) -> Bool {
        sections[section].section.hasSameContent(as: other.sections[otherSection].section)
    }

    /// The same rows storage: an unchanged section, reused by an incremental reload or
    /// showing every row of an unchanged model section.
    func hasSameRows(_ section: Int, as other: VisibleSnapshot, _ otherSection: Int) -> Bool {
        let mine = sections[section].rows, theirs = other.sections[otherSection].rows
        return mine.count == theirs.count
            && mine.withUnsafeBufferPointer { a in
                theirs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }

    func isRowContentEqual(
        _ section: Int, _ row: Int, to other: VisibleSnapshot, _ otherSection: Int, _ otherRow: Int
    ) -> Bool {
        sections[section].rows[row].storage.isContentEqual(to: other.sections[otherSection].rows[otherRow].storage)
    }
}
