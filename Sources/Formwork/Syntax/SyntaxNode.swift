/// A node of a parsed YAML or JSON document, with its position: a definition, a
/// values file, or answers as an `AnswerFormat` reads them.
///
/// Scalars keep their text and whether they were quoted; the definition decoder
/// types them where it knows what it expects (YAML 1.2 core rules for plain
/// scalars: `true`/`false`, `null`/`~`/empty, numbers).
///
/// ```swift
/// let key = SyntaxNode(content: .scalar("age", style: .quoted), location: SourceLocation(line: 1, column: 2))
/// let value = SyntaxNode(content: .scalar("42", style: .plain), location: SourceLocation(line: 1, column: 9))
/// let answers = SyntaxNode(content: .mapping([(key, value)]), location: SourceLocation(line: 1, column: 1))
/// ```
public struct SyntaxNode: Sendable {
    /// How a scalar was written: plain, in quotes, or as a YAML block (`|`, `>`).
    public enum ScalarStyle: Sendable {
        case plain, quoted, block
    }

    /// What the node holds.
    public enum Content: Sendable {
        /// Text, typed by YAML 1.2's core rules when `plain` (a number, a boolean, null).
        case scalar(String, style: ScalarStyle)
        /// Keys and values, in order.
        case mapping([(key: SyntaxNode, value: SyntaxNode)])
        /// Elements, in order.
        case sequence([SyntaxNode])
    }

    /// What the node holds: a scalar, a mapping or a sequence.
    public var content: Content
    /// Where the node starts in its text.
    public var location: SourceLocation

    /// A node holding `content`, starting at `location`.
    public init(content: Content, location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// "a string", "a number", "a boolean", "null", "a mapping", "a list".
    public var typeDescription: String {
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
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether this is a plain `null` (`~`, empty): what `scalar == .null` says,
    /// without resolving numbers.
    public var isNullScalar: Bool {
        guard case .scalar(let text, .plain) = content else { return false }
        return PlainScalar.isNullWord(text)
    }

    /// The resolved scalar, if this is a scalar.
    var scalar: PlainScalar? {
        guard case let .scalar(text, style) = content else { return nil }
        return style == .plain ? PlainScalar.resolve(text) : .string(text)
    }

    /// The pairs, if this is a mapping.
    public var pairs: [(key: SyntaxNode, value: SyntaxNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The elements, if this is a list.
    public var elements: [SyntaxNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// Where the scalar's text starts (after an opening quote).
    var textLocation: SourceLocation {
        if case .scalar(_, .quoted) = content { return location.advanced(by: 1) }
        return location
    }

    /// Whether the node is a quoted scalar (a JSON string).
    public var isQuoted: Bool {
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
        // Answers are read by the million (`formwork validate`): the words are told
        // apart by their first byte before any text is compared.
        switch text.utf8.first {
        case nil: return .null
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            if isNullWord(text) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            if text == "true" || text == "True" || text == "TRUE" { return .bool(true) }
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            if text == "false" || text == "False" || text == "FALSE" { return .bool(false) }
        default: break
        }
        if let number = parseNumber(text) { return .number(number, text: text) }
        return .string(text)
    }

    /// `""`, `~`, `null`, `Null` or `NULL`.
    static func isNullWord(_ text: String) -> Bool {
        switch text.utf8.count {
        case 0: return true
        case 1: return text == "~"
        case 4: return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// Decimal integers and floats as JSON and YAML 1.2 write them (no `.inf`/`.nan`:
    /// forms have no use for them, and they are reported as out of range).
    static func parseNumber(_ text: String) -> Double? {
        let isNumber = text.utf8.withContiguousStorageIfAvailable(isNumberSyntax) ?? isNumberSyntax(Array(text.utf8))
        return isNumber ? Double(text) : nil
    }

    /// Whether the bytes are `[+-]digits[.digits][(e|E)[+-]digits]`, with a digit
    /// before or after the point.
    private static func isNumberSyntax(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        func skip(_ allowed: (UInt8) -> Bool) -> Int {
            var count = 0
            while index != bytes.endIndex, allowed(bytes[index]) {
                count += 1
                bytes.formIndex(after: &index)
            }
            return count
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let isSign = { (byte: UInt8) in byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
        if index != bytes.endIndex, isSign(bytes[index]) { bytes.formIndex(after: &index) }
        var digits = skip(isDigit)
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            bytes.formIndex(after: &index)
            digits += skip(isDigit)
        }
        guard digits > 0 else { return false }
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            bytes.formIndex(after: &index)
            if index != bytes.endIndex, isSign(bytes[index]) { bytes.formIndex(after: &index) }
            guard skip(isDigit) > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}

extension SyntaxNode {
    /// Whether two nodes hold the same content, wherever they are: the same scalars
    /// in the same styles, the same keys in the same order, the same elements.
    static func sameContent(_ first: SyntaxNode, _ second: SyntaxNode) -> Bool {
        switch (first.content, second.content) {
        case let (.scalar(a, styleA), .scalar(b, styleB)): return styleA == styleB && a == b
        case let (.sequence(a), .sequence(b)): return sameContent(a, b)
        case let (.mapping(a), .mapping(b)):
            guard a.count == b.count else { return false }
            for (pairA, pairB) in zip(a, b)
            where !sameContent(pairA.key, pairB.key) || !sameContent(pairA.value, pairB.value) {
                return false
            }
            return true
        default: return false
        }
    }

    /// Whether two lists of nodes hold the same content, element by element.
    static func sameContent(_ first: [SyntaxNode], _ second: [SyntaxNode]) -> Bool {
        guard first.count == second.count else { return false }
        for (a, b) in zip(first, second) where !sameContent(a, b) { return false }
        return true
    }
}
