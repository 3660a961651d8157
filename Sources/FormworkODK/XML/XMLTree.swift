import Formwork
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML document as a tree, each element with its line and column, read with
/// Foundation's `XMLParser` under the same protections as workbook parts: a document
/// type declaration is refused before parsing (no entity is expanded, no external one
/// is read), and the depth and the number of elements are bounded.
final class XMLTree: @unchecked Sendable {
    /// An element: its qualified name (`h:head`, `jr:itext` stays as written), its
    /// attributes, its children and the text directly in it, and where it starts.
    final class Element: @unchecked Sendable {
        let name: String
        /// The name without its prefix (`h:head` → `head`).
        let localName: String
        let attributes: XMLAttributes
        var children: [Element] = []
        /// Text and elements in order, for mixed content (`Hello <output/>!`).
        var content: [Content] = []
        /// Where its start tag begins (its `<`).
        var line: Int
        var column: Int
        /// An XForm's `<itext>` as `XMLReader` read it straight from its bytes, when it
        /// was asked to (`readingTranslations`): its translations, and then no
        /// children or content (`XFormTexts` reads either).
        var translations: [XFormTexts.Translation]?

        enum Content {
            case text(String)
            case element(Element)
        }

        init(name: String, attributes: XMLAttributes, line: Int, column: Int) {
            self.name = name
            if name.containsAnyByte(UInt8(ascii: ":")), let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) {
                let local = name[name.utf8.index(after: colon)...]
                localName = local.isEmpty ? name.split(separator: ":").last.map(String.init) ?? name : String(local)
            } else {
                localName = name
            }
            self.attributes = attributes
            self.line = line
            self.column = column
        }

        /// The text directly inside, joined.
        var text: String {
            if content.count == 1, case .text(let text) = content[0] { return text }
            return content.compactMap { if case .text(let text) = $0 { return text } else { return nil } }.joined()
        }

        func children(named local: String) -> [Element] { children.filter { $0.localName == local } }
        func child(named local: String) -> Element? { children.first { $0.localName == local } }

        /// The attribute by local name, whatever its prefix (`jr:count`, `count`): the
        /// one without a prefix, else the first written with one.
        func attribute(_ local: String) -> String? {
            if let value = attributes[local] { return value }
            let count = local.utf8.count
            for (key, value) in attributes where key.utf8.count > count {
                let suffix = key.utf8.suffix(count + 1)
                if suffix.first == UInt8(ascii: ":"), suffix.dropFirst().elementsEqual(local.utf8) { return value }
            }
            return nil
        }
    }

    let root: Element

    /// Limits for an untrusted document.
    struct Limits {
        var maximumDepth = 256
        var maximumElements = 2_000_000
    }

    /// Why a document cannot be read: the message, with its line and column.
    struct Failure: Error {
        let message: String
        let line: Int
        let column: Int
    }

    /// How a document is parsed: from its bytes by `XMLReader` (and by `XMLParser`
    /// when the reader gives up), or by `XMLParser` alone (to compare them).
    enum Parsing {
        case bytes, foundation
    }

    /// Parses `data`; with `readingTranslations`, an XForm's `<itext>`
    /// (`h:html/h:head/model/itext`) is read straight into its translations where
    /// `XMLReader` reads the document (`Element.translations`).
    init(
        _ data: Data, limits: Limits = Limits(), parsing: Parsing = .bytes, readingTranslations: Bool = false
    ) throws(Failure) {
        if WorkbookXML.containsDocumentType(data) {
            throw Failure(
                message: "the document declares a document type (<!DOCTYPE>); XForms have none, and entities are "
                    + "never expanded", line: 1, column: 1)
        }
        if let offset = WorkbookXML.emptyProcessingInstruction(data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw Failure(
                message: "the document holds a processing instruction without data (<?name?>), which is refused "
                    + "before parsing", line: line, column: 1)
        }
        if let offset = Self.firstInvalidUTF8(data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw Failure(
                message: "the document is not UTF-8 (at byte \(offset)); XForms are written in UTF-8", line: line,
                column: 1)
        }
        if parsing == .bytes {
            var reader = XMLReader([UInt8](data), limits: limits, readingTranslations: readingTranslations)
            if let root = reader.read() {
                self.root = root
                return
            }
        }
        let builder = Builder(limits: limits)
        // Fed in chunks from a stream: given all at once, libxml2 refuses more than 10 MB
        // on one line ("huge input lookup"), as a converted form or a file may be written.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        builder.parser = parser
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        if parsed, let open = builder.stack.last {
            throw Failure(
                message: "not well-formed XML: the document ends before <\(open.name)> (line \(open.line)) is closed",
                line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
        }
        guard parsed, let root = builder.root else {
            let reason = XMLTree.reason(parser.parserError)
            throw Failure(
                message: "not well-formed XML: \(reason)", line: max(1, parser.lineNumber),
                column: max(1, parser.columnNumber))
        }
        StartTagLocator(data).moveToStartTags(root)
        self.root = root
    }

    /// The offset of the first byte that is not valid UTF-8, if any. Checked before
    /// parsing: Foundation's XML parser traps on a name that is not UTF-8, so such
    /// a document never reaches it.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        data.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) }
    }

    /// The parser's error in words (`invalid character`), not Foundation's generic
    /// "The operation could not be completed".
    static func reason(_ error: Error?) -> String {
        guard let error = error as NSError?, let code = XMLParser.ErrorCode(rawValue: error.code) else {
            return "it cannot be parsed"
        }
        var words = ""
        for character in String(describing: code).replacingOccurrences(of: "Error", with: "") {
            if character.isUppercase { words += " " }
            words += character.lowercased()
        }
        return words.trimmed(.whitespaces)
    }

    /// Builds the tree from the parser's events.
    private final class Builder: NSObject, XMLParserDelegate {
        let limits: Limits
        weak var parser: XMLParser?
        var stack: [Element] = []
        var root: Element?
        var count = 0
        var failure: Failure?

        init(limits: Limits) { self.limits = limits }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            count += 1
            guard stack.count < limits.maximumDepth, count <= limits.maximumElements else {
                failure = Failure(
                    message: stack.count >= limits.maximumDepth
                        ? "elements are nested more than \(limits.maximumDepth) deep"
                        : "more than \(limits.maximumElements) elements",
                    line: parser.lineNumber, column: parser.columnNumber)
                parser.abortParsing()
                return
            }
            let element = Element(
                name: elementName, attributes: XMLAttributes(attributes), line: parser.lineNumber,
                column: parser.columnNumber)
            if let parent = stack.last {
                parent.children.append(element)
                parent.content.append(.element(element))
            } else {
                root = element
            }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            // After a mismatched end tag the parser may still report ends it has no
            // start for: never pop past the root.
            if !stack.isEmpty { stack.removeLast() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.content.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            stack.last?.content.append(.text(String(decoding: block, as: UTF8.self)))
        }
    }
}
