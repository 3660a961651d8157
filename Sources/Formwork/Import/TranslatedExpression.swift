/// An expression of another engine translated into Formwork's language, with the
/// type of its value.
///
/// ```swift
/// let translated = try XPathTranslator.translate("${age} >= 18", as: .condition, in: context)
/// translated.text  // $age >= 18
/// translated.type  // .bool
/// ```
public struct TranslatedExpression: Sendable, Equatable {
    /// Formwork expression text (`$age >= 18 and 'fr' in $langs`).
    public var text: String
    /// The type of its value, as Formwork's type checker finds it (`.bool` for a
    /// condition, `.list(.string)` for a multiple choice's values).
    public var type: ValueType

    /// A translation.
    ///
    /// - Parameters:
    ///   - text: Formwork expression text.
    ///   - type: The type of its value.
    public init(text: String, type: ValueType) {
        self.text = text
        self.type = type
    }
}
