/// Bounds and defaults that are literals or expressions (`min`, `max` and `default`
/// of the kinds for dates and times).
extension DefinitionDecoder {
    /// A `min`, `max` or `default` of a date, time or datetime field: a literal
    /// (`2024-01-31`, `08:00`, `2026-11-23 14:30`) or an expression of the field's type
    /// (`today() - 365`, `now()`).
    mutating func temporalBound(
        _ node: SyntaxNode, key: String, kind: FieldKind, environment: ExpressionEnvironment
    ) -> Bound? {
        if let text = node.scalarText, let literal = kind.temporalLiteral(text) { return .value(literal) }
        if let text = node.scalarText, Self.looksLikeDateLiteral(text) || Self.looksLikeDateTimeLiteral(text) {
            collector.report(kind.invalidLiteral(text), at: node)
            return nil
        }
        return compile(node, key: key, expecting: kind.fixedType, environment: environment).map { .expression($0) }
    }

    /// `2026-11-23T14:3`: digits around a `T`, a date and time that failed to parse.
    static func looksLikeDateTimeLiteral(_ text: String) -> Bool {
        let parts = text.split(separator: "T", maxSplits: 1)
        return parts.count == 2 && parts.allSatisfy { looksLikeDateLiteral(String($0)) || $0.allSatisfy(\.isNumber) }
    }
}

extension FieldKind {
    /// Whether `min`, `max` and `default` may be an expression of the field's type.
    var isTemporal: Bool { specification.hasExpressionBounds }

    /// A literal bound or default of this kind written as text (dates and times).
    func temporalLiteral(_ text: String) -> Value? { specification.boundLiteral(text) }

    /// The error for text that looks like a literal of this kind but is not one.
    func invalidLiteral(_ text: String) -> Problem { specification.invalidBoundLiteral(text) }
}
