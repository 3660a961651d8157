import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// XForms of known shapes: the model's binds, the body's controls, itext, outputs,
/// itemsets, repeats and preloads, read into a session; hostile documents refused.
@Suite("XForm reader")
struct XFormReaderTests {
    static let xform = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
          <h:head>
            <h:title>Visit</h:title>
            <model>
              <itext>
                <translation lang="English (en)" default="true()">
                  <text id="/visit/name:label"><value>Name</value></text>
                  <text id="/visit/hello:label"><value>Hello <output value=" /visit/name "/>!</value></text>
                  <text id="c-nl"><value>Netherlands</value></text>
                  <text id="c-fr"><value>France</value></text>
                </translation>
                <translation lang="Français (fr)">
                  <text id="/visit/name:label"><value>Nom</value></text>
                  <text id="/visit/hello:label"><value>Bonjour <output value=" /visit/name "/> !</value></text>
                  <text id="c-nl"><value>Pays-Bas</value></text>
                  <text id="c-fr"><value>France</value></text>
                </translation>
              </itext>
              <instance>
                <visit id="visit_form" version="3">
                  <name/>
                  <hello/>
                  <info><country/><city/></info>
                  <count>2</count>
                  <child jr:template=""><age/></child>
                  <meta><instanceID/></meta>
                </visit>
              </instance>
              <instance id="countries"><root>
                <item><name>nl</name><itextId>c-nl</itextId></item>
                <item><name>fr</name><itextId>c-fr</itextId></item>
              </root></instance>
              <instance id="cities"><root>
                <item><name>ams</name><label>Amsterdam</label><country>nl</country></item>
                <item><name>par</name><label>Paris</label><country>fr</country></item>
              </root></instance>
              <bind nodeset="/visit/name" type="string" required="true()"/>
              <bind nodeset="/visit/hello" type="string"/>
              <bind nodeset="/visit/info/country" type="string"/>
              <bind nodeset="/visit/info/city" type="string"/>
              <bind nodeset="/visit/count" type="int" constraint=". &lt; 10" jr:constraintMsg="Fewer than ten"/>
              <bind nodeset="/visit/child/age" type="int"/>
              <bind nodeset="/visit/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/visit/name"><label ref="jr:itext('/visit/name:label')"/></input>
            <input ref="/visit/hello"><label ref="jr:itext('/visit/hello:label')"/></input>
            <group ref="/visit/info"><label>Where</label>
              <select1 ref="/visit/info/country"><label>Country</label>
                <itemset nodeset="instance('countries')/root/item"><value ref="name"/>\
        <label ref="jr:itext(itextId)"/></itemset>
              </select1>
              <select1 ref="/visit/info/city"><label>City</label>
                <itemset nodeset="instance('cities')/root/item[country= /visit/info/country ]">\
        <value ref="name"/><label ref="label"/></itemset>
              </select1>
            </group>
            <input ref="/visit/count"><label>Children</label></input>
            <group ref="/visit/child"><label>Child</label>
              <repeat nodeset="/visit/child" jr:count=" /visit/count ">\
        <input ref="/visit/child/age"><label>Age</label></input></repeat>
            </group>
          </h:body>
        </h:html>
        """

    static func form(_ text: String = xform, skipUnsupported: Bool = false) throws -> FormDefinition {
        let (document, warnings) = try XFormImporter().document(
            Array(text.utf8), path: "visit.xml", options: ImportOptions(skipUnsupported: skipUnsupported))
        return try FormDefinition(document: document, path: "visit.xml", warnings: warnings, formats: .odk)
    }

    @Test func anXFormIsRecognisedByItsContent() {
        #expect(XFormImporter().recognizes(Array(Self.xform.utf8), path: "form.txt"))
        #expect(!XFormImporter().recognizes(Array("id: x\n".utf8), path: "form.xml"))
    }

    @Test func bindsControlsAndTranslationsBecomeTheForm() throws {
        let form = try Self.form()
        #expect(form.id == "visit_form" && form.title == "Visit" && form.version == "3")
        #expect(form.languages.map(\.code) == ["en", "fr"])
        #expect(form.fields.map(\.id) == ["name", "hello", "country", "city", "count", "age"])
        #expect(form.fields.map(\.kind) == [.text, .text, .choice, .choice, .number, .number])
        #expect(form.sections.map(\.header) == [nil, "Where", nil])
        #expect(form.submission?.paths["country"] == "info/country")
        let session = FormSession(definition: form)
        #expect(session.isRequired("name") && !session.isRequired("hello"))
        try session.set("name", text: "Ada")
        #expect(try session.label(of: "hello") == "Hello Ada!")
        try session.setLanguage("fr")
        #expect(
            try session.label(of: "name") == "Nom"
                && session.optionLabels(of: "country").map(\.label) == ["Pays-Bas", "France"])
        try session.set("country", text: "fr")
        #expect(session.visibleOptions(of: "city").map(\.value) == ["par"])
        try session.set("count", text: "2")
        #expect(try session.entries(of: "child").count == 2)
        #expect(throws: SessionError.self) { try session.set("count", text: "x") }
        try session.set("count", text: "12")
        #expect(session.errors().map(\.message).contains("Fewer than ten"))
    }

    /// pyxform writes a text that shows answers with spaces around it; JavaRosa trims
    /// its ends (an empty answer at the end leaves the space before it).
    @Test func aTextIsTrimmedAtItsEndsAsJavaRosaShowsIt() throws {
        let spaced = Self.xform.replacingOccurrences(
            of: "<value>Hello <output value=\" /visit/name \"/>!</value>",
            with: "<value> Hello <output value=\" /visit/name \"/> </value>")
        let session = FormSession(definition: try Self.form(spaced))
        #expect(try session.label(of: "hello") == "Hello ")
        try session.set("name", text: "Ada")
        #expect(try session.label(of: "hello") == "Hello Ada")
    }

    /// A repeat without a count starts with the entries its instance holds besides the
    /// template, as JavaRosa starts it.
    @Test func aRepeatStartsWithTheEntriesOfTheInstance() throws {
        let uncounted = Self.xform.replacingOccurrences(of: " jr:count=\" /visit/count \"", with: "")
        #expect(try FormSession(definition: Self.form(uncounted)).entries(of: "child").isEmpty)
        let withEntry = uncounted.replacingOccurrences(
            of: "<child jr:template=\"\"><age/></child>",
            with: "<child jr:template=\"\"><age/></child><child><age/></child>")
        #expect(try FormSession(definition: Self.form(withEntry)).entries(of: "child").count == 1)
    }

    @Test func aSubmissionHasTheInstancesShape() throws {
        let session = FormSession(definition: try Self.form())
        try session.set("name", text: "Ada")
        try session.set("count", text: "1")
        try session.set("child[1].age", text: "4")
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1", timeZone: TimeZone(identifier: "UTC")!)
        // JavaRosa declares the document's prefixes on the root.
        #expect(
            xml.contains(
                "<visit id=\"visit_form\" version=\"3\" xmlns:h=\"http://www.w3.org/1999/xhtml\" "
                    + "xmlns:jr=\"http://openrosa.org/javarosa\">"), "\(xml)")
        #expect(xml.contains("<info>\n    <country/>\n    <city/>\n  </info>"), "\(xml)")
        #expect(xml.contains("<child>\n    <age>4</age>\n  </child>"))
        #expect(xml.hasSuffix("<meta>\n    <instanceID>uuid:1</instanceID>\n  </meta>\n</visit>\n"), "\(xml)")
    }

    /// A translation given twice is one language (fuzzing found that its messages
    /// trapped the reader): the form loads with each language once.
    @Test func aLanguageTranslatedTwiceIsOneLanguage() throws {
        let french = """
                <translation lang="Français (fr)">
                  <text id="/visit/name:label"><value>Nom</value></text>
                </translation>
              </itext>
            """
        let twice = Self.xform.replacingOccurrences(of: "  </itext>\n", with: french)
        #expect(twice != Self.xform)
        let (document, problems) = ODKImport.document(fromXForm: Data(twice.utf8), path: "twice.xml")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let form = try FormDefinition(document: document, path: "twice.xml", formats: .odk)
        #expect(form.languages.count == 2)
    }

    /// Entities are never expanded, external ones never read, deep nesting stops.
    @Test(arguments: [
        (
            "<?xml version=\"1.0\"?><!DOCTYPE h:html [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><h:html>&x;</h:html>",
            "document type"
        ),
        (String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300), "nested more than 256"),
        ("<h:html xmlns:h=\"http://www.w3.org/1999/xhtml\"><h:body/></h:html>", "not an XForm"),
        ("<h:html xmlns:h=\"x\"><h:head>", "not well-formed XML"),
        // Foundation's parser crashes on a processing instruction without data (found by fuzzing).
        ("<?Bo?><h:html xmlns:h=\"x\"/>", "processing instruction without data"),
        ("<h:html xmlns:h=\"x\"><?x?></h:html>", "processing instruction without data"),
    ])
    func hostileDocumentsAreRefusedWithAMessage(_ text: String, _ expected: String) throws {
        let (_, problems) = ODKImport.document(fromXForm: Data(text.utf8), path: "bad.xml")
        let rendered = DiagnosticList(path: "bad.xml", source: nil, diagnostics: problems).rendered
        #expect(rendered.contains(expected), "\(rendered)")
        #expect(!rendered.contains("root:"))
    }

    /// An itemset's `nodeset` gives the instance and the filter the importer reads, by
    /// its bytes, whatever the quotes and spaces around them.
    @Test func anItemsetNamesItsInstanceAndFilter() {
        func source(_ nodeset: String) -> [String?]? {
            XFormReader.itemsetSource(nodeset).map { [$0.instance, $0.filter] }
        }
        #expect(source("instance('cities')/root/item") == ["cities", nil])
        #expect(
            source("  instance( \"villes\" )/root/item[country = /data/c and ü = 'é'] ") == [
                "villes", "country = /data/c and ü = 'é'",
            ])
        #expect(source("instance('x')/root/item[]") == ["x", ""])
        #expect(source("instance('x')/root/items") == nil)
        #expect(source("instance('x')/root/item[a") == nil)
        #expect(source("/data/list/item") == nil)
        #expect(source("instance('x'") == nil)
    }

    /// `jr:itext('id')` gives its id, by bytes, whatever the quotes and spaces.
    @Test func anItextReferenceNamesItsID() {
        #expect(XFormReader.itextID("jr:itext('/data/a:label')") == "/data/a:label")
        #expect(XFormReader.itextID("jr:itext( \"é:label\" )") == "é:label")
        #expect(XFormReader.itextID("jr:itext()") == "")
        #expect(XFormReader.itextID("jr:itext(' ')") == "")
        #expect(XFormReader.itextID("jr:itext(concat('a', /data/x))") == "concat('a', /data/x)")
        #expect(XFormReader.itextID("itext('x')") == nil)
        #expect(XFormReader.itextID("jr:itext('x'") == nil)
        #expect(XFormReader.itextID("jr:itext(") == nil)
    }
}
