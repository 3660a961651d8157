import FoundationEssentials

extension IndexPath {
    /// The index path of `row` in `section`, as UIKit spells it.
    @inlinable
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section index (the first index). Precondition: the path has two indexes.
    @inlinable
    public var section: Int { self[0] }

    /// The row index (the second index). Precondition: the path has two indexes.
    @inlinable
    public var row: Int { self[1] }
}
