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

    /// `groups:`: each group's condition is read in the form, or with `in:` in each
    /// entry of a repeat (`$name` is the entry's answer).
    @Test func groupsAreCompiledWhereTheyAre() throws {
        let form = try FormDefinition(
            yaml: Self.form(
                "  { format: odk, root: data, groups: [{ path: g, visible: '$age > 1' }, "
                    + "{ path: p/q, in: people, visible: \"$name == 'x'\" }] }"))
        #expect(form.submission?.groups.map(\.path) == ["g", "p/q"])
        #expect(form.submission?.groups.map(\.repeatID) == [nil, "people"])
        let group = try #require(form.submission?.groups.last)
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
        ("  { format: odk, root: data, groups: [{ path: g, in: poeple }] }", "13:54: error: unknown field '$poeple'"),
        ("  { format: odk, root: data, groups: { people: g } }", "13:38: error: 'groups' must be a list"),
        (
            "  { format: odk, root: data, groups: [{ path: g, in: people, visible: '$nmae > 1' }] }",
            "13:72: error: unknown field '$nmae'"
        ),
        ("  { format: odk, root: data, groups: [{ path: g, visible: '$name > 1' }] }", "error: '$name' is a field of"),
        ("  { format: odk, root: data, groups: [{ path: 'a b' }] }", "error: 'path' must be an element"),
        ("  { format: odk, root: data, groups: [{ pth: g }] }", "error: unknown key 'pth'"),
    ])
    func mistakesAreReportedWhereTheyAre(_ submission: String, _ expected: String) throws {
        let error = #expect(throws: DiagnosticList.self) { try FormDefinition(yaml: Self.form(submission)) }
        #expect(error?.rendered.contains(expected) == true, "\(error?.rendered ?? "")")
    }
}
