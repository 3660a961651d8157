/// An element's attributes in document order, found by qualified name (`jr:count`)
/// or, through `XMLTree.Element.attribute(_:)`, by local name.
///
/// Elements have few attributes, so a search along them is faster than hashing
/// each name into a dictionary, and a document's tens of thousands of elements
/// each save that dictionary's allocation.
///
/// ```swift
/// let attributes = XMLAttributes([("nodeset", "/data/age"), ("type", "int")])
/// attributes["type"]   // "int"
/// ```
struct XMLAttributes: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The attributes in the order they are written.
    private(set) var pairs: [(key: String, value: String)]

    init(_ pairs: [(key: String, value: String)] = []) { self.pairs = pairs }

    /// From a dictionary (`XMLParser` reports attributes as one), in its order.
    init(_ dictionary: [String: String]) { pairs = dictionary.map { ($0.key, $0.value) } }

    init(dictionaryLiteral elements: (String, String)...) { pairs = elements.map { ($0.0, $0.1) } }

    /// The value of the attribute named `name` as written (with its prefix).
    subscript(name: String) -> String? {
        for pair in pairs where pair.key == name { return pair.value }
        return nil
    }

    /// Adds an attribute; `false` (and nothing added) when one of that name is there.
    mutating func add(_ name: String, _ value: String) -> Bool {
        if self[name] != nil { return false }
        pairs.append((name, value))
        return true
    }

    var isEmpty: Bool { pairs.isEmpty }
    var keys: [String] { pairs.map(\.key) }

    func makeIterator() -> IndexingIterator<[(key: String, value: String)]> { pairs.makeIterator() }
}
