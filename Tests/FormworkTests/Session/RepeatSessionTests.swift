import FormworkTesting
import Foundation
import Testing

@testable import Formwork
@testable import FormworkCore

/// Repeats in a session: entries added, removed and moved by path, evaluated per
/// entry, followed by counts, undone, and shown as sections of the data source.
@Suite("Repeats in a session")
struct RepeatSessionTests {
    static func session() throws -> FormSession {
        try FormSession(
            definition: try FormDefinition(yaml: RepeatDefinitionTests.household), today: LocalDate("2026-11-23")!)
    }

    @Test func entriesAreNamedByPath() throws {
        let session = try Self.session()
        #expect(try session.entries(of: "members") == ["members[1]"])  // min: 1
        #expect(try session.addEntry("members") == "members[2]")
        try session.set("members[1].name", text: "Ada")
        try session.set("members[2].name", text: "Bob")
        try session.set("members[2].age", text: "7")
        #expect(session.value(of: "members[1].name") == "Ada")
        #expect(session.value(of: "members[2].age") == 7)
        #expect(try session.addEntry("members[2].visits") == "members[2].visits[1]")
        try session.set("members[2].visits[1].date", text: "2026-01-05")
        #expect(session.value(of: "members[2].visits[1].date") == .date(LocalDate("2026-01-05")!))

        #expect(throws: SessionError.fieldInEntries(field: "age", example: "members[1].age")) {
            try session.set("age", text: "3")
        }
        #expect(throws: SessionError.noEntry(path: "members[3]", count: 2)) {
            try session.set("members[3].age", text: "3")
        }
        #expect(throws: SessionError.notARepeat("surname")) { try session.addEntry("surname") }
        #expect(throws: SessionError.notAnEntry("members")) { try session.removeEntry("members") }
        #expect(throws: SessionError.self) { try session.set("members[x].age", text: "3") }
        // A rejected value is named by its path and changes nothing.
        #expect(throws: SessionError.self) { try session.set("members[2].age", text: "old") }
        do throws(SessionError) {
            try session.set("members[2].age", text: "old")
        } catch {
            #expect(error.description == "members[2].age 'old' is not a number")
        }
        #expect(session.value(of: "members[2].age") == 7)
    }

    @Test func eachEntryReadsItsOwnFieldsAndTheForm() throws {
        let session = try Self.session()
        try session.addEntry("members")
        try session.set("members[1].age", text: "40")
        try session.set("members[2].age", text: "9")
        // school: $age < 18 and $surname != null
        #expect(!session.isVisible("members[2].school"))
        try session.set("surname", text: "Lovelace")
        #expect(session.isVisible("members[2].school"))
        #expect(!session.isVisible("members[1].school"))
        // Aggregates read every entry.
        #expect(session.value(of: "adults") == 1)
        #expect(session.value(of: "totalAge") == 49)
        #expect(session.value(of: "anyVisit") == false)
        try session.addEntry("members[1].visits")
        #expect(session.value(of: "anyVisit") == true)
        // index() is the entry's position: the second visit of a member over 60 asks "again".
        try session.set("members[1].age", text: "70")
        try session.addEntry("members[1].visits")
        #expect(!session.isVisible("members[1].visits[1].again"))
        #expect(session.isVisible("members[1].visits[2].again"))
        try session.moveEntry("members[1].visits[2]", to: 1)
        #expect(session.isVisible("members[1].visits[2].again"))  // the one now second
        #expect(!session.isVisible("members[1].visits[1].again"))
    }

    @Test func minMaxAndCountAreEnforced() throws {
        let session = try Self.session()
        #expect(throws: SessionError.tooFewEntries(group: "members", minimum: 1)) {
            try session.removeEntry("members[1]")
        }
        for _ in 0..<5 { try session.addEntry("members") }
        #expect(throws: SessionError.tooManyEntries(group: "members", maximum: 6)) { try session.addEntry("members") }
        #expect(throws: SessionError.entriesFollowCount(group: "kids", count: "$children")) {
            try session.addEntry("kids")
        }
        try session.set("children", text: "3")
        #expect(try session.entries(of: "kids") == ["kids[1]", "kids[2]", "kids[3]"])
        #expect(throws: SessionError.entriesFollowCount(group: "kids", count: "$children")) {
            try session.removeEntry("kids[1]")
        }
    }

    @Test func aDroppingCountRemovesEntriesReportsThoseWithAnswersAndUndoPutsThemBack() throws {
        let session = try Self.session()
        try session.set("children", text: "3")
        try session.set("kids[2].kidName", text: "Cy")
        try session.set("children", text: "2")
        #expect(session.removedByCount.isEmpty)  // kids[3] held nothing
        try session.set("children", text: "0")
        #expect(session.removedByCount.map { $0.path } == ["kids[2]"])
        #expect(try session.entries(of: "kids").isEmpty)
        session.undo()
        #expect(try session.entries(of: "kids") == ["kids[1]", "kids[2]"])
        #expect(session.value(of: "kids[2].kidName") == "Cy")
        session.redo()
        #expect(try session.entries(of: "kids").isEmpty)
    }

    @Test func aCountIsBoundedByMaxAndNeverNegative() throws {
        let definition = try FormDefinition(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - { id: n, kind: number, label: N }
                      - id: items
                        label: Items
                        repeat: { count: "$n * 1000000", max: 4 }
                        fields: [{ id: a, kind: text, label: A }]
                """)
        let session = FormSession(definition: definition)
        try session.set("n", text: "99999999")
        #expect(try session.entries(of: "items").count == 4)
        #expect(session.validate().map(\.message) == ["can have at most 4 entries"])
        try session.set("n", text: "-3")
        #expect(try session.entries(of: "items").isEmpty)
        try session.clear("n")
        #expect(try session.entries(of: "items").isEmpty)
    }

    @Test func undoAndRedoCoverAddRemoveAndMove() throws {
        let session = try Self.session()
        try session.set("members[1].name", text: "Ada")
        try session.addEntry("members")
        try session.set("members[2].name", text: "Bob")
        try session.addEntry("members")
        try session.set("members[3].name", text: "Cy")
        try session.moveEntry("members[3]", to: 1)
        #expect(names(session) == ["Cy", "Ada", "Bob"])
        session.undo()
        #expect(names(session) == ["Ada", "Bob", "Cy"])
        session.redo()
        #expect(names(session) == ["Cy", "Ada", "Bob"])
        try session.removeEntry("members[2]")
        #expect(names(session) == ["Cy", "Bob"])
        session.undo()
        #expect(names(session) == ["Cy", "Ada", "Bob"])
        session.undo()  // the move
        session.undo()  // Cy's name
        session.undo()  // the third entry
        #expect(names(session) == ["Ada", "Bob"])
        session.redo()
        #expect(names(session) == ["Ada", "Bob", ""])
    }

    func names(_ session: FormSession) -> [String] {
        (try? session.entries(of: "members"))?.map { session.value(of: $0 + ".name").plainText } ?? []
    }

    @Test func answersNestEntriesAsArraysOfObjects() throws {
        let session = try Self.session()
        try session.set("surname", text: "Lovelace")
        try session.set("members[1].name", text: "Ada")
        try session.set("members[1].age", text: "36")
        try session.addEntry("members[1].visits")
        try session.set("members[1].visits[1].date", text: "2026-02-01")
        try session.addEntry("members")
        try session.set("children", text: "1")
        #expect(
            session.answersJSON(pretty: false)
                == #"{"surname":"Lovelace","children":1,"#
                + #""members":[{"name":"Ada","age":36,"visits":[{"date":"2026-02-01"}]},{}],"#
                + #""kids":[{}],"adults":1,"totalAge":36,"anyVisit":true}"#)
        #expect(session.answers().first { $0.id == "members" }?.value == nil)
        // A hidden field's answer is left out, and comes back when shown.
        try session.set("members[2].age", text: "12")
        try session.set("members[2].school", text: "Elm")
        #expect(session.answersJSON(pretty: false).contains(#""school":"Elm""#))
        try session.set("members[2].age", text: "30")
        #expect(!session.answersJSON(pretty: false).contains("school"))
        #expect(session.storedValues().description.contains("Elm"))
    }

    @Test func aValuesFileSetsEntriesAndIsAllOrNothing() throws {
        let session = try Self.session()
        try session.loadValues(
            bytes: Array(
                """
                surname: Lovelace
                members:
                  - { name: Ada, age: 36, visits: [{ date: 2026-02-01 }, {}] }
                  - { name: Bob }
                children: 1
                kids: [{ kidName: Cy }]
                """.utf8), isJSON: false)
        #expect(try session.entries(of: "members") == ["members[1]", "members[2]"])
        #expect(try session.entries(of: "members[1].visits").count == 2)
        #expect(session.value(of: "kids[1].kidName") == "Cy")
        session.undo()  // one step
        #expect(session.value(of: "surname") == .null)
        #expect(try session.entries(of: "members") == ["members[1]"])

        let bad = """
            surname: Lovelace
            members:
              - { name: Ada, age: old }
              - { nmae: Bob }
            kids: [{}, {}]
            """
        do throws(DiagnosticList) {
            try session.loadValues(bytes: Array(bad.utf8), isJSON: false, path: "v.yaml")
            Issue.record("loaded")
        } catch {
            let rendered = error.rendered
            #expect(
                rendered.contains("v.yaml:3:23: error: invalid value for 'members[1].age': 'old' is not a number"),
                "\(rendered)")
            #expect(rendered.contains("members[1].age"), "\(rendered)")
            #expect(rendered.contains("v.yaml:4:7: error: "), "\(rendered)")
            #expect(rendered.contains("members[2].name"), "\(rendered)")  // the suggestion
            #expect(rendered.contains("v.yaml:5:7: error: 2 entries for 'kids', which has 0 now"), "\(rendered)")
        }
        #expect(session.value(of: "surname") == .null)  // nothing changed
        #expect(try session.entries(of: "members") == ["members[1]"])
        #expect(!session.canRedo)
    }

    @Test func aSnapshotRestoresEntries() throws {
        let session = try Self.session()
        try session.set("members[1].name", text: "Ada")
        try session.addEntry("members")
        try session.addEntry("members[2].visits")
        try session.set("members[2].visits[1].date", text: "2026-01-01")
        try session.set("children", text: "2")
        let snapshot = session.snapshot()
        let fresh = try Self.session()
        #expect(!fresh.snapshot().hasSameValues(as: snapshot))
        fresh.restore(snapshot)
        #expect(fresh.snapshot() == snapshot)
        #expect(fresh.answersJSON() == session.answersJSON())
        try session.removeEntry("members[2]")
        #expect(!session.snapshot().hasSameValues(as: snapshot))
    }

    // MARK: What the view receives

    static let flat = """
        id: flat
        title: Flat
        sections:
          - id: s
            header: Items
            fields:
              - { id: title, kind: text, label: Title }
              - id: items
                label: Item
                repeat: { max: 20 }
                fields:
                  - { id: qty, kind: number, label: Qty }
                  - { id: note, kind: text, label: Note, visible: "$qty > 2" }
              - { id: total, kind: computed, label: Total, value: "sum($items.qty)" }
        """

    func flatSession(entries: Int) throws -> (FormSession, RecordingListView) {
        let session = FormSession(definition: try FormDefinition(yaml: Self.flat))
        for index in 1...entries {
            try session.addEntry("items")
            try session.set("items[\(index)].qty", text: "\(index)")
        }
        let view = RecordingListView { _ in FieldCell() }
        session.reload(view, animated: false)
        return (session, view)
    }

    @Test func removingAnEntryDeletesItsSectionAndNothingElseChanges() throws {
        let (session, view) = try flatSession(entries: 5)
        let before = view.sections
        try session.removeEntry("items[2]")
        let changeset = try #require(session.reload(view, animated: true))
        #expect(changeset.sections.deleted == [2])  // title's section, items[1], then items[2]
        #expect(changeset.sections.inserted.isEmpty && changeset.sections.moved.isEmpty)
        #expect(changeset.rows.inserted.isEmpty && changeset.rows.deleted.isEmpty && changeset.rows.moved.isEmpty)
        // Only the total and the add row's count change.
        #expect(changeset.rows.updated.count == 2)
        #expect(view.sections == view.freshRendering())
        #expect(view.sections.count == before.count - 1)
    }

    @Test func movingAnEntryIsOneMove() throws {
        let (session, view) = try flatSession(entries: 8)
        try session.moveEntry("items[8]", to: 1)
        let changeset = try #require(session.reload(view, animated: true))
        #expect(changeset.sections.moved.count == 1)
        #expect(changeset.sections.inserted.isEmpty && changeset.sections.deleted.isEmpty)
        #expect(changeset.sections.updated.isEmpty)
        #expect(changeset.rows.updated.isEmpty && changeset.rows.moved.isEmpty)
        #expect(view.sections == view.freshRendering())
        #expect(session.value(of: "items[1].qty") == 8)
    }

    @Test func addingAnEntryInsertsItsSection() throws {
        let (session, view) = try flatSession(entries: 3)
        try session.addEntry("items", at: 2)
        let changeset = try #require(session.reload(view, animated: true))
        #expect(changeset.sections.inserted == [2])
        #expect(changeset.sections.deleted.isEmpty && changeset.sections.moved.isEmpty)
        #expect(view.sections == view.freshRendering())
        #expect(session.value(of: "items[3].qty") == 2)  // the former second moved down
    }

    @Test func aChangeInOneEntryRebuildsOnlyItsRowsAndWhatReadsTheList() throws {
        let (session, view) = try flatSession(entries: 6)
        func storage(_ section: Int, _ row: Int) -> ObjectIdentifier? {
            session.dataSource.row(at: IndexPath(row: row, section: section)).map { ObjectIdentifier($0.storage) }
        }
        let rowsBefore = (0..<session.dataSource.numberOfSections).map { section in
            (0..<session.dataSource.numberOfRows(inSection: section)).map { storage(section, $0) }
        }
        try session.set("items[4].qty", text: "1")
        let changeset = try #require(session.reload(view, animated: true))
        // items[4]'s qty changes and its note hides; the total changes.
        #expect(changeset.rows.updated.count == 2)
        #expect(changeset.rows.deleted.count == 1)
        for section in 0..<session.dataSource.numberOfSections where section != 4 && section != 8 {
            for row in 0..<session.dataSource.numberOfRows(inSection: section) {
                #expect(storage(section, row) == rowsBefore[section][row], "section \(section) row \(row) was rebuilt")
            }
        }
        #expect(view.sections == view.freshRendering())
    }

    /// A field of each entry that reads every entry (`count($members, …)`,
    /// `sum($members.age)`) changes in every entry when one entry changes.
    @Test func aFieldThatReadsEveryEntryChangesInEveryEntry() throws {
        let session = FormSession(
            definition: try FormDefinition(
                yaml: """
                    id: f
                    title: F
                    sections:
                      - id: s
                        fields:
                          - id: members
                            label: Member
                            repeat: {}
                            fields:
                              - { id: age, kind: number, label: Age }
                              - { id: older, kind: computed, label: Older, value: "count($members, $age > 40)" }
                              - { id: total, kind: computed, label: Total, value: "sum($members.age)" }
                              - { id: note, kind: text, label: Note, visible: "any($members, $age > 60)" }
                    """))
        for age in ["30", "50", "70"] {
            let entry = try session.addEntry("members")
            try session.set("\(entry).age", text: age)
        }
        for position in 1...3 {
            #expect(session.value(of: "members[\(position)].older") == .number(2))
            #expect(session.value(of: "members[\(position)].total") == .number(150))
            #expect(session.isVisible("members[\(position)].note"))
        }
        try session.set("members[3].age", text: "10")
        for position in 1...3 {
            #expect(session.value(of: "members[\(position)].older") == .number(1))
            #expect(session.value(of: "members[\(position)].total") == .number(90))
            #expect(!session.isVisible("members[\(position)].note"))
        }
    }

    /// A rule that reads its own field in every entry (`occurrences($members.id, $id) == 1`)
    /// is checked again in the other entries when one changes.
    @Test func aRuleAcrossEntriesIsCheckedInEveryEntry() throws {
        let session = FormSession(
            definition: try FormDefinition(
                yaml: """
                    id: f
                    title: F
                    sections:
                      - id: members
                        repeat: { start: 3 }
                        fields:
                          - id: code
                            kind: text
                            label: Code
                            rules:
                              - { check: "$code == null or occurrences($members.code, $code) == 1", message: twice }
                          - id: key
                            kind: text
                            label: Key
                            rules:
                              - { check: "$key == null or index-of($members.key, $key) == index()", message: taken }
                    """))
        func failing(_ field: String) -> [Int] {
            (1...3).filter { position in
                session.errors().contains { $0.field == "members[\(position)].\(field)" }
            }
        }
        for (position, code) in [(1, "a"), (2, "a"), (3, "b")] {
            try session.set("members[\(position)].code", text: code)
        }
        for (position, key) in [(1, "k"), (2, "j"), (3, "k")] { try session.set("members[\(position)].key", text: key) }
        #expect(failing("code") == [1, 2] && failing("key") == [3])
        try session.set("members[2].code", text: "c")
        try session.set("members[1].key", text: "z")
        #expect(failing("code").isEmpty && failing("key").isEmpty)
    }
}
