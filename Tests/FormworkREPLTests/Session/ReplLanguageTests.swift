import Formwork
import FormworkCore
import Foundation
import Testing

@testable import FormworkREPL

/// Languages at the prompt: `language` lists and switches, the change lines show
/// the rows whose text changed, and labels in right-to-left and wide scripts keep
/// the table's columns.
@Suite("REPL session: languages")
struct ReplLanguageTests {
    @Test func languageListsAndSwitches() throws {
        let repl = try ReplHarness("vaccination-visit.yaml")
        #expect(repl.type("language").output == ["  * en  English", "    ar  العربية"])
        repl.type("set childName Ada")
        let switched = repl.type("language AR").output  // any case
        #expect(switched.contains("~  1  اسم الطفل *                       Ada"))
        #expect(switched.contains("~  2  كم عمر Ada؟ (بالأشهر) *"))
        #expect(switched.contains("~     الطفل"))  // the header
        #expect(repl.form.language == "ar")
        #expect(repl.type("language").output == ["    en  English", "  * ar  العربية"])
        #expect(repl.type("language fr").errors == ["error: the form has no language 'fr' (its languages: en, ar)"])
        #expect(repl.type("language ar").output.isEmpty)  // nothing changed
    }

    @Test func anAnswerUpdatesTheTextsThatReadIt() throws {
        let repl = try ReplHarness("vaccination-visit.yaml")
        #expect(
            repl.type("set childName Ada").output == [
                "~  1  Child's name *                    Ada",
                "~  2  How old is Ada? (months) *",
            ])
        repl.type("set ageMonths 10")
        #expect(
            repl.type("set childName Bo").output == [
                "~  1  Child's name *                    Bo",
                "~  2  How old is Bo? (months) *         10",
                "~     Summary for Bo",
                "~  9  Bo is due back in four weeks (0 sibling(s) recorded).",
            ])
        let (_, errors) = repl.type("set weight 60", "errors")
        #expect(
            errors == ["  4  Weight (kg): 60 kg is unlikely for a child of 10 months: check the scale (rule: rules[0])"]
        )
    }

    @Test func languageIsOfferedOnlyForFormsWithLanguages() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(repl.type("language").output == ["This form is written in one language only."])
        #expect(
            repl.type("language fr").errors == [
                "error: the form is written in one language only: there is no 'fr' to switch to"
            ])
    }

    /// Wide (CJK) and right-to-left (Arabic, with a combining mark) labels: every
    /// value starts at the same display column.
    @Test func wideAndRightToLeftLabelsKeepTheValueColumn() throws {
        let form = try FormDefinition(
            yaml: """
                id: w
                title: W
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: text, label: 名前 }
                      - { id: b, kind: text, label: Name }
                      - { id: c, kind: text, label: الاسمُ الكامل }
                      - { id: d, kind: text, label: 電話番号とメール }
                """)
        let session = FormSession(definition: form)
        for id in ["a", "b", "c", "d"] { try session.set(id, text: "X") }
        let table = TerminalTable(form: form, renderer: TableRenderer(width: 60))
        session.reload(table, animated: false)
        let rows = table.render().filter { $0.hasSuffix("X") }
        #expect(rows.count == 4)
        let columns = Set(rows.map { TerminalText.displayWidth(String($0.dropLast())) })
        #expect(columns.count == 1, "value columns: \(rows)")
    }
}
