/// The keys of the kinds for times, files and ranks: temporal literals and bounds,
/// a file's `extensions` and `maxSize`.
extension DefinitionDecoder {
    mutating func decodeFileKeys(_ reader: MappingReader, _ pending: inout PendingField) {
        if let nodes = reader.list("extensions", collector: &collector) {
            for node in nodes {
                guard let text = node.scalarText, !text.isEmpty,
                    !text.contains(where: { "./\\ \t".contains($0) || $0.isNewline })
                else {
                    collector.report(.invalidExtension(node.scalarText ?? node.typeDescription), at: node)
                    continue
                }
                if !pending.definition.extensions.contains(text) { pending.definition.extensions.append(text) }
            }
        }
        if let node = reader["maxSize"] {
            if let text = node.scalarText, let size = FileSize.parse(text), size > 0 {
                pending.definition.maxSize = size
            } else {
                collector.report(.invalidSize(node.scalarText ?? node.typeDescription), at: node)
            }
        }
    }

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
    var isTemporal: Bool { self == .date || self == .time || self == .datetime }

    /// A date, time or datetime literal of this kind written as text.
    func temporalLiteral(_ text: String) -> Value? {
        switch self {
        case .date: return LocalDate(text).map { .date($0) }
        case .time: return LocalTime(text).map { .time($0) }
        case .datetime: return LocalDateTime(text).map { .dateTime($0) }
        default: return nil
        }
    }

    /// The error for text that looks like a literal of this kind but is not one.
    func invalidLiteral(_ text: String) -> Problem {
        switch self {
        case .time: return .invalidTime(text)
        case .datetime: return .invalidDateTime(text)
        default: return .invalidDate(text)
        }
    }
}
