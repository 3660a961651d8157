import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The XML parts of a workbook, read with Foundation's `XMLParser` (event by event:
/// a sheet is never held as a tree). A part that declares a document type is
/// refused before parsing, so no entity is expanded and no external one is read.
enum WorkbookXML {
    /// The sheets `xl/workbook.xml` lists: name and relationship id, in order.
    static func sheets(in data: Data) throws(WorkbookError) -> [(name: String, relationship: String)] {
        let reader = ElementCollector(wanted: "sheet")
        try parse(data, part: "xl/workbook.xml", with: reader)
        return reader.found.compactMap { attributes in
            guard let name = attributes["name"] else { return nil }
            let relationship = attributes.first { $0.key == "id" || $0.key.hasSuffix(":id") }?.value ?? ""
            return (name, relationship)
        }
    }

    /// `xl/_rels/workbook.xml.rels`: relationship id → target.
    static func relationships(_ data: Data) throws(WorkbookError) -> [String: String] {
        let reader = ElementCollector(wanted: "Relationship")
        try parse(data, part: "xl/_rels/workbook.xml.rels", with: reader)
        var targets: [String: String] = [:]
        for attributes in reader.found {
            if let id = attributes["Id"], let target = attributes["Target"] { targets[id] = target }
        }
        return targets
    }

    /// `xl/sharedStrings.xml`: each `<si>`'s text (rich-text runs joined; phonetic
    /// guides left out).
    static func sharedStrings(_ data: Data, limits: WorkbookLimits) throws(WorkbookError) -> [String] {
        let reader = SharedStringsReader(limits: limits)
        try parse(data, part: "xl/sharedStrings.xml", with: reader)
        return reader.strings
    }

    /// A sheet's rows that hold a value.
    static func rows(
        of sheet: String, in data: Data, strings: [String], limits: WorkbookLimits, cells: inout Int
    ) throws(WorkbookError) -> [Row] {
        let reader = SheetReader(sheet: sheet, strings: strings, limits: limits, cells: cells)
        try parse(data, part: "sheet '\(sheet)'", with: reader)
        cells = reader.cellCount
        return reader.rows
    }

    /// Parses `data` with `reader`; a reader's own error (a limit) wins over the
    /// parser's report of the abort.
    static func parse(_ data: Data, part: String, with reader: PartReader) throws(WorkbookError) {
        if containsDocumentType(data) { throw .documentType(part: part) }
        // Foundation's parser traps on a name that is not UTF-8: such a part never reaches it.
        if let offset = XMLTree.firstInvalidUTF8(data) {
            throw .invalidXML(part: part, line: 1, column: 1, reason: "not UTF-8 (at byte \(offset))")
        }
        if let offset = emptyProcessingInstruction(data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .invalidXML(
                part: part, line: line, column: 1, reason: "a processing instruction without data (<?name?>)")
        }
        // Fed in chunks from a stream: given a whole part at once, libxml2 refuses a
        // document of more than 10 MB on one line ("huge input lookup", reported as an
        // internal error), which is how spreadsheets write a sheet of 60,000 choices.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        reader.part = part
        let parsed = parser.parse()
        if let error = reader.error { throw error }
        if parsed { return }
        let reason = XMLTree.reason(parser.parserError)
        throw .invalidXML(part: part, line: parser.lineNumber, column: parser.columnNumber, reason: reason)
    }

    /// Whether the bytes hold `<!DOCTYPE` (any case).
    static func containsDocumentType(_ data: Data) -> Bool {
        let pattern = Array("<!doctype".utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= pattern.count else { return false }
            var index = 1
            // From `!` to `!` (memchr, not byte by byte: XForms run to megabytes; a `!`
            // is much rarer than a `<`), looking back for its `<`.
            while let next = next(UInt8(ascii: "!"), in: bytes, from: index), next - 1 <= bytes.count - pattern.count {
                index = next
                if bytes[index - 1] == UInt8(ascii: "<") {
                    var matches = true
                    for offset in 2..<pattern.count where bytes[index - 1 + offset] | 0x20 != pattern[offset] {
                        matches = false
                        break
                    }
                    if matches { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Where the first processing instruction without data (`<?name?>`) starts, if
    /// any: Foundation's parser crashes on one (it reads the missing data as a C
    /// string), so such a document never reaches it. The XML declaration and other
    /// instructions with data (`<?name data?>`) are read as usual.
    static func emptyProcessingInstruction(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 1
            // From `?` to `?`, looking back for its `<` (questions end with `?` too, but
            // far fewer of them than elements start).
            while let next = next(UInt8(ascii: "?"), in: bytes, from: index), next < bytes.count {
                index = next
                defer { index += 1 }
                guard bytes[index - 1] == UInt8(ascii: "<") else { continue }
                var end = index + 1
                while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?")].contains(bytes[end]) { end += 1 }
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                    return index - 1
                }
            }
            return nil
        }
    }

    /// The offset of the next `byte` at `start` or after, if any.
    static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// An element's name without its namespace prefix (`x:row` is `row`).
    static func localName(_ name: String) -> Substring {
        name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? Substring(name)
    }
}

/// A parser delegate that can stop with a `WorkbookError`. Readers override its
/// three callbacks: a protocol's witnesses are fixed where the conformance is
/// declared, so a subclass's own methods would never be called.
class PartReader: NSObject, XMLParserDelegate {
    var error: WorkbookError?

    func fail(_ error: WorkbookError, _ parser: XMLParser) {
        if self.error == nil { self.error = error }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {}

    func parser(_ parser: XMLParser, foundCharacters string: String) {}

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {}

    /// The part being read, for errors.
    var part = ""

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let reason = (parseError as NSError).localizedDescription
        fail(.invalidXML(part: part, line: parser.lineNumber, column: parser.columnNumber, reason: reason), parser)
    }
}

/// Collects the attributes of every element with one name.
final class ElementCollector: PartReader {
    let wanted: String
    var found: [[String: String]] = []

    init(wanted: String) {
        self.wanted = wanted
    }

    override func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if WorkbookXML.localName(elementName) == wanted { found.append(attributes) }
    }
}

/// The shared strings table.
final class SharedStringsReader: PartReader {
    let limits: WorkbookLimits
    var strings: [String] = []
    private var current: String?
    private var inText = false
    private var phoneticDepth = 0

    init(limits: WorkbookLimits) {
        self.limits = limits
    }

    override func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch WorkbookXML.localName(elementName) {
        case "si": current = ""
        case "rPh": phoneticDepth += 1
        case "t": inText = current != nil && phoneticDepth == 0
        default: break
        }
    }

    override func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard inText, current != nil else { return }
        current!.append(string)
        if current!.utf8.count > limits.maximumStringLength, current!.count > limits.maximumStringLength {
            fail(
                .stringTooLong(
                    place: "shared string \(strings.count + 1)", length: current!.count,
                    limit: limits.maximumStringLength), parser)
        }
    }

    override func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        switch WorkbookXML.localName(elementName) {
        case "si":
            strings.append(current ?? "")
            current = nil
        case "rPh": phoneticDepth -= 1
        case "t": inText = false
        default: break
        }
    }
}
