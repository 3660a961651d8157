import FoundationEssentials

/// Shows several data sources as one list, one after the other.
///
/// Each child keeps its own descriptors and closures and sees its own (local)
/// coordinates; the composite translates section indices. Reload through the
/// composite: it evaluates every child's visibility, diffs the concatenation, and
/// sends one batch, so a change in any child reaches the view correctly.
///
/// ```swift
/// let fruits = DataSource(cellDescriptors: [fruitCell])
/// let vegetables = DataSource(cellDescriptors: [vegetableCell])
/// let list = CompositeDataSource([fruits, vegetables])
/// list.reloadData(view, animated: false)
/// fruits.sections[0].rows.removeLast()
/// list.reloadData(view, animated: true)   // rows: -[0.2], in composite coordinates
/// ```
///
/// Rows and sections never pair across children: moving an item from one child to
/// another is a delete and an insert.
public final class CompositeDataSource {
    /// The children, shown in this order from the next reload on.
    public var dataSources: [DataSource]

    var visible = CompositeSnapshot()

    /// A composite showing `dataSources` in order; nothing is shown until the first reload.
    public init(_ dataSources: [DataSource]) {
        self.dataSources = dataSources
    }

    /// Re-evaluates every child's visibility and shows the concatenation in `view`;
    /// see `DataSource.reloadData(_:animated:)`.
    @discardableResult
    public func reloadData(_ view: (any ListView)?, animated: Bool) -> Changeset? {
        let next = CompositeSnapshot(
            parts: dataSources.map {
                CompositeSnapshot.Part(source: $0, snapshot: $0.makeVisibleSnapshot())
            })
        let commit = {
            self.visible = next
            for part in next.parts { part.source.visible = part.snapshot }
        }
        guard animated else {
            commit()
            view?.reloadData(from: self)
            return nil
        }
        return performAnimatedReload(
            from: visible, to: next, view: view, listSource: self, commit: commit,
            refresh: { cell, indexPath in
                if let (source, local) = next.locate(indexPath) { source.refreshCell(cell, at: local) }
            })
    }

    /// The child showing the composite section `section`, and its local index.
    public func dataSource(forSection section: Int) -> (dataSource: DataSource, section: Int)? {
        visible.locate(section: section).map { ($0.source, $0.local) }
    }
}

extension CompositeDataSource: ListDataSource {
    /// The number of sections all children show, as of the last reload.
    public var numberOfSections: Int { visible.locations.count }

    /// The number of visible rows in a composite section; 0 when `section` is out of range.
    public func numberOfRows(inSection section: Int) -> Int {
        guard let (source, local) = visible.locate(section: section) else { return 0 }
        return source.numberOfRows(inSection: local)
    }

    /// The visible row at a composite index path, or `nil` when there is none.
    public func row(at indexPath: IndexPath) -> Row? {
        visible.locate(indexPath).flatMap { $0.source.row(at: $0.local) }
    }

    /// The model section shown at a composite section index, or `nil` when there is none.
    public func section(at index: Int) -> Section? {
        visible.locate(section: index).flatMap { $0.source.section(at: $0.local) }
    }

    /// Dequeues a cell from `view` (at the composite index path) and configures it through
    /// the owning child's configure chain; `nil` when there is no row at `indexPath`.
    public func cellForRow(at indexPath: IndexPath, in view: any ListView) -> Any? {
        guard let (source, local) = visible.locate(indexPath) else { return nil }
        return source.makeCell(at: local) { view.dequeueReusableCell(withIdentifier: $0, for: indexPath) }
    }

    /// The header of a composite section, as its child resolves it; `.none` when out of range.
    public func header(inSection section: Int) -> HeaderFooter {
        visible.locate(section: section).map { $0.source.header(inSection: $0.local) } ?? .none
    }

    /// The footer of a composite section, as its child resolves it; `.none` when out of range.
    public func footer(inSection section: Int) -> HeaderFooter {
        visible.locate(section: section).map { $0.source.footer(inSection: $0.local) } ?? .none
    }

    /// The height of a row, as its child resolves it; `.automatic` when out of range.
    public func heightForRow(at indexPath: IndexPath) -> RowHeight {
        visible.locate(indexPath).map { $0.source.heightForRow(at: $0.local) } ?? .automatic
    }

    /// Selects a row through its child's `didSelect` chain, which sees local coordinates;
    /// `nil` when there is no such row.
    @discardableResult
    public func selectRow(at indexPath: IndexPath) -> SelectionResult? {
        visible.locate(indexPath).flatMap { $0.source.selectRow(at: $0.local) }
    }

    /// Whether a row can be edited, as its child resolves it; `false` when out of range.
    public func canEditRow(at indexPath: IndexPath) -> Bool {
        visible.locate(indexPath).map { $0.source.canEditRow(at: $0.local) } ?? false
    }

    /// Commits an edit of a row through its child; `false` when there is no such row, it
    /// cannot be edited, or nothing handled the edit.
    @discardableResult
    public func commitEditing(_ action: EditingAction, at indexPath: IndexPath) -> Bool {
        visible.locate(indexPath).map { $0.source.commitEditing(action, at: $0.local) } ?? false
    }
}
