import Foundation
import Testing

@testable import Formwork

/// `containsASCII(_:)` answers as Foundation's `contains(_:)` does for ASCII words,
/// over text of every kind.
@Suite("Searching text for an ASCII word by its bytes")
struct StringSearchTests {
    @Test(arguments: [
        ("members.age", "."), ("age", "."), ("uuid()", "uuid"), ("uui", "uuid"), ("", "a"), ("a", ""),
        ("café.été", "."), ("x\r\ny", "\n"), ("👩‍👩‍👧.a", "."), ("aaab", "aab"), ("ab", "abc"),
    ])
    func answersAsFoundation(text: String, word: String) {
        let expected = text.contains(word) || word.isEmpty
        let found: Bool
        switch word {
        case ".": found = text.containsASCII(".")
        case "uuid": found = text.containsASCII("uuid")
        case "a": found = text.containsASCII("a")
        case "": found = text.containsASCII("")
        case "\n": found = text.containsASCII("\n")
        case "aab": found = text.containsASCII("aab")
        default: found = text.containsASCII("abc")
        }
        #expect(found == expected, "\(text.debugDescription) contains \(word.debugDescription)")
    }

    @Test func searchesASubstring() {
        let text = "a.b.c"
        #expect(text.dropFirst(2).containsASCII("."))
        #expect(!text.dropFirst(4).containsASCII("."))
    }
}
