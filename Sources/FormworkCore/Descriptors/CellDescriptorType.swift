import FoundationEssentials

/// The type-erased face of a `CellDescriptor`, as the `DataSource` sees it.
///
/// You rarely implement this yourself: build a `CellDescriptor` instead. Every
/// closure is optional; a missing one defers to the data source's closure, then to
/// its `fallbackDelegate`, then to the default documented on `DataSource`.
public protocol CellDescriptorType: AnyObject {
    /// The rows this descriptor serves.
    var rowIdentifier: DescriptorIdentifier { get }
    /// The identifier the view dequeues cells with.
    var cellIdentifier: String { get }
    /// Configures a freshly dequeued cell.
    var configureClosure: ((Row, Any, IndexPath) -> Void)? { get }
    /// Refreshes a displayed cell in place when the row's content changed.
    var updateClosure: ((Row, Any, IndexPath) -> Void)? { get }
    /// Reacts to a selection.
    var didSelectClosure: ((Row, IndexPath) -> SelectionResult)? { get }
    /// Hides the row; receives the row's position in the model (hidden rows counted).
    var isHiddenClosure: ((Row, IndexPath) -> Bool)? { get }
    /// The row's height.
    var heightClosure: ((Row, IndexPath) -> RowHeight)? { get }
    /// Whether the row can be edited (deleted).
    var canEditClosure: ((Row, IndexPath) -> Bool)? { get }
    /// Commits an edit (a deletion) of the row.
    var commitEditingClosure: ((Row, EditingAction, IndexPath) -> Void)? { get }
}
