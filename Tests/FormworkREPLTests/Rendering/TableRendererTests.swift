import Formwork
import FormworkCore
import Foundation
import Testing

@testable import FormworkREPL

/// How one row looks: `marker`, the number right-aligned in three columns, the label
/// padded to the label column, the value beside it, then the error.
@Suite("Table renderer")
struct TableRendererTests {
    static let yaml = """
        id: r
        title: Rendering
        sections:
          - id: s
            fields:
              - { id: name, kind: text, label: Name }
              - { id: age, kind: number, label: Age, required: true }
              - { id: intro, kind: note, text: Welcome to the form }
              - { id: total, kind: computed, label: Total, value: $age * 2 }
              - { id: story, kind: text, label: Story, multiline: true }
              - { id: tip, kind: note, label: Tip, text: Be brief }
              - { id: visit, kind: date, label: Date of the first visit to the clinic }
              - { id: wide, kind: text, label: 名前 }
        """

    /// A session of `yaml` and the cells its data source configures.
    final class Form {
        let session: FormSession
        let table: TerminalTable

        init(_ yaml: String = TableRendererTests.yaml, values: [String: Value] = [:]) throws {
            session = try FormSession(
                definition: FormDefinition(yaml: yaml), values: values, today: LocalDate("2024-03-01")!)
            table = TerminalTable(form: session.definition, renderer: TableRenderer(width: 80))
            session.reload(table, animated: false)
        }

        func cell(_ id: String) throws -> FieldCell {
            let path = try #require(session.visibleIndexPath(ofField: id))
            return try #require(table.cellForRow(at: path) as? FieldCell)
        }
    }

    static let renderer = TableRenderer(width: 80)

    static func lines(
        _ form: Form, _ id: String, number: Int = 1, labelWidth: Int = 12, marker: String = " "
    )
        throws -> [String]
    {
        try renderer.rowLines(number: number, cell: form.cell(id), labelWidth: labelWidth, marker: marker)
    }

    // MARK: Rows

    @Test func aRowIsNumberLabelAndValue() throws {
        let form = try Form(values: ["name": "Ada"])
        #expect(try Self.lines(form, "name") == ["   1  Name          Ada"])
        #expect(try Self.lines(form, "name", number: 12, marker: "~") == ["~ 12  Name          Ada"])
        #expect(try Self.lines(form, "name", number: 123, marker: "+") == ["+123  Name          Ada"])
        // Without a value the label is not padded.
        #expect(try Self.lines(Form(), "name", number: 4) == ["   4  Name"])
    }

    @Test func theLabelColumnIsPaddedByDisplayWidth() throws {
        let form = try Form(values: ["wide": "x"])
        // 名前 takes four columns, so eight spaces pad it to twelve.
        #expect(try Self.lines(form, "wide") == ["   1  名前" + String(repeating: " ", count: 8) + "  x"])
    }

    @Test func aRequiredFieldIsStarred() throws {
        #expect(try Self.lines(Form(values: ["age": 42]), "age", number: 2) == ["   2  Age *         42"])
        #expect(try Self.lines(Form(), "age", number: 2) == ["   2  Age *"])
    }

