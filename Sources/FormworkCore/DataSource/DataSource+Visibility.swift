import FoundationEssentials

extension DataSource {
    /// Evaluates every `isHidden` and returns the visible snapshot of `sections`.
    ///
    /// Sections are evaluated first; the rows of a hidden section are not asked.
    /// Index paths are only built when some `isHidden` closure can read them.
    func makeVisibleSnapshot() -> VisibleSnapshot {
        var snapshot = VisibleSnapshot()
        snapshot.sections.reserveCapacity(sections.count)
        var cache = DescriptorCache()
        for sectionIndex in sections.indices {
            if let section = visibleSection(at: sectionIndex, cache: &cache) { snapshot.sections.append(section) }
        }
        return snapshot
    }

    /// The snapshot after only `changed` model sections changed: those are evaluated
    /// again, every other section is taken from `previous` as it is — what
    /// `reloadData(_:animated:sections:)` commits (built whole; the reload itself
    /// patches the snapshot in place, see `DataSource+Patch`), for checks.
    ///
    /// Falls back to a full evaluation when the model's sections no longer line up
    /// with the previous snapshot.
    func makeVisibleSnapshot(updating previous: VisibleSnapshot, sections changed: Set<Int>) -> VisibleSnapshot {
        var snapshot = VisibleSnapshot()
        snapshot.sections.reserveCapacity(sections.count)
        var cache = DescriptorCache()
        var next = 0  // index into previous.sections
        for sectionIndex in sections.indices {
            while next < previous.sections.count, previous.sections[next].modelIndex < sectionIndex { next += 1 }
            let shown = next < previous.sections.count && previous.sections[next].modelIndex == sectionIndex
            if changed.contains(sectionIndex) {
                if let section = visibleSection(at: sectionIndex, cache: &cache) { snapshot.sections.append(section) }
            } else if shown {
                let section = previous.sections[next]
                guard section.section.rows.count == sections[sectionIndex].rows.count else {
                    return makeVisibleSnapshot()
                }
                snapshot.sections.append(section)
            }
        }
        return snapshot
    }

    /// The last descriptor looked up, as rows of one kind usually follow each other.
    struct DescriptorCache {
        var identifier: DescriptorIdentifier?
        var descriptor: (any CellDescriptorType)?
    }

    /// Evaluates one model section: `nil` when it is hidden (or empty of visible rows).
    func visibleSection(at sectionIndex: Int, cache: inout DescriptorCache) -> VisibleSection? {
        let section = sections[sectionIndex]
        let delegate = fallbackDelegate
        let sectionDescriptor = self.sectionDescriptor(for: section.descriptorIdentifier)
        if isHidden(section, at: sectionIndex, descriptor: sectionDescriptor, delegate: delegate) { return nil }

        var rows: [Row] = []
        var modelRows: [Int32] = []
        var allVisible = true
        rows.reserveCapacity(section.rows.count)
        for (rowIndex, row) in section.rows.enumerated() {
            let descriptor: any CellDescriptorType
            if let last = cache.descriptor, cache.identifier == row.identifier {
                descriptor = last
            } else {
                descriptor = requiredCellDescriptor(for: row)
                cache.identifier = row.identifier
                cache.descriptor = descriptor
            }
            let hidden: Bool
            if let closure = descriptor.isHiddenClosure ?? isRowHidden {
                hidden = closure(row, IndexPath(row: rowIndex, section: sectionIndex))
            } else if let delegate {
                hidden =
                    delegate.dataSource(self, isRowHidden: row, at: IndexPath(row: rowIndex, section: sectionIndex))
                    ?? false
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
        if rows.isEmpty, !(sectionDescriptor?.isVisibleWhenEmpty ?? false) { return nil }
        // Every row shown: share the model's array, so an unchanged section is
        // recognised by its storage in the next diff.
        return VisibleSection(
            modelIndex: sectionIndex, section: section, rows: allVisible ? section.rows : rows,
            modelRows: allVisible ? nil : modelRows)
    }

    func isHidden(
        _ section: Section, at index: Int, descriptor: (any SectionDescriptorType)?, delegate: (any DataSourceDelegate)?
    ) -> Bool {
        if let closure = descriptor?.isHiddenClosure ?? isSectionHidden { return closure(section, index) }
        return delegate?.dataSource(self, isSectionHidden: section, at: index) ?? false
    }
}
