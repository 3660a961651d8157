/// What happens after `didSelect` ran: the row's selection, or something the row
/// asks its view to do.
public enum SelectionResult: Sendable, Equatable {
    /// The row is deselected again (the default).
    case deselect
    /// The row stays selected.
    case keepSelected
    /// The row asks its view to do something, in the view's own vocabulary (a form's
    /// rows ask for a `FieldInteraction`: edit this value, toggle this switch, …);
    /// the view deselects the row when it is done. A view that does not know the
    /// request treats it as `.deselect`.
    case request(SelectionRequest)
}

/// What a selected row asks its view to do: any `Sendable & Equatable` value the
/// view understands, type-erased so that FormworkCore needs to know none of them.
///
/// ```swift
/// enum Action: Sendable, Equatable { case edit(String) }
/// CellDescriptor<Field, Cell>().didSelect { field, _ in .request(SelectionRequest(Action.edit(field.id))) }
/// // the view:
/// if case .request(let request)? = dataSource.selectRow(at: path), let action = request.value(as: Action.self) { … }
/// ```
public struct SelectionRequest: Sendable, Equatable, CustomStringConvertible {
    /// The request, as the row made it.
    public let value: any Sendable
    private let isEqual: @Sendable (any Sendable) -> Bool

    /// Wraps `value`; two requests are equal when their values are of one type and equal.
    public init<Value: Sendable & Equatable>(_ value: Value) {
        self.value = value
        isEqual = { ($0 as? Value) == value }
    }

    /// The request as a `T`, when it is one.
    public func value<T>(as type: T.Type) -> T? { value as? T }

    /// Whether both requests carry values of the same type that are equal.
    public static func == (lhs: SelectionRequest, rhs: SelectionRequest) -> Bool { lhs.isEqual(rhs.value) }

    /// The request's value, as `String(describing:)` shows it.
    public var description: String { "\(value)" }
}

/// The height of a row, in terminal lines.
public enum RowHeight: Sendable, Hashable {
    /// The view decides (the default).
    case automatic
    /// Exactly this many lines.
    case lines(Int)
}

/// An editing action committed on a row.
public enum EditingAction: Sendable, Hashable {
    /// The user asked to delete the row.
    case delete
}

/// A section header or footer.
public enum HeaderFooter {
    /// Nothing is shown (the default).
    case none
    /// A title line.
    case title(String)
    /// A rendering the view understands (for the terminal table, `[String]` lines).
    case custom(Any)

    /// The title, when this is `.title`.
    public var title: String? {
        if case .title(let title) = self { return title }
        return nil
    }
}
