import FormworkTesting
import Testing

@testable import Formwork

/// Ids made from another format's names: kept when they are ids, mended when not,
/// numbered when taken, and always ids a definition accepts.
@Suite("ID allocator")
struct IDAllocatorTests {
    @Test func namesBecomeIds() {
        var ids = IDAllocator(fallback: "field")
        #expect(ids.makeID(from: "age") == "age")
        #expect(ids.makeID(from: "first name") == "first_name")
        #expect(ids.makeID(from: "first-name") == "first_name_2")
        #expect(ids.makeID(from: "2nd") == "_2nd")
        #expect(ids.makeID(from: "naïve") == "na_ve")
        #expect(ids.makeID(from: "") == "field")
        #expect(ids.makeID(from: "") == "field_2")
        #expect(ids.makeID(from: "age") == "age_2")
        #expect(ids.makeID(from: "age_2") == "age_2_2")
        #expect(ids.isTaken("first_name") && !ids.isTaken("first-name"))
    }

    /// A copy kept before a pass and put back after it forgets the pass's ids.
    @Test func aCopyPutBackForgetsTheIdsGivenSince() {
        var ids = IDAllocator(fallback: "q")
        _ = ids.makeID(from: "page1")
        let before = ids
        #expect(ids.makeID(from: "q1") == "q1")
        ids = before
        #expect(ids.makeID(from: "q1") == "q1")
        #expect(ids.taken == ["page1", "q1"])
    }

    /// Whatever the names, every id is one by the definition's rule, and none twice.
    @Test func everyIdIsAnIdAndUnique() {
        let alphabet: [Unicode.Scalar] = ["a", "b", "_", "1", "-", " ", "é", "\u{301}", "字", "'", "."]
        var random = SeededGenerator(seed: 3)
        var ids = IDAllocator(fallback: "field")
        var made: Set<String> = []
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...4, using: &random)
            let name = String(
                String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
            let id = ids.makeID(from: name)
            #expect(ExpressionText.isIdentifier(id), "\(name.debugDescription) → \(id)")
            #expect(made.insert(id).inserted, "\(name.debugDescription) → \(id), given before")
            if ExpressionText.isIdentifier(name) { #expect(id == name || id.hasPrefix(name + "_")) }
        }
    }
}
