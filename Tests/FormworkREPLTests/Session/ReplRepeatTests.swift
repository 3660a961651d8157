import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// Repeats at the prompt: entries as numbered groups of rows, `add`, `remove` and
/// `move`, paths to fields in entries, the add row, guided filling, counts, drafts.
@Suite("REPL session: repeats")
struct ReplRepeatTests {
    @Test func entriesAreAddedMovedAndRemovedByCommand() throws {
        let repl = try ReplHarness("household-survey.yaml")
        #expect(
            repl.type("add members").output == [
                "+     Member 2: no name yet",
                "+  7  Name *",
                "+  8  Relation to the head *",
                "+  9  Age in years *",
                "~ 10  + Add a member                2 of at most 20",
                "~ 11  People                        2  (computed)",
            ])
        #expect(
            repl.type("set members[2].name Bob").output == [
                "~     Member 2: Bob",
                "~  7  Name *                        Bob",
            ])
        repl.type("set members[1].name Ada")
        #expect(repl.type("move members 2 1").output == ["~     Member 1: Bob (moved)", "~     Member 2: Ada"])
        #expect(repl.form.value(of: "members[1].name") == "Bob")
        #expect(
            repl.type("remove members[2]").output == [
                "-     Member 2: Ada (3 fields)",
                "~  7  + Add a member                1 of at most 20",
                "~  8  People                        1  (computed)",
            ])
        #expect(repl.type("remove members 1").errors == ["error: members needs at least 1 entry (rule: repeat.min)"])
        #expect(repl.type("undo").output.first == "+     Member 2: Ada")
        #expect(repl.errors.count == 1)
    }

    @Test func pathsNameFieldsInEntriesAndMistakesSayHow() throws {
        let repl = try ReplHarness("household-survey.yaml")
        #expect(
            repl.type("set name Ada").errors == [
                "error: name is in each entry of a repeat: name the entry, as in members[1].name"
            ])
        #expect(
            repl.type("set members[3].name Ada").errors == [
                "error: there is no members[3]: the repeat has 1 entry"
            ])
        #expect(
            repl.type("add rooms").errors == [
                "error: the entries of rooms follow its count ($bedrooms): change that instead"
            ])
        #expect(
            repl.type("add address").errors == [
                "error: address is not a repeat (add takes a repeat, like members or members[1].visits)"
            ])
        #expect(repl.type("move members 1 x").errors == ["error: 'x' is not a position (entries are numbered from 1)"])
        #expect(
            repl.type("set members[1].age old").errors == ["error: members[1].age 'old' is not a number (rule: type)"])
        // A row number works wherever a path does.
        repl.type("set 4 Ada")
        #expect(repl.form.value(of: "members[1].name") == "Ada")
        #expect(
            repl.type("set 7 x").errors == [
                "error: row 7 adds an entry to members, it is not a field (select it, or 'add members')"
            ])
    }

    @Test func selectingTheAddRowAddsAnEntryAndAsksItsFirstField() throws {
        let repl = try ReplHarness("household-survey.yaml", interactive: true)
        let shown = repl.type("7").output
        #expect(shown.contains("+     Member 2: no name yet"))
        #expect(repl.prompt == Prompt("Name (members[2].name) *: ", prefill: ""))
        repl.type("Bob")
        #expect(repl.form.value(of: "members[2].name") == "Bob")
        // In a script, selecting it only adds.
        let script = try ReplHarness("household-survey.yaml")
        script.type("7")
        #expect(try script.form.entries(of: "members").count == 2)
        #expect(script.prompt?.text == "")
    }

    @Test func guidedFillingAsksEachEntryThenWhetherToAddAnother() throws {
        let repl = try ReplHarness("household-survey.yaml", interactive: true, guided: true)
        for answer in ["1 Main St", "1", "2"] { repl.type(answer) }  // address, house, two bedrooms
        #expect(repl.prompt?.text == "Name (members[1].name) *: ")
        repl.type("Ada")
        repl.type("1")  // head
        repl.type("40")
        #expect(repl.prompt?.text == "Works or studies (members[1].works) [y/N]: ")
        repl.type("n")
        #expect(repl.prompt?.text == "Add another member? (1 so far) [y/N] ")
        repl.type("y")
        #expect(repl.prompt?.text == "Name (members[2].name) *: ")
        repl.type("Bo", "3", "2")
        #expect(repl.prompt?.text == "Add a clinic visit? [y/N] ")  // Bo is two: the visits appear
        repl.type("y")
        #expect(repl.prompt?.text == "Date (members[2].visits[1].visitDate) * (YYYY-MM-DD): ")
        repl.type("2024-01-10", "2")
        #expect(repl.prompt?.text == "Add another clinic visit? (1 so far) [y/N] ")
        repl.type("n")
        #expect(repl.prompt?.text == "Add another member? (2 so far) [y/N] ")
        repl.type("")
        // The count-driven repeat asks exactly as many as the count says.
        #expect(repl.prompt?.text == "People sleeping here (rooms[1].sleepers) *: ")
        repl.type("1")
        #expect(repl.prompt?.text == "People sleeping here (rooms[2].sleepers) *: ")
        repl.type("1")
        #expect(repl.prompt?.text == "Submit now? [y/N] ")
        repl.type("y")
        #expect(repl.exitStatus == 0)
        let answers = repl.output.joined(separator: "\n")
        #expect(answers.contains(#""visitDate": "2024-01-10""#))
        #expect(answers.contains(#""householdSize": 2"#))
    }

    @Test func guidedCommandsWorkAtTheAddQuestion() throws {
        let repl = try ReplHarness("expense-report.yaml", interactive: true, guided: true)
        repl.type(":goto items[1].receipt")
        #expect(repl.prompt?.text == "Receipt attached (items[1].receipt) [Y/n]: ")
        repl.type("")
        #expect(repl.prompt?.text == "Add another expense? (1 so far) [y/N] ")
        repl.type(":back")
        #expect(repl.prompt?.text == "Receipt attached (items[1].receipt) [Y/n]: ")
        repl.type("", ":skip")
        #expect(repl.prompt?.text.hasPrefix("Total") == false)
    }

    @Test func aCountThatDropsAsksBeforeRemovingAnswers() throws {
        let repl = try ReplHarness("household-survey.yaml", interactive: true)
        repl.type("set bedrooms 3", "set rooms[3].sleepers 2")
        let asked = repl.type("set bedrooms 2")
        #expect(asked.output.isEmpty)
        #expect(repl.prompt?.text == "This removes rooms[3], with answers in it. Go ahead? [y/N] ")
        repl.type("n")
        #expect(repl.output.last == "Kept the entries; the change was undone.")
        #expect(repl.form.value(of: "rooms[3].sleepers") == 2)
        #expect(repl.form.value(of: "bedrooms") == 3)
        repl.type("set bedrooms 2")
        let removed = repl.type("y").output
        #expect(removed.contains("~  3  Bedrooms *                    2"))
        #expect(removed.contains("-     Bedroom #3 (1 field)"))
        // In a script the change stands, and says what went.
        let script = try ReplHarness("household-survey.yaml")
        script.type("set bedrooms 2", "set rooms[2].sleepers 1")
        #expect(
            script.type("set bedrooms 1").errors == [
                "note: this removed rooms[2] with its answers (the repeat follows its count; undo puts it back)"
            ])
    }

    @Test func whyExplainsPerEntry() throws {
        let repl = try ReplHarness("household-survey.yaml")
        repl.type("add members", "set members[1].age 40", "set members[2].age 9")
        #expect(
            repl.type("why members[2].school").output == [
                "members[2].school is shown because its condition is true:",
                "  visible: $age >= 5 and $age < 18",
                "  $age = 9",
            ])
        #expect(
            repl.type("why members[1].school").output[0]
                == "members[1].school is hidden because its condition is false:")
        #expect(
            repl.type("why members[1].visits").output == [
                "members[1].visits is hidden because the condition of 'members[1].visits' is false:",
                "  visible: $age < 5",
                "  $age = 40",
            ])
        #expect(
            repl.type("why members[1].visits[1].visitDate").errors == [
                "error: there is no members[1].visits[1]: the repeat has no entries yet"
            ])
    }

    @Test func completionOffersPaths() throws {
        let repl = try ReplHarness("household-survey.yaml")
        repl.type("add members")
        #expect(
            repl.repl.completions(for: "set members[2].", context: .commands) == [
                "members[2].name", "members[2].relation", "members[2].age",
            ])
        #expect(repl.repl.completions(for: "add m", context: .commands) == ["members"])
        repl.type("set members[2].age 3")  // their visits appear: they can be added to
        #expect(repl.repl.completions(for: "add m", context: .commands) == ["members", "members[2].visits"])
        #expect(repl.repl.completions(for: "remove mem", context: .commands) == ["members[1]", "members[2]"])
        #expect(repl.repl.completions(for: "why members[1].v", context: .commands) == ["members[1].visits"])
    }

    @Test func valuesAndSaveNestEntries() throws {
        let repl = try ReplHarness("household-survey.yaml")
        repl.type("set members[1].name Ada", "set members[1].age 2", "add members[1].visits")
        repl.type("set members[1].visits[1].visitDate 2024-02-02")
        let values = repl.type("values").output.joined(separator: "\n")
        #expect(values.contains(#""members": ["#))
        #expect(values.contains(#""visitDate": "2024-02-02""#))
        repl.type("save out.json")
        let saved = try #require(repl.files["out.json"])
        let fresh = FormSession(definition: repl.form.definition)
        try fresh.loadValues(bytes: Array(saved.utf8), isJSON: true)
        #expect(fresh.answersJSON() == repl.form.answersJSON())
    }

    @Test func aDraftKeepsEntriesAndWhatWasTypedInThem() throws {
        let (draft, directory) = try ReplDraftTests.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repl = try ReplHarness("household-survey.yaml", draft: draft)
        repl.type("set members[1].name Ada", "add members", "set members[2].name Bob", "add members[2].visits")
        repl.type("set members[2].age 1", "move members 2 1", "set bedrooms 2", "set rooms[2].sleepers 3")
        // Appended, line by line: nothing is rewritten while answers are typed.
        let text = try String(contentsOfFile: draft.path, encoding: .utf8)
        #expect(text.contains(#"{"entry":"add","group":"members","position":2}"#))
        #expect(text.contains(#"{"entry":"move","at":"members[2]","position":1}"#))
        #expect(text.contains(#"{"id":"rooms[2].sleepers","value":3}"#))
        // As if the process were killed here: a new session resumes everything.
        let resumed = try FormSession(definition: repl.form.definition, today: LocalDate("2024-03-01")!)
        let store = DraftStore(path: draft.path, formPath: draft.formPath, fingerprint: draft.fingerprint)
        guard case .resumed(let report, _, _) = store.resume(into: resumed) else {
            Issue.record("not resumed")
            return
        }
        #expect(report.dropped.isEmpty)
        #expect(resumed.answersJSON() == repl.form.answersJSON())
        #expect(try resumed.entries(of: "members[1].visits") == ["members[1].visits[1]"])
    }

    /// A draft appended line by line keeps each entry's identity, so `uuid()` gives
    /// the same values after a resume: entries added, moved, and made by a count.
    @Test func anAppendedDraftKeepsWhatUUIDDerivesFrom() throws {
        let (draft, directory) = try ReplDraftTests.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = """
            id: u
            title: U
            sections:
              - id: s
                fields:
                  - { id: n, kind: number, label: N, min: 0, max: 4 }
                  - id: slots
                    label: Slot
                    repeat: { count: $n, max: 4 }
                    fields: [{ id: slotToken, kind: computed, label: Token, value: uuid() }]
                  - id: people
                    label: Person
                    repeat: { max: 4 }
                    fields: [{ id: token, kind: computed, label: Token, value: uuid() }]
            """
        let repl = try ReplHarness(yaml, draft: draft)
        repl.type("add people", "add people", "set n 2", "move people 2 1", "add people")
        let text = try String(contentsOfFile: draft.path, encoding: .utf8)
        #expect(text.contains(#"{"entry":"identity","at":"slots[2]","key":"#))  // appended, not rewritten
        let resumed = try FormSession(definition: repl.form.definition, today: LocalDate("2024-03-01")!)
        let store = DraftStore(path: draft.path, formPath: draft.formPath, fingerprint: draft.fingerprint)
        guard case .resumed = store.resume(into: resumed) else {
            Issue.record("not resumed")
            return
        }
        for path in ["people[1]", "people[2]", "people[3]", "slots[1]", "slots[2]"] {
            let token = path.hasPrefix("slots") ? ".slotToken" : ".token"
            #expect(resumed.value(of: path + token) == repl.form.value(of: path + token), "\(path)")
        }
    }

    /// `goto SECTION` goes to the first row the section shows: an entry's field when
    /// the section starts with a repeat, not the first of its own fields further down.
    @Test func gotoASectionGoesToItsFirstRowShown() throws {
        let repl = try ReplHarness(
            """
            id: g
            title: G
            sections:
              - id: s
                fields:
                  - id: items
                    label: Item
                    repeat: { min: 1 }
                    fields: [{ id: what, kind: text, label: What }]
                  - { id: after, kind: text, label: After }
            """)
        repl.type("goto s")
        #expect(repl.prompt?.text == "What (items[1].what): ")
    }
}
