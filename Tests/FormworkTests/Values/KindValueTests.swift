import Foundation
import Testing

@testable import Formwork

@Suite("Times, places, files and ranks")
struct KindValueTests {
    static let form = """
        id: k
        title: K
        sections:
          - id: s
            fields:
              - { id: opens, kind: time, label: Opens, min: "06:00", max: "20:00" }
              - { id: visit, kind: datetime, label: Visit, max: "2030-01-01 00:00" }
              - { id: place, kind: geopoint, label: Place }
              - { id: scan, kind: file, label: Scan, extensions: [yaml], maxSize: 10 }
              - { id: order, kind: rank, label: Order, options: [{ value: tea, label: Tea }, coffee, water] }
              - { id: token, kind: computed, label: Token, value: uuid() }
        """

    static func session(seed: UInt64 = 7) throws -> FormSession {
        try FormSession(
            definition: FormDefinition(yaml: form), today: LocalDate("2026-11-23")!,
            now: LocalDateTime("2026-11-23 14:30"), uuidSeed: seed)
    }

    @Test func timesAndDateTimesParseCompareAndExport() throws {
        #expect(LocalTime("9:05")?.description == "09:05")
        #expect(LocalTime("14:30:05")! > LocalTime("14:30")!)
        #expect(LocalTime("25:99") == nil && LocalTime("24:00") == nil && LocalTime("12:3") == nil)
        #expect(LocalDateTime("2026-11-23 14:30")?.description == "2026-11-23T14:30:00")
        #expect(LocalDateTime("2026-11-23T14:30:05") == LocalDateTime("2026-11-23 14:30:05"))
        let session = try Self.session()
        try session.set("opens", text: "now")
        #expect(throws: SessionError.self) { try session.set("opens", text: "05:59") }
        try session.set("opens", text: "06:00")
        try session.set("visit", text: "2026-11-23T14:30")
        #expect(throws: SessionError.self) { try session.set("visit", text: "2030-01-01 00:01") }
        #expect(session.answersJSON(pretty: false).hasPrefix(#"{"opens":"06:00","visit":"2026-11-23T14:30:00""#))
    }

    @Test func geopointsAreRangeCheckedAndExportedBothWays() throws {
        let point = try #require(GeoPoint("52.37 4.89 12"))
        #expect(point.odkText == "52.37 4.89 12 0")
        #expect(JSONText.encode(.geopoint(point)) == #"{"latitude": 52.37, "longitude": 4.89, "altitude": 12}"#)
        #expect(GeoPoint.parse("91 0") == .failure(.latitude))
        #expect(GeoPoint.parse("0 181") == .failure(.longitude))
        #expect(GeoPoint.parse("0 0 0 -1") == .failure(.accuracy))
        #expect(GeoPoint.parse("nan 0") == .failure(.notFinite("latitude")))
        #expect(GeoPoint.parse("1 2 3 4 5") == .failure(.shape))
        let session = try Self.session()
        try session.loadValues(bytes: Array("place: { latitude: 1, longitude: 2, accuracy: 3 }".utf8), isJSON: false)
        #expect(session.value(of: "place") == .geopoint(GeoPoint(latitude: 1, longitude: 2, accuracy: 3)!))
        try session.loadValues(bytes: Array("place: 1 2 0 3".utf8), isJSON: false)
        #expect(session.value(of: "place") == .geopoint(GeoPoint(latitude: 1, longitude: 2, altitude: 0, accuracy: 3)!))
    }

    @Test func ranksNeedEveryOptionOnce() throws {
        let session = try Self.session()
        try session.set("order", text: "3 1 2")
        #expect(session.value(of: "order") == ["water", "tea", "coffee"])
        try session.set("order", text: "coffee, Tea, water")
        #expect(session.value(of: "order") == ["coffee", "tea", "water"])
        #expect(throws: SessionError.self) { try session.set("order", text: "1 2") }
        #expect(throws: SessionError.self) { try session.set("order", text: "1 1 2") }
        let field = session.definition.fields[4]
        #expect(FormSession.display(session.value(of: "order"), of: field) == "1. coffee, 2. Tea, 3. water")
    }

