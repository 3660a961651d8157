import Testing

@testable import Formwork

/// Plain scalars resolved under the YAML 1.2 core schema, as values files, drafts and
/// responses are read: the words by their exact spelling, numbers by their syntax.
@Suite("Plain scalars")
struct PlainScalarTests {
    @Test(arguments: ["", "~", "null", "Null", "NULL"])
    func nullWords(_ text: String) {
        #expect(PlainScalar.resolve(text) == .null)
        #expect(PlainScalar.isNullWord(text))
    }

    @Test(arguments: ["nul", "nulls", "nULL", "none", "~~", " null", "N"])
    func nearNullWordsAreText(_ text: String) {
        #expect(PlainScalar.resolve(text) == .string(text))
        #expect(!PlainScalar.isNullWord(text))
    }

    @Test func booleansBySpelling() {
        for text in ["true", "True", "TRUE"] { #expect(PlainScalar.resolve(text) == .bool(true)) }
        for text in ["false", "False", "FALSE"] { #expect(PlainScalar.resolve(text) == .bool(false)) }
        for text in ["tRUE", "tru", "yes", "falsey", "f", "t"] { #expect(PlainScalar.resolve(text) == .string(text)) }
    }

    @Test(arguments: [
        ("0", 0.0), ("42", 42), ("-7", -7), ("+3", 3), ("1.5", 1.5), ("1.", 1), (".5", 0.5), ("-1.5e3", -1500),
        ("2E-2", 0.02), ("6e+1", 60),
    ])
    func numbers(_ text: String, _ expected: Double) {
        #expect(PlainScalar.resolve(text) == .number(expected, text: text))
    }

    @Test(arguments: [
        "+", "-", ".", "1e", "1e+", "e5", "0x1F", "1_000", " 1", "1 ", "1.2.3", "١٢", "--1", "inf", ".nan",
    ])
    func notNumbers(_ text: String) {
        #expect(PlainScalar.parseNumber(text) == nil)
        #expect(PlainScalar.resolve(text) == .string(text))
    }
}
