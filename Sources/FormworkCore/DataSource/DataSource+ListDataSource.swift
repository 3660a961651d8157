import FoundationEssentials

/// The resolution chains (descriptor → data source → fallback delegate → default),
/// answered in visible coordinates.
extension DataSource: ListDataSource {
    /// The number of sections shown as of the last reload.
    public var numberOfSections: Int { visible.sections.count }

    /// The number of visible rows in a visible section; 0 when `section` is out of range.
    public func numberOfRows(inSection section: Int) -> Int {
        visible.sections.indices.contains(section) ? visible.sections[section].rows.count : 0
    }

    /// The visible row at `indexPath`, or `nil` when there is none.
    public func row(at indexPath: IndexPath) -> Row? { visible.row(at: indexPath) }

    /// The model section shown at the visible index `index`, or `nil` when there is none.
    public func section(at index: Int) -> Section? {
        visible.sections.indices.contains(index) ? visible.sections[index].section : nil
    }

    /// Dequeues a cell from `view` with the row's cell identifier and configures it
    /// through the configure chain; `nil` when there is no row at `indexPath`.
    public func cellForRow(at indexPath: IndexPath, in view: any ListView) -> Any? {
        makeCell(at: indexPath) { view.dequeueReusableCell(withIdentifier: $0, for: indexPath) }
    }

    /// Dequeues (through `dequeue`, given the cell identifier) and configures a cell.
    func makeCell(at indexPath: IndexPath, dequeue: (String) -> Any) -> Any? {
        guard let row = visible.row(at: indexPath) else { return nil }
        let descriptor = requiredCellDescriptor(for: row)
        let cell = dequeue(descriptor.cellIdentifier)
        configure(cell, for: row, at: indexPath, descriptor: descriptor)
        return cell
    }

    func configure(_ cell: Any, for row: Row, at indexPath: IndexPath, descriptor: any CellDescriptorType) {
        if let closure = descriptor.configureClosure ?? configure {
            closure(row, cell, indexPath)
        } else {
            _ = fallbackDelegate?.dataSource(self, configure: cell, for: row, at: indexPath)
        }
    }

    /// Runs the update chain on a displayed cell; it falls back to the configure chain.
    func refreshCell(_ cell: Any, at indexPath: IndexPath) {
        guard let row = visible.row(at: indexPath) else { return }
        let descriptor = requiredCellDescriptor(for: row)
        if let closure = descriptor.updateClosure ?? update {
            closure(row, cell, indexPath)
        } else if fallbackDelegate?.dataSource(self, update: cell, for: row, at: indexPath) != true {
            configure(cell, for: row, at: indexPath, descriptor: descriptor)
        }
    }

    /// The header of a visible section, through the header chain; `.none` when out of range.
    public func header(inSection section: Int) -> HeaderFooter {
        guard let model = self.section(at: section) else { return .none }
        return header(for: model, at: section)
    }

    /// The header chain for `section`, shown at the visible index `index`.
    func header(for section: Section, at index: Int) -> HeaderFooter {
        if let closure = sectionDescriptor(for: section.descriptorIdentifier)?.headerClosure ?? sectionHeader {
            return closure(section, index)
        }
        return fallbackDelegate?.dataSource(self, headerFor: section, at: index) ?? .none
    }

    /// The footer of a visible section, through the footer chain; `.none` when out of range.
    public func footer(inSection section: Int) -> HeaderFooter {
        guard let model = self.section(at: section) else { return .none }
        return footer(for: model, at: section)
    }

    /// The footer chain for `section`, shown at the visible index `index`.
    func footer(for section: Section, at index: Int) -> HeaderFooter {
        if let closure = sectionDescriptor(for: section.descriptorIdentifier)?.footerClosure ?? sectionFooter {
            return closure(section, index)
        }
        return fallbackDelegate?.dataSource(self, footerFor: section, at: index) ?? .none
    }

    /// The height of a visible row, through the height chain; `.automatic` when out of range.
    public func heightForRow(at indexPath: IndexPath) -> RowHeight {
        guard let row = visible.row(at: indexPath) else { return .automatic }
        if let closure = requiredCellDescriptor(for: row).heightClosure ?? height { return closure(row, indexPath) }
        return fallbackDelegate?.dataSource(self, heightFor: row, at: indexPath) ?? .automatic
    }

    /// Selects a visible row through the `didSelect` chain; `nil` when there is no such row.
    @discardableResult
    public func selectRow(at indexPath: IndexPath) -> SelectionResult? {
        guard let row = visible.row(at: indexPath) else { return nil }
        return select(row, at: indexPath)
    }

    /// Selects a row by its place in the model, shown or hidden: a view acting on a
    /// row it does not show (a command naming a hidden field) still asks the row's
    /// descriptor, through the same chain as `selectRow(at:)`; the closures receive
    /// the model index path. `nil` when there is no such row.
    @discardableResult
    public func selectRow(atModel indexPath: IndexPath) -> SelectionResult? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].rows.indices.contains(indexPath.row)
        else { return nil }
        return select(sections[indexPath.section].rows[indexPath.row], at: indexPath)
    }

    /// The `didSelect` chain for a row: its descriptor's, the data source's, the
    /// fallback delegate's, `.deselect`.
    private func select(_ row: Row, at indexPath: IndexPath) -> SelectionResult {
        if let closure = requiredCellDescriptor(for: row).didSelectClosure ?? didSelect {
            return closure(row, indexPath)
        }
        return fallbackDelegate?.dataSource(self, didSelect: row, at: indexPath) ?? .deselect
    }

    /// Whether a visible row can be edited, through the `canEdit` chain; `false` when out of range.
    public func canEditRow(at indexPath: IndexPath) -> Bool {
        guard let row = visible.row(at: indexPath) else { return false }
        if let closure = requiredCellDescriptor(for: row).canEditClosure ?? canEdit { return closure(row, indexPath) }
        return fallbackDelegate?.dataSource(self, canEdit: row, at: indexPath) ?? false
    }

    /// Commits an edit of a visible row that can be edited, through the `commitEditing` chain.
    ///
    /// - Returns: `false` when there is no such row, it cannot be edited, or nothing in the
    ///   chain handled the edit.
    @discardableResult
    public func commitEditing(_ action: EditingAction, at indexPath: IndexPath) -> Bool {
        guard let row = visible.row(at: indexPath), canEditRow(at: indexPath) else { return false }
        if let closure = requiredCellDescriptor(for: row).commitEditingClosure ?? commitEditing {
            closure(row, action, indexPath)
            return true
        }
        return fallbackDelegate?.dataSource(self, commit: action, for: row, at: indexPath) ?? false
    }
}
