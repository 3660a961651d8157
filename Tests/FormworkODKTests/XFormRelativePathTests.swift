import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Relative paths in an XForm, resolved as JavaRosa resolves them: a bind's `nodeset`
/// against the instance's root (`b` is `/data/b`), a control's `ref` against its
/// group's, and a relative path in an expression against the node it is bound to
/// (`../age` on `/data/g/d` is `/data/g/age`, whatever other `age` the form has).
@Suite("XForm relative paths")
struct XFormRelativePathTests {
    /// Binds written relative to the root (`b`, `./c`, `g/age`), two groups that each
    /// hold an `age` read as `../age`, a calculation reading both.
    static let xform = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
          <h:head>
            <h:title>Relative binds</h:title>
            <model>
              <instance>
                <data id="rel">
                  <a/><b/><c/>
                  <g><age/><d/></g>
                  <h><age/><d/></h>
                  <total/>
                </data>
              </instance>
              <bind nodeset="a" type="int"/>
              <bind nodeset="b" relevant="/data/a = 1" required="true()"/>
              <bind nodeset="./c" type="int" relevant="../a = 2"/>
              <bind nodeset="g/age" type="int"/>
              <bind nodeset="g/d" relevant="../age &gt; 5"/>
              <bind nodeset="/data/h/age" type="int"/>
              <bind nodeset="h/d" relevant="current()/../age &gt; 50"/>
              <bind nodeset="total" type="int" calculate="../g/age + ../h/age"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/data/a"><label>A</label></input>
            <input ref="/data/b"><label>B</label></input>
            <input ref="/data/c"><label>C</label></input>
            <group ref="/data/g"><label>G</label>
              <input ref="/data/g/age"><label>G age</label></input>
              <input ref="/data/g/d"><label>G d</label></input>
            </group>
            <group ref="/data/h"><label>H</label>
              <input ref="/data/h/age"><label>H age</label></input>
              <input ref="/data/h/d"><label>H d</label></input>
            </group>
          </h:body>
        </h:html>
        """

    static func form(_ text: String = xform) throws -> FormDefinition {
        try XFormReaderTests.form(text)
    }

    @Test func aRelativeNodesetIsResolvedAgainstTheRoot() throws {
        let form = try Self.form()
        let kinds = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0.kind) })
        #expect(kinds["a"] == .number && kinds["c"] == .number && kinds["age"] == .number)
        #expect(kinds["total"] == .calculate)
        let session = FormSession(definition: form)
        #expect(!session.isVisible("b") && !session.isVisible("c"))
        try session.set("a", text: "1")
        #expect(session.isVisible("b") && session.isRequired("b") && !session.isVisible("c"))
        try session.set("a", text: "2")
        #expect(!session.isVisible("b") && session.isVisible("c"))
    }

    /// `../age` in each group reads that group's `age` (the name alone is ambiguous).
    @Test func aRelativePathInAnExpressionReadsTheNodeItLeadsTo() throws {
        let session = FormSession(definition: try Self.form())
        #expect(form(session, "age") == "g/age" && form(session, "age_2") == "h/age")
        try session.set("age", text: "10")
        try session.set("age_2", text: "20")
        #expect(session.isVisible("d") && !session.isVisible("d_2"))
        #expect(session.value(of: "total") == .number(30))
        try session.set("age", text: "1")
        try session.set("age_2", text: "60")
        #expect(!session.isVisible("d") && session.isVisible("d_2"))
    }

    private func form(_ session: FormSession, _ id: String) -> String? { session.definition.submission?.paths[id] }

    /// A control's relative `ref` is resolved against its group's (`b` in the group
    /// `g` is `/data/g/b`), the group's against the root.
    @Test func aRelativeRefInTheBodyIsResolvedAgainstItsGroup() throws {
        let relative = """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Relative body</h:title>
                <model>
                  <instance><data id="relbody"><a/><g><b/></g></data></instance>
                  <bind nodeset="a" type="int"/>
                  <bind nodeset="g/b" type="int" relevant="../../a = 1"/>
                </model>
              </h:head>
              <h:body>
                <input ref="a"><label>A</label></input>
                <group ref="g"><label>G</label><input ref="b"><label>B</label></input></group>
              </h:body>
            </h:html>
            """
        let form = try Self.form(relative)
        #expect(form.sections.map(\.header) == [nil, "G"])
        #expect(form.fields.map(\.label) == ["A", "B"])
        let session = FormSession(definition: form)
        #expect(!session.isVisible("b"))
        try session.set("a", text: "1")
        #expect(session.isVisible("b"))
    }

    /// The translation resolves a relative path against the context's node and reads
    /// the question at that absolute path; without a node, by its last step's name.
    @Test func theTranslationResolvesAgainstTheNode() throws {
        let symbols = [
            "/data/g/age": XPathSymbol(id: "age", type: .number),
            "/data/h/age": XPathSymbol(id: "age_2", type: .number),
        ]
        let context = XPathContext(
            current: XPathSymbol(id: "d", type: .text), name: { _ in nil }, path: { symbols[$0] }, node: "/data/g/d")
        func translated(_ xpath: String) throws(TranslationError) -> String {
            try XPathTranslator.translate(xpath, as: .condition, in: context).text
        }
        #expect(try translated("../age > 5") == "$age > 5")
        #expect(try translated("current()/../age > 5") == "$age > 5")
        #expect(try translated("../../h/age > 5") == "$age_2 > 5")
        #expect(try translated("./../../h/age > 5") == "$age_2 > 5")
        do {
            _ = try translated("../../nope = 1")
            Issue.record("'../../nope' translated")
        } catch {
            #expect(error.reason == .unknownReference("/data/nope", suggestion: nil))
        }
        var unplaced = context
        unplaced.node = nil
        #expect(throws: TranslationError.self) {
            try XPathTranslator.translate("../age > 5", as: .condition, in: unplaced)
        }
    }

    /// Two repeats that each hold an `age`, read as `../age` in each entry, and the
    /// entries of a repeat counted from the other (`count(../../hh)`: all of them) and
    /// from the root (`count(../hh)`); binds and refs all relative.
    static let repeats = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
          <h:head>
            <h:title>Repeats</h:title>
            <model>
              <instance>
                <data id="rep">
                  <hh jr:template=""><age/><adult/></hh>
                  <kids jr:template=""><age/><big/></kids>
                  <n/>
                </data>
              </instance>
              <bind nodeset="hh/age" type="int"/>
              <bind nodeset="hh/adult" relevant="../age &gt;= 18"/>
              <bind nodeset="kids/age" type="int"/>
              <bind nodeset="kids/big" relevant="../age &gt; 10 and count(../../hh) &gt; 1"/>
              <bind nodeset="n" type="int" calculate="count(../hh)"/>
            </model>
          </h:head>
          <h:body>
            <group><label>HH</label><repeat nodeset="hh">
              <input ref="age"><label>Age</label></input><input ref="adult"><label>Adult</label></input>
            </repeat></group>
            <group><label>Kids</label><repeat nodeset="kids">
              <input ref="age"><label>Kid age</label></input><input ref="big"><label>Big</label></input>
            </repeat></group>
          </h:body>
        </h:html>
        """

