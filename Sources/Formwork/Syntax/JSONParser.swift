/// A strict RFC 8259 JSON parser that keeps the line and column of every value,
/// which Foundation's `JSONSerialization` does not report.
///
/// Strings become quoted scalars; numbers, `true`, `false` and `null` become plain
/// scalars with their source text, so JSON and YAML files decode the same way.
/// Duplicate keys are errors pointing at the second key. Nesting is limited.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private let maximumDepth: Int
    private var depth = 0

    /// - Throws: A `Diagnostic` with the position of the first problem.
    static func parse(
        _ bytes: [UInt8], maximumDepth: Int = Limits.default.maximumNesting
    ) throws(Diagnostic) -> SyntaxNode {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // BOM
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column) }

    private func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.jsonSyntax(message), at: location ?? self.location)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func parseValue() throws(Diagnostic) -> SyntaxNode {
        let start = location
        guard let byte = current else { throw error("expected a value, found end of file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return SyntaxNode(content: .scalar(try parseString(), style: .quoted), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): return try parseLiteral("true")
        case UInt8(ascii: "f"): return try parseLiteral("false")
        case UInt8(ascii: "n"): return try parseLiteral("null")
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func enter() throws(Diagnostic) {
        depth += 1
        if depth > maximumDepth { throw Diagnostic(.nestingTooDeep(limit: maximumDepth), at: location) }
    }

    private mutating func parseObject() throws(Diagnostic) -> SyntaxNode {
        let start = location
        try enter()
        advance()
        var pairs: [(key: SyntaxNode, value: SyntaxNode)] = []
        var seen = SmallStringSet()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return SyntaxNode(content: .mapping(pairs), location: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            if current == UInt8(ascii: "}"), !pairs.isEmpty {
                throw error("a trailing comma before '}' is not allowed in JSON")
            }
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(describeCurrent())")
            }
            let key = try parseString()
            guard seen.insert(key) else { throw Diagnostic(.duplicateKey(key), at: keyLocation, length: key.count + 2) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key, found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            pairs.append((SyntaxNode(content: .scalar(key, style: .quoted), location: keyLocation), value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return SyntaxNode(content: .mapping(pairs), location: start)
            default: throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(Diagnostic) -> SyntaxNode {
        let start = location
        try enter()
        advance()
        var elements: [SyntaxNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return SyntaxNode(content: .sequence(elements), location: start)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), !elements.isEmpty {
                throw error("a trailing comma before ']' is not allowed in JSON")
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return SyntaxNode(content: .sequence(elements), location: start)
            default: throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseLiteral(_ word: String) throws(Diagnostic) -> SyntaxNode {
        let start = location
        let first = index
        for expected in word.utf8 {
            guard current == expected else {
                var end = first
                while end < bytes.count, end - first < 24,
                    (bytes[end] >= 0x61 && bytes[end] <= 0x7A) || (bytes[end] >= 0x41 && bytes[end] <= 0x5A)
                {
                    end += 1
                }
                let found = String(decoding: bytes[first..<max(end, first + 1)], as: UTF8.self)
                throw error("expected a value, found '\(found)'", at: start)
            }
            advance()
        }
        return SyntaxNode(content: .scalar(word, style: .plain), location: start)
    }

    private mutating func parseNumber() throws(Diagnostic) -> SyntaxNode {
        let start = location
        let first = index
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                parser.advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        var integerDigits = 1
        if current == UInt8(ascii: "0") {
            advance()
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                throw error("numbers cannot have leading zeros", at: start)
            }
        } else {
            integerDigits = digits(&self)
            if integerDigits == 0 { throw error("expected digits after '-'", at: start) }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("expected digits after the decimal point") }
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        // Only an exponent or some 300 digits can go beyond a Double: other numbers
        // are not converted here (they are when read as values).
        if hasExponent || integerDigits > 300 {
            guard let value = Double(text), value.isFinite else {
                throw Diagnostic(.numberOutOfRange(text), at: start, length: text.count)
            }
        }
        return SyntaxNode(content: .scalar(text, style: .plain), location: start)
    }

    private mutating func parseString() throws(Diagnostic) -> String {
        let start = location
        advance()  // opening quote
        // Fast path: no escapes, so the string is a slice of the input (no newline
        // inside either, so only the column moves).
        let begin = index
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            if bytes[end] & 0xC0 != 0x80 { column += 1 }
            end += 1
        }
        index = end
        if current == UInt8(ascii: "\"") {
            advance()
            return String(decoding: bytes[begin..<end], as: UTF8.self)
        }
        var utf8 = Array(bytes[begin..<end])
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard let escape = current else { throw error("unterminated string", at: start) }
                advance()
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        advance()
                        advance()
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    utf8.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0x00..<0x20:
                throw error("control character in a string (escape it, e.g. \\n)")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func parseHex4() throws(Diagnostic) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("expected 4 hex digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
