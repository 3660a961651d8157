import FoundationEssentials

extension IndexPath {
    /// The index path of `row` in `section`, as UIKit spells it.
    ///
    /// Built by appending to a one-index path, which Foundation stores inline: an
    /// array literal would allocate, and diffs create tens of thousands of these.
    @inlinable
    public init(row: Int, section: Int) {
        self = IndexPath(index: section).appending(row)
    }

    /// The section index (the first index). Precondition: the path has two indexes.
    @inlinable
    public var section: Int { self[0] }

    /// The row index (the second index). Precondition: the path has two indexes.
    @inlinable
    public var row: Int { self[1] }
}
