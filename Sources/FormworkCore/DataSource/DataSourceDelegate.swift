import FoundationEssentials

/// The third link of every resolution chain: an object a `DataSource` asks when
/// neither the row's descriptor nor the data source's own closure decides.
///
/// Every method has a default that means "no opinion" (`nil` or `false`), so
/// implement only what you need. Methods returning `Bool` for an action report
/// whether they handled it.
public protocol DataSourceDelegate: AnyObject {
    /// Configures a cell; return `true` if you did.
    func dataSource(_ dataSource: DataSource, configure cell: Any, for row: Row, at indexPath: IndexPath) -> Bool
    /// Refreshes a displayed cell in place; return `false` to fall back to `configure`.
    func dataSource(_ dataSource: DataSource, update cell: Any, for row: Row, at indexPath: IndexPath) -> Bool
    /// Reacts to a selection; `nil` for the default (`.deselect`).
    func dataSource(_ dataSource: DataSource, didSelect row: Row, at indexPath: IndexPath) -> SelectionResult?
    /// Whether a row is hidden (model index path); `nil` for the default (shown).
    func dataSource(_ dataSource: DataSource, isRowHidden row: Row, at indexPath: IndexPath) -> Bool?
    /// A row's height; `nil` for `.automatic`.
    func dataSource(_ dataSource: DataSource, heightFor row: Row, at indexPath: IndexPath) -> RowHeight?
    /// Whether a row can be edited; `nil` for the default (`false`).
    func dataSource(_ dataSource: DataSource, canEdit row: Row, at indexPath: IndexPath) -> Bool?
    /// Commits an edit; return `true` if you handled it.
    func dataSource(
        _ dataSource: DataSource, commit action: EditingAction, for row: Row, at indexPath: IndexPath
    ) -> Bool
    /// Whether a section is hidden (model index); `nil` for the default (shown).
    func dataSource(_ dataSource: DataSource, isSectionHidden section: Section, at index: Int) -> Bool?
    /// A section's header; `nil` for `.none`.
    func dataSource(_ dataSource: DataSource, headerFor section: Section, at index: Int) -> HeaderFooter?
    /// A section's footer; `nil` for `.none`.
    func dataSource(_ dataSource: DataSource, footerFor section: Section, at index: Int) -> HeaderFooter?
}

/// The defaults: no opinion, so the chain goes on to its default.
extension DataSourceDelegate {
    /// Configures nothing: returns `false`, so the dequeued cell stays unconfigured.
    public func dataSource(_ dataSource: DataSource, configure cell: Any, for row: Row, at indexPath: IndexPath) -> Bool
    { false }
    /// Refreshes nothing: returns `false`, so the cell is configured again.
    public func dataSource(_ dataSource: DataSource, update cell: Any, for row: Row, at indexPath: IndexPath) -> Bool {
        false
    }
    /// No opinion on a selection: `nil`, so the row is deselected.
    public func dataSource(_ dataSource: DataSource, didSelect row: Row, at indexPath: IndexPath) -> SelectionResult? {
        nil
    }
    /// No opinion on a row's visibility: `nil`, so the row is shown.
    public func dataSource(_ dataSource: DataSource, isRowHidden row: Row, at indexPath: IndexPath) -> Bool? { nil }
    /// No opinion on a row's height: `nil`, so the height is `.automatic`.
    public func dataSource(_ dataSource: DataSource, heightFor row: Row, at indexPath: IndexPath) -> RowHeight? { nil }
    /// No opinion on editing: `nil`, so the row cannot be edited.
    public func dataSource(_ dataSource: DataSource, canEdit row: Row, at indexPath: IndexPath) -> Bool? { nil }
    /// Handles no edit: returns `false`.
    public func dataSource(
        _ dataSource: DataSource, commit action: EditingAction, for row: Row, at indexPath: IndexPath
    ) -> Bool { false }
    /// No opinion on a section's visibility: `nil`, so the section is shown.
    public func dataSource(_ dataSource: DataSource, isSectionHidden section: Section, at index: Int) -> Bool? { nil }
    /// No header: `nil`, so the header is `.none`.
    public func dataSource(_ dataSource: DataSource, headerFor section: Section, at index: Int) -> HeaderFooter? { nil }
    /// No footer: `nil`, so the footer is `.none`.
    public func dataSource(_ dataSource: DataSource, footerFor section: Section, at index: Int) -> HeaderFooter? { nil }
}
