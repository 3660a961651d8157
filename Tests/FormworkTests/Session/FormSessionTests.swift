import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

@Suite("Form session")
struct FormSessionTests {
    static let yaml = """
        id: t
        title: Test
        sections:
          - id: main
            fields:
              - { id: name, kind: text, label: Name, maxLength: 5 }
              - { id: pin, kind: secure, label: PIN, minLength: 4 }
              - { id: count, kind: number, label: Count, min: 1, max: 10, step: 1 }
              - { id: on, kind: switch, label: On }
              - id: size
                kind: choice
                label: Size
                options: [{ value: s, label: Small }, { value: l, label: Large }]
              - { id: tags, kind: multichoice, label: Tags, options: [a, b, c], maxSelected: 2 }
              - { id: when, kind: date, label: When, min: "2024-01-01" }
              - { id: note, kind: note, text: Read me }
              - { id: double, kind: computed, label: Double, value: $count * 2 }
          - id: extra
            visible: $on
            fields:
              - { id: detail, kind: text, label: Detail, required: true }
        """

    func session() throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: Self.yaml), today: Fixtures.today)
    }

    @Test func parsesTextByKind() throws {
        let session = try session()
        try session.set("name", text: "Ada")
        try session.set("count", text: " 3 ")
        try session.set("on", text: "yes")
        try session.set("size", text: "large")
        try session.set("tags", text: "a, c")
        try session.set("when", text: "today")
        #expect(session.answers().map(\.id) == ["name", "count", "on", "size", "tags", "when", "double"])
        #expect(
            session.answersJSON() == """
                {
                  "name": "Ada",
                  "count": 3,
                  "on": true,
                  "size": "l",
                  "tags": ["a", "c"],
                  "when": "2024-03-01",
                  "double": 6
                }
                """)
    }

    @Test(arguments: [
        ("count", "three", "count 'three' is not a number"),
        ("count", "11", "count must be at most 10"),
        ("count", "2.5", "count must be a multiple of 1"),
        ("count", "nan", "count 'nan' is not a number"),
        ("on", "maybe", "on 'maybe' is not yes or no"),
        ("size", "huge", "size 'huge' is not an option (choose 's' or 'l')"),
        ("tags", "a, b, c", "tags select at most 2"),
        ("when", "2023-12-31", "when must be at least 2024-01-01"),
        ("when", "1/2/2024", "when '1/2/2024' is not a date (YYYY-MM-DD)"),
        ("name", "Adalovelace", "name must be at most 5 characters long"),
        ("pin", "123", "pin must be at least 4 characters long"),
        ("double", "4", "double is read-only (computed)"),
        ("note", "x", "note is read-only (note)"),
    ])
    func rejectsBadValuesAndKeepsTheOldOne(id: String, text: String, message: String) throws {
        let session = try session()
        let before = session.value(of: id)
        #expect(throws: SessionError.self) { try session.set(id, text: text) }
        do { try session.set(id, text: text) } catch { #expect(error.description == message) }
        #expect(session.value(of: id) == before)
    }

    @Test func unknownFieldSuggests() throws {
        let session = try session()
        #expect(throws: SessionError.unknownField("sise", suggestions: ["size"])) { try session.set("sise", text: "s") }
    }

    @Test func typedValuesAreChecked() throws {
        let session = try session()
        try session.set("count", to: 4)
        try session.set("when", to: "2024-05-01")
        #expect(session.value(of: "when") == .date(LocalDate("2024-05-01")!))
        #expect(
            throws: SessionError.rejected(FieldError(field: "count", rule: .type(expected: "a number", input: "\"4\"")))
        ) {
            try session.set("count", to: "4")
        }
        #expect(throws: SessionError.self) { try session.set("tags", to: ["a", 1]) }
    }

    @Test func hiddenFieldsKeepTheirValueButReadAsNullAndAreNotExported() throws {
        let session = try session()
        try session.toggle("on")
        try session.set("detail", text: "kept")
        try session.toggle("on")
        #expect(!session.isVisible("detail"))
        #expect(session.value(of: "detail") == "kept")
        #expect(session.effectiveValue(of: "detail") == nil)
        #expect(!session.answers().contains { $0.id == "detail" })
        #expect(session.validate().isEmpty)  // required, but hidden
        try session.toggle("on")
        #expect(session.effectiveValue(of: "detail") == "kept")
    }

    @Test func secureValuesAreMaskedInRows() throws {
        let session = try session()
        try session.set("pin", text: "12345")
        #expect(FormSession.display(session.value(of: "pin"), of: session.definition.field("pin")!) == "•••")
    }

    @Test func errorsShowOnlyForTouchedFieldsUntilValidate() throws {
        let session = try session()
        try session.toggle("on")
        let view = RecordingListView { _ in FieldCell() }
        session.reload(view, animated: false)
        #expect(!view.renderedText().contains("is required"))
        session.validate()
        let changes = session.reload(view)
        #expect(changes?.rows.updated.count == 1)
        #expect(view.renderedText().hasSuffix("  Detail * ! is required"))
    }

    @Test func togglingMultichoiceKeepsOptionOrder() throws {
        let session = try session()
        try session.toggle("tags", option: "c")
        try session.toggle("tags", option: "a")
        #expect(session.value(of: "tags") == ["a", "c"])
        try session.toggle("tags", option: "c")
        #expect(session.value(of: "tags") == ["a"])
        try session.toggle("tags", option: "a")
        #expect(session.value(of: "tags") == nil)
    }

    @Test func unchangedRowsKeepTheirStorage() throws {
        let session = try session()
        session.reload(nil, animated: false)
        try session.set("name", text: "Bo")
        let changes = try #require(session.reload(nil))
        #expect(
            changes
                == Changeset(
                    rows: Changes(updated: [
                        PositionPair(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 0))
                    ])))
    }

    @Test func dataSourceShowsExactlyTheVisibleFields() throws {
        let session = try session()
        try session.toggle("on")
        session.reload(nil, animated: false)
        var shown: [String] = []
        for section in 0..<session.dataSource.numberOfSections {
            for row in 0..<session.dataSource.numberOfRows(inSection: section) {
                shown.append(session.field(at: IndexPath(row: row, section: section))!.id)
            }
        }
        #expect(shown == session.visibleFields.map(\.id))
        #expect(shown.contains("detail"))
    }
}

