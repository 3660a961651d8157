import Foundation
import Testing

@testable import FormworkODK

/// `XMLReader` reads a document into the tree `XMLParser` builds — names, attributes,
/// text, places — or gives up and leaves it to `XMLParser`: compared on the corpus's
/// XForms, the hostile ones and documents written for their corners.
@Suite("XML read from bytes")
struct XMLReaderTests {
    /// Documents the reader reads itself, each a corner of XML.
    static let documents = [
        "<a/>",
        "<?xml version=\"1.0\"?>\n<a>text</a>",
        "<?xml version='1.0' encoding='utf-8' standalone='yes'?><a/>",
        "<h:a xmlns=\"u\" xmlns:h=\"v\" x=\"1&amp;2&#10;3\t4\n5\" h:y='&lt;q&gt;'>\n"
            + "  <b> x &amp; y &#233; z </b></h:a>",
        "<a>é<b>ü</b>日本<c\n  d=\"é\"/>&#x1F600;<![CDATA[<raw> & ]]>after</a>",
        "<!-- before --><?pi data?>\n<a><!-- inside --> x <?pi more?> y </a>\n<!-- after -->\n",
        "<a><b><c><d/></c></b><e>  </e>\n\t<f g='\"' h=\"'\"/></a>",
        "<data id=\"f\">\n  <name lang=\"fr\">Zoé</name><n y='ü'>x</n>\n  <age\n     unit=\"years\">4</age>\n</data>",
        "<a x = \"1\"  y='2' ></a >",
        "<a>&quot;&apos;&gt;&#x9;&#65;</a>",
    ]

    /// Documents the reader leaves to `XMLParser`, which reads or refuses them.
    static let givenUp = [
        "<é/>", "<a>\r\n</a>", "<a x=\"<\"/>", "<a></b>", "<a>&unknown;</a>", "<a>]]></a>", "<a x='1' x='2'/>",
        "<a x='1'y='2'/>", "<h:a/>", "<a:b:c xmlns:a='u'/>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>",
        "\u{FEFF}<a/>", "<a/><b/>", "<a/>text", "<a><!-- x -- y --></a>", "<a>&#0;</a>", "<a>&#+65;</a>",
        " <?xml version=\"1.0\"?><a/>", "<a>", "", "<ab></a>", "<a></ab>", "<a></a", "<h:a xmlns:h=\"u\"></h:b>",
    ]

    @Test(arguments: documents)
    func readsAsXMLParserDoes(_ text: String) throws {
        var reader = XMLReader(Array(text.utf8), limits: XMLTree.Limits())
        #expect(reader.read() != nil, "the reader gave up")
        try Self.expectSameTrees(Data(text.utf8))
    }

    @Test(arguments: givenUp)
    func leavesTheRestToXMLParser(_ text: String) throws {
        var reader = XMLReader(Array(text.utf8), limits: XMLTree.Limits())
        #expect(reader.read() == nil)
        try Self.expectSameTrees(Data(text.utf8))
    }

    @Test func deepAndLongDocumentsAreLeftToXMLParser() throws {
        let limits = XMLTree.Limits(maximumDepth: 3, maximumElements: 4)
        for text in ["<a><b><c><d/></c></b></a>", "<a><b/><c/><d/><e/></a>"] {
            var reader = XMLReader(Array(text.utf8), limits: limits)
            #expect(reader.read() == nil)
        }
    }

    /// Every XForm of the corpus and of the hostile forms (and of the folders
    /// `FORMWORK_XML_FOLDERS` lists, separated by colons), read both ways.
    @Test func corpusAndHostileFormsReadAsXMLParserReadsThem() throws {
        let folders =
            [
                Corpus.root.appendingPathComponent("xforms"),
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("formworkTests/Hostile/definitions"),
            ]
            + (ProcessInfo.processInfo.environment["FORMWORK_XML_FOLDERS"] ?? "").split(separator: ":").map {
                URL(fileURLWithPath: String($0))
            }
        var read = 0
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".xml") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                try Self.expectSameTrees(data, name)
                var reader = XMLReader([UInt8](data), limits: XMLTree.Limits())
                if reader.read() != nil { read += 1 }
            }
        }
        if FileManager.default.fileExists(atPath: folders[0].path) { #expect(read >= 11) }
    }

    /// The same tree, or the same failure, both ways.
    static func expectSameTrees(
        _ data: Data, _ name: String = "", sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let fast = Result { () throws(XMLTree.Failure) in try XMLTree(data) }
        let foundation = Result { () throws(XMLTree.Failure) in try XMLTree(data, parsing: .foundation) }
        switch (fast, foundation) {
        case (.success(let fast), .success(let foundation)):
            #expect(describe(fast.root) == describe(foundation.root), "\(name)", sourceLocation: sourceLocation)
        case (.failure(let fast), .failure(let foundation)):
            #expect(
                "\(fast.line):\(fast.column): \(fast.message)"
                    == "\(foundation.line):\(foundation.column): \(foundation.message)", "\(name)",
                sourceLocation: sourceLocation)
        default:
            Issue.record("\(name): read one way only", sourceLocation: sourceLocation)
        }
    }

    /// The word test of plain text stops exactly where a byte of the word stops it.
    @Test func wordsOfPlainTextStopWhereAByteDoes() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x3B, 0x3C, 0x3D, 0x26, 0x5D, 0x5C, 0xEE, 0xEF, 0xF0]
        for round in 0..<20_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            var bytes = withUnsafeBytes(of: state) { Array($0) }
            // Mostly words of ordinary text, some with one byte that stops it.
            if round % 2 == 0 { bytes = bytes.map { 0x61 + $0 % 26 } }
            if round % 3 == 0 { bytes[Int(state >> 61)] = interesting[Int(state % UInt64(interesting.count))] }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(XMLReader.holdsStop(word) == !bytes.allSatisfy(XMLReader.isPlainText), "\(bytes)")
        }
    }

    /// An element as lines: its name, place and attributes, then its content in order
    /// (adjacent texts joined, as every reader of the tree joins them), indented.
    static func describe(_ element: XMLTree.Element, indent: String = "") -> [String] {
        let attributes = element.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
        var lines = [
            indent + "<\(element.name)> \(element.line):\(element.column) " + attributes.joined(separator: " ")
        ]
        var text = ""
        for part in element.content {
            switch part {
            case .text(let run): text += run
            case .element(let child):
                if !text.isEmpty { lines.append(indent + "  " + text.debugDescription) }
                text = ""
                lines += describe(child, indent: indent + "  ")
            }
        }
        if !text.isEmpty { lines.append(indent + "  " + text.debugDescription) }
        #expect(
            element.children.count == element.content.filter { if case .element = $0 { true } else { false } }.count)
        return lines
    }
}
