// Written as another package would use Formwork: public API only, no @testable.
// Formwork's article "Using Formwork from Swift" (Sources/Formwork/Documentation.docc/Embedding.md,
// once the README's Embedding guide) quotes the code between the EMBEDDING markers.
import Formwork
import FormworkCore
import FormworkTesting
import Foundation
import Testing

let formsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Forms")

// EMBEDDING-LOAD-BEGIN
func loadDefinitions() throws -> [FormDefinition] {
    let fromFile = try FormDefinition.load(contentsOf: formsDirectory.appendingPathComponent("seed.yaml"))
    let fromString = try FormDefinition(
        yaml: """
            id: newsletter
            title: Newsletter
            sections:
              - id: main
                fields:
                  - { id: email, kind: text, label: E-mail, format: email, required: true }
                  - { id: weekly, kind: switch, label: Weekly digest }
            """)
    let json = #"{"id":"tiny","title":"T","sections":[{"id":"s","fields":[{"id":"a","kind":"switch","label":"A"}]}]}"#
    let fromData = try FormDefinition(data: Data(json.utf8), isJSON: true)
    return [fromFile, fromString, fromData]
}

func reportProblems(in text: String) -> String {
    do {
        _ = try FormDefinition(yaml: text, path: "broken.yaml")
        return "valid"
    } catch {
        return error.rendered  // every problem, as path:line:col: error: … with the line and a caret
    }
}
// EMBEDDING-LOAD-END

// EMBEDDING-SESSION-BEGIN
func fillTheSeedForm() throws -> (sections: [String], answers: String, undone: Bool) {
    let session = try FormSession(
        definition: FormDefinition.load(contentsOf: formsDirectory.appendingPathComponent("seed.yaml")))
    try session.set("firstName", text: "Ada")  // parsed by the field's kind, checked by its rules
    try session.set("additional", to: true)  // or typed
    try session.set("email", text: "ada@example.org")
    session.reload()  // re-evaluate visibility (and notify observers)

    let sections = session.visibleSections().map { section in
        section.id + ": " + section.rows.map(\.id).joined(separator: ", ")
    }
    let problems = session.validate()  // [FieldError]: field, rule, message
    precondition(problems.isEmpty)
    try session.clear("email")
    let undone = session.undo()  // the e-mail is back
    return (sections, session.answersJSON(), undone)
}
// EMBEDDING-SESSION-END

// EMBEDDING-OBSERVE-BEGIN
func observeChanges() async throws -> [String] {
    let session = try FormSession(
        definition: FormDefinition.load(contentsOf: formsDirectory.appendingPathComponent("seed.yaml")))
    session.reload(animated: false)
    var log: [String] = []
    session.onChange = { change in  // a callback…
        log.append("\(change.changeset)")
    }
    let stream = session.changes()  // …or an AsyncStream
    try session.set("firstName", text: "Ada")
    session.reload()
    var iterator = stream.makeAsyncIterator()
    if let change = await iterator.next() {
        for value in change.values {  // value changes, in visible coordinates
            log.append("\(value.field): \(value.from) → \(value.to) at row \(value.indexPath!.row)")
        }
    }
    return log
}
// EMBEDDING-OBSERVE-END

// EMBEDDING-VIEW-BEGIN
/// Your own list view: here, one that prints what it is told. Cells are dequeued
/// by the identifier of the row's descriptor (by default, the cell type's name).
final class PrintingListView: ListView {
    var lines: [String] = []
    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any {
        identifier == "StarsCell" ? StarsCell() : FieldCell()
    }
    func cellForRow(at indexPath: IndexPath) -> Any? { nil }
    func reloadData(from dataSource: any ListDataSource) {
        for section in 0..<dataSource.numberOfSections {
            for row in 0..<dataSource.numberOfRows(inSection: section) {
                switch dataSource.cellForRow(at: IndexPath(row: row, section: section), in: self) {
                case let cell as StarsCell: lines.append(cell.text)
                case let cell as FieldCell: lines.append("\(cell.label): \(cell.displayValue)")
                default: break
                }
            }
        }
    }
    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        lines.append("batch: \(changeset)")
    }
}

/// A field kind of your own ("rating", stored as a number) rendered your way.
final class StarsCell {
    var text = ""
}

func customKindAndFunction() throws -> [String] {
    let rating = CustomFieldKind(name: "rating", base: .number)
    let weekend = FunctionDefinition(
        name: "isWeekend", parameters: [.date], returns: .bool,
        summary: "whether a date is a Saturday or a Sunday"
    ) { arguments, _ in
        guard case .date(let date) = arguments[0] else { return .null }
        return .bool((date.daysSinceEpoch + 3) % 7 >= 5)  // 1970-01-01 was a Thursday
    }
    let definition = try FormDefinition(
        yaml: """
            id: visit
            title: Visit
            sections:
              - id: main
                fields:
                  - { id: day, kind: date, label: Day }
                  - { id: brunch, kind: switch, label: Brunch, visible: isWeekend($day) }
                  - { id: stars, kind: rating, label: Stars, min: 1, max: 5 }
            """, functions: FunctionLibrary.builtIns.merging(["isWeekend": weekend]) { $1 }, customKinds: [rating])

    let stars = CellDescriptor<FieldRow, StarsCell>(.named("rating"))
        .configure { row, cell, _ in
            let count = if case .number(let number) = row.value { Int(number) } else { 0 }
            cell.text = "\(row.id): " + String(repeating: "★", count: count) + String(repeating: "☆", count: 5 - count)
        }
    let session = try FormSession(definition: definition, cellDescriptors: [stars])
    let view = PrintingListView()
    try session.set("stars", text: "4")
    session.reload(view, animated: false)
    try session.set("day", text: "2024-03-02")  // a Saturday: brunch appears
    session.reload(view)
    return view.lines
}
// EMBEDDING-VIEW-END

