import Formwork
import FormworkScenarios
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The reports: text for people; JUnit XML, TAP and JSON Lines read back as tools read them.
@Suite("Test reports")
struct FormTestReportTests {
    static func outcomes() throws -> [FormTestFileOutcome] {
        let runner = try FormTestRunner(
            FormTestFile(
                bytes: Array(
                    """
                    form: household-survey.yaml
                    cases:
                      - name: passes
                        steps:
                          - expect: { visible: [address] }
                      - name: "fails <&> \\"quoted\\" # hash"
                        steps:
                          - set: { dwellingType: house }
                          - expect: { visible: [dwellingOther] }
                    """.utf8), path: "t.test.yaml", folder: FormTestRunTests.forms))
        return [
            FormTestFileOutcome(path: "t.test.yaml", results: runner.runAll()),
            FormTestFileOutcome(path: "broken.test.yaml", error: "broken.test.yaml:1:1: error: the form is missing"),
        ]
    }

    @Test func textHasALinePerCaseTheFailureAndItsReason() throws {
        let text = FormTestReport.text(try Self.outcomes())
        #expect(text.contains("ok   t.test.yaml:3:5: passes"))
        #expect(text.contains("FAIL t.test.yaml:6:5: fails <&> \"quoted\" # hash"))
        #expect(text.contains("     t.test.yaml:9:29: dwellingOther is hidden, expected shown"))
        #expect(text.contains("     why: dwellingOther is hidden because its condition is false:"))
        #expect(text.hasSuffix("2 cases: 1 passed, 1 failed; 1 file could not run"))
    }

    /// Checks a JUnit report against Jenkins' schema (junit-10.xsd, with xmlschema) and
    /// reads it back with junitparser, as a CI tool would; `make deps` installs both.
    static let junitCheck = """
        import json, sys, junitparser, xmlschema
        xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])
        report = junitparser.JUnitXml.fromfile(sys.argv[2])
        print(json.dumps([{"name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
            "cases": [[case.name, [type(result).__name__ for result in case.result]] for case in suite]}
            for suite in report]))
        """

    @Test func junitMatchesTheSchemaCIToolsAcceptAndReadsBackWithAJUnitParser() throws {
        let package = FormTestReadingTests.package
        let schema = package.appendingPathComponent(".build/junit-schema/junit-10.xsd").path
        let python = package.appendingPathComponent(".build/pyxform/bin/python").path
        guard FileManager.default.fileExists(atPath: schema), FileManager.default.isExecutableFile(atPath: python)
        else {
            print("skipped: the JUnit schema or junitparser is not installed (make deps installs them)")
            return
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: report) }
        try Data(FormTestReport.junit(try Self.outcomes()).utf8).write(to: report)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.junitCheck, schema, report.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the report does not match junit-10.xsd: \(complaint)")
        let suites = try #require(try JSONSerialization.jsonObject(with: printed) as? [[String: Any]])
        #expect(suites.map { $0["name"] as? String } == ["t.test.yaml", "broken.test.yaml"])
        #expect(suites.map { $0["tests"] as? Int } == [2, 1])
        #expect(suites.map { $0["failures"] as? Int } == [1, 0])
        #expect(suites.map { $0["errors"] as? Int } == [0, 1])
        let cases = suites.flatMap { ($0["cases"] as? [[Any]]) ?? [] }
        #expect(cases.map { $0[0] as? String } == ["passes", "fails <&> \"quoted\" # hash", "broken.test.yaml"])
        #expect(cases.map { $0[1] as? [String] } == [[], ["Failure"], ["Error"]])
    }

    @Test func junitIsWellFormedWithASuitePerFileAndACasePerCase() throws {
        let xml = FormTestReport.junit(try Self.outcomes())
        let reader = JUnitReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.elements.first?.name == "testsuites")
        #expect(reader.elements.first?.attributes["tests"] == "3")
        #expect(reader.elements.first?.attributes["failures"] == "1")
        #expect(reader.elements.first?.attributes["errors"] == "1")
        let suites = reader.elements.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == ["t.test.yaml", "broken.test.yaml"])
        let cases = reader.elements.filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["passes", "fails <&> \"quoted\" # hash", "broken.test.yaml"])
        let failure = try #require(reader.elements.first { $0.name == "failure" })
        #expect(failure.attributes["message"] == "dwellingOther is hidden, expected shown")
        #expect(failure.text.contains("visible: $dwellingType == 'other'"))
        #expect(
            reader.elements.contains { $0.name == "error" && $0.attributes["message"]?.contains("missing") == true })
    }

    @Test func tapHasAPlanAndAnOkOrNotOkPerCase() throws {
        let lines = FormTestReport.tap(try Self.outcomes()).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["TAP version 14", "1..2", "ok 1 - passes"])
        #expect(lines.contains("not ok 2 - fails <&> \"quoted\" \\# hash"))
        #expect(lines.contains("      message: \"dwellingOther is hidden, expected shown\""))
        #expect(lines.last == "Bail out! broken.test.yaml:1:1: error: the form is missing")
    }

    @Test func jsonLinesAreOneObjectPerCase() throws {
        let lines = FormTestReport.jsonLines(try Self.outcomes()).split(separator: "\n")
        #expect(lines.count == 3)
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects[0]["passed"] as? Bool == true)
        #expect(objects[1]["passed"] as? Bool == false)
        let failures = try #require(objects[1]["failures"] as? [[String: Any]])
        #expect(failures.first?["line"] as? Int == 9)
        #expect((failures.first?["why"] as? [String])?.count == 3)
        #expect(objects[2]["error"] as? String == "broken.test.yaml:1:1: error: the form is missing")
    }
}

/// Every element of a document, with its attributes and text.
private final class JUnitReader: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        _ = open.popLast()
    }
}
