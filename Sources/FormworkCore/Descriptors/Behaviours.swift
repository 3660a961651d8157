/// What happens to a row's selection after `didSelect` ran.
public enum SelectionResult: Sendable, Hashable {
    /// The row is deselected again (the default).
    case deselect
    /// The row stays selected.
    case keepSelected
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