    @Test func aLongLabelWrapsInItsColumn() throws {
        let form = try Form(values: ["visit": "2024-02-29"])
        #expect(
            try Self.lines(form, "visit") == [
                "   1  Date of the   2024-02-29",
                "      first visit",
                "      to the",
                "      clinic",
            ])
    }

    @Test func aLineBreakInALabelStartsALineAndOtherControlsStayEscaped() throws {
        // ODK labels often hold line breaks ("Question\nInstructions"): kept as lines,
        // while an escape sequence is still shown, not sent to the terminal.
        let yaml = """
            id: r
            title: Rendering
            sections:
              - id: s
                fields:
                  - { id: two, kind: text, label: "Height\\ncm" }
                  - { id: bell, kind: text, label: "Ring\\u001B[2J" }
            """
        let form = try Form(yaml, values: ["two": "180"])
        #expect(try Self.lines(form, "two") == ["   1  Height        180", "      cm"])
        #expect(try Self.lines(form, "bell") == ["   1  Ring\\e[2J"])
    }

    @Test func aNoteShowsItsTextAcrossTheRow() throws {
        let form = try Form()
        #expect(try Self.lines(form, "intro", number: 3) == ["   3  Welcome to the form"])
        #expect(try Self.lines(form, "tip", number: 6) == ["   6  Tip: Be brief"])
    }

    @Test func aComputedValueSaysSo() throws {
        #expect(try Self.lines(Form(values: ["age": 21]), "total", number: 4) == ["   4  Total         42  (computed)"])
        // Nothing computed yet: no value, no suffix.
        #expect(try Self.lines(Form(), "total", number: 4) == ["   4  Total"])
    }

    @Test func anErrorFollowsTheRowUnderTheLabel() throws {
        let form = try Form()
        form.session.validate()
        form.session.reload(form.table, animated: true)
        #expect(try Self.lines(form, "age", number: 2) == ["   2  Age *", "      ! is required"])
    }

    @Test func aValueWrapsUnderItsColumnAndIsClippedToThreeLines() throws {
        // Each line of the value column (80 - 6 - 12 - 2 = 60 columns) holds twelve "word"s.
        let words = Array(repeating: "word", count: 50).joined(separator: " ")
        let lines = try Self.lines(Form(values: ["story": .string(words)]), "story", number: 5)
        let twelve = Array(repeating: "word", count: 12).joined(separator: " ")
        let valueColumn = String(repeating: " ", count: 6 + 12 + 2)
        #expect(lines.count == TableRenderer.valueLinesShown)
        #expect(
            lines == [
                "   5  Story         " + twelve,
                valueColumn + twelve,
                valueColumn + twelve + "…",
            ])
        for line in lines { #expect(TerminalText.displayWidth(line) <= 80) }
    }

    @Test func aValuesOwnLinesAreKeptAndControlCharactersEscaped() throws {
        let form = try Form(values: ["story": "first\nsecond\u{1B}[2J"])
        #expect(
            try Self.lines(form, "story") == [
                "   1  Story         first",
                "                    second\\e[2J",
            ])
    }

    @Test func labelsAreEscaped() throws {
        let form = try Form(
            #"""
            id: e
            title: "Escapes \e[1m"
            sections:
              - id: s
                fields:
                  - { id: evil, kind: text, label: "Evil\e[2J" }
            """#)
        #expect(try Self.lines(form, "evil") == ["   1  Evil\\e[2J"])
        #expect(form.table.render().first == "Escapes \\e[1m")
    }

    @Test func stylesWrapValuesAndErrorsButNotThePadding() throws {
        let renderer = TableRenderer(width: 80, style: .ansi)
        let form = try Form(values: ["name": "Ada"])
        #expect(
            try renderer.rowLines(number: 1, cell: form.cell("name"), labelWidth: 12)
                == ["   1  Name          \u{1B}[36mAda\u{1B}[0m"])
        form.session.validate()
        form.session.reload(form.table, animated: true)
        #expect(
            try renderer.rowLines(number: 2, cell: form.cell("age"), labelWidth: 12)
                == ["   2  Age *", "      \u{1B}[31m! is required\u{1B}[0m"])
    }

    // MARK: Widths

    @Test func theLabelColumnIsAtLeastTenAndAtMostTwoFifths() {
        let renderer = TableRenderer(width: 80)
        #expect(renderer.labelWidth(widestLabel: 3) == 10)
        #expect(renderer.labelWidth(widestLabel: 20) == 20)
        #expect(renderer.labelWidth(widestLabel: 50) == 32)
        #expect(TableRenderer(width: 100).labelWidth(widestLabel: 50) == 40)
    }

    @Test func theWidthIsNeverBelowForty() {
        var renderer = TableRenderer(width: 10)
        #expect(renderer.width == 40)
        #expect(renderer.labelWidth(widestLabel: 50) == 16)
        renderer.width = 120
        #expect(renderer.width == 120)
        renderer.width = 20
        #expect(renderer.width == 40)
    }

    @Test func theWidestLabelCountsEveryFieldButNotes() throws {
        // "Date of the first visit to the clinic" is 37 columns, and 2 for the star.
        #expect(try TableRenderer.widestLabel(of: FormDefinition(yaml: Self.yaml)) == 39)
        let hidden = try FormDefinition(
            yaml: """
                id: h
                title: H
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: text, label: A }
                      - { id: b, kind: text, label: 名前を入力してください, visible: not empty($a) }
                      - { id: n, kind: note, label: A note whose label is longer than the others, text: x }
                """)
        // A hidden field counts (the column stays put as it appears); a note does not.
        #expect(TableRenderer.widestLabel(of: hidden) == 24)
        let short = try FormDefinition(
            yaml: "id: s\ntitle: S\nsections: [{id: s, fields: [{id: a, kind: text, label: A}]}]")
        #expect(TableRenderer.widestLabel(of: short) == 10)
    }

    // MARK: Titles, headers, footers

    @Test func titleHeaderAndFooterLines() {
        let renderer = TableRenderer(width: 40)
        #expect(
            renderer.titleLines(title: "Survey", description: "A description long enough to need two lines.")
                == ["Survey", "A description long enough to need two", "lines."])
        #expect(renderer.titleLines(title: "Survey", description: nil) == ["Survey"])
        #expect(renderer.headerLine("Part\u{7}") == "Part\\x07")
        #expect(
            renderer.footerLines("Footers are indented by two and wrapped.")
                == ["  Footers are indented by two and", "  wrapped."])
    }
}
