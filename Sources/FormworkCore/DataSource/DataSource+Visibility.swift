import FoundationEssentials

extension DataSource {
    /// Evaluates every `isHidden` and returns the visible snapshot of `sections`.
    ///
    /// Sections are evaluated first; the rows of a hidden section are not asked.
    /// Index paths are only built when some `isHidden` closure can read them.
    func makeVisibleSnapshot() -> VisibleSnapshot {
        var snapshot = VisibleSnapshot()
        snapshot.sections.reserveCapacity(sections.count)
        let delegate = fallbackDelegate
        var lastIdentifier: DescriptorIdentifier?
        var lastDescriptor: (any CellDescriptorType)?

        for (sectionIndex, section) in sections.enumerated() {
            let sectionDescriptor = self.sectionDescriptor(for: section.descriptorIdentifier)
            if isHidden(section, at: sectionIndex, descriptor: sectionDescriptor, delegate: delegate) { continue }

            var rows: [Row] = []
            var modelRows: [Int32] = []
            var allVisible = true
            rows.reserveCapacity(section.rows.count)
            for (rowIndex, row) in section.rows.enumerated() {
                let descriptor: any CellDescriptorType
                if let last = lastDescriptor, lastIdentifier == row.identifier {
                    descriptor = last
                } else {
                    descriptor = requiredCellDescriptor(for: row)
                    lastIdentifier = row.identifier
                    lastDescriptor = descriptor
                }
                let hidden: Bool
                if let closure = descriptor.isHiddenClosure ?? isRowHidden {
                    hidden = closure(row, IndexPath(row: rowIndex, section: sectionIndex))
                } else if let delegate {
                    hidden = delegate.dataSource(
                        self, isRowHidden: row, at: IndexPath(row: rowIndex, section: sectionIndex)) ?? false
                } else {
                    hidden = false
                }
                if hidden {
                    if allVisible {
                        allVisible = false
                        modelRows = (0..<Int32(rowIndex)).map { $0 }
                    }
                } else {
                    rows.append(row)
                    if !allVisible { modelRows.append(Int32(rowIndex)) }
                }
            }
            if rows.isEmpty, !(sectionDescriptor?.isVisibleWhenEmpty ?? false) { continue }
            snapshot.sections.append(
                VisibleSection(modelIndex: sectionIndex, section: section, rows: rows,
                               modelRows: allVisible ? nil : modelRows))
        }
        return snapshot
    }

    func isHidden(
        _ section: Section, at index: Int, descriptor: (any SectionDescriptorType)?, delegate: (any DataSourceDelegate)?
    ) -> Bool {
        if let closure = descriptor?.isHiddenClosure ?? isSectionHidden { return closure(section, index) }
        return delegate?.dataSource(self, isSectionHidden: section, at: index) ?? false
    }
}
