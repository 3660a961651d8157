import Foundation
import Testing

@testable import Formwork

/// `repeat: { start: N }`: a group begins with N entries (SurveyJS's `panelCount`
/// and `rowCount`); the person may remove those above `min`, and a draft brings back
/// exactly the entries there were.
@Suite("Repeats that start with entries")
struct RepeatStartTests {
    static func form(_ options: String) -> String {
        """
        id: f
        title: F
        sections:
          - id: s
            fields:
              - id: items
                label: Items
                repeat: \(options)
                fields:
                  - { id: name, kind: text, label: Name }
                  - id: parts
                    label: Parts
                    repeat: { start: 1 }
                    fields: [{ id: part, kind: text, label: Part }]
        """
    }

    static func session(_ options: String = "{ min: 1, start: 3, max: 5 }") throws -> FormSession {
        FormSession(definition: try FormDefinition(yaml: form(options)))
    }

    @Test func aGroupBeginsWithItsStartEntriesAndEachNewEntryWithItsOwn() throws {
        let session = try Self.session()
        #expect(try session.entries(of: "items") == ["items[1]", "items[2]", "items[3]"])
        #expect(try session.entries(of: "items[2].parts") == ["items[2].parts[1]"])
        let added = try session.addEntry("items")
        #expect(try session.entries(of: "\(added).parts").count == 1)
        #expect(session.definition.repeats[0].start == 3)
    }

    @Test func entriesAboveTheMinimumCanBeRemovedAndNotBelowIt() throws {
        let session = try Self.session()
        try session.removeEntry("items[3]")
        try session.removeEntry("items[2]")
        #expect(throws: SessionError.self) { try session.removeEntry("items[1]") }
        #expect(try session.entries(of: "items") == ["items[1]"])
    }

    @Test func aDraftBringsBackTheEntriesThereWere() throws {
        let original = try Self.session()
        try original.set("items[1].name", to: .string("first"), origin: .person)
        try original.set("items[3].name", to: .string("third"), origin: .person)
        try original.removeEntry("items[2]")
        try original.removeEntry("items[2].parts[1]")
        let text = FormDraft(session: original, formPath: "/forms/f.yaml", fingerprint: "fnv1a64:0000000000000001")
            .json()
        let resumed = try Self.session()
        let report = resumed.resume(from: try FormDraft(bytes: Array(text.utf8), path: "draft.json"))
        #expect(report.dropped.isEmpty, "\(report.dropped)")
        #expect(try resumed.entries(of: "items") == ["items[1]", "items[2]"])
        #expect(resumed.value(of: "items[1].name") == .string("first"))
        #expect(resumed.value(of: "items[2].name") == .string("third"))
        #expect(try resumed.entries(of: "items[1].parts") == ["items[1].parts[1]"])
        #expect(try resumed.entries(of: "items[2].parts") == [])
    }

    @Test func valuesGiveTheEntriesTheyList() throws {
        let session = try Self.session()
        try session.loadValues(bytes: Array(#"{"items": [{"name": "only"}]}"#.utf8), isJSON: true)
        #expect(try session.entries(of: "items") == ["items[1]"])
    }

    @Test(arguments: [
        ("{ min: 2, start: 1 }", "error: 'min' (2) is greater than 'start' (1)"),
        ("{ start: 4, max: 3 }", "error: 'start' (4) is greater than 'max' (3)"),
        ("{ start: 2, count: 3 }", "error: 'start' cannot be given with 'count': the count decides"),
        ("{ start: -1 }", "'start' must be"),
        ("{ start: 1.5 }", "error: 'start' must be a whole number, not 1.5"),
        ("{ start: 1e9 }", "repeats are limited to 10000"),
    ])
    func badStartsAreClearErrors(options: String, expected: String) {
        let rendered = Fixtures.diagnostics(yaml: Self.form(options))
        #expect(rendered.contains(expected), "\(rendered)")
        #expect(rendered.hasPrefix("form.yaml:8:"), "\(rendered)")
    }
}
