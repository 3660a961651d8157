/// A snapshot the diff engine can read: sections and rows addressed by index.
///
/// The engine only asks for keys and content comparisons, so any storage works
/// (arrays of `Diffable`s, a data source's visible snapshot, a composite of them)
/// without first copying keys into arrays.
@usableFromInline
protocol DiffSource {
    associatedtype SectionKey: Hashable
    associatedtype RowKey: Hashable

    var sectionCount: Int { get }
    func sectionKey(_ section: Int) -> SectionKey
    func rowCount(_ section: Int) -> Int
    func rowKey(_ section: Int, _ row: Int) -> RowKey
    /// Content equality of two sections with equal keys.
    func isSectionContentEqual(_ section: Int, to other: Self, _ otherSection: Int) -> Bool
    /// Content equality of two rows with equal keys.
    func isRowContentEqual(_ section: Int, _ row: Int, to other: Self, _ otherSection: Int, _ otherRow: Int) -> Bool
    /// Whether two sections with equal keys certainly have the same rows, in order and
    /// content (for example, the same storage): then no row of theirs is compared.
    /// `false` means "compare them".
    func hasSameRows(_ section: Int, as other: Self, _ otherSection: Int) -> Bool
}

extension DiffSource {
    @inlinable
    func hasSameRows(_ section: Int, as other: Self, _ otherSection: Int) -> Bool { false }
}
