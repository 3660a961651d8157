/// A response as a tree with positions, for formats read outside the JSON reader (an
/// ODK instance, read by `FormworkODK`): what `ResponseValidator.validate(_:)` takes.
///
/// ```swift
/// let response = ResponseNode.mapping(
///     [("age", SourceLocation(line: 3, column: 3), .text("42", at: SourceLocation(line: 3, column: 8)))],
///     at: SourceLocation(line: 2, column: 1))
/// let verdict = ResponseValidator(definition: form).validate(response)
/// ```
public indirect enum ResponseNode: Sendable {
    /// An answer as text, as the format writes it (`42`, `a b`, `2024-02-29`).
    case text(String, at: SourceLocation)
    /// An answer read as a bare JSON word is (`true`, `42`): for a format whose
    /// spelling of a value is Formwork's own (a switch's `1` read as `true`).
    case word(String, at: SourceLocation)
    /// No answer (an empty element).
    case empty(at: SourceLocation)
    /// Answers by key, in order.
    case mapping([(key: String, keyLocation: SourceLocation, value: ResponseNode)], at: SourceLocation)
    /// A repeat's entries.
    case list([ResponseNode], at: SourceLocation)

    /// The response as a tree of syntax nodes, as a JSON response parses to.
    public var syntaxNode: SyntaxNode {
        switch self {
        case let .text(text, location): return SyntaxNode(content: .scalar(text, style: .quoted), location: location)
        case let .word(text, location): return SyntaxNode(content: .scalar(text, style: .plain), location: location)
        case .empty(let location): return SyntaxNode(content: .scalar("", style: .plain), location: location)
        case let .mapping(pairs, location):
            return SyntaxNode(
                content: .mapping(
                    pairs.map {
                        (
                            SyntaxNode(content: .scalar($0.key, style: .quoted), location: $0.keyLocation),
                            $0.value.syntaxNode
                        )
                    }),
                location: location)
        case let .list(elements, location):
            return SyntaxNode(content: .sequence(elements.map(\.syntaxNode)), location: location)
        }
    }
}
