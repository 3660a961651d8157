import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// itext texts with several forms, shown as JavaRosa shows them: a label's `long`
/// form, else its plain one (`short`, `image`, `guidance`… are not the label); a hint's
/// and a message's plain one.
@Suite("XForm text forms")
struct XFormTextFormTests {
    static let xform = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
          <h:head>
            <h:title>Text forms</h:title>
            <model>
              <itext>
                <translation lang="English" default="true()">
                  <text id="q1"><value form="short">Danger signs</value>\
        <value form="long">CHECK FOR GENERAL DANGER SIGNS. ASK:</value></text>
                  <text id="q2"><value form="short">Short</value><value>Plain text</value></text>
                  <text id="q3"><value form="image">jr://images/a.png</value><value>With image</value></text>
                  <text id="q4"><value form="guidance">Guide</value><value form="long">Long four</value>\
        <value>Plain four</value></text>
                  <text id="q5"><value form="short">Only short</value></text>
                  <text id="h1"><value form="long">Long hint</value><value>Plain hint</value></text>
                  <text id="h2"><value form="guidance">Guidance only</value></text>
                  <text id="m1"><value form="long">Long message</value><value>Plain message</value></text>
                  <text id="g1"><value form="short">Short group</value><value form="long">Long group</value></text>
                  <text id="o1"><value form="short">S1</value><value form="long">Long one</value></text>
                </translation>
                <translation lang="French">
                  <text id="q1"><value form="short">Signes</value><value form="long">SIGNES DE DANGER</value></text>
                  <text id="q2"><value form="short">Court</value><value>Texte</value></text>
                  <text id="q3"><value form="image">jr://images/a.png</value><value>Avec image</value></text>
                  <text id="q4"><value form="long">Long quatre</value><value>Quatre</value></text>
                  <text id="q5"><value form="short">Seul court</value></text>
                  <text id="h1"><value form="long">Indice long</value><value>Indice</value></text>
                  <text id="h2"><value form="guidance">Guide</value></text>
                  <text id="m1"><value form="long">Message long</value><value>Message</value></text>
                  <text id="g1"><value form="short">Groupe court</value><value form="long">Groupe long</value></text>
                  <text id="o1"><value form="short">C1</value><value form="long">Un long</value></text>
                </translation>
              </itext>
              <instance>
                <data id="forms"><q1/><q2/><q3/><q4/><q5/><g><n/><s/></g></data>
              </instance>
              <bind nodeset="/data/g/n" type="int" constraint=". &lt; 5" jr:constraintMsg="jr:itext('m1')"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/data/q1"><label ref="jr:itext('q1')"/><hint ref="jr:itext('h1')"/></input>
            <input ref="/data/q2"><label ref="jr:itext('q2')"/><hint ref="jr:itext('h2')"/></input>
            <input ref="/data/q3"><label ref="jr:itext('q3')"/></input>
            <input ref="/data/q4"><label ref="jr:itext('q4')"/></input>
            <input ref="/data/q5"><label ref="jr:itext('q5')"/></input>
            <group ref="/data/g"><label ref="jr:itext('g1')"/>
              <input ref="/data/g/n"><label>N</label></input>
              <select1 ref="/data/g/s"><label>S</label>\
        <item><label ref="jr:itext('o1')"/><value>1</value></item></select1>
            </group>
          </h:body>
        </h:html>
        """

    /// The labels JavaRosa shows, by question, in English and in French.
    static let labels: [(id: String, english: String, french: String)] = [
        ("q1", "CHECK FOR GENERAL DANGER SIGNS. ASK:", "SIGNES DE DANGER"), ("q2", "Plain text", "Texte"),
        ("q3", "With image", "Avec image"), ("q4", "Long four", "Long quatre"),
    ]

    @Test func aLabelShowsItsLongFormElseItsPlainOne() throws {
        let form = try XFormReaderTests.form(Self.xform)
        let session = FormSession(definition: form)
        for (id, english, _) in Self.labels { #expect(try session.label(of: id) == english, "\(id)") }
        #expect(form.sections.map(\.header) == [nil, "Long group"])
        #expect(try session.optionLabels(of: "s").map(\.label) == ["Long one"])
        try session.setLanguage("French")
        for (id, _, french) in Self.labels { #expect(try session.label(of: id) == french, "\(id)") }
        #expect(try session.optionLabels(of: "s").map(\.label) == ["Un long"])
    }

    /// A text with only a short form has no label in JavaRosa: the question is
    /// labelled by its name, as a question without a label is.
    @Test func aShortFormAloneIsNoLabel() throws {
        let session = FormSession(definition: try XFormReaderTests.form(Self.xform))
        #expect(try session.label(of: "q5") == "q5")
    }

    @Test func aHintAndAMessageShowTheirPlainForm() throws {
        let session = FormSession(definition: try XFormReaderTests.form(Self.xform))
        #expect(try session.help(of: "q1") == "Plain hint")
        #expect(try session.help(of: "q2") == nil)
        try session.set("n", text: "7")
        #expect(session.errors().map(\.message) == ["Plain message"])
        try session.setLanguage("French")
        #expect(try session.help(of: "q1") == "Indice")
        #expect(session.errors().map(\.message) == ["Message"])
    }

    /// JavaRosa's labels and hints, in both languages, for every question that has one.
    @Test(arguments: ["English", "French"])
    func javaRosaShowsTheSameTexts(_ language: String) throws {
        guard let javaRosa = try XFormOracle.fill(Self.xform, answers: [], language: language) else { return }
        let session = FormSession(definition: try XFormReaderTests.form(Self.xform))
        try session.setLanguage(language)
        for (id, _, _) in Self.labels {
            #expect(try session.label(of: id) == javaRosa.labels["/data/" + id] ?? nil, "\(id)")
        }
        #expect(javaRosa.labels["/data/q5"] == .some(nil))
        #expect(try session.help(of: "q1") == javaRosa.hints["/data/q1"])
        #expect(try session.help(of: "q2") == javaRosa.hints["/data/q2"])
        let group = try #require(javaRosa.labels["/data/g"] ?? nil)
        #expect(group == (language == "English" ? "Long group" : "Groupe long"))
    }
}
