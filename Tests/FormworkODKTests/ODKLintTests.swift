import Foundation
import Testing

@testable import Formwork

/// `FormLint` on ODK forms: findings at the workbook's cell or the XForm's bind, on
/// conditions written in XPath; and the corpus forms' findings, which are all true.
@Suite("Linting ODK forms")
struct ODKLintTests {
    static let today = LocalDate("2026-11-27")!

    static func workbook(survey: [[String]], choices: [[String]]? = nil) throws -> FormDefinition {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = try XLSFormBuilder.workbook(XLSFormBuilder.sheets(survey: survey, choices: choices, settings: nil))
        try Data(bytes).write(to: root.appendingPathComponent("form.xlsx"))
        return try FormDefinition.load(contentsOf: root.appendingPathComponent("form.xlsx"), formats: .odk)
    }

    @Test func anXLSFormsFindingsAreAtTheirCells() throws {
        let form = try Self.workbook(
            survey: [
                ["type", "name", "label", "relevant", "constraint", "choice_filter"],
                ["integer", "age", "Age", "", ". >= 0 and . <= 120", ""],
                ["text", "both", "Both", "${age} < 18 and ${age} > 65", "", ""],
                ["select_one yn", "smokes", "Smokes?", "", "", ""],
                ["integer", "packs", "Packs", "selected(${smokes}, 'yes') and ${smokes} = 'no'", "", ""],
                ["integer", "years", "Years", "", ". > 100 and . < 10", ""],
                ["text", "unsure", "Unsure", "${smokes} = 'maybe'", "", ""],
                ["select_one country", "country", "Country", "", "", ""],
                ["select_one city", "city", "City", "", "", "country = ${country}"],
            ],
            choices: [
                ["list_name", "name", "label", "country"], ["yn", "yes", "Yes", ""], ["yn", "no", "No", ""],
                ["country", "nl", "Netherlands", ""], ["country", "be", "Belgium", ""],
                ["city", "ams", "Amsterdam", "nl"], ["city", "rtm", "Rotterdam", "nl"],
            ])
        let findings = FormLint(form, today: Self.today).findings
        #expect(
            findings.map { "\($0.place) \($0.rule.rawValue) \($0.subject)" } == [
                "survey!D3 never-shown both", "survey!D5 never-shown packs", "survey!E6 rule-never-passes years",
                "survey!D7 never-shown unsure", "survey!F9 filter-leaves-no-option city",
            ])
        #expect(findings[3].evidence.last == "$smokes: empty, 'yes', 'no'")
        #expect(
            findings[4].message == "question 'city' (\"City\") is shown with no option to choose when $country = 'be'")
    }

    @Test func anXFormsFindingsAreAtItsBinds() throws {
        let xform = """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Lint</h:title>
                <model>
                  <instance><data id="lint"><age/><adult/><child/><meta><instanceID/></meta></data></instance>
                  <bind nodeset="/data/age" type="int"/>
                  <bind nodeset="/data/adult" type="string" relevant="/data/age &gt;= 18"/>
                  <bind nodeset="/data/child" type="string" relevant="/data/age &lt; 18 and /data/age &gt;= 18"/>
                  <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"
                    xmlns:jr="http://openrosa.org/javarosa"/>
                </model>
              </h:head>
              <h:body>
                <input ref="/data/age"><label>Age</label></input>
                <input ref="/data/adult"><label>Adult</label></input>
                <input ref="/data/child"><label>Child</label></input>
              </h:body>
            </h:html>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).xml")
        try Data(xform.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let findings = FormLint(try FormDefinition.load(contentsOf: file, formats: .odk), today: Self.today).findings
        #expect(findings.map { "\($0.place) \($0.rule.rawValue) \($0.subject)" } == ["9:7 never-shown child"])
        #expect(findings[0].evidence.last == "$age: empty, 17, 18, 19")
    }

    /// What lint finds in the corpus: cascades whose parents have answers with no
    /// child (bench9's countries 21 to 50 have no city; the level-3 lists of the
    /// field-list tests cover 'a1' and 'b1' alone). Nothing else: every other rule stays
    /// silent on these forms.
    @Test func theCorpusFindingsAreTheCascadesLeftEmpty() throws {
        let names = Corpus.odkForms()
        guard !names.isEmpty else { return }
        var found: [String] = []
        for name in names + ["xlsform/ifrc-distribution-site-assessment-v1.xlsx"] {
            let file = Corpus.root.appendingPathComponent(name)
            let form = try FormDefinition.load(contentsOf: file, formats: .odk)
            for finding in FormLint(form, today: Self.today).findings {
                found.append("\(file.lastPathComponent) \(finding.rule.rawValue) \(finding.subject)")
            }
        }
        #expect(
            found.sorted() == [
                "bench9.xml filter-leaves-no-option city", "bench9.xml filter-leaves-no-option city2",
                "bench9.xml filter-leaves-no-option city3", "bench9.xml filter-leaves-no-option city4",
                "fieldlist-updates.xml filter-leaves-no-option target7_1",
                "fieldlist-updates.xml filter-leaves-no-option target8_1",
                "likert_test.xml filter-leaves-no-option target1_1",
            ])
    }
}
