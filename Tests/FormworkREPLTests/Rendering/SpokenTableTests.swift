import Formwork
import FormworkCore
import Foundation
import Testing

@testable import FormworkREPL

/// The table said as sentences (the accessible mode's voice): every row, section and
/// change one sentence, and no line that means something by alignment, colour or a
/// symbol alone.
@Suite("The table as sentences")
struct SpokenTableTests {
    static let yaml = """
        id: spoken
        title: Sign up
        description: "Tell us   about yourself."
        sections:
          - id: you
            header: About you
            footer: We never share it.
            fields:
              - { id: name, kind: text, label: First name, required: true }
              - { id: last, kind: text, label: Last name }
              - { id: secret, kind: secure, label: Password }
              - { id: news, kind: switch, label: Newsletter }
              - { id: plan, kind: choice, label: Plan, options: [{value: free, label: Free}, {value: pro, label: Pro}] }
              - { id: seats, kind: number, label: Seats, visible: "$plan == 'pro'", required: true, min: 1 }
              - { id: total, kind: computed, label: Total, value: "$seats * 10" }
              - { id: hello, kind: note, text: "Welcome, {$name}" }
          - id: company
            header: Company
            visible: "$plan == 'pro'"
            fields:
              - { id: firm, kind: text, label: Company name }
        """

    final class Form {
        let session: FormSession
        let table: TerminalTable

        init() throws {
            session = try FormSession(
                definition: FormDefinition(yaml: SpokenTableTests.yaml), today: LocalDate("2024-03-01")!)
            table = TerminalTable(
                form: session.definition, renderer: TableRenderer(width: 80, style: .ansi, voice: .sentences))
            session.reload(table, animated: false)
        }

        func change(_ change: (FormSession) throws -> Void) throws -> [String] {
            table.clearChanges()
            try change(session)
            session.reload(table, animated: true)
            return table.changeLines
        }
    }

    /// What a line may not hold in the accessible mode: a terminal escape, box drawing,
    /// a run of spaces (alignment), or a symbol standing where a word belongs.
    static func problems(_ line: String) -> [String] {
        var found: [String] = []
        if line.unicodeScalars.contains(where: { $0.value == 0x1B || ($0.value < 0x20 && $0 != "\t") }) {
            found.append("a control character")
        }
        if line.unicodeScalars.contains(where: { (0x2500...0x259F).contains($0.value) }) { found.append("box drawing") }
        if line.contains("  ") { found.append("aligned columns") }
        for symbol in ["[x]", "[ ]", "•", " * ", "! ", "+ ", "- ", "~ "]
        where line.contains(symbol) || line.hasPrefix(symbol.trimmingCharacters(in: .whitespaces) + " ") {
            found.append("the symbol '\(symbol)'")
        }
        if line.hasSuffix("*") { found.append("a bare '*'") }
        return found
    }

    @Test func theTableIsReadAsSentences() throws {
        let form = try Form()
        #expect(
            form.table.render() == [
                "Form: Sign up.",
                "Tell us about yourself.",
                "",
                "Section About you, 7 rows.",
                "Row 1, First name, required, not answered.",
                "Row 2, Last name, not answered.",
                "Row 3, Password, not answered.",
                "Row 4, Newsletter, off.",
                "Row 5, Plan, not answered.",
                "Row 6, Total, computed, not answered.",
                "Row 7, note: Welcome.",
                "Section note: We never share it.",
            ])
    }

    @Test func changesSayWhatAppearedDisappearedAndChanged() throws {
        let form = try Form()
        let shown = try form.change {
            try $0.set("name", text: "Ada")
            try $0.set("secret", text: "hunter2")
            try $0.toggle("news")
            try $0.set("plan", text: "pro")
        }
        #expect(
            shown == [
                "Changed: row 1, First name, required, now Ada.",
                "Changed: row 3, Password, now hidden value.",
                "Changed: row 4, Newsletter, now on.",
                "Changed: row 5, Plan, now Pro.",
                "Appeared: row 6, Seats, required, not answered.",
                "Changed: row 8, note: Welcome, Ada.",
                "Appeared: section Company, 1 row.",
                "Appeared: row 9, Company name, not answered.",
            ])
        let hidden = try form.change { try $0.set("plan", text: "free") }
        #expect(
            hidden == [
                "Disappeared: row 6, Seats.", "Disappeared: section Company, 1 row.", "Changed: row 5, Plan, now Free.",
            ])
        for line in form.table.render() + shown + hidden { #expect(Self.problems(line).isEmpty, "\(line)") }
    }

    @Test func anErrorIsASentenceOfItsOwn() throws {
        let form = try Form()
        let lines = try form.change { _ = $0.validate() }
        #expect(lines.contains("Row 1, First name, has a problem: is required."), "\(lines)")
        #expect(lines.allSatisfy { Self.problems($0).isEmpty }, "\(lines)")
    }

    @Test func theCheckFindsWhatTheTableVoiceShows() throws {
        let table = try TableRendererTests.Form()
        let lines = table.table.render()
        #expect(lines.contains { !Self.problems($0).isEmpty })
    }
}
