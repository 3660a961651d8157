import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// ODK's functions as a whole: the table in the ODKFunctions article names exactly
/// the functions the translator knows (translated or refused), and the ones that keep
/// state or shuffle choices behave as JavaRosa does in a form.
@Suite("ODK functions")
struct ODKFunctionTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FormworkODK/Documentation.docc/ODKFunctions.md")

    /// The names in the article's table (`| \`name\` | status | … |`), with their status.
    static func table() throws -> [(name: String, status: String)] {
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return (String(cells[1].dropFirst().dropLast()), cells[2])
        }
    }

    @Test func theTableListsEveryFunctionTheTranslatorKnows() throws {
        let table = try Self.table()
        let listed = Set(table.map(\.name))
        let known = Set(XPathTranslation.functions.keys).union(XPathTranslation.unsupportedFunctions.keys)
        #expect(listed.count == table.count, "a function is listed twice")
        #expect(listed.subtracting(known).isEmpty, "listed but unknown to the translator")
        #expect(known.subtracting(listed).isEmpty, "known to the translator but not in ODKFunctions.md")
        for (name, status) in table {
            #expect(["supported", "degraded", "refused"].contains(status), "\(name): \(status)")
            if status == "refused" {
                #expect(XPathTranslation.unsupportedFunctions[name] != nil, "\(name)")
            } else if name != "instance" {
                // `instance()` is read in a path, not called on its own.
                #expect(XPathTranslation.functions[name] != nil, "\(name) is \(status) but not translated")
            }
        }
    }

    static func xform(model: String, body: String) -> String {
        """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
        <h:head><h:title>f</h:title><model>\(model)</model></h:head><h:body>\(body)</h:body></h:html>
        """
    }

    static func form(_ text: String) throws -> (FormDefinition, [Diagnostic]) {
        let (document, warnings) = try XFormImporter().document(
            Array(text.utf8), path: "f.xml", options: ImportOptions())
        return (try FormDefinition(document: document, path: "f.xml", warnings: warnings, formats: .odk), warnings)
    }

    static let once = xform(
        model: """
            <instance><data id="once"><num/><c/><u/><meta><instanceID/></meta></data></instance>
            <bind nodeset="/data/num" type="int"/>
            <bind nodeset="/data/c" type="string" calculate="once(/data/num * 2)"/>
            <bind nodeset="/data/u" type="string" calculate="once(concat('ID-', uuid(5)))"/>
            <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
            """,
        body: #"<input ref="/data/num"><label>num</label></input>"#)

    /// JavaRosa (`run.sh fill` with num 5, then 7, then empty) submits c = 10: once()
    /// computes only while the node is empty.
    @Test func aCalculationThatIsOnceKeepsItsFirstValue() throws {
        let (definition, _) = try Self.form(Self.once)
        #expect(definition.field("c")?.keepsFirstValue == true)
        let session = FormSession(definition: definition)
        #expect(session.value(of: "c") == "")  // string() of nothing: not kept
        try session.set("num", text: "5")
        #expect(session.value(of: "c") == "10")
        try session.set("num", text: "7")
        try session.set("num", to: .null)
        #expect(session.value(of: "c") == "10")
        let id = session.value(of: "u")
        #expect(id.description.count == "\"ID-XXXXX\"".count)

        // A draft keeps the kept value, even where the answers would now compute another.
        let draft = FormDraft(session: session, formPath: "/f.xml", fingerprint: "x")
        let text = draft.json()
        let resumed = FormSession(definition: definition)
        try resumed.set("num", text: "1")
        let report = resumed.resume(from: try FormDraft(bytes: Array(text.utf8), path: "draft"))
        #expect(report.dropped.isEmpty)
        #expect(resumed.value(of: "c") == "10")
        #expect(resumed.value(of: "u") == id)
    }

    @Test func onceOfAnswersInsideAnExpressionIsRefused() throws {
        let text = Self.once.replacingOccurrences(
            of: "once(/data/num * 2)", with: "concat('n', once(/data/num))")
        #expect(throws: (any Error).self) { try Self.form(text) }
    }

    /// `randomize()` around an itemset opens the form, its choices in the order written.
    @Test func shuffledChoicesAreOfferedInTheOrderWritten() throws {
        let text = Self.xform(
            model: """
                <instance><data id="r"><s/><meta><instanceID/></meta></data></instance>
                <instance id="list"><root><item><name>a</name><label>A</label></item>\
                <item><name>b</name><label>B</label></item></root></instance>
                <bind nodeset="/data/s" type="string"/>
                """,
            body: """
                <select1 ref="/data/s"><label>s</label><itemset nodeset="randomize(instance('list')/root/item, 3)">\
                <value ref="name"/><label ref="label"/></itemset></select1>
                """)
        let (definition, warnings) = try Self.form(text)
        #expect(definition.field("s")?.options.map(\.value) == ["a", "b"])
        #expect(warnings.contains { $0.message.contains("randomize=true") })
    }
}
