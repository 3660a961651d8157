/// One row of a `Section`: an item of any `Diffable` type and the identifier that
/// picks its `CellDescriptor`.
///
/// A row's identity (its descriptor identifier and the item's `diffIdentifier`) is
/// hashed once, here. Keep rows that did not change (reuse the same `Row` value)
/// and reloads compare them by reference, at the cost of a pointer comparison.
///
/// ```swift
/// let rows = [Row(person), Row("Some text"), Row(note, identifier: "warning")]
/// ```
public struct Row {
    @usableFromInline let storage: RowStorage

    /// Wraps `item`; `identifier` defaults to the item's type.
    public init<Item: Diffable>(_ item: Item, identifier: DescriptorIdentifier? = nil) {
        storage = TypedRowStorage(item, identifier: identifier ?? .type(Item.self))
    }

    /// The item, type-erased.
    public var item: any Diffable { storage.anyItem }

    /// The item as `type`, or `nil` when it is of another type.
    public func item<Item>(as type: Item.Type) -> Item? {
        storage.item(ifExactly: Item.self) ?? (storage.anyItem as? Item)
    }

    /// The identifier that picks this row's `CellDescriptor`.
    public var identifier: DescriptorIdentifier { storage.identifier }

    /// Whether `other` is the same row (same descriptor identifier and `diffIdentifier`).
    public func hasSameIdentity(as other: Row) -> Bool {
        RowIdentity(storage) == RowIdentity(other.storage)
    }

    /// Whether `other` has the same identity and equal content.
    public func isEqualToRow(_ other: Row) -> Bool {
        hasSameIdentity(as: other) && storage.isContentEqual(to: other.storage)
    }
}

extension Row: CustomStringConvertible {
    /// The descriptor identifier and the item, as `"identifier: item"`.
    public var description: String { "\(identifier): \(storage.anyItem)" }
}

/// The reference-type storage of a `Row`: the erased base class.
@usableFromInline
class RowStorage {
    @usableFromInline let identityHash: Int
    @usableFromInline let itemType: ObjectIdentifier
    let identifier: DescriptorIdentifier

    init(identityHash: Int, itemType: ObjectIdentifier, identifier: DescriptorIdentifier) {
        self.identityHash = identityHash
        self.itemType = itemType
        self.identifier = identifier
    }

    var anyItem: any Diffable { fatalError("abstract") }

    /// The item when it is exactly a `T` (no existential cast), else `nil`.
    func item<T>(ifExactly type: T.Type) -> T? { fatalError("abstract") }

    /// Same identifier and `diffIdentifier`. Only called when the hashes are equal.
    @usableFromInline func hasSameIdentity(as other: RowStorage) -> Bool { fatalError("abstract") }

    /// Same content, for rows of the same identity.
    @usableFromInline func isContentEqual(to other: RowStorage) -> Bool { fatalError("abstract") }
}

final class TypedRowStorage<Item: Diffable>: RowStorage {
    let item: Item
    let diffIdentifier: Item.DiffIdentifier

    init(_ item: Item, identifier: DescriptorIdentifier) {
        self.item = item
        let diffIdentifier = item.diffIdentifier
        self.diffIdentifier = diffIdentifier
        var hasher = Hasher()
        hasher.combine(identifier)
        hasher.combine(diffIdentifier)
        super.init(identityHash: hasher.finalize(), itemType: ObjectIdentifier(Item.self), identifier: identifier)
    }

    override var anyItem: any Diffable { item }

    override func item<T>(ifExactly type: T.Type) -> T? {
        T.self == Item.self ? unsafeBitCast(item, to: T.self) : nil
    }

    override func hasSameIdentity(as other: RowStorage) -> Bool {
        guard other.itemType == itemType else { return false }
        let other = unsafeDowncast(other, to: TypedRowStorage<Item>.self)
        return other.identifier == identifier && other.diffIdentifier == diffIdentifier
    }

    override func isContentEqual(to other: RowStorage) -> Bool {
        if other === self { return true }
        guard other.itemType == itemType else { return false }
        return item.isEqualToDiffable(unsafeDowncast(other, to: TypedRowStorage<Item>.self).item)
    }
}

/// A row's identity as a hash key: the precomputed hash, equality by reference first.
@usableFromInline
struct RowIdentity: Hashable {
    @usableFromInline let storage: RowStorage

    @inlinable init(_ storage: RowStorage) { self.storage = storage }

    @inlinable static func == (lhs: RowIdentity, rhs: RowIdentity) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.storage.identityHash == rhs.storage.identityHash && lhs.storage.hasSameIdentity(as: rhs.storage))
    }

    @inlinable func hash(into hasher: inout Hasher) {
        hasher.combine(storage.identityHash)
    }
}
