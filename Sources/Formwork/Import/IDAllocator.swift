/// Gives the form, sections, fields and repeats of an imported form unique ids made
/// from the source format's names (they share one namespace).
///
/// A name that is an id already is kept; each character an id cannot hold becomes
/// `_`; a name that starts with a digit gets a `_` before it; an empty name is
/// `fallback`; and an id given already gets `_2`, `_3`… after it. Every id made is
/// one by `ExpressionText.isIdentifier(_:)`, the rule a definition's ids are checked by.
///
/// ```swift
/// var ids = IDAllocator(fallback: "field")
/// ids.makeID(from: "age")         // age
/// ids.makeID(from: "first name")  // first_name
/// ids.makeID(from: "2nd")         // _2nd
/// ids.makeID(from: "age")         // age_2
/// ids.makeID(from: "")            // field
/// ```
///
/// A value: a copy taken before a pass of the reader, put back after it, forgets the
/// ids the pass gave.
public struct IDAllocator: Sendable, Equatable {
    /// Every id given so far.
    public private(set) var taken: Set<String> = []
    /// The id an empty name is given (numbered when taken).
    public let fallback: String

    /// An allocator that has given no id.
    ///
    /// - Parameter fallback: The id an empty name is given (numbered when taken); an
    ///   id itself (`field`, `q`).
    public init(fallback: String) {
        precondition(ExpressionText.isIdentifier(fallback), "the fallback '\(fallback)' is not an id")
        self.fallback = fallback
    }

    /// Whether `id` has been given.
    public func isTaken(_ id: String) -> Bool { taken.contains(id) }

    /// A new id made from `name`, recorded as taken.
    ///
    /// - Complexity: O(*n*) in the length of `name`, and one more set lookup for each
    ///   id of the same base given before.
    public mutating func makeID(from name: String) -> String {
        var base: String
        if ExpressionText.isIdentifier(name) {
            base = name  // most names are ids already
        } else {
            base = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { ExpressionText.isIdentifierPart($0) ? $0 : "_" }))
            if base.isEmpty { base = fallback }
            if let first = base.utf8.first, !ExpressionText.isIdentifierStart(first) { base = "_" + base }
        }
        var id = base
        var number = 2
        while taken.contains(id) {
            id = base + "_" + String(number)
            number += 1
        }
        taken.insert(id)
        return id
    }
}
