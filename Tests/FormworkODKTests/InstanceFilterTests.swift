import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Filters on a secondary instance's rows beyond `column = value` — comparisons,
/// `or`, `not()`, functions of the row's columns, `position()` in a condition — and
/// `sum()`, `max()`, `min()` of an instance's column or of a text calculation in each
/// entry, each against what JavaRosa computes for the same form (its values written
/// here as the oracle gave them, and compared with the oracle again where it runs).
@Suite("Filters on secondary instances")
struct InstanceFilterTests {
    /// Each expression, and what JavaRosa computes for it with `r[1]/n = 3`, `r[2]/n`
    /// empty and `q = y` (`../shared/oracles/javarosa/run.sh fill`).
    static let cases: [(expression: String, value: String)] = [
        ("sum(/data/r/n)", "3"),
        ("sum(/data/r/c)", "3"),
        ("max(/data/r/c)", "3"),
        ("sum(instance('L')/root/item/pop)", "60"),
        ("sum(instance('L')/root/item[d='x']/pop)", "10"),
        ("sum(instance('L')/root/item[pop != '' and pop != 'z']/pop)", "60"),
        ("max(instance('L')/root/item/pop)", "30"),
        ("min(instance('L')/root/item[pop != '']/pop)", "10"),
        ("count(instance('L')/root/item[pop > 5])", "3"),
        ("instance('L')/root/item[pop > 25]/name", "e"),
        ("instance('L')/root/item[contains(name, 'c') or pop = 10][2]/name", ""),
        ("instance('L')/root/item[contains(name, 'c') or pop = 10][position()=2]/name", "c"),
        ("count(instance('L')/root/item[d = /data/q])", "3"),
        ("instance('L')/root/item[d = /data/q and pop > 25]/name", "e"),
        ("instance('L')/root/item[starts-with(d, 'y')][position() = 2]/name", "d"),
        ("instance('L')/root/item[position() > 4]/name", "e"),
        ("join(',', instance('L')/root/item[pop != 10]/name)", "b,c,d,e"),
        ("instance('L')/root/item[d != 'y' and pop = 10]/name", "a"),
        ("count(instance('L')/root/item[not(d = 'x')])", "3"),
        ("instance('L')/root/item[pop >= 20 and pop &lt;= 25]/name", "b"),
        ("instance('L')/root/item[selected('b z', name)]/pop", "20"),
        ("join(' ', instance('L')/root/item[string-length(pop) = 0]/name)", "c"),
        ("count(instance('L')/root/item[pop != 10])", "4"),
        ("count(instance('L')/root/item[pop &lt; 15])", "1"),
        ("instance('L')/root/item[name = instance('L')/root/item[pop = 30]/name]/d", "y"),
    ]

    static var form: String { form(cases) }

    /// An XForm with a calculation of type string for each expression (`/data/eN`),
    /// a repeat `r` of numbers `n` (each copied as text into `c`), a text `q`, and
    /// the instance `L`: rows of `name`, `pop` and `d`.
    static func form(_ cases: [(expression: String, value: String)]) -> String {
        let nodes = cases.indices.map { "<e\($0)/>" }.joined()
        let binds = cases.enumerated().map { index, item in
            let escaped = item.expression.replacingOccurrences(of: "'", with: "&apos;")
            return "<bind nodeset=\"/data/e\(index)\" type=\"string\" calculate=\"\(escaped)\"/>"
        }.joined(separator: "\n")
        let rows = [("a", "10", "x"), ("b", "20", "y"), ("c", "", "x"), ("d", "z", "y"), ("e", "30", "y")]
            .map { "<item><name>\($0.0)</name><pop>\($0.1)</pop><d>\($0.2)</d></item>" }.joined()
        return """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
              xmlns:jr="http://openrosa.org/javarosa">
            <h:head><h:title>Filters</h:title><model>
            <instance><data id="filters"><r jr:template=""><n/><c/></r><q/>\(nodes)</data></instance>
            <instance id="L"><root>\(rows)</root></instance>
            <bind nodeset="/data/r/n" type="int"/>
            <bind nodeset="/data/r/c" type="string" calculate="../n"/>
            <bind nodeset="/data/q" type="string"/>
            \(binds)
            </model></h:head>
            <h:body>
              <repeat nodeset="/data/r"><input ref="/data/r/n"><label>N</label></input></repeat>
              <input ref="/data/q"><label>Q</label></input>
            </h:body></h:html>
            """
    }

    @Test func everyFilterComputesWhatJavaRosaComputes() throws {
        let session = try SecondaryInstanceTests.xformSession(Self.form)
        _ = try session.addEntry("r")
        _ = try session.addEntry("r")
        try session.set("r[1].n", text: "3")
        try session.set("q", text: "y")
        let names = Self.cases.indices.map { "e\($0)" }
        let ours = SecondaryInstanceTests.elements(
            ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!), names)
        for (index, item) in Self.cases.enumerated() {
            #expect(ours["e\(index)"] == item.value, "\(item.expression)")
        }
        let answers = [["/data/r[1]/n", "3"], ["/data/r[2]/n", ""], ["/data/q", "y"]]
        guard let oracle = try XFormOracle.fill(Self.form, answers: answers) else { return }
        let theirs = SecondaryInstanceTests.elements(oracle.submission, names)
        for (index, item) in Self.cases.enumerated() {
            #expect(theirs["e\(index)"] == item.value, "JavaRosa: \(item.expression)")
        }
    }

    @Test func whatJavaRosaRefusesIsRefusedWithItsReason() throws {
        for (expression, reason) in [
            ("count-non-empty(instance('L')/root/item/pop)", "JavaRosa fails on it when the form loads"),
            ("instance('L')/root/item[position() = 1][d = 'x']/name", "a filter after a position"),
            ("instance('L')/root/item[d = 'x'][position() > 1]/name", "position() in a filter after another filter"),
        ] {
            let xml = Self.form.replacingOccurrences(
                of: "calculate=\"sum(/data/r/n)\"", with: "calculate=\"\(expression)\"")
            #expect {
                _ = try SecondaryInstanceTests.xformSession(xml)
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
