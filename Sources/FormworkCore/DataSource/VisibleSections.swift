import FoundationEssentials

/// The sections a `DataSource` shows, as of one reload (`DataSource.visibleSections`):
/// a random-access collection of `VisibleSectionView`s indexed by visible section.
///
/// It wraps the data source's visible snapshot without copying it; each element is
/// made when it is read.
public struct VisibleSections: RandomAccessCollection {
    let dataSource: DataSource
    let snapshot: VisibleSnapshot

    /// The first visible section index, always 0.
    public var startIndex: Int { 0 }
    /// One past the last visible section index: the number of visible sections.
    public var endIndex: Int { snapshot.sections.count }

    /// The visible section at `position` (its index path `section`).
    public subscript(position: Int) -> VisibleSectionView {
        VisibleSectionView(dataSource: dataSource, base: snapshot.sections[position], index: position)
    }

    /// The number of visible rows in all sections.
    public var rowCount: Int { snapshot.rowCount }
}

/// One section as the view shows it: a model section and its visible rows.
public struct VisibleSectionView {
    let dataSource: DataSource
    let base: VisibleSection

    /// The section's position among the visible sections (`IndexPath.section`).
    public let index: Int

    /// The model section as of the reload: identifier, content, descriptor
    /// identifier and every row, hidden ones included.
    public var section: Section { base.section }

    /// The section's index in `DataSource.sections` at the time of the reload.
    public var modelIndex: Int { base.modelIndex }

    /// The section's identity across reloads (`Section.identifier`).
    public var identifier: String { base.section.identifier }

    /// The section's content, if it has one (`Section.content`).
    public var content: Any? { base.section.content }

    /// The content as `type`, or `nil` when there is none or it is of another type.
    public func content<Content>(as type: Content.Type) -> Content? { base.section.content as? Content }

    /// The visible rows, in the order shown.
    public var rows: VisibleRows { VisibleRows(base: base, sectionIndex: index) }

    /// The header, resolved now through the header chain (descriptor, data source
    /// closure, fallback delegate, `.none`) with the visible section index, as
    /// `DataSource.header(inSection:)` resolves it.
    public var header: HeaderFooter { dataSource.header(for: base.section, at: index) }

    /// The footer, resolved now through the footer chain, as `header` is.
    public var footer: HeaderFooter { dataSource.footer(for: base.section, at: index) }
}

/// The visible rows of one `VisibleSectionView`: a random-access collection of
/// `VisibleRowView`s indexed by visible row.
public struct VisibleRows: RandomAccessCollection {
    let base: VisibleSection
    let sectionIndex: Int

    /// The first visible row index, always 0.
    public var startIndex: Int { 0 }
    /// One past the last visible row index: the number of visible rows in the section.
    public var endIndex: Int { base.rows.count }

    /// The visible row at `position` (its index path `row`).
    public subscript(position: Int) -> VisibleRowView {
        VisibleRowView(
            row: base.rows[position],
            indexPath: IndexPath(row: position, section: sectionIndex),
            modelIndexPath: IndexPath(row: base.modelRow(ofVisible: position), section: base.modelIndex))
    }
}

/// One row as the view shows it: the `Row`, where it is shown and where it is in the model.
public struct VisibleRowView {
    /// The row: its item and descriptor identifier.
    public let row: Row
    /// Where the row is shown (visible coordinates), as the view and every closure
    /// but `isHidden` see it.
    public let indexPath: IndexPath
    /// Where the row is in `DataSource.sections` (hidden rows and sections counted),
    /// as `isHidden` sees it.
    public let modelIndexPath: IndexPath

    /// The item, type-erased.
    public var item: any Diffable { row.item }

    /// The item as `type`, or `nil` when it is of another type.
    public func item<Item>(as type: Item.Type) -> Item? { row.item(as: type) }
}
