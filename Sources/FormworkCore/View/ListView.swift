import FoundationEssentials

/// What a renderer implements to show a data source: the terminal table, a test's
/// recording view, or any list of your own.
///
/// The data source drives it: `reloadData(from:)` after a full reload, and
/// `performBatchUpdates(_:from:)` with one `Changeset` after an animated one.
/// Before a batch, rows whose content changed are refreshed in place: the data
/// source asks `cellForRow(at:)` (old coordinates) and runs the row's `update`.
public protocol ListView: AnyObject {
    /// A cell for the data source to configure (as `dequeueReusableCell`).
    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any

    /// The cell displayed at `indexPath`, if any, in the coordinates the view shows now.
    func cellForRow(at indexPath: IndexPath) -> Any?

    /// Forget everything shown and show `dataSource` afresh.
    func reloadData(from dataSource: any ListDataSource)

    /// Apply one batch (see `Changeset` for the semantics). Cells for inserted and
    /// moved-in rows come from `dataSource.cellForRow(at:in:)` in new coordinates.
    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource)
}

/// What a `ListView` may ask of a data source, in visible coordinates. Both
/// `DataSource` and `CompositeDataSource` answer it.
///
/// Index paths that are out of range (for example kept from before a reload) are
/// answered with `nil`, `.none`, `false` or a no-op, never a trap.
public protocol ListDataSource: AnyObject {
    /// The number of visible sections.
    var numberOfSections: Int { get }
    /// The number of visible rows in a visible section (0 when out of range).
    func numberOfRows(inSection section: Int) -> Int
    /// The visible row at `indexPath`.
    func row(at indexPath: IndexPath) -> Row?
    /// The model section shown at a visible section index.
    func section(at index: Int) -> Section?
    /// Dequeues a cell from `view` and configures it for the row at `indexPath`.
    func cellForRow(at indexPath: IndexPath, in view: any ListView) -> Any?
    /// The header of a visible section.
    func header(inSection section: Int) -> HeaderFooter
    /// The footer of a visible section.
    func footer(inSection section: Int) -> HeaderFooter
    /// The height of a visible row.
    func heightForRow(at indexPath: IndexPath) -> RowHeight
    /// Selects a visible row; `nil` when there is no such row.
    @discardableResult func selectRow(at indexPath: IndexPath) -> SelectionResult?
    /// Whether a visible row can be edited.
    func canEditRow(at indexPath: IndexPath) -> Bool
    /// Commits an edit of a visible row; `false` when nothing handled it.
    @discardableResult func commitEditing(_ action: EditingAction, at indexPath: IndexPath) -> Bool
}
