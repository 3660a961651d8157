extension DefinitionDocument {
    /// The document as the syntax tree its JSON text (`placedJSON()`) parses to — the
    /// same nodes at the same lines and columns — without writing and parsing the
    /// text (a problem found in it is placed by `placedJSON()`'s places, which are
    /// the lines'); `nil` where the parser would report a problem (nesting deeper
    /// than `limits.maximumNesting`, a key twice, a number out of range), so that the
    /// text is parsed and the problem reported.
    func syntax(limits: Limits) -> SyntaxNode? {
        var builder = SyntaxBuilder(maximumDepth: limits.maximumNesting)
        return builder.node(self, indent: 0, prefixLength: 0, depth: 1)
    }
}

/// Walks a document as `DefinitionDocument.writeJSON` writes it: one line per
/// scalar, empty list or object, and per bracket; two spaces per level.
private struct SyntaxBuilder {
    let maximumDepth: Int
    var line = 1

    init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

    /// The next line's number.
    mutating func nextLine() -> Int {
        line += 1
        return line - 1
    }

    mutating func node(
        _ document: DefinitionDocument, indent: Int, prefixLength: Int, depth: Int
    ) -> SyntaxNode? {
        let column = indent + prefixLength + 1
        switch document.content {
        case .list(let elements) where !elements.isEmpty:
            guard depth <= maximumDepth else { return nil }
            let location = SourceLocation(line: nextLine(), column: column)
            var nodes: [SyntaxNode] = []
            nodes.reserveCapacity(elements.count)
            for element in elements {
                guard let child = node(element, indent: indent + 2, prefixLength: 0, depth: depth + 1)
                else { return nil }
                nodes.append(child)
            }
            _ = nextLine()
            return SyntaxNode(content: .sequence(nodes), location: location)
        case .object(let pairs) where !pairs.isEmpty:
            guard depth <= maximumDepth else { return nil }
            let location = SourceLocation(line: nextLine(), column: column)
            var nodes: [(key: SyntaxNode, value: SyntaxNode)] = []
            nodes.reserveCapacity(pairs.count)
            // A key twice: few pairs are compared one by one, many through a set.
            var seen = pairs.count > 12 ? Set<String>() : nil
            for (index, pair) in pairs.enumerated() {
                if seen != nil {
                    guard seen!.insert(pair.key).inserted else { return nil }
                } else if pairs[..<index].contains(where: { $0.key == pair.key }) {
                    return nil
                }
                let key = SyntaxNode(
                    content: .scalar(pair.key, style: .quoted), location: SourceLocation(line: line, column: indent + 3)
                )
                // `"key": ` before the value.
                let keyLength = Self.jsonLength(pair.key) + 2
                guard
                    let value = node(
                        pair.value, indent: indent + 2, prefixLength: keyLength, depth: depth + 1)
                else { return nil }
                nodes.append((key, value))
            }
            _ = nextLine()
            return SyntaxNode(content: .mapping(nodes), location: location)
        case .list:
            return SyntaxNode(content: .sequence([]), location: SourceLocation(line: nextLine(), column: column))
        case .object:
            return SyntaxNode(content: .mapping([]), location: SourceLocation(line: nextLine(), column: column))
        case .string(let text):
            return SyntaxNode(
                content: .scalar(text, style: .quoted), location: SourceLocation(line: nextLine(), column: column))
        case .number(let text):
            guard let value = Double(text), value.isFinite, Self.isJSONNumber(text) else { return nil }
            return SyntaxNode(
                content: .scalar(text, style: .plain), location: SourceLocation(line: nextLine(), column: column))
        case .bool(let flag):
            return SyntaxNode(
                content: .scalar(flag ? "true" : "false", style: .plain),
                location: SourceLocation(line: nextLine(), column: column))
        case .null:
            return SyntaxNode(
                content: .scalar("null", style: .plain), location: SourceLocation(line: nextLine(), column: column))
        }
    }

    /// The columns `DefinitionDocument.jsonString(text)` takes: the text and its quotes
    /// where it needs no escape, as most keys do.
    static func jsonLength(_ text: String) -> Int {
        let isPlain = { (byte: UInt8) in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        let plain =
            text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? text.utf8.allSatisfy(isPlain)
        return plain ? text.utf8.count + 2 : DefinitionDocument.jsonString(text).unicodeScalars.count
    }

    /// Whether `text` is a number as JSON writes one (`-`, digits without a leading
    /// zero, a fraction, an exponent).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
