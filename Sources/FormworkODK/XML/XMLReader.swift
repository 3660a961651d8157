/// Reads the XML that XForms are written in straight from its UTF-8 bytes into an
/// `XMLTree`, as Foundation's `XMLParser` reads it — the same elements, qualified
/// names, attributes (namespace declarations among them; references decoded; tabs
/// and newlines written in a value read as spaces), text and CDATA, each element at
/// the `<` of its start tag — in a tenth of the time.
///
/// It reads only what it is sure of: well-formed UTF-8 documents without a `\r`,
/// with ASCII names, the predefined entities and character references, comments,
/// processing instructions and CDATA sections, within the tree's limits. On anything
/// else (an error, a document type, another encoding, a name that is not ASCII) it
/// gives up, and the document is read by `XMLParser`, so what is refused, and how it
/// is reported, does not change.
///
/// - Complexity: O(*n*) in the document's length.
struct XMLReader {
    private let bytes: [UInt8]
    private let limits: XMLTree.Limits
    private var index = 0
    /// The line of `index` (from 1), the offset its line starts at, and the last
    /// place whose column was counted on that line (so columns are counted once).
    private var line = 1
    private var lineStart = 0
    private var counted = (offset: 0, column: 1)
    private var elements = 0

    /// A reader of `bytes`; `read()` gives the root, or `nil` when `XMLParser`
    /// should read them.
    init(_ bytes: [UInt8], limits: XMLTree.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Why the reader gave up (never shown: `XMLParser` then reads the document).
    struct GiveUp: Error {}

    /// The document's root element, or `nil` when `XMLParser` should read it.
    mutating func read() -> XMLTree.Element? {
        do {
            return try document()
        } catch {
            return nil
        }
    }

    private mutating func document() throws(GiveUp) -> XMLTree.Element {
        if peek("<?xml") { try declaration() }
        try misc()
        guard peek(UInt8(ascii: "<")) else { throw GiveUp() }
        let root = try element(depth: 0, prefixes: ["xml"])
        try misc()
        guard index == bytes.count else { throw GiveUp() }
        return root
    }

    // MARK: Prolog and what lies between elements

    /// `<?xml version="1.0" encoding="UTF-8"?>` (UTF-8 only).
    private mutating func declaration() throws(GiveUp) {
        index += 5
        guard peek(UInt8(ascii: " ")) || peek(UInt8(ascii: "\t")) || peek(0x0A) else { throw GiveUp() }
        guard let end = find("?>", from: index) else { throw GiveUp() }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        var rest = Substring(text)
        var seen: [String] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if rest.isEmpty { break }
            guard let equals = rest.firstIndex(of: "=") else { throw GiveUp() }
            let name = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            guard let quote = rest.first, quote == "\"" || quote == "'",
                let close = rest.dropFirst().firstIndex(of: quote)
            else { throw GiveUp() }
            let value = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            switch name {
            case "version" where seen.isEmpty && value == "1.0": break
            case "encoding" where seen == ["version"] && value.lowercased() == "utf-8": break
            case "standalone"
            where seen.first == "version" && !seen.contains("standalone")
                && (value == "yes" || value == "no"):
                break
            default: throw GiveUp()
            }
            seen.append(name)
            // Each pseudo-attribute is preceded by a space.
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.first == "\n" else { throw GiveUp() }
        }
        guard seen.first == "version" else { throw GiveUp() }
        index = end + 2
    }

