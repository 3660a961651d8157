import Foundation
import Testing

@testable import Formwork

/// `submission:`: where a form's fields sit in another engine's submission, checked
/// when the file loads.
@Suite("Submission layouts")
struct SubmissionLayoutTests {
    static func form(_ submission: String) -> String {
        """
        id: visit
        title: Visit
        sections:
          - id: main
            fields:
              - { id: age, kind: number, label: Age }
              - id: people
                label: Person
                repeat: true
                fields:
                  - { id: name, kind: text, label: Name }
        submission:
        \(submission)
        """
    }

    @Test func aLayoutLoads() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                "  { format: odk, root: data, id: visit_v2, version: \"7\", "
                    + "paths: { age: group-1/age, people: group-1/person } }"
            ))
        #expect(
            form.submission
                == SubmissionLayout(
                    root: "data", formID: "visit_v2", version: "7",
                    paths: ["age": "group-1/age", "people": "group-1/person"]))
    }

    /// `groups:` by a repeat's id: the groups in each entry, each condition read in
    /// the entry's scope (`$name` is the entry's answer).
    @Test func entryGroupsAreCompiledInTheEntry() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                "  { format: odk, root: data, groups: { main: g, people: [{ path: p/q, visible: \"$name == 'x'\" }] } }"
            ))
        #expect(form.submission?.groups == ["main": "g"])
        let group = try #require(form.submission?.entryGroups["people"]?.first)
        #expect(group.path == "p/q")
        let session = FormSession(definition: form)
        _ = try session.addEntry("people")
        try session.set("people[1].name", text: "x")
        #expect(session.evaluate(try #require(group.visible), inEntry: "people[1]") == .bool(true))
        #expect(session.evaluate(try #require(group.visible), inEntry: "people[2]") == nil)
    }

    @Test func theFormsIdIsTheDefault() throws {
        let form = try FormDefinition(yaml: Self.form("  { format: odk, root: data }"))
        #expect(form.submission?.formID == "visit")
    }

    @Test(arguments: [
        ("  { format: csv, root: data }", "13:13: error: 'format' must be 'odk' or 'surveyjs', not 'csv'"),
        ("  { format: odk, root: 2data }", "13:24: error: 'root' must be an XML element name, not '2data'"),
        ("  { format: odk, root: data, paths: { agee: a } }", "13:39: error: unknown field '$agee'"),
        ("  { format: odk, root: data, paths: { age: a//b } }", "13:44: error: 'age' must be an element path"),
        ("  { format: odk }", "error: submission needs 'root'"),
        ("  { format: odk, root: data, groups: { mian: g } }", "13:40: error: unknown field '$mian'"),
        ("  { format: odk, root: data, groups: { people: g } }", "13:48: error: 'people' must be a list"),
        (
            "  { format: odk, root: data, groups: { people: [{ path: g, visible: '$nmae > 1' }] } }",
            "13:70: error: unknown field '$nmae'"
        ),
        ("  { format: odk, root: data, groups: { people: [{ path: 'a b' }] } }", "error: 'path' must be an element"),
        ("  { format: odk, root: data, groups: { people: [{ pth: g }] } }", "error: unknown key 'pth'"),
    ])
    func mistakesAreReportedWhereTheyAre(_ submission: String, _ expected: String) throws {
        let error = #expect(throws: DiagnosticList.self) { try FormDefinition(yaml: Self.form(submission)) }
        #expect(error?.rendered.contains(expected) == true, "\(error?.rendered ?? "")")
    }
}
