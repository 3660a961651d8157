import Foundation
import Testing

@testable import Formwork

/// `submission:`: where a form's fields sit in another engine's submission, checked
/// when the file loads by the rules of the answer format it names — here a format of
/// the test's own, registered as a module registers ODK's or SurveyJS's.
@Suite("Submission layouts")
struct SubmissionLayoutTests {
    /// An answer format with a root element and element paths (as ODK's instance).
    struct InstanceFormat: AnswerFormat {
        var name: String { "instance" }
        var summary: String { "an XML instance" }
        var fileExtension: String { "xml" }
        var layoutRules: SubmissionLayout.Rules {
            SubmissionLayout.Rules(hasRootElement: true, paths: .elements, defaultInstanceID: "meta/instanceID")
        }
        func recognizes(_ bytes: [UInt8], path: String?) -> Bool { Self.startsWith([UInt8(ascii: "<")], in: bytes) }
        func write(_ session: FormSession, options: AnswerWriting) -> String { "<data/>\n" }
    }

    /// An answer format of nested data keys (as SurveyJS's data).
    struct DataFormat: AnswerFormat {
        var name: String { "data" }
        var summary: String { "nested data" }
        var fileExtension: String { "json" }
        func recognizes(_ bytes: [UInt8], path: String?) -> Bool { false }
        func write(_ session: FormSession, options: AnswerWriting) -> String { "{}\n" }
    }

    static let formats = FormatRegistry(answerFormats: [InstanceFormat(), DataFormat()])

    static func load(_ submission: String, formats: FormatRegistry = formats) throws -> FormDefinition {
        try FormDefinition(yaml: form(submission), formats: formats)
    }

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
        let form = try Self.load(
            "  { format: instance, root: data, id: visit_v2, version: \"7\", "
                + "paths: { age: group-1/age, people: group-1/person } }")
        #expect(
            form.submission
                == SubmissionLayout(
                    format: InstanceFormat(), root: "data", formID: "visit_v2", version: "7",
                    paths: ["age": "group-1/age", "people": "group-1/person"], instanceID: "meta/instanceID"))
        #expect(form.answerFormat is InstanceFormat)
    }

    /// A format's rules decide what its layout needs: data keys take any step but an
    /// empty one, `''` leaves a value out, and no root element is asked for.
    @Test func eachFormatsRulesApply() throws {
        let form = try Self.load("  { format: data, paths: { age: 'a b/c.d', people: '' }, hidden: kept }")
        #expect(form.submission?.paths == ["age": "a b/c.d", "people": ""])
        #expect(form.submission?.root == "" && form.submission?.instanceID == nil)
        #expect(form.submission?.hiddenAnswers == .kept)
        let error = #expect(throws: DiagnosticList.self) { try Self.load("  { format: data, paths: { age: a//b } }") }
        #expect(error?.rendered.contains("'age' must be a data path (matrix/row/column), not 'a//b'") == true)
        let kept = try Self.load("  { format: data, kept: [age] }")
        #expect(kept.submission?.keptWhenHidden == ["age"] && kept.submission?.hiddenAnswers == .cleared)
        let unknown = #expect(throws: DiagnosticList.self) { try Self.load("  { format: data, kept: [agee] }") }
        #expect(unknown?.rendered.contains("error: the form has no field 'agee'") == true)
        let dropped = try Self.load("  { format: data, hidden: kept, dropped: [age] }")
        let always: (CompiledExpression) -> Value = { _ in .bool(true) }
        #expect(dropped.submission?.drops("age", evaluate: always) == true)
        #expect(dropped.submission?.drops("name", evaluate: always) == false)
        let notKept = try Self.load("  { format: data, dropped: [age] }")
        #expect(notKept.submission?.drops("age", evaluate: always) == false)
        let conditional = try Self.load("  { format: data, hidden: kept, dropped: [{ id: age, while: '$age > 3' }] }")
        #expect(conditional.submission?.droppedWhile["age"]?.source == "$age > 3")
        #expect(conditional.submission?.drops("age", evaluate: { _ in .bool(false) }) == false)
        let wrong = #expect(throws: DiagnosticList.self) { try Self.load("  { format: data, dropped: age }") }
        #expect(wrong?.rendered.contains("a list of field ids") == true)
    }

    /// `groups:`: each group's condition is read in the form, or with `in:` in each
    /// entry of a repeat (`$name` is the entry's answer).
    @Test func groupsAreCompiledWhereTheyAre() throws {
        let form = try Self.load(
            "  { format: instance, root: data, groups: [{ path: g, visible: '$age > 1' }, "
                + "{ path: p/q, in: people, visible: \"$name == 'x'\" }] }")
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
        let form = try Self.load("  { format: instance, root: data }")
        #expect(form.submission?.formID == "visit")
    }

    /// A format no module registered is an error at its name, with the names that are,
    /// or, where none is, how to register them.
    @Test func anUnregisteredFormatIsNamed() throws {
        let misspelt = #expect(throws: DiagnosticList.self) { try Self.load("  { format: instanse, root: data }") }
        #expect(misspelt?.rendered.contains("13:13: error: unknown answer format 'instanse'") == true)
        #expect(misspelt?.rendered.contains("did you mean 'instance'?") == true)
        let other = #expect(throws: DiagnosticList.self) { try Self.load("  { format: csv }") }
        #expect(other?.rendered.contains("the formats registered are 'instance', 'data'") == true)
        let none = #expect(throws: DiagnosticList.self) { try Self.load("  { format: instance }", formats: .formwork) }
        #expect(none?.rendered.contains("no answer format is registered") == true)
    }

    @Test(arguments: [
        ("  { format: instance, root: 2data }", "13:29: error: 'root' must be an XML element name, not '2data'"),
        ("  { format: instance, root: data, paths: { agee: a } }", "13:44: error: unknown field '$agee'"),
        ("  { format: instance, root: data, paths: { age: a//b } }", "13:49: error: 'age' must be an element path"),
        ("  { format: instance }", "error: submission needs 'root'"),
        (
            "  { format: instance, root: data, groups: [{ path: g, in: poeple }] }",
            "13:59: error: unknown field '$poeple'"
        ),
        ("  { format: instance, root: data, groups: { people: g } }", "13:43: error: 'groups' must be a list"),
        (
            "  { format: instance, root: data, groups: [{ path: g, in: people, visible: '$nmae > 1' }] }",
            "13:77: error: unknown field '$nmae'"
        ),
        (
            "  { format: instance, root: data, groups: [{ path: g, visible: '$name > 1' }] }",
            "error: '$name' is a field of"
        ),
        ("  { format: instance, root: data, groups: [{ path: 'a b' }] }", "error: 'path' must be an element"),
        ("  { format: instance, root: data, groups: [{ pth: g }] }", "error: unknown key 'pth'"),
    ])
    func mistakesAreReportedWhereTheyAre(_ submission: String, _ expected: String) throws {
        let error = #expect(throws: DiagnosticList.self) { try Self.load(submission) }
        #expect(error?.rendered.contains(expected) == true, "\(error?.rendered ?? "")")
    }
}
