import Foundation

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
    let bytes: [UInt8]
    let limits: XMLTree.Limits
    var index = 0
    /// The line of `index` (from 1), the offset its line starts at, and the last
    /// place whose column was counted on that line (so columns are counted once).
    var line = 1
    var lineStart = 0
    var counted = (offset: 0, column: 1)
    var elements = 0
    /// The content and children gathered for the open elements, the innermost's on
    /// top (below `contentTop` and `childTop`; the slots above are reused): each
    /// element's arrays are made once, at their size, at its end tag.
    var contentStack: [XMLTree.Element.Content] = []
    var contentTop = 0
    var childStack: [XMLTree.Element] = []
    var childTop = 0
    /// `"\n"` followed by 0 to 63 spaces: the text between an indented document's
    /// elements, made once (most texts of a form are these).
    let indentations = (0..<64).map { "\n" + String(repeating: " ", count: $0) }

    /// Whether an XForm's `<itext>` is read straight into its translations
    /// (`XMLReader+Translations`).
    let readingTranslations: Bool

    /// A reader of `bytes`; `read()` gives the root, or `nil` when `XMLParser`
    /// should read them.
    init(_ bytes: [UInt8], limits: XMLTree.Limits, readingTranslations: Bool = false) {
        self.bytes = bytes
        self.limits = limits
        self.readingTranslations = readingTranslations
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

    mutating func document() throws(GiveUp) -> XMLTree.Element {
        if peek("<?xml") { try declaration() }
        try misc()
        guard peek(UInt8(ascii: "<")) else { throw GiveUp() }
        let root = try element(depth: 0, prefixes: ["xml"], stand: .document)
        try misc()
        guard index == bytes.count else { throw GiveUp() }
        return root
    }

    // MARK: Prolog and what lies between elements

    /// `<?xml version="1.0" encoding="UTF-8"?>` (UTF-8 only).
    mutating func declaration() throws(GiveUp) {
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
    mutating func misc() throws(GiveUp) {
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
    mutating func comment() throws(GiveUp) {
        index += 4
        guard let end = find("--", from: index), peek(UInt8(ascii: ">"), at: end + 2) else {
            throw GiveUp()
        }
        try skip(to: end)
        index = end + 3
    }

    /// `<?target data?>` (not `xml`, whose place is the document's start).
    mutating func processingInstruction() throws(GiveUp) {
        index += 2
        let target = try name()
        guard target.lowercased() != "xml", let end = find("?>", from: index) else { throw GiveUp() }
        guard end == index || bytes[index] == UInt8(ascii: " ") || bytes[index] == 0x0A else { throw GiveUp() }
        try skip(to: end)
        index = end + 2
    }

    // MARK: Elements

    /// The element whose `<` is at the index, its content and its end tag, in the
    /// scope of the namespace `prefixes` declared around it; `stand` is where its
    /// parent stands on the way to an XForm's translations.
    mutating func element(depth: Int, prefixes: Set<String>, stand: XFormStand) throws(GiveUp) -> XMLTree.Element {
        elements += 1
        guard depth < limits.maximumDepth, elements <= limits.maximumElements else { throw GiveUp() }
        let (line, column) = (self.line, column(at: index))
        index += 1
        let name = try self.name()
        let (attributes, empty) = try attributesAndEnd()
        let scope = try Self.scope(of: name, attributes, within: prefixes)
        let element = XMLTree.Element(name: name, attributes: attributes, line: line, column: column)
        if empty { return element }
        if readingTranslations, stand == .model, element.localName == "itext",
            let translations = translations(endingWith: name)
        {
            element.translations = translations
            return element
        }
        try content(of: element, depth: depth, prefixes: scope, stand: stand.entering(element.localName))
        return element
    }

    /// A start tag's attributes after its name, and its end: whether it is an empty
    /// element's (`/>`) rather than `>`.
    mutating func attributesAndEnd() throws(GiveUp) -> (XMLAttributes, empty: Bool) {
        var attributes = XMLAttributes()
        while true {
            let spaced = spaces()
            guard index < bytes.count else { throw GiveUp() }
            if bytes[index] == UInt8(ascii: "/") {
                guard peek(UInt8(ascii: ">"), at: index + 1) else { throw GiveUp() }
                index += 2
                return (attributes, true)
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return (attributes, false)
            }
            guard spaced else { throw GiveUp() }
            let attribute = try self.name()
            _ = spaces()
            guard peek(UInt8(ascii: "=")) else { throw GiveUp() }
            index += 1
            _ = spaces()
            let value = try attributeValue()
            guard attributes.add(attribute, value) else { throw GiveUp() }
        }
    }

    /// The prefixes declared for an element's content: those around it and its own
    /// (`xmlns:h="…"`). Gives up when a name's prefix is not declared, a name has more
    /// than one colon, or two attributes share a local name: `XMLParser` (whose
    /// libxml2 reads namespaces) judges those.
    static func scope(
        of name: String, _ attributes: XMLAttributes, within prefixes: Set<String>
    ) throws(GiveUp) -> Set<String> {
        let colon = UInt8(ascii: ":")
        // Most elements: no prefix in the name or any attribute's, nothing declared.
        if !name.containsAnyByte(colon), !attributes.contains(where: { $0.key.containsAnyByte(colon) }) {
            return prefixes
        }
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
            for (attribute, _) in attributes where attribute != "xmlns" && !attribute.hasPrefix("xmlns:") {
                guard locals.insert(try local(attribute)).inserted else { throw GiveUp() }
            }
        }
        return scope
    }

    /// The text, elements, comments and CDATA in an element, and its end tag. Text is
    /// read in runs of plain bytes, made a string where something else starts (its
    /// references decoded apart).
    mutating func content(
        of element: XMLTree.Element, depth: Int, prefixes: Set<String>, stand: XFormStand
    ) throws(GiveUp) {
        // Gathered on the reader's stacks and given to the element at its end tag:
        // appending to the element's own arrays would check exclusive access to the
        // object each time and grow them step by step.
        let (contentStart, childStart) = (contentTop, childTop)
        /// Decoded text before `run`, where the current run of plain bytes starts.
        var decoded: [UInt8] = []
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if peek(UInt8(ascii: "/"), at: index + 1) {
                    flushText(from: run, decoded: &decoded)
                    index += 2
                    try endTag(element.name)
                    // Copies at their sizes (the root's alone may share the stack's storage).
                    element.children = Array(childStack[childStart..<childTop])
                    element.content = Array(contentStack[contentStart..<contentTop])
                    (contentTop, childTop) = (contentStart, childStart)
                    return
                } else if peek("<!--") {
                    decoded += bytes[run..<index]
                    try comment()
                    run = index
                } else if peek("<![CDATA[") {
                    flushText(from: run, decoded: &decoded)
                    index += 9
                    guard let end = find("]]>", from: index) else { throw GiveUp() }
                    let start = index
                    try skip(to: end)
                    push(.text(String(decoding: bytes[start..<end], as: UTF8.self)))
                    index = end + 3
                    run = index
                } else if peek("<?") {
                    decoded += bytes[run..<index]
                    try processingInstruction()
                    run = index
                } else {
                    flushText(from: run, decoded: &decoded)
                    let child = try self.element(depth: depth + 1, prefixes: prefixes, stand: stand)
                    if childTop < childStack.count { childStack[childTop] = child } else { childStack.append(child) }
                    childTop += 1
                    push(.element(child))
                    run = index
                }
            default:
                try stepOverText(byte, decoded: &decoded, run: &run)
            }
        }
        throw GiveUp()
    }

    /// Steps over text at the index (whose byte is not `<`): a reference is decoded
    /// onto `decoded` after the plain bytes since `run` (which then starts after it), a
    /// newline counted, a byte XML refuses in text given up on, plain bytes passed.
    mutating func stepOverText(_ byte: UInt8, decoded: inout [UInt8], run: inout Int) throws(GiveUp) {
        switch byte {
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
            skipPlainText()
        }
    }

    /// Puts the text read since `run` (after what is `decoded`) on the content stack.
    mutating func flushText(from run: Int, decoded: inout [UInt8]) {
        guard run < index || !decoded.isEmpty else { return }
        if decoded.isEmpty {
            push(.text(Self.text(bytes, run..<index, indentations: indentations)))
        } else {
            decoded += bytes[run..<index]
            push(.text(String(decoding: decoded, as: UTF8.self)))
            decoded.removeAll(keepingCapacity: true)
        }
    }

    mutating func push(_ content: XMLTree.Element.Content) {
        if contentTop < contentStack.count { contentStack[contentTop] = content } else { contentStack.append(content) }
        contentTop += 1
    }

    /// The text of plain bytes in `range`: one of the `indentations` when it is one.
    static func text(_ bytes: [UInt8], _ range: Range<Int>, indentations: [String]) -> String {
        let count = range.count
        if count <= indentations.count, bytes[range.lowerBound] == 0x0A,
            bytes[(range.lowerBound + 1)..<range.upperBound].allSatisfy({ $0 == UInt8(ascii: " ") })
        {
            return indentations[count - 1]
        }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// `name S? >` after `</`: the end tag of the element named `name`.
    mutating func endTag(_ name: String) throws(GiveUp) {
        // Compared as memory (a name's bytes, a small string's among them, are contiguous).
        var name = name
        let count = name.utf8.count
        let start = index
        let matches = name.withUTF8 { written in
            count > 0 && start + count < bytes.count
                && bytes.withUnsafeBytes { memcmp($0.baseAddress! + start, written.baseAddress!, count) == 0 }
        }
        guard matches else { throw GiveUp() }
        index += count
        _ = spaces()
        guard peek(UInt8(ascii: ">")) else { throw GiveUp() }
        index += 1
    }
}
