import Formwork
import Foundation
import Testing

@testable import FormworkODK

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XForm instance in a namespace of its own (`<data xmlns="http://dtree.org/e-imci">`):
/// the submission keeps it, with the prefixes JavaRosa declares on the root, and a
/// submission in another namespace is another form's.
@Suite("XForm instance namespaces")
struct XFormNamespaceTests {
    static let xform = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa" xmlns:orx="http://openrosa.org/xforms">
          <h:head>
            <h:title>Namespaced</h:title>
            <model xmlns:m="http://example.org/model">
              <instance xmlns:i="http://example.org/instance">
                <data xmlns="http://dtree.org/e-imci" xmlns:ex="http://example.org/ex" id="imci" version="3">
                  <a/>
                  <g><b/></g>
                  <meta><instanceID/></meta>
                </data>
              </instance>
              <bind nodeset="/data/a" type="int"/>
              <bind nodeset="/data/g/b" type="string"/>
              <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/data/a"><label>A</label></input>
            <group ref="/data/g"><label>G</label><input ref="/data/g/b"><label>B</label></input></group>
          </h:body>
        </h:html>
        """

    /// What JavaRosa submits for `a = 3`, `b = x` (`run.sh fill`), its declarations
    /// in JavaRosa's order.
    static let javaRosaSubmission = """
        <?xml version='1.0' encoding='UTF-8' ?><data id="imci" version="3" xmlns:ex="http://example.org/ex" \
        xmlns:orx="http://openrosa.org/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa" xmlns="http://dtree.org/e-imci"><a>3</a><g><b>x</b></g><meta>\
        <instanceID>uuid:2eecc07a-66fc-4702-aa09-4e0283f042f2</instanceID></meta></data>
        """

    static func filled() throws -> FormSession {
        let session = FormSession(definition: try XFormReaderTests.form(xform))
        try session.set("a", text: "3")
        try session.set("b", text: "x")
        return session
    }

    /// The root's namespace, and the prefixes of the instance's root and of the
    /// document's (not those of `model` or `instance`, which JavaRosa leaves out).
    @Test func theLayoutKeepsTheNamespaces() throws {
        let layout = try #require(try XFormReaderTests.form(Self.xform).submission)
        #expect(layout.namespace == "http://dtree.org/e-imci")
        #expect(
            layout.namespaces == [
                "ex": "http://example.org/ex", "h": "http://www.w3.org/1999/xhtml",
                "jr": "http://openrosa.org/javarosa", "orx": "http://openrosa.org/xforms",
            ])
    }

    /// An instance in the document's default namespace (XForms') has none of its own.
    @Test func anInstanceInTheXFormsNamespaceHasNone() throws {
        let plain = Self.xform.replacingOccurrences(of: " xmlns=\"http://dtree.org/e-imci\"", with: "")
        let layout = try #require(try XFormReaderTests.form(plain).submission)
        #expect(layout.namespace == nil && layout.namespaces["ex"] == "http://example.org/ex")
        let explicit = Self.xform.replacingOccurrences(
            of: "xmlns=\"http://dtree.org/e-imci\"", with: "xmlns=\"http://www.w3.org/2002/xforms\"")
        #expect(try XFormReaderTests.form(explicit).submission?.namespace == nil)
    }

    /// A root named with a prefix is in that prefix's namespace (JavaRosa writes it as
    /// the submission's `xmlns`).
    @Test func aPrefixedRootIsInItsPrefixsNamespace() throws {
        let tree = try XMLTree(
            Data(
                """
                <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">\
                <h:head><model><instance><e:data xmlns:e="http://example.org/e" id="x"/></instance></model>\
                </h:head></h:html>
                """.utf8))
        let head = try #require(tree.root.child(named: "head"))
        let model = try #require(head.child(named: "model"))
        let instance = try #require(model.child(named: "instance"))
        let data = try #require(instance.children.first)
        let (namespace, prefixes) = XFormReader.submissionNamespaces(
            html: tree.root, instance: data, path: [head, model, instance])
        #expect(namespace == "http://example.org/e")
        #expect(prefixes.map(\.prefix) == ["e", "h"])
    }

    @Test func theSubmissionIsWrittenInTheNamespace() throws {
        let xml = ODKSubmission.xml(of: try Self.filled(), instanceID: "uuid:1")
        #expect(
            xml.contains(
                "<data id=\"imci\" version=\"3\" xmlns:ex=\"http://example.org/ex\" "
                    + "xmlns:h=\"http://www.w3.org/1999/xhtml\" xmlns:jr=\"http://openrosa.org/javarosa\" "
                    + "xmlns:orx=\"http://openrosa.org/xforms\" xmlns=\"http://dtree.org/e-imci\">"), "\(xml)")
        #expect(problems(xml) == [])
    }

    /// `check`'s and `validate`'s reading: JavaRosa's submission is this form's; one in
    /// another namespace, or in none, is another form's.
    @Test func aSubmissionInAnotherNamespaceIsAnotherForms() throws {
        #expect(problems(Self.javaRosaSubmission) == [])
        let other = Self.javaRosaSubmission.replacingOccurrences(
            of: "xmlns=\"http://dtree.org/e-imci\"", with: "xmlns=\"http://dtree.org/other\"")
        #expect(
            problems(other) == [
                "form: the instance is <data xmlns=\"http://dtree.org/other\" id=\"imci\">, not this form's "
                    + "<data xmlns=\"http://dtree.org/e-imci\" id=\"imci\">"
            ])
        let none = Self.javaRosaSubmission.replacingOccurrences(of: " xmlns=\"http://dtree.org/e-imci\"", with: "")
        #expect(
            problems(none) == [
                "form: the instance is <data id=\"imci\">, not this form's <data xmlns=\"http://dtree.org/e-imci\" "
                    + "id=\"imci\">"
            ])
        // The root named with a prefix of the namespace is in it.
        let prefixed = Self.javaRosaSubmission.replacingOccurrences(of: "<data ", with: "<e:data ")
            .replacingOccurrences(of: "</data>", with: "</e:data>")
            .replacingOccurrences(of: "xmlns=\"http://dtree.org/e-imci\"", with: "xmlns:e=\"http://dtree.org/e-imci\"")
        #expect(problems(prefixed) == [])
    }

    /// A form in no namespace takes submissions in none or in XForms' (where its
    /// instance lies in the XForm), not in another.
    @Test func aFormWithoutANamespaceTakesNoOther() throws {
        let plain = Self.xform.replacingOccurrences(of: " xmlns=\"http://dtree.org/e-imci\"", with: "")
        let form = try XFormReaderTests.form(plain)
        let none = Self.javaRosaSubmission.replacingOccurrences(of: " xmlns=\"http://dtree.org/e-imci\"", with: "")
        let xforms = Self.javaRosaSubmission.replacingOccurrences(
            of: "http://dtree.org/e-imci", with: "http://www.w3.org/2002/xforms")
        #expect(problems(none, form: form) == [] && problems(xforms, form: form) == [])
        #expect(problems(Self.javaRosaSubmission, form: form).count == 1)
    }

    /// `submission: { namespace, namespaces }` in a definition written by hand (what
    /// `formwork convert` prints), and what is wrong in it.
    @Test func aDefinitionGivesTheNamespaces() throws {
        func definition(_ submission: String) throws(DiagnosticList) -> FormDefinition {
            try FormDefinition(
                yaml: """
                    id: imci
                    title: IMCI
                    sections:
                      - id: main
                        fields:
                          - { id: a, kind: number, label: A }
                    submission:
                      format: odk
                      root: data
                    \(submission)
                    """, formats: .odk)
        }
        let form = try definition(
            "  namespace: http://dtree.org/e-imci\n  namespaces: { jr: \"http://openrosa.org/javarosa\" }")
        #expect(form.submission?.namespace == "http://dtree.org/e-imci")
        #expect(form.submission?.namespaces == ["jr": "http://openrosa.org/javarosa"])
        #expect(throws: DiagnosticList.self) { try definition("  namespaces: { \"xmlns\": x }") }
        #expect(throws: DiagnosticList.self) { try definition("  namespaces: [jr]") }
    }

    /// The same answers in JavaRosa: the same submission, namespaces included.
    @Test func javaRosaSubmitsTheSame() throws {
        let answers = [["/data/a", "3"], ["/data/g/b", "x"]]
        guard let javaRosa = try XFormOracle.fill(Self.xform, answers: answers) else { return }
        let ours = ODKSubmission.xml(of: try Self.filled(), instanceID: "uuid:1")
        let (mine, theirs) = (try XMLDocument(xmlString: ours), try XMLDocument(xmlString: javaRosa.submission))
        func declarations(_ document: XMLDocument) -> [String: String] {
            Dictionary(
                (document.rootElement()?.namespaces ?? []).map { ($0.name ?? "", $0.stringValue ?? "") },
                uniquingKeysWith: { first, _ in first })
        }
        #expect(declarations(mine) == declarations(theirs))
        #expect(declarations(mine)[""] == "http://dtree.org/e-imci")
        #expect(try SubmissionTree(ours).firstDifference(from: SubmissionTree(javaRosa.submission)) == nil)
        #expect(problems(javaRosa.submission) == [])
    }

    /// Each problem of `xml` as a submission of `form` (this suite's by default), or
    /// the one that keeps it from being read.
    func problems(_ xml: String, form: FormDefinition? = nil) -> [String] {
        guard let form = form ?? (try? XFormReaderTests.form(Self.xform)) else { return ["no form"] }
        switch ODKResponse.read(Data(xml.utf8), definition: form) {
        case .failure(let problem): return ["\(problem.rule): \(problem.message)"]
        case .success(let response):
            return ResponseValidator(definition: form).validate(response).problems.map { "\($0.path) \($0.rule)" }
        }
    }
}
