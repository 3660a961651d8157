/// The type-erased face of a `SectionDescriptor`, as the `DataSource` sees it.
public protocol SectionDescriptorType: AnyObject {
    /// The sections this descriptor serves.
    var identifier: DescriptorIdentifier { get }
    /// Hides the section; receives the section's index in the model.
    var isHiddenClosure: ((Section, Int) -> Bool)? { get }
    /// The header; receives the visible section index.
    var headerClosure: ((Section, Int) -> HeaderFooter)? { get }
    /// The footer; receives the visible section index.
    var footerClosure: ((Section, Int) -> HeaderFooter)? { get }
    /// Whether the section stays visible when it has no visible rows.
    var isVisibleWhenEmpty: Bool { get }
}

/// Gives sections whose content is a `Content` their header, footer and visibility.
///
/// Sections are matched by their content's type (or by a named identifier). The
/// data source has built-in descriptors for sections without content and for
/// `String` content (shown as a title header).
///
/// ```swift
/// SectionDescriptor<FormSection>()
///     .header { section, _ in .title(section.title) }
///     .isHidden { section, _ in !section.isVisible() }
/// ```
///
/// By default a section whose rows are all hidden disappears with them; call
/// `visibleWhenEmpty()` to keep it.
///
/// ## String content
/// A `SectionDescriptor<String>` shows its content as the section's title header
/// until you set a `header` of your own, as the built-in one does. So registering
/// one to change another behaviour keeps the title:
///
/// ```swift
/// // "Notes" stays on screen, titled, even when all its rows are hidden.
/// DataSource(cellDescriptors: cells, sectionDescriptors: [SectionDescriptor<String>().visibleWhenEmpty()])
/// ```
///
/// Set `.header { _, _ in .none }` for `String` sections without a header.
public final class SectionDescriptor<Content>: SectionDescriptorType {
    /// The sections this descriptor serves.
    public let identifier: DescriptorIdentifier
    /// Whether the section stays visible when it has no visible rows; set by `visibleWhenEmpty(_:)`.
    public private(set) var isVisibleWhenEmpty = false

    /// - Parameter identifier: The sections to serve; defaults to content of type `Content`.
    ///   When `Content` is `String`, the descriptor starts with the title header.
    public init(_ identifier: DescriptorIdentifier? = nil) {
        self.identifier = identifier ?? .type(Content.self)
        if Content.self == String.self {
            headerClosure = { [unowned self] section, _ in
                (self.typedContent(section) as? String).map(HeaderFooter.title) ?? .none  // always a String
            }
        }
    }

    var name: String { "SectionDescriptor<\(Content.self)> for sections '\(identifier)'" }

    func typedContent(_ section: Section) -> Content {
        if Content.self == Void.self, section.content == nil { return () as! Content }
        guard let content = section.content as? Content else {
            let found = section.content.map { "\(type(of: $0))" } ?? "no content"
            preconditionFailure("\(name) received a section with \(found), expected \(Content.self)")
        }
        return content
    }

    // MARK: isHidden

    /// The closure `isHidden(_:)` set, type-erased; `nil` until it is called.
    public private(set) var isHiddenClosure: ((Section, Int) -> Bool)?

    /// Hides sections; evaluated on every reload with the section's index in the model.
    @discardableResult
    public func isHidden(_ closure: @escaping (Content, Int) -> Bool) -> Self {
        isHiddenClosure = { [unowned self] section, index in closure(self.typedContent(section), index) }
        return self
    }

    // MARK: header

    /// The closure `header(_:)` set, type-erased; for `String` content, the title header
    /// until it is called, otherwise `nil`.
    public private(set) var headerClosure: ((Section, Int) -> HeaderFooter)?

    /// The header of a visible section; replaces the title header of a
    /// `SectionDescriptor<String>`.
    @discardableResult
    public func header(_ closure: @escaping (Content, Int) -> HeaderFooter) -> Self {
        headerClosure = { [unowned self] section, index in closure(self.typedContent(section), index) }
        return self
    }

    // MARK: footer

    /// The closure `footer(_:)` set, type-erased; `nil` until it is called.
    public private(set) var footerClosure: ((Section, Int) -> HeaderFooter)?

    /// The footer of a visible section.
    @discardableResult
    public func footer(_ closure: @escaping (Content, Int) -> HeaderFooter) -> Self {
        footerClosure = { [unowned self] section, index in closure(self.typedContent(section), index) }
        return self
    }

    // MARK: visibleWhenEmpty

    /// Keeps the section visible when none of its rows is (the default is to hide it).
    @discardableResult
    public func visibleWhenEmpty(_ visible: Bool = true) -> Self {
        isVisibleWhenEmpty = visible
        return self
    }
}
