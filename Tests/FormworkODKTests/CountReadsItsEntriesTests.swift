import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// A repeat whose `jr:count` reads, through other questions, the repeat's own entries:
/// JavaRosa opens it (it reads `jr:count` when the repeat is reached, not as a
/// calculation), so Formwork does, with a warning, and fills it as JavaRosa does.
@Suite("A count that reads its own entries")
struct CountReadsItsEntriesTests {
    /// "How many?" is asked only while the repeat has no entries.
    static let form = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
          xmlns:jr="http://openrosa.org/javarosa">
        <h:head><h:title>Count</h:title><model>
        <instance><data id="count"><n/><c/><rep jr:template=""><v/></rep></data></instance>
        <bind nodeset="/data/n" type="int" relevant="/data/c = 0"/>
        <bind nodeset="/data/c" type="int" calculate="count(/data/rep)"/>
        <bind nodeset="/data/rep/v" type="int"/>
        </model></h:head>
        <h:body>
          <input ref="/data/n"><label>How many?</label></input>
          <group ref="/data/rep"><label>R</label>
            <repeat nodeset="/data/rep" jr:count="/data/n"><input ref="/data/rep/v"><label>V</label></input></repeat>
          </group>
        </h:body></h:html>
        """

    @Test func itOpensWithAWarningAndFillsAsJavaRosaDoes() throws {
        let session = try SecondaryInstanceTests.xformSession(Self.form)
        #expect(
            session.definition.warnings.map(\.message).contains { $0.hasPrefix("the count of 'rep' reads its own") })
        try session.set("n", text: "2")
        try session.set("rep[1].v", text: "7")
        let ours = ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!)
        #expect(ours.components(separatedBy: "<rep>").count - 1 == 2)
        #expect(!ours.contains("<n>"))
        #expect(ours.contains("<c>2</c>"))
        guard let oracle = try XFormOracle.fill(Self.form, answers: [["/data/n", "2"], ["/data/rep[1]/v", "7"]])
        else { return }
        #expect(oracle.submission.components(separatedBy: "<rep>").count - 1 == 2, "\(oracle.submission)")
        #expect(oracle.submission.contains("<c>2</c>"))
        let verdict = ResponseValidator(definition: session.definition, formats: .odk).validate(
            Array(oracle.submission.utf8), path: "submission.xml")
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
    }
}