// EMBEDDING-ENTRIES-BEGIN
func fillEntries() throws -> (entries: [String], removed: [String], answers: String) {
    let session = try FormSession(
        definition: FormDefinition.load(contentsOf: formsDirectory.appendingPathComponent("household-survey.yaml")))
    // `min: 1`: the first member is there already. Fields in entries are named by path.
    try session.set("members[1].name", text: "Ada")
    try session.set("members[1].age", to: 36)
    let bo = try session.addEntry("members")  // "members[2]"
    try session.set("\(bo).name", text: "Bo")
    try session.set("\(bo).age", to: 1)
    try session.addEntry("\(bo).visits")  // a repeat inside the entry
    try session.set("\(bo).visits[1].visitDate", text: "2024-01-10")
    try session.moveEntry(bo, to: 1)  // Bo first: one move for the view
    precondition(session.value(of: "underFive") == 1)  // aggregates read every entry

    // A count that drops removes the entries beyond it, and says which held answers.
    try session.set("bedrooms", to: 2)
    try session.set("rooms[2].sleepers", to: 1)
    try session.set("bedrooms", to: 1)
    let removed = session.removedByCount.map(\.path)  // ["rooms[2]"]: undo puts it back
    try session.removeEntry("members[2]")  // Ada
    session.undo()  // and back
    return (try session.entries(of: "members"), removed, session.answersJSON(pretty: false))
}
// EMBEDDING-ENTRIES-END

@Suite("Embedding, from the outside")
struct EmbeddingGuideTests {
    @Test func loadsFromFileStringAndData() throws {
        #expect(try loadDefinitions().map(\.id) == ["seed", "newsletter", "tiny"])
        #expect(
            reportProblems(in: "id: x\ntitle: X\nsectons: []\n") == """
                broken.yaml:3:1: error: unknown key 'sectons' in the form
                    sectons: []
                    ^~~~~~~
                  hint: did you mean 'sections'?
                """)
    }

    @Test func fillsValidatesUndoesExports() throws {
        let result = try fillTheSeedForm()
        #expect(result.sections == ["name: firstName, lastName, additional", "additionalFields: email, remark"])
        #expect(result.undone)
        #expect(
            result.answers == """
                {
                  "firstName": "Ada",
                  "additional": true,
                  "email": "ada@example.org"
                }
                """)
    }

    @Test func observesChangesByCallbackAndStream() async throws {
        #expect(
            try await observeChanges() == [
                "rows: +[0.1] ~[0.0→0.0]",
                "firstName: null → \"Ada\" at row 0",
            ])
    }

    @Test func ownViewOwnKindOwnFunction() throws {
        #expect(
            try customKindAndFunction() == [
                "Day: ", "stars: ★★★★☆",
                "batch: rows: +[0.1] ~[0.0→0.0]",
            ])
    }

    @Test func ownFunctionsAreCheckedLikeBuiltIns() throws {
        let double = FunctionDefinition(name: "double", parameters: [.number], returns: .number, summary: "twice") {
            arguments, _ in
            if case .number(let number) = arguments[0] { return .number(number * 2) }
            return .null
        }
        let functions = FunctionLibrary.builtIns.merging(["double": double]) { $1 }
        let text =
            "id: f\ntitle: F\nsections:\n  - id: s\n    fields:\n      - { id: n, kind: number, label: N }\n      - "
            + "{ id: m, kind: switch, label: M, visible: double('x') > 1 }\n"
        do {
            _ = try FormDefinition(yaml: text, functions: functions)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["argument 1 of 'double' must be a number, not text"])
            #expect(error.diagnostics.map(\.hint) == ["usage: double(number)"])
        }
    }

    @Test func addsMovesAndRemovesEntries() throws {
        let result = try fillEntries()
        #expect(result.entries == ["members[1]", "members[2]"])
        #expect(result.removed == ["rooms[2]"])
        #expect(
            result.answers
                == #"{"bedrooms":1,"members":[{"name":"Bo","age":1,"visits":[{"visitDate":"2024-01-10"}]},"#
                + #"{"name":"Ada","age":36,"works":false}],"householdSize":2,"adults":1,"underFive":1,"heads":0,"#
                + #""rooms":[{}],"sleepersTotal":0}"#)
    }

    @Test func readmeQuotesEveryExample() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(
            contentsOf: formsDirectory.deletingLastPathComponent().appendingPathComponent(
                "Sources/Formwork/Documentation.docc/Embedding.md"),
            encoding: .utf8)
        for name in ["LOAD", "SESSION", "OBSERVE", "ENTRIES", "VIEW"] {
            let begin = try #require(source.range(of: "// EMBEDDING-\(name)-BEGIN\n"))
            let end = try #require(source.range(of: "// EMBEDDING-\(name)-END"))
            #expect(
                article.contains(String(source[begin.upperBound..<end.lowerBound])),
                "Embedding.md must quote EMBEDDING-\(name)")
        }
    }
}
