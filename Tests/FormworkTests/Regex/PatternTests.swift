import Foundation
import Testing

@testable import Formwork

@Suite("Patterns (linear-time regular expressions)")
struct PatternTests {
    @Test(arguments: [
        ("abc", "abc", true), ("abc", "abcd", false), ("a.c", "abc", true), ("a.c", "a\nc", false),
        ("[a-c]+", "abcab", true), ("[^a-c]+", "xyz", true), ("[^a-c]+", "xay", false),
        ("\\d{3}-\\d{4}", "555-1234", true), ("\\d{3}-\\d{4}", "55-1234", false),
        ("\\w+@\\w+\\.org", "ada@mail.org", true),
        ("(ab|cd)*", "abcdab", true), ("(ab|cd)*", "abc", false), ("a?b+", "bbb", true), ("a{2,3}", "aaaa", false),
        ("a{2,}", "aaaaaa", true), ("a{2}", "aa", true), ("(?:x|y)z", "yz", true), ("^ab$", "ab", true),
        ("\\bcat\\b.*", "cat food", true), ("\\Bat", "at", false), ("(?i)[a-z]+", "HeLLo", true), ("é+", "éé", true),
        ("[\\d.]+", "3.14", true), ("a|", "", true), ("\\s*x\\s*", "  x ", true), ("[-a]+", "-a-", true),
        ("a{,2}", "a{,2}", true),
        ("colou?r", "color", true), (".*\\.yaml", "form.yaml", true), ("[A-Z]{2}\\d{6}", "NL123456", true),
    ])
    func matchesWholeText(pattern: String, text: String, expected: Bool) throws {
        #expect(try Pattern(pattern).matches(text) == expected)
    }

    @Test(arguments: [
        ("(a", "missing ')'"), ("a)", "unmatched ')'"), ("[a", "missing ']'"), ("*a", "nothing to repeat"),
        ("a**", "a quantifier cannot follow another (use a group)"), ("(a)\\1", "backreferences are not supported"),
        ("(?=a)", "lookaround is not supported (it cannot be matched in linear time)"),
        ("a{5,2}", "{5,2}: the minimum is above the maximum"),
        ("a{2000}", "repetition counts are limited to 1000"), ("\\q", "unknown escape '\\q'"),
        ("[z-a]", "the range is out of order"),
        ("((((a{1000}){1000}){1000}))", "the pattern is too complex (more than 5000 steps)"),
    ])
    func rejectsWhatItCannotMatchSafely(pattern: String, reason: String) {
        #expect(throws: PatternError.self) { try Pattern(pattern) }
        #expect((try? Pattern(pattern)) == nil)
        do { _ = try Pattern(pattern) } catch { #expect(error.reason == reason) }
    }

    /// The classic catastrophic-backtracking pattern finishes at once: matching is
    /// linear in the text (checked by counting, not timing: the VM holds at most one
    /// thread per instruction).
    @Test func catastrophicPatternsStayLinear() throws {
        let pattern = try Pattern("(a+)+$")
        let text = String(repeating: "a", count: 50_000) + "!"
        #expect(pattern.matches(text) == false)
        #expect(try Pattern("(a|a)*b").matches(String(repeating: "a", count: 50_000)) == false)
        #expect(try Pattern("(x+x+)+y").matches(String(repeating: "x", count: 10_000)) == false)
    }
}
