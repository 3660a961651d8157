/// A value that can be diffed: it has an identity and content.
///
/// Two items with the same `diffIdentifier` are "the same row"; if
/// `isEqualToDiffable(_:)` says their content differs, the row is *updated* in
/// place rather than deleted and inserted.
///
/// `Hashable` types get both requirements for free: the value is its own
/// identifier, so such rows are never updated, only inserted, deleted or moved.
///
/// ```swift
/// struct Person: Diffable {
///     let id: Int
///     var name: String
///     var diffIdentifier: Int { id }
///     func isEqualToDiffable(_ other: Person) -> Bool { name == other.name }
/// }
/// ```
public protocol Diffable {
    /// The type of the identity. Prefer small values (`Int`, short `String`s).
    associatedtype DiffIdentifier: Hashable

    /// The identity of the item: stays the same when the content changes.
    var diffIdentifier: DiffIdentifier { get }

    /// Whether `other`, an item with the same identity, has the same content.
    func isEqualToDiffable(_ other: Self) -> Bool
}

extension Diffable where Self: Hashable {
    /// A hashable value is its own identifier.
    @inlinable public var diffIdentifier: Self { self }
}

extension Diffable where Self: Equatable {
    /// Equatable values compare their content with `==`.
    @inlinable public func isEqualToDiffable(_ other: Self) -> Bool { self == other }
}

extension String: Diffable {}
extension Substring: Diffable {}
extension Int: Diffable {}
extension Int64: Diffable {}
extension Int32: Diffable {}
extension UInt: Diffable {}
extension Double: Diffable {}
extension Bool: Diffable {}
