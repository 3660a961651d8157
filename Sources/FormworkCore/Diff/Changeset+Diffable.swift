/// A section of `Diffable` elements with a `Diffable` model, for diffing plain data
/// with `Changeset(from:to:)`.
///
/// ```swift
/// let old = [DiffableSection(model: "Fruits", elements: ["Apple", "Pear"])]
/// let new = [DiffableSection(model: "Fruits", elements: ["Pear", "Apple", "Plum"])]
/// Changeset(from: old, to: new)   // rows: +[0.2] ↕[0.1→0.0]
/// ```
public struct DiffableSection<Model: Diffable, Element: Diffable> {
    /// The section's own identity and content.
    public var model: Model
    /// The rows.
    public var elements: [Element]

    /// A section whose identity and content are `model`, with `elements` as its rows.
    public init(model: Model, elements: [Element]) {
        self.model = model
        self.elements = elements
    }
}

extension DiffableSection: Equatable where Model: Equatable, Element: Equatable {}

extension Changeset {
    /// The changes that turn the sections `old` into `new`.
    ///
    /// - Complexity: Expected O(*n*) for *n* elements, plus O(*m* log *m*) for the *m*
    ///   elements that changed their relative order.
    @inlinable
    public init<Model, Element>(from old: [DiffableSection<Model, Element>], to new: [DiffableSection<Model, Element>])
    {
        self = computeChangeset(from: SectionsDiffSource(sections: old), to: SectionsDiffSource(sections: new))
    }

    /// The changes that turn the list `old` into `new`, as rows of section 0.
    ///
    /// ```swift
    /// Changeset(from: [1, 2, 3], to: [1, 3, 4])   // rows: -[0.1] +[0.2]
    /// ```
    @inlinable
    public init<Element: Diffable>(from old: [Element], to new: [Element]) {
        self = computeChangeset(from: ListDiffSource(elements: old), to: ListDiffSource(elements: new))
    }
}

/// Sections of plain data, read in place (no copy of the elements: for reference-counted
/// ids a copy would retain every one).
@usableFromInline
struct SectionsDiffSource<Model: Diffable, Element: Diffable>: DiffSource {
    @usableFromInline let sections: [DiffableSection<Model, Element>]

    @inlinable init(sections: [DiffableSection<Model, Element>]) { self.sections = sections }

    @inlinable var sectionCount: Int { sections.count }
    @inlinable func sectionKey(_ section: Int) -> Model.DiffIdentifier { sections[section].model.diffIdentifier }
    @inlinable func rowCount(_ section: Int) -> Int { sections[section].elements.count }
    @inlinable func rowKey(_ section: Int, _ row: Int) -> Element.DiffIdentifier {
        sections[section].elements[row].diffIdentifier
    }
    @inlinable func isSectionContentEqual(_ section: Int, to other: Self, _ otherSection: Int) -> Bool {
        sections[section].model.isEqualToDiffable(other.sections[otherSection].model)
    }
    @inlinable func isRowContentEqual(
        _ section: Int, _ row: Int, to other: Self, _ otherSection: Int, _ otherRow: Int
    ) -> Bool {
        sections[section].elements[row].isEqualToDiffable(other.sections[otherSection].elements[otherRow])
    }
}

@usableFromInline
struct ListDiffSource<Element: Diffable>: DiffSource {
    @usableFromInline let elements: [Element]

    @inlinable init(elements: [Element]) { self.elements = elements }

    @inlinable var sectionCount: Int { 1 }
    @inlinable func sectionKey(_ section: Int) -> Int { 0 }
    @inlinable func rowCount(_ section: Int) -> Int { elements.count }
    @inlinable func rowKey(_ section: Int, _ row: Int) -> Element.DiffIdentifier { elements[row].diffIdentifier }
    @inlinable func isSectionContentEqual(_ section: Int, to other: Self, _ otherSection: Int) -> Bool { true }
    @inlinable func isRowContentEqual(
        _ section: Int, _ row: Int, to other: Self, _ otherSection: Int, _ otherRow: Int
    ) -> Bool {
        elements[row].isEqualToDiffable(other.elements[otherRow])
    }
}