    /// Spaces, comments and processing instructions, before and after the root.
    private mutating func misc() throws(GiveUp) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case 0x0A: newline()
            case UInt8(ascii: "<") where peek("<!--"): try comment()
            case UInt8(ascii: "<") where peek("<?"): try processingInstruction()
            default: return
            }
        }
    }

    /// `<!-- … -->`, without `--` inside.
    private mutating func comment() throws(GiveUp) {
        index += 4
        guard let end = find("--", from: index), peek(UInt8(ascii: ">"), at: end + 2) else {
            throw GiveUp()
        }
        try skip(to: end)
        index = end + 3
    }

    /// `<?target data?>` (not `xml`, whose place is the document's start).
    private mutating func processingInstruction() throws(GiveUp) {
        index += 2
        let target = try name()
        guard target.lowercased() != "xml", let end = find("?>", from: index) else { throw GiveUp() }
        guard end == index || bytes[index] == UInt8(ascii: " ") || bytes[index] == 0x0A else { throw GiveUp() }
        try skip(to: end)
        index = end + 2
    }

    // MARK: Elements

    /// The element whose `<` is at the index, its content and its end tag, in the
    /// scope of the namespace `prefixes` declared around it.
    private mutating func element(depth: Int, prefixes: Set<String>) throws(GiveUp) -> XMLTree.Element {
        elements += 1
        guard depth < limits.maximumDepth, elements <= limits.maximumElements else { throw GiveUp() }
        let (line, column) = (self.line, column(at: index))
        index += 1
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = spaces()
            guard index < bytes.count else { throw GiveUp() }
            if bytes[index] == UInt8(ascii: "/") {
                guard peek(UInt8(ascii: ">"), at: index + 1) else { throw GiveUp() }
                index += 2
                _ = try Self.scope(of: name, attributes, within: prefixes)
                return XMLTree.Element(name: name, attributes: attributes, line: line, column: column)
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard spaced else { throw GiveUp() }
            let attribute = try self.name()
            _ = spaces()
            guard peek(UInt8(ascii: "=")) else { throw GiveUp() }
            index += 1
            _ = spaces()
            let value = try attributeValue()
            guard attributes.updateValue(value, forKey: attribute) == nil else { throw GiveUp() }
        }
        let scope = try Self.scope(of: name, attributes, within: prefixes)
        let element = XMLTree.Element(name: name, attributes: attributes, line: line, column: column)
        try content(of: element, depth: depth, prefixes: scope)
        return element
    }

    /// The prefixes declared for an element's content: those around it and its own
    /// (`xmlns:h="…"`). Gives up when a name's prefix is not declared, a name has more
    /// than one colon, or two attributes share a local name: `XMLParser` (whose
    /// libxml2 reads namespaces) judges those.
    static func scope(
        of name: String, _ attributes: [String: String], within prefixes: Set<String>
    ) throws(GiveUp) -> Set<String> {
        var scope = prefixes
        var prefixed = false
        for (attribute, value) in attributes where attribute.utf8.contains(UInt8(ascii: ":")) {
            prefixed = true
            guard attribute.hasPrefix("xmlns:") else { continue }
            let prefix = String(attribute.dropFirst(6))
            guard !value.isEmpty, prefix != "xml", prefix != "xmlns" else { throw GiveUp() }
            scope.insert(prefix)
        }
        /// The local part of a name whose prefix, if any, is declared.
        func local(_ qualified: String) throws(GiveUp) -> Substring {
            guard let colon = qualified.utf8.firstIndex(of: UInt8(ascii: ":")) else { return qualified[...] }
            let rest = qualified[qualified.index(after: colon)...]
            guard colon > qualified.startIndex, !rest.isEmpty, !rest.utf8.contains(UInt8(ascii: ":")),
                scope.contains(String(qualified[..<colon]))
            else { throw GiveUp() }
            return rest
        }
        _ = try local(name)
        if prefixed {
            var locals = Set<Substring>()
            for attribute in attributes.keys where attribute != "xmlns" && !attribute.hasPrefix("xmlns:") {
                guard locals.insert(try local(attribute)).inserted else { throw GiveUp() }
            }
        }
        return scope
    }

    /// The text, elements, comments and CDATA in an element, and its end tag. Text is
    /// read in runs of plain bytes, made a string where something else starts (its
    /// references decoded apart).
    private mutating func content(of element: XMLTree.Element, depth: Int, prefixes: Set<String>) throws(GiveUp) {
        /// Decoded text before `run`, where the current run of plain bytes starts.
        var decoded: [UInt8] = []
        var run = index
        func flush() {
            guard run < index || !decoded.isEmpty else { return }
            if decoded.isEmpty {
                element.content.append(.text(String(decoding: bytes[run..<index], as: UTF8.self)))
            } else {
                decoded += bytes[run..<index]
                element.content.append(.text(String(decoding: decoded, as: UTF8.self)))
                decoded.removeAll(keepingCapacity: true)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if peek(UInt8(ascii: "/"), at: index + 1) {
                    flush()
                    index += 2
                    try endTag(element.name)
                    return
                } else if peek("<!--") {
                    decoded += bytes[run..<index]
                    try comment()
                    run = index
                } else if peek("<![CDATA[") {
                    flush()
                    index += 9
                    guard let end = find("]]>", from: index) else { throw GiveUp() }
                    let start = index
                    try skip(to: end)
                    element.content.append(.text(String(decoding: bytes[start..<end], as: UTF8.self)))
                    index = end + 3
                    run = index
                } else if peek("<?") {
                    decoded += bytes[run..<index]
                    try processingInstruction()
                    run = index
                } else {
                    flush()
                    let child = try self.element(depth: depth + 1, prefixes: prefixes)
                    element.children.append(child)
                    element.content.append(.element(child))
                    run = index
                }
            case UInt8(ascii: "&"):
                decoded += bytes[run..<index]
                try reference(into: &decoded)
                run = index
            case UInt8(ascii: "]"):
                if peek("]]>") { throw GiveUp() }
                index += 1
            case 0x0A:
                newline()
            default:
                try check(byte)
                index += 1
            }
        }
        throw GiveUp()
    }

    /// `name S? >` after `</`: the end tag of the element named `name`.
    private mutating func endTag(_ name: String) throws(GiveUp) {
        let utf8 = name.utf8
        guard index + utf8.count < bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else {
            throw GiveUp()
        }
        index += utf8.count
        _ = spaces()
        guard peek(UInt8(ascii: ">")) else { throw GiveUp() }
        index += 1
    }

    /// A quoted attribute value, its references decoded and each tab or newline
    /// written in it read as a space (as XML normalizes a value).
    private mutating func attributeValue() throws(GiveUp) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw GiveUp()
        }
        let quote = bytes[index]
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != quote {
            switch bytes[index] {
            case UInt8(ascii: "<"): throw GiveUp()
            case UInt8(ascii: "&"), UInt8(ascii: "\t"), 0x0A:
                plain = false
                index += 1
            default:
                try check(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else { throw GiveUp() }
        let end = index
        index += 1
        if plain { return String(decoding: bytes[start..<end], as: UTF8.self) }
        // Again, decoding and counting lines.
        index = start
        var value: [UInt8] = []
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "&"): try reference(into: &value)
            case 0x0A:
                value.append(UInt8(ascii: " "))
                newline()
            case UInt8(ascii: "\t"):
                value.append(UInt8(ascii: " "))
                index += 1
            default:
                value.append(bytes[index])
                index += 1
            }
        }
        index = end + 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`, `&#233;` or `&#xE9;`, decoded.
    private mutating func reference(into output: inout [UInt8]) throws(GiveUp) {
        guard let end = bytes[index..<min(bytes.count, index + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw GiveUp()
        }
        let name = bytes[(index + 1)..<end]
        let scalar: Unicode.Scalar?
        switch String(decoding: name, as: UTF8.self) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        case let written
        where written.hasPrefix("#x") && written.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit }):
            scalar = UInt32(written.dropFirst(2), radix: 16).flatMap(Self.character)
        case let written where written.hasPrefix("#") && written.dropFirst().allSatisfy({ $0 >= "0" && $0 <= "9" }):
            scalar = UInt32(written.dropFirst(), radix: 10).flatMap(Self.character)
        default: scalar = nil
        }
        guard let scalar else { throw GiveUp() }
        output.append(contentsOf: String(Character(scalar)).utf8)
        index = end + 1
    }

    /// A scalar XML allows as a character (`Char`), written as a reference.
    static func character(_ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return Unicode.Scalar(value)
        default: return nil
        }
    }

    /// A name of ASCII letters, digits, `_`, `:`, `-` and `.`, not starting with a
    /// digit, `-` or `.`.
    private mutating func name() throws(GiveUp) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let first = letter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            let other =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard first || (other && index > start) else { break }
            index += 1
        }
        // A name going on with a byte that is not ASCII is left to XMLParser.
        guard index > start, index < bytes.count, bytes[index] < 0x80 else { throw GiveUp() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Bytes

    /// Skips spaces, tabs and newlines; whether there were any.
    private mutating func spaces() -> Bool {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case 0x0A: newline()
            default: return index > start
            }
        }
        return index > start
    }

    /// Steps over the newline at the index.
    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        counted = (index, 1)
    }

    /// Moves to `end` over text that is not markup (a comment's, a CDATA section's),
    /// counting its lines and checking its bytes.
    private mutating func skip(to end: Int) throws(GiveUp) {
        while index < end {
            if bytes[index] == 0x0A {
                newline()
            } else {
                try check(bytes[index])
                index += 1
            }
        }
    }

    /// Gives up on a byte XML does not allow in text: a control character (`\r`
    /// included: line ends are not normalized here), or the start of U+FFFE or U+FFFF.
    private func check(_ byte: UInt8) throws(GiveUp) {
        if byte < 0x20, byte != UInt8(ascii: "\t") { throw GiveUp() }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
            throw GiveUp()
        }
    }

    /// The column (in characters, from 1) of `offset` on the current line, counted
    /// on from the last place counted.
    private mutating func column(at offset: Int) -> Int {
        var (position, column) = counted.offset >= lineStart && counted.offset <= offset ? counted : (lineStart, 1)
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        counted = (offset, column)
        return column
    }

    private func peek(_ byte: UInt8, at offset: Int? = nil) -> Bool {
        let offset = offset ?? index
        return offset < bytes.count && bytes[offset] == byte
    }

    private func peek(_ pattern: StaticString) -> Bool {
        matches(pattern, at: index)
    }

    private func matches(_ pattern: StaticString, at offset: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = pattern.utf8Start
        for position in 0..<count where bytes[offset + position] != start[position] { return false }
        return true
    }

    /// Where `pattern` next starts, at `start` or after.
    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        let first = pattern.utf8Start[0]
        var offset = start
        while offset + pattern.utf8CodeUnitCount <= bytes.count {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