    /// `completeRanking: true`: the options not ranked follow those ranked, in their
    /// order — those offered now, a conditional one only while it is offered.
    @Test func aRankingThatCompletesItselfTakesTheRestInOrder() throws {
        let session = FormSession(
            definition: try FormDefinition(
                yaml: """
                    id: ranks
                    title: Ranks
                    sections:
                      - id: main
                        fields:
                          - { id: more, kind: switch, label: More }
                          - id: order
                            kind: rank
                            label: Order
                            completeRanking: true
                            options: [tea, coffee, { value: juice, visible: $more }, water]
                    """))
        try session.set("order", text: "water")
        #expect(session.value(of: "order") == ["water", "tea", "coffee"])
        try session.set("more", to: true)
        try session.set("order", text: "coffee, juice")
        #expect(session.value(of: "order") == ["coffee", "juice", "tea", "water"])
        try session.set("order", to: ["tea"])
        #expect(session.value(of: "order") == ["tea", "coffee", "juice", "water"])
        #expect(throws: SessionError.self) { try session.set("order", text: "tea, tea") }
    }

    @Test func filesAreCheckedByStatAndListedAsAttachments() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-file-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = directory.appendingPathComponent("small.yaml").path
        let big = directory.appendingPathComponent("big.yaml").path
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: small))
        try Data(String(repeating: "x", count: 11).utf8).write(to: URL(fileURLWithPath: big))
        let session = try Self.session()
        #expect(throws: SessionError.self) { try session.set("scan", text: "/dev/zero") }
        #expect(throws: SessionError.self) { try session.set("scan", text: big) }
        #expect(throws: SessionError.self) { try session.set("scan", text: directory.path) }
        try session.set("scan", text: small)
        #expect(session.attachments == [Attachment(field: "scan", file: small)])
        #expect(FileSize.parse("10MB") == 10_000_000 && FileSize.parse("1 KiB") == 1024 && FileSize.parse("x") == nil)
        #expect(FileSize.describe(10_000_000) == "10 MB")
    }

    @Test func severalFilesAndFilesHeldInTheAnswer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-files-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.txt").path
        let second = directory.appendingPathComponent("b.txt").path
        try Data("hi".utf8).write(to: URL(fileURLWithPath: first))
        try Data("there".utf8).write(to: URL(fileURLWithPath: second))
        let definition = try FormDefinition(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - { id: scans, kind: file, label: Scans, multiple: true, extensions: [txt] }
                      - { id: note, kind: file, label: Note, inline: true, maxSize: 4 }
                      - { id: n, kind: computed, label: N, value: count($scans) }
                """)
        let session = FormSession(definition: definition)
        try session.set("scans", text: "\(first), \(second)")
        #expect(session.value(of: "n") == 2)
        #expect(session.attachments.map(\.file) == [first, second])
        #expect(throws: SessionError.self) { try session.set("note", text: second) }  // 5 bytes > 4
        try session.set("note", text: first)
        #expect(session.value(of: "note") == .string("data:text/plain;name=a.txt;base64,aGk="))
        let answers = session.answersJSON(pretty: false)
        #expect(answers.contains(#""scans":["\#(first)", "\#(second)"]"#))
        // The answers load back as they were written (the computed count left out).
        let again = FormSession(definition: definition)
        let values = try #require(try JSONSerialization.jsonObject(with: Data(answers.utf8)) as? [String: Any])
        let given = try JSONSerialization.data(withJSONObject: values.filter { $0.key != "n" })
        try again.loadValues(bytes: Array(given), isJSON: true)
        #expect(again.value(of: "scans") == session.value(of: "scans"))
        #expect(again.value(of: "note") == session.value(of: "note"))
        #expect(throws: DiagnosticList.self) {
            try again.loadValues(bytes: Array(#"{"scans": [1, 2]}"#.utf8), isJSON: true)
        }
    }

    @Test func uuidIsStableForASeedAndDiffersBetweenSeeds() throws {
        let first = try Self.session(seed: 1).value(of: "token")
        #expect(try Self.session(seed: 1).value(of: "token") == first)
        #expect(try Self.session(seed: 2).value(of: "token") != first)
        guard case .string(let text) = first else {
            Issue.record("not text: \(first)")
            return
        }
        #expect(text.count == 36 && text.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(Array(text)[14] == "4")
    }
}
