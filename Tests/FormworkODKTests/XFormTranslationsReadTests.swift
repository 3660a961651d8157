import Foundation
import Testing

@testable import FormworkODK

/// An XForm's `<itext>` read straight from its bytes (`XMLReader+Translations`) gives
/// the texts its elements give (`XFormTexts(itext:)` over the tree), in every
/// language and form; where it is not of the shape read so, it is read as elements.
@Suite("XForm translations read from their bytes")
struct XFormTranslationsReadTests {
    /// The texts as lines: languages, the default, then each id's label and plain
    /// text per language.
    static func describe(_ texts: XFormTexts) -> [String] {
        var lines = ["languages: \(texts.languages)", "default: \(texts.defaultLanguage ?? "-")"]
        for id in texts.ids {
            lines.append("\(id) label \(texts.label(id).map { "\($0.name)=\($0.text.debugDescription)" })")
            lines.append("\(id) plain \(texts.plain(id).map { "\($0.name)=\($0.text.debugDescription)" })")
        }
        return lines
    }

    /// The `<itext>` of `document`, read both ways: whether the bytes were read
    /// straight, and both readings' texts. The rest of the tree is the same.
    static func read(_ document: String) throws -> (straight: Bool, fromBytes: [String], fromElements: [String]) {
        let data = Data(document.utf8)
        let fast = try XMLTree(data, readingTranslations: true)
        let tree = try XMLTree(data)
        func itext(_ tree: XMLTree) -> XMLTree.Element? {
            tree.root.child(named: "head")?.child(named: "model")?.child(named: "itext")
        }
        let element = itext(fast)
        #expect(itext(tree)?.translations == nil)
        if element?.translations != nil {
            #expect(element?.children.isEmpty == true && element?.content.isEmpty == true)
        }
        #expect(outside(fast.root) == outside(tree.root))
        return (
            element?.translations != nil, describe(XFormTexts(itext: element)),
            describe(XFormTexts(itext: itext(tree)))
        )
    }

    /// Every element but an `<itext>`'s content, with its place.
    static func outside(_ element: XMLTree.Element) -> [String] {
        let attributes = element.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        var lines = ["<\(element.name)> \(element.line):\(element.column) \(attributes)"]
        if element.localName != "itext" {
            for part in element.content {
                switch part {
                case .text(let text): lines.append(text.debugDescription)
                case .element(let child): lines += outside(child)
                }
            }
        }
        return lines
    }

    static func form(_ itext: String, after: String = "<bind nodeset=\"/data/a\" type=\"string\"/>") -> String {
        """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
          <h:head>
            <h:title>T</h:title>
            <model>
              \(itext)
              <instance><data id="t"><a/></data></instance>
              \(after)
            </model>
          </h:head>
          <h:body><input ref="/data/a"><label ref="jr:itext('/data/a:label')"/></input></h:body>
        </h:html>
        """
    }

    /// Shapes read straight from the bytes: forms, outputs, references, spaces and
    /// lines in values, languages twice, texts without an id or a label.
    static let straight = [
        """
        <itext>
          <translation lang="English (en)" default="true()">
            <text id="/data/a:label">
              <value> Age of <output value=" /data/name "/> &amp; <output ref="/data/b"/>, &#233;t&#xE9; </value>
              <value form="long">The
        long one</value>
              <value form="short">Short</value>
              <value form="image">jr://images/a.png</value>
            </text>
            <text id="/data/a:hint"><value form="guidance">Only for trainers</value></text>
            <text id="/data/c:label"><value>plain c</value><value form="long">long c</value></text>
            <text><value>no id</value></text>
            <text id="empty"><value/></text>
            <text id="none"/>
          </translation>
          <translation lang="Français (fr)">
            <text id="/data/a:label"><value>Âge</value><value>second plain</value></text>
          </translation>
          <translation lang="English (en)">
            <text id="/data/a:label"><value form="">later, &lt;wins&gt;</value></text>
          </translation>
          <translation/>
          <translation lang="x" default="true()"></translation>
        </itext>
        """,
        "<itext></itext>",
        "<itext>\n</itext >",
        "<itext><translation default=\"true\"><text id='q'><value>Unnamed language</value></text>"
            + "</translation></itext>",
    ]

    /// Shapes read as elements: a comment, a CDATA section, a prefix, an output with
    /// content, text outside a value, another element, a namespace declared.
    static let asElements = [
        "<itext><!-- note --><translation lang=\"en\"><text id=\"q\"><value>Q</value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value><![CDATA[<b>Q</b>]]></value></text>"
            + "</translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><jr:value>Q</jr:value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q <output value=\"/data/a\">x</output></value></text>"
            + "</translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\">loose<value>Q</value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q <b>bold</b></value></text></translation></itext>",
        "<itext><translation lang=\"en\" xmlns=\"urn:x\"><text id=\"q\"><value>Q</value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text jr:id=\"q\"><value>Q</value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q</value><?pi x?></text></translation></itext>",
        "<itext><other/><translation lang=\"en\"><text id=\"q\"><value>Q</value></text></translation></itext>",
    ]

