import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Filters on a repeat's entries in the form's own instance — `count(/data/rep[v > 2])`,
/// `count(/data/rep/v[. != ''])`, `position()` in them — and relative paths that climb
/// out of an entry (`count(../../rep)`), read as JavaRosa reads them: a path pinned to
/// the entry the expression is in, except at a step with a filter, and except where a
/// relative path climbs above the entry. Each value is JavaRosa's (`run.sh fill`),
/// compared with the oracle again where it runs.
@Suite("Filters on a repeat's entries")
struct RepeatFilterTests {
    static let inEntry = [
        "count(/data/rep/v[. > 2])", "count(/data/rep[v > 2])", "count(/data/rep[position() = 2]/v)",
        "count(../../rep)",
    ]
    static let outside = [
        "count(/data/rep[v > 2])", "count(/data/rep/v[. != ''])", "count(/data/rep[position() > 1])",
        "count(/data/rep[v > 2 and position() = 1])", "count(/data/rep[not(v = 5) or v = '']) * 10",
        "count(/data/rep/y1[. = 1])",
    ]
    /// With v = 5, 1, (empty), 7 in four entries.
    static let expected: [String: [String]] = [
        "y1": ["1", "0", "0", "1"], "y2": ["2", "2", "2", "2"], "y3": ["1", "1", "1", "1"], "y4": ["4", "4", "4", "4"],
        "s1": ["2"], "s2": ["3"], "s3": ["3"], "s4": ["1"], "s5": ["30"], "s6": ["2"],
    ]

    static var form: String {
        func escaped(_ xpath: String) -> String {
            xpath.replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&apos;")
        }
        let entryBinds = inEntry.enumerated().map { index, xpath in
            "<bind nodeset=\"/data/rep/y\(index + 1)\" type=\"int\" calculate=\"\(escaped(xpath))\"/>"
        }
        let formBinds = outside.enumerated().map { index, xpath in
            "<bind nodeset=\"/data/s\(index + 1)\" type=\"int\" calculate=\"\(escaped(xpath))\"/>"
        }
        return """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
              xmlns:jr="http://openrosa.org/javarosa">
            <h:head><h:title>Filters</h:title><model>
            <instance><data id="pf"><rep jr:template=""><v/><y1/><y2/><y3/><y4/></rep>
              <s1/><s2/><s3/><s4/><s5/><s6/></data></instance>
            <bind nodeset="/data/rep/v" type="int"/>
            \((entryBinds + formBinds).joined(separator: "\n"))
            </model></h:head><h:body>
            <group ref="/data/rep"><label>R</label>
              <repeat nodeset="/data/rep"><input ref="/data/rep/v"><label>v</label></input></repeat>
            </group></h:body></h:html>
            """
    }

    /// Each element's values, in document order (`<name/>` is `""`).
    static func values(_ submission: String) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for name in expected.keys {
            var found: [String] = []
            var rest = Substring(submission)
            while let open = rest.range(of: "<\(name)") {
                rest = rest[open.upperBound...]
                guard let end = rest.firstIndex(of: ">") else { break }
                let selfClosing = rest[..<end].hasSuffix("/")
                rest = rest[rest.index(after: end)...]
                if selfClosing {
                    found.append("")
                } else if let close = rest.range(of: "</\(name)>") {
                    found.append(String(rest[..<close.lowerBound]))
                    rest = rest[close.upperBound...]
                }
            }
            values[name] = found
        }
        return values
    }

    @Test func countsOfFilteredEntriesAreJavaRosas() throws {
        let session = try SecondaryInstanceTests.xformSession(Self.form)
        for (index, value) in ["5", "1", "", "7"].enumerated() {
            _ = try session.addEntry("rep")
            if !value.isEmpty { try session.set("rep[\(index + 1)].v", text: value) }
        }
        let ours = Self.values(ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!))
        #expect(ours == Self.expected)
        let answers = ["5", "1", "", "7"].enumerated().map { ["/data/rep[\($0.offset + 1)]/v", $0.element] }
        guard let oracle = try XFormOracle.fill(Self.form, answers: answers) else { return }
        #expect(Self.values(oracle.submission) == Self.expected, "\(oracle.submission)")
    }
}
