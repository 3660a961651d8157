/// Why an importer cannot translate an expression of another engine into
/// Formwork's language, and where in it.
public struct TranslationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is, which decides how the importer reports it.
    public enum Reason: Sendable, Equatable {
        /// Not an expression of the source language: its own engine rejects it too,
        /// whatever the answers are.
        case syntax
        /// A name that names no question, with the closest name when there is one.
        case unknownReference(String, suggestion: String?)
        /// A valid expression that Formwork cannot compute as the source engine does
        /// (a function it lacks, an axis): listed as unsupported, never dropped.
        case unsupported
        /// A function the source engine does not have (survey-core warns and reads the
        /// call as `undefined`).
        case unknownFunction(String)

        /// Whether this is `.unknownReference`.
        public var isUnknownReference: Bool {
            if case .unknownReference = self { return true }
            return false
        }

        /// Whether this is `.unknownReference` or `.unknownFunction`: what the source
        /// engine reads as `undefined`.
        public var isUnknownName: Bool {
            switch self {
            case .unknownReference, .unknownFunction: return true
            default: return false
            }
        }
    }

    /// What kind of problem it is.
    public var reason: Reason
    /// What is wrong, in a sentence without its place (`'soon' is not a date`).
    public var message: String
    /// Where, in characters into the expression (0-based).
    public var offset: Int

    /// An error.
    ///
    /// - Parameters:
    ///   - reason: What kind of problem it is.
    ///   - message: What is wrong.
    ///   - offset: Where, in characters into the expression (0-based).
    public init(_ reason: Reason, message: String, offset: Int) {
        self.reason = reason
        self.message = message
        self.offset = offset
    }

    /// The message and its place: `'soon' is not a date (at character 6)`.
    public var description: String { "\(message) (at character \(offset + 1))" }

    /// Refuses an expression longer than Formwork reads (`Limits.maximumExpressionLength`,
    /// counted as `Parser` counts: in Unicode scalars), before it is translated.
    ///
    /// - Throws: `TranslationError` with reason `.unsupported`, at offset 0.
    public static func checkLength(of expression: String, limits: Limits) throws(TranslationError) {
        let length = expression.unicodeScalars.count
        guard length > limits.maximumExpressionLength else { return }
        throw TranslationError(
            .unsupported,
            message:
                "the expression is \(length) characters long; Formwork reads at most \(limits.maximumExpressionLength)",
            offset: 0)
    }
}
