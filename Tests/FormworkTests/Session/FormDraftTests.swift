import FormworkTesting
import Foundation
import Testing

@testable import Formwork

@Suite("Drafts and atomic files")
struct FormDraftTests {
    func session() throws -> FormSession {
        try FormSession(
            definition: try FormDefinition(yaml: FormSessionTests.yaml),
            today: LocalDate(year: 2026, month: 11, day: 22)!)
    }

    func roundTrip(_ session: FormSession) throws -> FormDraft {
        let text = FormDraft(session: session, formPath: "/forms/t.yaml", fingerprint: "fnv1a64:0000000000000001")
            .json()
        return try FormDraft(bytes: Array(text.utf8), path: "draft.json")
    }

    @Test func everyKindOfAnswerComesBackExceptSecure() throws {
        let original = try session()
        try original.set("name", text: "Ada")
        try original.set("pin", text: "1234")
        try original.set("count", text: "7")
        try original.toggle("on")
        try original.set("size", text: "l")
        try original.toggle("tags", option: "a")
        try original.toggle("tags", option: "c")
        try original.set("when", text: "2025-03-01")
        try original.set("detail", text: "hidden later")
        try original.toggle("on")  // the section hides: its answer is kept all the same
        let draft = try roundTrip(original)
        #expect(!draft.fieldIDs.contains("pin"))

        let resumed = try session()
        let report = resumed.resume(from: draft)
        #expect(report.dropped.isEmpty)
        #expect(report.restored == ["name", "count", "on", "size", "tags", "when", "detail"])
        for id in ["name", "count", "on", "size", "tags", "when", "detail"] {
            #expect(resumed.value(of: id) == original.value(of: id), "\(id)")
        }
        #expect(resumed.value(of: "pin") == .null)
        #expect(!resumed.canUndo)  // resuming is the starting point, not an undo step
    }

    @Test func untouchedDefaultsAreNotAnswers() throws {
        let form = try FormDefinition(
            yaml: """
                id: d
                title: D
                sections:
                  - id: s
                    fields:
                      - { id: size, kind: choice, label: Size, default: m, options: [s, m] }
                      - { id: on, kind: switch, label: On }
                """)
        let draft = FormDraft(session: FormSession(definition: form), formPath: "/d.yaml", fingerprint: "x")
        #expect(draft.isEmpty)
    }

    @Test func answersThatNoLongerFitAreListedWithTheirReason() throws {
        let original = try session()
        try original.set("name", text: "Ada")
        try original.set("count", text: "9")
        let draft = try roundTrip(original)
        let changed = FormSession(
            definition: try FormDefinition(
                yaml: """
                    id: t
                    title: Test
                    sections:
                      - id: main
                        fields:
                          - { id: name, kind: number, label: Name }
                          - { id: count, kind: number, label: Count, max: 5 }
                    """))
        let report = changed.resume(from: draft)
        #expect(report.restored.isEmpty)
        #expect(report.dropped.map(\.id) == ["name", "count"])
        #expect(report.dropped[0].reason.contains("not a number"), "\(report.dropped[0].reason)")
        #expect(report.dropped[1].reason.contains("5"), "\(report.dropped[1].reason)")
    }

    @Test(arguments: [
        ("[]", "not a Formwork draft: it is not a JSON object"),
        ("{\"formwork\": \"draft\", \"version\": 99}", "its version is 99; this Formwork reads versions 1 to 3"),
        ("{\"values\": {}}", "no \"formwork\": \"draft\" member"),
        (
            "{\"formwork\": \"draft\", \"version\": 1, \"form\": \"/f\", \"definition\": \"x\", \"saved\": "
                + "\"yesterday\", \"values\": {}}",
            "an ISO 8601 time"
        ),
        ("{\"formwork\": \"draft\"", "invalid JSON"),
    ])
    func brokenDraftsAreClearErrors(text: String, expected: String) throws {
        do {
            _ = try FormDraft(bytes: Array(text.utf8), path: "d.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.rendered.contains(expected), "\(error.rendered)")
        }
    }

    @Test func fingerprintsNoticeAnyChange() {
        let bytes = Array("id: a\ntitle: A\n".utf8)
        var changed = bytes
        changed[4] = UInt8(ascii: "b")
        #expect(FormDraft.fingerprint(of: bytes) == FormDraft.fingerprint(of: bytes))
        #expect(FormDraft.fingerprint(of: bytes) != FormDraft.fingerprint(of: changed))
        #expect(FormDraft.fingerprint(of: []) == "fnv1a64:cbf29ce484222325")  // FNV-1a's offset basis
    }

    @Test func atomicWritesReplaceWholeFilesOrNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID())")
        let path = directory.appendingPathComponent("nested/file.json").path
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: path) }  // no directory
        try AtomicFile.write(Data("first".utf8), to: path, permissions: 0o600, createDirectories: true)
        try AtomicFile.write(Data("second".utf8), to: path, permissions: 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        do {
            try AtomicFile.write(Data("x".utf8), to: directory.appendingPathComponent("nested").path)
            Issue.record("wrote over a directory")
        } catch {
            #expect(error.description.hasSuffix("it is a directory"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(names == ["file.json"])  // no temporary files left behind
    }
}

/// `uuid()` in entries: a resumed draft gives every entry the identifiers it had,
/// after entries were added, removed and moved.
@Suite("Drafts keep uuid() values")
struct DraftUUIDTests {
    static let yaml = """
        id: u
        title: U
        sections:
          - id: people
            header: People
            repeat: { max: 9 }
            fields:
              - { id: name, kind: text, label: Name }
              - { id: token, kind: computed, label: Token, value: uuid() }
          - id: rooms
            fields:
              - { id: roomCount, kind: number, label: Rooms, min: 0, max: 5 }
              - id: room
                label: Room
                repeat: { count: $roomCount, max: 5 }
                fields: [{ id: roomToken, kind: computed, label: Token, value: uuid() }]
        """

    @Test func entriesKeepTheirIdentifiersAcrossAResume() throws {
        let definition = try FormDefinition(yaml: Self.yaml)
        let original = try FormSession(definition: definition, today: Fixtures.today)
        for name in ["Ada", "Bo", "Cy", "Di"] {
            let entry = try original.addEntry("people")
            try original.set("\(entry).name", text: name)
        }
        try original.set("roomCount", text: "3")
        try original.removeEntry("people[2]")
        try original.moveEntry("people[3]", to: 1)
        try original.set("roomCount", text: "2")
        let rooms = (1...2).map { original.value(of: "room[\($0)].roomToken") }
        let tokens = (1...3).map { original.value(of: "people[\($0)].token") }
        #expect(Set(tokens).count == 3)
        let text = FormDraft(session: original, formPath: "/forms/u.yaml", fingerprint: "fnv1a64:0000000000000001")
            .json()
        let resumed = try FormSession(definition: definition, today: Fixtures.today)
        _ = resumed.resume(from: try FormDraft(bytes: Array(text.utf8), path: "draft.json"))
        #expect((1...3).map { resumed.value(of: "people[\($0)].name") } == ["Di", "Ada", "Cy"])
        #expect((1...3).map { resumed.value(of: "people[\($0)].token") } == tokens)
        #expect((1...2).map { resumed.value(of: "room[\($0)].roomToken") } == rooms)
        #expect(Set(tokens + rooms).count == 5)
        // A new entry takes an identity of its own, not one of the resumed ones.
        let added = try resumed.addEntry("people")
        #expect(!(tokens + rooms).contains(resumed.value(of: "\(added).token")))
    }
}
