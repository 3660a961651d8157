import Testing

@testable import Formwork

@Suite("Suggestions: did you mean")
struct SuggestionsTests {
    @Test func theClosestCandidateWithinASmallDistance() {
        #expect(Suggestions.closest(to: "emial", in: ["name", "email", "phone"]) == ["email"])
        #expect(Suggestions.closest(to: "teh", in: ["the", "toe"]) == ["the"])  // a transposition is one edit
        #expect(Suggestions.closest(to: "EMIAL", in: ["email"]) == ["email"])  // case is ignored, spelling kept
        #expect(Suggestions.closest(to: "x", in: [String]()) == [])
    }

    @Test func closestFirstThenAlphabeticallyUpToTheLimit() {
        #expect(Suggestions.closest(to: "nam", in: ["nome", "game", "name", "xyz"], limit: 2) == ["name", "game"])
        #expect(
            Suggestions.closest(to: "nam", in: ["nome", "game", "name", "xyz"], limit: 5) == ["name", "game", "nome"])
    }

    /// Two edits are always allowed, a third of the word's length when that is more;
    /// a candidate that shares nothing with the word is never suggested.
    @Test func farOrUnrelatedWordsAreNotSuggested() {
        #expect(Suggestions.closest(to: "abcdef", in: ["abcxyz"]) == [])  // three edits in six letters
        #expect(Suggestions.closest(to: "abcdefghi", in: ["abcxyzghi"]) == ["abcxyzghi"])  // three in nine
        #expect(Suggestions.closest(to: "a", in: ["b"]) == [])
        #expect(Suggestions.closest(to: "ab", in: ["xy"]) == [])
        #expect(Suggestions.closest(to: "ab", in: ["abc"]) == ["abc"])
    }

    @Test func editDistanceIsOptimalStringAlignment() {
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect(Suggestions.editDistance("abc", "") == 3)
        #expect(Suggestions.editDistance("same", "same") == 0)
        #expect(Suggestions.editDistance("ca", "ac") == 1)
        #expect(Suggestions.editDistance("名前", "前名") == 1)
    }

    @Test func quotedLists() {
        #expect(Suggestions.quotedList([]) == "")
        #expect(Suggestions.quotedList(["a"]) == "'a'")
        #expect(Suggestions.quotedList(["a", "b"]) == "'a' or 'b'")
        #expect(Suggestions.quotedList(["a", "b", "c"]) == "'a', 'b' or 'c'")
        #expect(Suggestions.quotedList(["a", "b"], conjunction: "and") == "'a' and 'b'")
    }
}
