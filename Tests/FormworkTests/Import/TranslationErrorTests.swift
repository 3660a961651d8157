import Testing

@testable import Formwork

/// A translation error says where it is; an expression longer than the loader's
/// limit is refused before any translation, counted as the parser counts.
@Suite("Translation errors")
struct TranslationErrorTests {
    @Test func theDescriptionSaysWhere() {
        let error = TranslationError(.syntax, message: "'soon' is not a date", offset: 5)
        #expect(error.description == "'soon' is not a date (at character 6)")
        #expect(!error.reason.isUnknownReference)
        #expect(TranslationError.Reason.unknownReference("x", suggestion: nil).isUnknownReference)
    }

    @Test func theLengthComesFromTheLimits() throws {
        var limits = Limits()
        limits.maximumExpressionLength = 5
        try TranslationError.checkLength(of: "12345", limits: limits)
        #expect(
            throws: TranslationError(
                .unsupported, message: "the expression is 6 characters long; Formwork reads at most 5", offset: 0)
        ) {
            try TranslationError.checkLength(of: "123456", limits: limits)
        }
        // Scalars, as `Parser` counts: `e` and a combining accent are two.
        #expect(throws: TranslationError.self) { try TranslationError.checkLength(of: "1234e\u{301}", limits: limits) }
        #expect(throws: ExpressionError.self) { try Parser.parse("1234e\u{301}", limits: limits) }
        try TranslationError.checkLength(of: String(repeating: "x", count: 10_000), limits: .default)
    }
}
