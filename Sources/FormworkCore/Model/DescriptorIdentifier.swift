/// Chooses the descriptor for a row or a section.
///
/// A row built without an explicit identifier is matched by its item's type, as
/// in allaboutapps' DataSource where the identifier defaults to the type name.
/// A named identifier lets one item type be shown by several descriptors:
///
/// ```swift
/// Row(note, identifier: "warning")          // uses the descriptor named "warning"
/// CellDescriptor<Note, Cell>("warning")
/// ```
///
/// A lookup for a type-based identifier that finds nothing falls back to a
/// descriptor *named* like the type, so `CellDescriptor<Note, Cell>("Note")` also
/// serves rows of type `Note`.
public struct DescriptorIdentifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case type(ObjectIdentifier)
        case named(String)
    }

    @usableFromInline let kind: Kind
    /// The type for `.type` identifiers, kept for the description and the fallback.
    let type: Any.Type?

    /// An identifier matching items (or section contents) of `type`.
    public static func type<T>(_ type: T.Type) -> DescriptorIdentifier {
        DescriptorIdentifier(kind: .type(ObjectIdentifier(type)), type: type)
    }

    /// An identifier chosen by name.
    public static func named(_ name: String) -> DescriptorIdentifier {
        DescriptorIdentifier(kind: .named(name), type: nil)
    }

    /// A named identifier, as `.named(value)`: `"warning"` in place of a `DescriptorIdentifier`.
    public init(stringLiteral value: String) {
        self = .named(value)
    }

    init(kind: Kind, type: Any.Type?) {
        self.kind = kind
        self.type = type
    }

    /// The name for `.named`, the type's name for `.type`.
    public var description: String {
        switch kind {
        case .named(let name): return name
        case .type: return type.map { String(describing: $0) } ?? "?"
        }
    }

    /// For a type-based identifier, the named identifier spelled like the type.
    var namedFallback: DescriptorIdentifier? {
        if case .type = kind { return .named(description) }
        return nil
    }

    /// Whether both identify the same type, or the same name; a type and a name never match.
    public static func == (lhs: DescriptorIdentifier, rhs: DescriptorIdentifier) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the type or the name, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
