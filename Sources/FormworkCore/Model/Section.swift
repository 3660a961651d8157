/// A section of a `DataSource`: an identifier, optional content for its header and
/// footer, and rows of items of any types.
///
/// The section's content picks its `SectionDescriptor` by type (a `String` content
/// gets the built-in title header). Sections are diffed by `identifier`; a section
/// whose content changed is *updated*.
///
/// ```swift
/// Section(id: "name", items: [firstName, lastName, wantsMore])
/// Section(id: "additional", content: "Additional Fields", items: [email])
/// ```
public struct Section {
    /// Identity of the section across reloads.
    public var identifier: String
    /// The rows, including hidden ones.
    public var rows: [Row]
    /// Picks the `SectionDescriptor`: the content's type unless named explicitly.
    public var descriptorIdentifier: DescriptorIdentifier
    let contentBox: SectionContent?

    /// A section without content; its identifier defaults to `""`.
    public init(id: String = "", rows: [Row]) {
        self.identifier = id
        self.rows = rows
        self.descriptorIdentifier = .type(Void.self)
        self.contentBox = nil
    }

    /// A section without content, from items of any `Diffable` types.
    public init(id: String = "", items: [any Diffable]) {
        self.init(id: id, rows: items.map { Row($0) })
    }

    /// A section with content for its descriptor (a `String` is shown as the title).
    ///
    /// - Parameters:
    ///   - id: The identity; defaults to the content when it is a `String`, else `""`.
    ///   - content: The content the section's descriptor receives; a change of it updates the section.
    ///   - descriptor: Names the `SectionDescriptor`; defaults to the content's type.
    ///   - rows: The rows, hidden ones included.
    public init<Content: Equatable>(
        id: String? = nil, content: Content, descriptor: DescriptorIdentifier? = nil, rows: [Row]
    ) {
        self.identifier = id ?? (content as? String) ?? ""
        self.rows = rows
        self.descriptorIdentifier = descriptor ?? .type(Content.self)
        self.contentBox = TypedSectionContent(content)
    }

    /// A section with content, from items of any `Diffable` types.
    public init<Content: Equatable>(
        id: String? = nil, content: Content, descriptor: DescriptorIdentifier? = nil, items: [any Diffable]
    ) {
        self.init(id: id, content: content, descriptor: descriptor, rows: items.map { Row($0) })
    }

    /// The content given at creation, if any.
    public var content: Any? { contentBox?.value }

    /// The items of all rows, hidden ones included.
    public var items: [any Diffable] { rows.map(\.item) }

    /// Whether the contents are equal (both absent counts as equal).
    func hasSameContent(as other: Section) -> Bool {
        switch (contentBox, other.contentBox) {
        case (nil, nil): return true
        case let (lhs?, rhs?): return lhs === rhs || lhs.isEqual(to: rhs)
        default: return false
        }
    }
}

/// Erased, comparable section content.
class SectionContent {
    var value: Any { fatalError("abstract") }
    func isEqual(to other: SectionContent) -> Bool { fatalError("abstract") }
}

final class TypedSectionContent<Content: Equatable>: SectionContent {
    let content: Content
    init(_ content: Content) { self.content = content }
    override var value: Any { content }
    override func isEqual(to other: SectionContent) -> Bool {
        (other as? TypedSectionContent<Content>)?.content == content
    }
}