@Suite("Values files")
struct ValuesFileTests {
    func session() throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: FormSessionTests.yaml), today: Fixtures.today)
    }

    @Test func loadsYAMLAndJSON() throws {
        let session = try session()
        try session.loadValues(
            bytes: Array("name: Ada\ncount: 3\ntags: [a, b]\nwhen: 2024-02-02\non: true\n".utf8), isJSON: false)
        #expect(session.value(of: "count") == 3)
        #expect(session.value(of: "when") == .date(LocalDate("2024-02-02")!))
        try session.loadValues(bytes: Array(#"{"name": "Bo", "size": "s"}"#.utf8), isJSON: true)
        #expect(session.value(of: "name") == "Bo")
        #expect(session.value(of: "count") == 3)
    }

    @Test func reportsEveryProblemAndChangesNothing() throws {
        let session = try session()
        let source = "name: Ada\ncuont: 3\ncount: many\nsize: xl\ndouble: 4\n"
        do {
            try session.loadValues(bytes: Array(source.utf8), isJSON: false, path: "values.yaml")
            Issue.record("loaded")
        } catch {
            #expect(
                error.rendered == """
                    values.yaml:2:1: error: the form has no field 'cuont'
                        cuont: 3
                        ^~~~~
                      hint: did you mean 'count'?
                    values.yaml:3:8: error: invalid value for 'count': 'many' is not a number
                        count: many
                               ^~~~
                    values.yaml:4:7: error: invalid value for 'size': 'xl' is not an option (choose 's' or 'l')
                        size: xl
                              ^~
                    values.yaml:5:1: error: invalid value for 'double': is read-only (computed)
                        double: 4
                        ^~~~~~
                    """)
        }
        #expect(session.value(of: "name") == nil)
    }
}

/// One reload settles every chain: the session's visibility (one pass in dependency
/// order) equals a naive fixed point, on random forms whose conditions point both
/// ways through the form.
@Suite("Visibility against a fixed point")
struct VisibilityFixedPointTests {
    @Test(arguments: 0..<25)
    func randomFormsSettleInOnePass(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) + 1)
        let count = 12
        let rank = Array(0..<count).shuffled(using: &rng)  // field i may read j when rank[j] < rank[i]
        var lines = ["id: random", "title: Random", "sections:"]
        var conditions: [Int: [Int]] = [:]
        for section in 0..<3 {
            lines += ["  - id: s\(section)", "    fields:"]
            for i in (section * 4)..<(section * 4 + 4) {
                let readable = (0..<count).filter { rank[$0] < rank[i] }
                var field = "      - { id: f\(i), kind: switch, label: F\(i)"
                if !readable.isEmpty, Int.random(in: 0..<4, using: &rng) > 0 {
                    let picks = Array(readable.shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng)))
                    conditions[i] = picks
                    field += ", visible: \"" + picks.map { "$f\($0)" }.joined(separator: " or not ") + "\""
                }
                lines.append(field + " }")
            }
        }
        let definition = try FormDefinition(yaml: lines.joined(separator: "\n"))
        let session = FormSession(definition: definition)
        var values = [Bool](repeating: false, count: count)
        for i in 0..<count where Bool.random(using: &rng) {
            values[i] = true
            try session.toggle("f\(i)")
        }
        // Naive reference: iterate until nothing changes.
        var visible = [Bool](repeating: true, count: count)
        for _ in 0...count {
            visible = (0..<count).map { i in
                guard let picks = conditions[i] else { return true }
                let reads = picks.map { visible[$0] && values[$0] }
                return reads.enumerated().contains { $0.offset == 0 ? $0.element : !$0.element }
            }
        }
        #expect((0..<count).map { session.isVisible("f\($0)") } == visible, "\(lines.joined(separator: "\n"))")
    }
}

@Suite("Session lifetime")
struct SessionLifetimeTests {
    /// Nothing the session creates (evaluation, data source, descriptors) keeps it alive.
    @Test func sessionsAreReleased() throws {
        weak var released: FormSession?
        do {
            let session = try Fixtures.session("conference.yaml")
            try session.set("ticket", text: "regular")
            session.reload(nil, animated: false)
            try session.set("dinner", text: "yes")
            session.reload(nil, animated: true)
            _ = session.errors()
            released = session
        }
        #expect(released == nil)
    }
}
