extension DataSource {
    /// What the view shows, as of the last reload: the visible sections, each with its
    /// model position, content, header, footer and visible rows.
    ///
    /// A read-only view of the data source's visible snapshot, not a copy: taking it
    /// costs a few reference counts, and rows are only wrapped as you read them. It is
    /// a value: it keeps showing the snapshot it was taken from after later reloads.
    ///
    /// ```swift
    /// for section in dataSource.visibleSections {
    ///     print(section.header.title ?? section.identifier, "is model section", section.modelIndex)
    ///     for row in section.rows {
    ///         guard let fruit = row.item(as: Fruit.self) else { continue }
    ///         print(row.indexPath, "shows", fruit.name, "from", row.modelIndexPath)
    ///     }
    /// }
    /// let fruitShown = dataSource.visibleItems(of: Fruit.self)
    /// ```
    ///
    /// The same answers, in visible coordinates, as `ListDataSource`'s
    /// `numberOfSections`, `section(at:)`, `row(at:)`, `header(inSection:)` and
    /// `footer(inSection:)`, without their casts and index bookkeeping.
    public var visibleSections: VisibleSections { VisibleSections(dataSource: self, snapshot: visible) }

    /// The items of type `Item` in the visible rows, in the order shown (rows holding
    /// items of other types are skipped), as of the last reload.
    ///
    /// ```swift
    /// let namesShown = dataSource.visibleItems(of: Fruit.self).map(\.name)
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* visible rows; no existential cast for rows whose
    ///   item is exactly an `Item`.
    public func visibleItems<Item>(of type: Item.Type) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(visible.rowCount)
        for section in visible.sections {
            for row in section.rows {
                if let item = row.item(as: type) { items.append(item) }
            }
        }
        return items
    }
}
