import FoundationEssentials

extension DataSource {
    /// Where the row at a model index path is shown now, as of the last reload:
    /// `nil` when it (or its section) is hidden.
    ///
    /// ```swift
    /// // rows 0 and 2 of section 1 are hidden:
    /// dataSource.visibleIndexPath(forModel: IndexPath(row: 4, section: 1))   // [0, 2]
    /// ```
    ///
    /// - Complexity: O(log *s* + log *r*) for *s* visible sections and *r* rows in the
    ///   section (binary searches), so a view can find one row of a long list at once.
    public func visibleIndexPath(forModel indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2 else { return nil }
        let sections = visible.sections
        var low = 0, high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].modelIndex < indexPath.section { low = middle + 1 } else { high = middle }
        }
        guard low < sections.count, sections[low].modelIndex == indexPath.section else { return nil }
        let section = sections[low]
        guard let modelRows = section.modelRows else {
            return section.rows.indices.contains(indexPath.row) ? IndexPath(row: indexPath.row, section: low) : nil
        }
        let target = Int32(clamping: indexPath.row)
        var first = 0, last = modelRows.count
        while first < last {
            let middle = (first + last) / 2
            if modelRows[middle] < target { first = middle + 1 } else { last = middle }
        }
        guard first < modelRows.count, modelRows[first] == target else { return nil }
        return IndexPath(row: first, section: low)
    }
}
