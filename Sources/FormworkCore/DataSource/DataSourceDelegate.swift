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

extension DataSourceDelegate {
    public func dataSource(_ dataSource: DataSource, configure cell: Any, for row: Row, at indexPath: IndexPath) -> Bool
    { false }
    public func dataSource(_ dataSource: DataSource, update cell: Any, for row: Row, at indexPath: IndexPath) -> Bool {
        false
    }
    public func dataSource(_ dataSource: DataSource, didSelect row: Row, at indexPath: IndexPath) -> SelectionResult? {
        nil
    }
    public func dataSource(_ dataSource: DataSource, isRowHidden row: Row, at indexPath: IndexPath) -> Bool? { nil }
    public func dataSource(_ dataSource: DataSource, heightFor row: Row, at indexPath: IndexPath) -> RowHeight? { nil }
    public func dataSource(_ dataSource: DataSource, canEdit row: Row, at indexPath: IndexPath) -> Bool? { nil }
    public func dataSource(
        _ dataSource: DataSource, commit action: EditingAction, for row: Row, at indexPath: IndexPath
    ) -> Bool { false }
    public func dataSource(_ dataSource: DataSource, isSectionHidden section: Section, at index: Int) -> Bool? { nil }
    public func dataSource(_ dataSource: DataSource, headerFor section: Section, at index: Int) -> HeaderFooter? { nil }
    public func dataSource(_ dataSource: DataSource, footerFor section: Section, at index: Int) -> HeaderFooter? { nil }
}
