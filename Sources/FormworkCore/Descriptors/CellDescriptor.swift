import FoundationEssentials

/// Says how an item of type `Item` becomes a row shown in a cell of type `Cell`.
///
/// A typed, chainable builder: each method sets one behaviour and returns the
/// descriptor. Rows are matched to descriptors by `rowIdentifier` (by default, the
/// item's type). Every closure except `isHidden` receives the row's *visible* index
/// path; `isHidden` receives its position in the model, hidden rows counted.
///
/// ```swift
/// let names = CellDescriptor<TextField, TerminalCell>()
///     .configure { field, cell, _ in cell.text = field.label }
///     .isHidden { field, _ in field.id == "lastName" && firstName.isEmpty }
///     .didSelect { field, _ in edit(field); return .deselect }
/// ```
///
/// An item or cell of the wrong type reaching a descriptor is a programming error:
/// it stops the program with a message naming the descriptor and both types.
public final class CellDescriptor<Item, Cell>: CellDescriptorType {
    /// The rows this descriptor serves.
    public let rowIdentifier: DescriptorIdentifier
    /// The identifier the view dequeues this descriptor's cells with.
    public let cellIdentifier: String

    /// - Parameters:
    ///   - rowIdentifier: The rows to serve; defaults to rows whose item is an `Item`.
    ///   - cellIdentifier: The identifier to dequeue cells with; defaults to `Cell`'s name.
    public init(_ rowIdentifier: DescriptorIdentifier? = nil, cellIdentifier: String? = nil) {
        self.rowIdentifier = rowIdentifier ?? .type(Item.self)
        self.cellIdentifier = cellIdentifier ?? String(describing: Cell.self)
    }

    // MARK: Typed access

    var name: String { "CellDescriptor<\(Item.self), \(Cell.self)> for rows '\(rowIdentifier)'" }

    func typedItem(_ row: Row) -> Item {
        guard let item = row.item(as: Item.self) else {
            preconditionFailure("\(name) received an item of type \(type(of: row.item)), expected \(Item.self)")
        }
        return item
    }

    func typedCell(_ cell: Any) -> Cell {
        guard let cell = cell as? Cell else {
            preconditionFailure("\(name) received a cell of type \(type(of: cell)), expected \(Cell.self)")
        }
        return cell
    }

    // MARK: configure

    /// The closure `configure(_:)` set, type-erased; `nil` until it is called.
    public private(set) var configureClosure: ((Row, Any, IndexPath) -> Void)?

    /// Configures a freshly dequeued cell for `item` at its visible index path.
    @discardableResult
    public func configure(_ closure: @escaping (Item, Cell, IndexPath) -> Void) -> Self {
        configureClosure = { [unowned self] row, cell, indexPath in
            closure(self.typedItem(row), self.typedCell(cell), indexPath)
        }
        return self
    }

    // MARK: update

    /// The closure `update(_:)` set, type-erased; `nil` until it is called.
    public private(set) var updateClosure: ((Row, Any, IndexPath) -> Void)?

    /// Refreshes a displayed cell in place after the item's content changed.
    /// Without it, the cell is configured again with `configure`.
    @discardableResult
    public func update(_ closure: @escaping (Item, Cell, IndexPath) -> Void) -> Self {
        updateClosure = { [unowned self] row, cell, indexPath in
            closure(self.typedItem(row), self.typedCell(cell), indexPath)
        }
        return self
    }

    // MARK: didSelect

    /// The closure `didSelect(_:)` set, type-erased; `nil` until it is called.
    public private(set) var didSelectClosure: ((Row, IndexPath) -> SelectionResult)?

    /// Reacts to the row being selected.
    @discardableResult
    public func didSelect(_ closure: @escaping (Item, IndexPath) -> SelectionResult) -> Self {
        didSelectClosure = { [unowned self] row, indexPath in closure(self.typedItem(row), indexPath) }
        return self
    }

    // MARK: isHidden

    /// The closure `isHidden(_:)` set, type-erased; `nil` until it is called.
    public private(set) var isHiddenClosure: ((Row, IndexPath) -> Bool)?

    /// Hides rows; evaluated on every reload with the row's position in the model.
    @discardableResult
    public func isHidden(_ closure: @escaping (Item, IndexPath) -> Bool) -> Self {
        isHiddenClosure = { [unowned self] row, indexPath in closure(self.typedItem(row), indexPath) }
        return self
    }

    // MARK: height

    /// The closure `height(_:)` set, type-erased; `nil` until it is called.
    public private(set) var heightClosure: ((Row, IndexPath) -> RowHeight)?

    /// The row's height in lines.
    @discardableResult
    public func height(_ closure: @escaping (Item, IndexPath) -> RowHeight) -> Self {
        heightClosure = { [unowned self] row, indexPath in closure(self.typedItem(row), indexPath) }
        return self
    }

    // MARK: canEdit

    /// The closure `canEdit(_:)` set, type-erased; `nil` until it is called.
    public private(set) var canEditClosure: ((Row, IndexPath) -> Bool)?

    /// Whether the row may be edited (deleted).
    @discardableResult
    public func canEdit(_ closure: @escaping (Item, IndexPath) -> Bool) -> Self {
        canEditClosure = { [unowned self] row, indexPath in closure(self.typedItem(row), indexPath) }
        return self
    }

    // MARK: commitEditing

    /// The closure `commitEditing(_:)` set, type-erased; `nil` until it is called.
    public private(set) var commitEditingClosure: ((Row, EditingAction, IndexPath) -> Void)?

    /// Commits an edit; for `.delete`, remove the item from the model and reload.
    @discardableResult
    public func commitEditing(_ closure: @escaping (Item, EditingAction, IndexPath) -> Void) -> Self {
        commitEditingClosure = { [unowned self] row, action, indexPath in
            closure(self.typedItem(row), action, indexPath)
        }
        return self
    }
}
