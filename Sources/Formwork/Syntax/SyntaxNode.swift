/// A node of a parsed YAML or JSON document, with its position.
///
/// Scalars keep their text and whether they were quoted; the definition decoder
/// types them where it knows what it expects (YAML 1.2 core rules for plain
/// scalars: `true`/`false`, `null`/`~`/empty, numbers).
struct SyntaxNode: Sendable {
    /// How a scalar was written: plain, in quotes, or as a YAML block (`|`, `>`).
    enum ScalarStyle: Sendable {
        case plain, quoted, block
    }

    enum Content: Sendable {
        case scalar(String, style: ScalarStyle)
        case mapping([(key: SyntaxNode, value: SyntaxNode)])
        case sequence([SyntaxNode])
    }

    var content: Content
    var location: SourceLocation

    /// "a string", "a number", "a boolean", "null", "a mapping", "a list".
    var typeDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case let .scalar(text, style):
            if style != .plain { return "a string" }
            switch PlainScalar.resolve(text) {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            }
        }
    }

    /// The scalar's text, if this is a scalar.
    var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether this is a plain `null` (`~`, empty): what `scalar == .null` says,
    /// without resolving numbers.
    var isNullScalar: Bool {
        guard case .scalar(let text, .plain) = content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The resolved scalar, if this is a scalar.
    var scalar: PlainScalar? {
        guard case let .scalar(text, style) = content else { return nil }
        return style == .plain ? PlainScalar.resolve(text) : .string(text)
    }

    /// The pairs, if this is a mapping.
    var pairs: [(key: SyntaxNode, value: SyntaxNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The elements, if this is a list.
    var elements: [SyntaxNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// Where the scalar's text starts (after an opening quote).
    var textLocation: SourceLocation {
        if case .scalar(_, .quoted) = content { return location.advanced(by: 1) }
        return location
    }

    var isQuoted: Bool {
        if case .scalar(_, .quoted) = content { return true }
        return false
    }

    var isBlockScalar: Bool {
        if case .scalar(_, .block) = content { return true }
        return false
    }
}

/// A scalar's value under the YAML 1.2 core schema (quoted scalars are strings).
enum PlainScalar: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double, text: String)
    case string(String)

    static func resolve(_ text: String) -> PlainScalar {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = parseNumber(text) { return .number(number, text: text) }
        return .string(text)
    }

    /// Decimal integers and floats as JSON and YAML 1.2 write them (no `.inf`/`.nan`:
    /// forms have no use for them, and they are reported as out of range).
    static func parseNumber(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        var digits = 0, fraction = 0
        while let s = scalars.first, ("0"..."9").contains(s) {
            digits += 1
            scalars = scalars.dropFirst()
        }
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            while let s = scalars.first, ("0"..."9").contains(s) {
                fraction += 1
                scalars = scalars.dropFirst()
            }
        }
        guard digits + fraction > 0 else { return nil }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
            var exponent = 0
            while let s = scalars.first, ("0"..."9").contains(s) {
                exponent += 1
                scalars = scalars.dropFirst()
            }
            guard exponent > 0 else { return nil }
        }
        guard scalars.isEmpty else { return nil }
        return Double(text)
    }
}