    @Test func aRelativePathInARepeatReadsItsOwnEntry() throws {
        let session = FormSession(definition: try Self.form(Self.repeats))
        _ = try session.addEntry("hh")
        _ = try session.addEntry("hh")
        _ = try session.addEntry("kids")
        try session.set("hh[1].age", text: "20")
        try session.set("hh[2].age", text: "5")
        try session.set("kids[1].age_2", text: "12")
        #expect(session.value(of: "n") == .number(2))
        let answers = [["/data/hh[1]/age", "20"], ["/data/hh[2]/age", "5"], ["/data/kids[1]/age", "12"]]
        let expected = [
            "/data/hh[1]/age", "/data/hh[1]/adult", "/data/hh[2]/age", "/data/kids[1]/age", "/data/kids[1]/big",
        ]
        #expect(OracleWalkTests.questions(of: session, root: "data") == expected)
        guard let javaRosa = try XFormOracle.fill(Self.repeats, answers: answers) else { return }
        #expect(javaRosa.questions == expected)
        let ours = try SubmissionTree(ODKSubmission.xml(of: session, instanceID: "uuid:1"))
        let theirs = try SubmissionTree(javaRosa.submission)
        #expect(ours.firstDifference(from: theirs) == nil, "\(ours) vs \(theirs)")
    }

    /// The same answers in JavaRosa: the same questions shown, the same submission.
    @Test func javaRosaShowsAndSubmitsTheSame() throws {
        let answers = [["/data/a", "1"], ["/data/b", "x"], ["/data/g/age", "10"], ["/data/h/age", "20"]]
        guard let javaRosa = try XFormOracle.fill(Self.xform, answers: answers) else { return }
        #expect(javaRosa.applied == ["ok", "ok", "ok", "ok"])
        let session = FormSession(definition: try Self.form())
        for (id, value) in [("a", "1"), ("b", "x"), ("age", "10"), ("age_2", "20")] {
            try session.set(id, text: value)
        }
        #expect(OracleWalkTests.questions(of: session, root: "data") == javaRosa.questions)
        let ours = try SubmissionTree(ODKSubmission.xml(of: session, instanceID: "uuid:1"))
        let theirs = try SubmissionTree(javaRosa.submission)
        #expect(ours.firstDifference(from: theirs) == nil, "\(ours) vs \(theirs)")
    }
}