    @Test(arguments: straight)
    func translationsOfPyxformsShapeAreReadStraight(_ itext: String) throws {
        let read = try Self.read(Self.form(itext))
        #expect(read.straight)
        #expect(read.fromBytes == read.fromElements)
    }

    @Test(arguments: asElements)
    func otherShapesAreReadAsElements(_ itext: String) throws {
        let read = try Self.read(Self.form(itext))
        #expect(!read.straight)
        #expect(read.fromBytes == read.fromElements)
    }

    /// The long form is the label, the plain one the hint's; guidance alone is no text.
    @Test func theFormsJavaRosaShows() throws {
        let tree = try XMLTree(Data(Self.form(Self.straight[0]).utf8), readingTranslations: true)
        let texts = XFormTexts(itext: tree.root.child(named: "head")?.child(named: "model")?.child(named: "itext"))
        #expect(texts.languages == ["English (en)", "Français (fr)", "default", "x"])
        #expect(texts.defaultLanguage == "English (en)")
        // English is given twice: its later texts win.
        #expect(texts.label("/data/a:label").map(\.text) == ["later, <wins>", "Âge"])
        #expect(texts.plain("/data/a:label").map(\.text) == ["later, <wins>", "Âge"])
        #expect(texts.label("/data/c:label").map(\.text) == ["long c"])
        #expect(texts.plain("/data/c:label").map(\.text) == ["plain c"])
        #expect(texts.label("/data/a:hint").isEmpty)
        #expect(texts.label("empty").map(\.text) == [""])
        #expect(texts.ids == ["/data/a:label", "/data/c:label", "empty"])
    }

    /// `<itext>` elsewhere than in the model (a question named so) is an element.
    @Test func anItextOutsideTheModelIsAnElement() throws {
        let document = Self.form(
            "", after: "<instance id=\"x\"><root><itext><translation lang=\"en\"/></itext></root></instance>")
        let tree = try XMLTree(Data(document.utf8), readingTranslations: true)
        let instance = tree.root.child(named: "head")?.child(named: "model")?.children(named: "instance").last
        let itext = instance?.child(named: "root")?.child(named: "itext")
        #expect(itext?.translations == nil)
        #expect(itext?.children.map(\.localName) == ["translation"])
    }

    /// Broken or over-limit translations fail as the document would without the
    /// straight reading: the same message at the same place.
    @Test(arguments: [
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q</valu></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q &bogus; </value></text></translation></itext>",
        "<itext><translation lang=\"en\" lang=\"fr\"></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q\u{1}</value></text></translation></itext>",
        "<itext><translation lang=\"en\"><text id=\"q\"><value>Q]]></value></text></translation></itext>",
    ])
    func brokenTranslationsFailAsBefore(_ itext: String) {
        let data = Data(Self.form(itext).utf8)
        let straight = Result { () throws(XMLTree.Failure) in try XMLTree(data, readingTranslations: true) }
        let plain = Result { () throws(XMLTree.Failure) in try XMLTree(data) }
        switch (straight, plain) {
        case (.failure(let first), .failure(let second)):
            #expect(
                "\(first.line):\(first.column) \(first.message)" == "\(second.line):\(second.column) \(second.message)")
        default: Issue.record("read one way only: \(itext)")
        }
    }

    @Test func elementLimitsCountTheTranslations() {
        let texts = String(repeating: "<text id=\"q\"><value>Q</value></text>", count: 20)
        let data = Data(Self.form("<itext><translation lang=\"en\">\(texts)</translation></itext>").utf8)
        let limits = XMLTree.Limits(maximumDepth: 256, maximumElements: 30)
        let straight = Result { () throws(XMLTree.Failure) in
            try XMLTree(data, limits: limits, readingTranslations: true)
        }
        let plain = Result { () throws(XMLTree.Failure) in try XMLTree(data, limits: limits) }
        guard case .failure(let first) = straight, case .failure(let second) = plain else {
            Issue.record("the limit should refuse the document both ways")
            return
        }
        #expect(first.message == second.message)
    }

    /// Every corpus XForm reads the same texts both ways, its translations straight
    /// from the bytes (pyxform writes them so).
    @Test func corpusFormsReadTheSameTexts() throws {
        let folder = Corpus.root.appendingPathComponent("xforms")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        var straight = 0
        for name in names.sorted() where name.hasSuffix(".xml") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard let read = try? Self.read(text) else { continue }
            if read.straight { straight += 1 }
            #expect(read.fromBytes == read.fromElements, "\(name)")
        }
        #expect(straight >= 5)
    }
}
