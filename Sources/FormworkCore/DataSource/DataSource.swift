import FoundationEssentials

/// Owns sections of `Diffable` items and shows them through a `ListView`, with
/// cell and section descriptors deciding how each row and section behaves.
///
/// ```swift
/// let dataSource = DataSource(cellDescriptors: [
///     CellDescriptor<String, RecordingCell>().configure { text, cell, _ in cell.text = text },
/// ])
/// dataSource.sections = [Section(id: "fruits", content: "Fruits", items: ["Apple", "Pear"])]
/// dataSource.reloadData(view, animated: false)   // full reload
/// dataSource.sections[0].rows.append(Row("Plum"))
/// dataSource.reloadData(view, animated: true)    // the view gets rows: +[0.2]
/// ```
///
/// ## Resolution chain
/// Every behaviour is resolved the same way: the row's (or section's) descriptor
/// closure, then this data source's closure of the same name, then the
/// `fallbackDelegate`, then the default:
///
/// | Behaviour | Default |
/// |---|---|
/// | `configure` | the dequeued cell is returned unconfigured |
/// | `update` | `configure` (resolved through its own chain) |
/// | `didSelect` | `.deselect` |
/// | `isHidden` (rows, sections) | `false` (shown) |
/// | `height` | `.automatic` |
/// | `canEdit` | `false` |
/// | `commitEditing` | nothing happens |
/// | `header`, `footer` | `.none` |
///
/// ## Visibility
/// `reloadData(_:animated:)` evaluates every section's `isHidden` (with its model
/// index) and, for shown sections, every row's `isHidden` (with its model index
/// path). A section left with no visible row disappears too, unless its descriptor
/// says `visibleWhenEmpty()`. All other closures receive visible coordinates.
/// Between reloads the view keeps showing the snapshot of the last reload, even if
/// `sections` changed; `visibleSections` reads that snapshot.
public final class DataSource {
    /// The model: every section and row, hidden ones included.
    public var sections: [Section] = []

    // MARK: Data source closures (second link of each chain)

    /// Configures a dequeued cell for rows whose descriptor has no `configure`.
    public var configure: ((Row, Any, IndexPath) -> Void)?
    /// Refreshes a displayed cell in place for rows whose descriptor has no `update`.
    public var update: ((Row, Any, IndexPath) -> Void)?
    /// Reacts to a selection of rows whose descriptor has no `didSelect`.
    public var didSelect: ((Row, IndexPath) -> SelectionResult)?
    /// Hides rows whose descriptor has no `isHidden`; receives model index paths.
    public var isRowHidden: ((Row, IndexPath) -> Bool)?
    /// The height of rows whose descriptor has no `height`.
    public var height: ((Row, IndexPath) -> RowHeight)?
    /// Whether rows whose descriptor has no `canEdit` can be edited.
    public var canEdit: ((Row, IndexPath) -> Bool)?
    /// Commits edits of rows whose descriptor has no `commitEditing`.
    public var commitEditing: ((Row, EditingAction, IndexPath) -> Void)?
    /// Hides sections whose descriptor has no `isHidden`; receives model indices.
    public var isSectionHidden: ((Section, Int) -> Bool)?
    /// The header of sections whose descriptor has no `header`.
    public var sectionHeader: ((Section, Int) -> HeaderFooter)?
    /// The footer of sections whose descriptor has no `footer`.
    public var sectionFooter: ((Section, Int) -> HeaderFooter)?

    /// The third link of each chain.
    public weak var fallbackDelegate: (any DataSourceDelegate)?

    // MARK: State

    let cellDescriptors: [DescriptorIdentifier: any CellDescriptorType]
    let sectionDescriptors: [DescriptorIdentifier: any SectionDescriptorType]
    /// What the view shows, as of the last reload.
    var visible = VisibleSnapshot()

    /// - Parameters:
    ///   - cellDescriptors: One per row identifier; a later one replaces an earlier one.
    ///   - sectionDescriptors: Added to the built-in ones for sections without content
    ///     and with `String` content (a title header), which they may replace. A
    ///     `SectionDescriptor<String>` of yours keeps the title header unless it sets its
    ///     own `header`, so `SectionDescriptor<String>().visibleWhenEmpty()` is enough
    ///     to keep empty titled sections on screen.
    public init(cellDescriptors: [any CellDescriptorType], sectionDescriptors: [any SectionDescriptorType] = []) {
        var cells: [DescriptorIdentifier: any CellDescriptorType] = [:]
        for descriptor in cellDescriptors { cells[descriptor.rowIdentifier] = descriptor }
        self.cellDescriptors = cells

        var sectionsByIdentifier: [DescriptorIdentifier: any SectionDescriptorType] = [:]
        let builtIn: [any SectionDescriptorType] = [
            SectionDescriptor<Void>(),
            SectionDescriptor<String>(),  // the title header, which every `SectionDescriptor<String>` starts with
        ]
        for descriptor in builtIn + sectionDescriptors { sectionsByIdentifier[descriptor.identifier] = descriptor }
        self.sectionDescriptors = sectionsByIdentifier
    }

    // MARK: Descriptors

    /// The descriptor serving rows with `identifier`, or `nil`.
    public func cellDescriptor(for identifier: DescriptorIdentifier) -> (any CellDescriptorType)? {
        if let descriptor = cellDescriptors[identifier] { return descriptor }
        return identifier.namedFallback.flatMap { cellDescriptors[$0] }
    }

    /// The descriptor serving sections with `identifier`, or `nil`.
    public func sectionDescriptor(for identifier: DescriptorIdentifier) -> (any SectionDescriptorType)? {
        if let descriptor = sectionDescriptors[identifier] { return descriptor }
        return identifier.namedFallback.flatMap { sectionDescriptors[$0] }
    }

    /// The descriptor for `row`; a row nobody describes is a programming error.
    func requiredCellDescriptor(for row: Row) -> any CellDescriptorType {
        guard let descriptor = cellDescriptor(for: row.identifier) else {
            let known = cellDescriptors.keys.map(\.description).sorted().joined(separator: ", ")
            preconditionFailure(
                "DataSource has no CellDescriptor for rows '\(row.identifier)' (item type \(type(of: row.item))); "
                    + "registered: \(known)"
            )
        }
        return descriptor
    }

    // MARK: Visible snapshot

    /// The number of visible rows in all sections.
    public var numberOfVisibleRows: Int { visible.rowCount }

    /// The model index path of the visible row at `indexPath`, as of the last reload.
    public func modelIndexPath(forVisible indexPath: IndexPath) -> IndexPath? {
        guard visible.row(at: indexPath) != nil else { return nil }
        let section = visible.sections[indexPath.section]
        return IndexPath(row: section.modelRow(ofVisible: indexPath.row), section: section.modelIndex)
    }

    /// The visible index path of the first visible row matching `predicate`.
    public func firstVisibleIndexPath(where predicate: (Row) -> Bool) -> IndexPath? {
        for (sectionIndex, section) in visible.sections.enumerated() {
            if let row = section.rows.firstIndex(where: predicate) { return IndexPath(row: row, section: sectionIndex) }
        }
        return nil
    }
}
