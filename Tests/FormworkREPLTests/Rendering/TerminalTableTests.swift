import Formwork
import FormworkCore
import Foundation
import Testing

@testable import FormworkREPL

/// The table mirrors what the data source shows: rows numbered across sections, and
/// for each batch the lines of what appeared (`+`), vanished (`-`) and changed (`~`).
@Suite("Terminal table")
struct TerminalTableTests {
    static let yaml = """
        id: t
        title: Table
        description: Three sections, two of them conditional.
        sections:
          - id: first
            header: First
            footer: The end of the first part.
            fields:
              - { id: a, kind: text, label: A }
              - { id: b, kind: switch, label: B }
              - { id: c, kind: text, label: C, visible: $b }
          - id: second
            header: Second
            visible: not empty($a)
            fields:
              - { id: d, kind: text, label: D }
              - { id: e, kind: text, label: E }
          - id: extra
            visible: $b
            fields:
              - { id: g, kind: text, label: G }
        """

    /// A session shown in a table, and a way to change it and see what the table printed.
    final class Shown {
        let session: FormSession
        let table: TerminalTable

        init() throws {
            session = try FormSession(
                definition: FormDefinition(yaml: TerminalTableTests.yaml), today: LocalDate("2024-03-01")!)
            table = TerminalTable(form: session.definition, renderer: TableRenderer(width: 80))
            session.reload(table, animated: false)
        }

        /// The lines of the batch `change` caused.
        func change(_ change: (FormSession) throws -> Void) throws -> [String] {
            table.clearChanges()
            try change(session)
            session.reload(table, animated: true)
            return table.changeLines
        }
    }

    @Test func renderAfterAFullReloadShowsTitleSectionsAndFooters() throws {
        let shown = try Shown()
        #expect(
            shown.table.render() == [
                "Table",
                "Three sections, two of them conditional.",
                "",
                "First",
                "   1  A",
                "   2  B           [ ]",
                "  The end of the first part.",
            ])
        #expect(shown.table.rowCount == 2)
        #expect(shown.table.changeLines.isEmpty)
    }

    @Test func rowsAreNumberedAcrossSectionsBothWays() throws {
        let shown = try Shown()
        _ = try shown.change {
            try $0.set("a", text: "x")
            try $0.toggle("b")
        }
        let expected = [
            IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
            IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1), IndexPath(row: 0, section: 2),
        ]
        #expect(shown.table.rowCount == 6)
        for (offset, path) in expected.enumerated() {
            #expect(shown.table.indexPath(ofRow: offset + 1) == path)
            #expect(shown.table.number(at: path) == offset + 1)
        }
        for number in [0, -1, 7, Int.max, Int.min] { #expect(shown.table.indexPath(ofRow: number) == nil) }
        for path in [IndexPath(row: 3, section: 0), IndexPath(row: 2, section: 1), IndexPath(row: 0, section: 3)] {
            #expect(shown.table.number(at: path) == nil)
        }
        #expect(shown.table.rowLines(at: IndexPath(row: 0, section: 3)).isEmpty)
        #expect(shown.table.rowLines(at: IndexPath(row: 0, section: 2)) == ["   6  G"])
    }

    @Test func anInsertedSectionIsPrintedWithItsHeaderAndRows() throws {
        let shown = try Shown()
        #expect(
            try shown.change { try $0.set("a", text: "x") } == [
                "~  1  A           x",
                "+     Second",
                "+  3  D",
                "+  4  E",
            ])
        // The rows after it moved down; they did not change, so they are not printed.
        #expect(shown.table.indexPath(ofRow: 3) == IndexPath(row: 0, section: 1))
    }

    @Test func insertedRowsAndAHeaderlessSection() throws {
        let shown = try Shown()
        _ = try shown.change { try $0.set("a", text: "x") }
        #expect(
            try shown.change { try $0.toggle("b") } == [
                "~  2  B           [x]",
                "+  3  C",
                "+  6  G",
            ])
    }

    @Test func whatVanishesComesFirstWithTheNumbersItHad() throws {
        let shown = try Shown()
        _ = try shown.change {
            try $0.set("a", text: "x")
            try $0.toggle("b")
        }
        #expect(
            try shown.change { try $0.toggle("b") } == [
                "-  3  C",
                "-  6  G",
                "~  2  B           [ ]",
            ])
        #expect(
            try shown.change { try $0.clear("a") } == [
                "-     Second (2 fields hidden)",
                "~  1  A",
            ])
        let fresh = try Shown()
        #expect(shown.table.render() == fresh.table.render())
    }

    @Test func noChangeNoLines() throws {
        let shown = try Shown()
        _ = try shown.change { try $0.set("a", text: "x") }
        #expect(try shown.change { try $0.set("a", text: "x") }.isEmpty)
        #expect(try shown.change { _ in }.isEmpty)
    }

    /// A batch that does not fit the mirror (a view out of step) is answered with a
    /// full reload, and the whole table is printed.
    @Test func aBatchThatDoesNotFitReloadsEverything() throws {
        let shown = try Shown()
        let bogus = Changeset(rows: Changes(deleted: [IndexPath(row: 9, section: 0)]))
        shown.table.performBatchUpdates(bogus, from: shown.session.dataSource)
        #expect(shown.table.changeLines == shown.table.render())
        #expect(shown.table.rowCount == 2)
    }

    @Test func theLabelColumnIsSizedForEveryFieldSoItStaysPut() throws {
        let session = try FormSession(
            definition: FormDefinition(
                yaml: """
                    id: w
                    title: W
                    sections:
                      - id: s
                        fields:
                          - { id: a, kind: text, label: A }
                          - { id: b, kind: text, label: A much longer label, visible: not empty($a) }
                    """), today: LocalDate("2024-03-01")!)
        let table = TerminalTable(form: session.definition, renderer: TableRenderer(width: 80))
        session.reload(table, animated: false)
        // "A much longer label" (19) and two for a star: 21 columns, before the label shows.
        #expect(table.render().last == "   1  A")
        try session.set("a", text: "x")
        session.reload(table, animated: true)
        #expect(table.changeLines.first == "~  1  A" + String(repeating: " ", count: 20) + "  x")
    }
}
