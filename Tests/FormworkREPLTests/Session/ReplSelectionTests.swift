import Formwork
import FormworkCore
import Foundation
import Testing

@testable import FormworkREPL

/// Selecting a row at the prompt goes through the data source's `selectRow`, so a
/// descriptor decides what happens: the form's own (by kind), or an embedder's.
@Suite("REPL session: selection through descriptors")
struct ReplSelectionTests {
    static let yaml = """
        id: visit
        title: Visit
        sections:
          - id: main
            fields:
              - { id: name, kind: text, label: Name }
              - { id: stars, kind: rating, label: Stars }
              - { id: mood, kind: mood, label: Mood }
        """
    static let kinds = [CustomFieldKind(name: "rating", base: .number), CustomFieldKind(name: "mood", base: .text)]

    /// Records the selections an embedder's descriptor saw.
    final class Log {
        var selected: [String] = []
    }

    @Test func anEmbeddersDidSelectRunsWhenItsRowIsSelectedAtThePrompt() throws {
        let log = Log()
        let box = SessionBox()
        // A rating cycles one star further each time its row is selected: the
        // descriptor does it itself and asks the view for nothing.
        let stars = CellDescriptor<FieldRow, FieldCell>(.named("rating"))
            .didSelect { row, _ in
                log.selected.append(row.id)
                let current = if case .number(let value) = row.value { Int(value) } else { 0 }
                try? box.session?.set(row.id, to: .number(Double(current % 5 + 1)))
                return .deselect
            }
        let session = try FormSession(
            definition: FormDefinition(yaml: Self.yaml, customKinds: Self.kinds), cellDescriptors: [stars])
        box.session = session
        let repl = try ReplHarness(session: session, interactive: true)
        #expect(repl.type("2").output == ["~  2  Stars       1"])
        #expect(repl.type("select 2").output == ["~  2  Stars       2"])
        #expect(log.selected == ["stars", "stars"])
        #expect(repl.prompt?.completion == .commands)  // nothing was asked
    }

    /// Every way the prompt acts on a row asks the row's descriptor first: `select`,
    /// `set`, `toggle`, `clear`, a guided answer — hidden rows included. A descriptor
    /// that asks for the form's interaction lets the change happen; one that answers
    /// otherwise has handled the row, and the change is not made behind its back.
    @Test func everyCommandThatActsOnARowGoesThroughItsDescriptor() throws {
        let yaml = """
            id: visit
            title: Visit
            sections:
              - id: main
                fields:
                  - { id: name, kind: text, label: Name }
                  - { id: stars, kind: rating, label: Stars }
                  - { id: done, kind: flag, label: Done }
                  - { id: tags, kind: multichoice, label: Tags, options: [a, b], visible: "$name != 'hide'" }
            """
        let kinds = Self.kinds + [CustomFieldKind(name: "flag", base: .switch)]
        let log = Log()
        var refuses = false
        let watched = ["rating", "flag", "multichoice"].map { kind in
            CellDescriptor<FieldRow, FieldCell>(.named(kind))
                .didSelect { row, _ in
                    log.selected.append(row.id)
                    if refuses { return .deselect }
                    return .request(SelectionRequest(FieldInteraction.default(for: row.kind, field: row.id)))
                }
        }
        let session = try FormSession(
            definition: FormDefinition(yaml: yaml, customKinds: kinds), cellDescriptors: watched)
        let repl = try ReplHarness(session: session, interactive: true)
        repl.type("set stars 4", "toggle done", "clear stars", "toggle tags a")
        #expect(log.selected == ["stars", "done", "stars", "tags"])
        #expect(session.value(of: "done") == .bool(true) && session.value(of: "stars") == .null)
        #expect(session.value(of: "tags") == .list(["a"]))
        repl.type("2", "5")  // selected, then its question answered
        #expect(log.selected.last == "stars" && session.value(of: "stars") == .number(5))
        // A hidden row is still asked.
        repl.type("set name hide", "toggle tags b")
        #expect(!session.isVisible("tags") && log.selected.last == "tags")
        // A descriptor that handles the row itself: nothing is changed for it.
        refuses = true
        log.selected = []
        repl.type("set stars 2", "toggle done", "clear done")
        #expect(log.selected == ["stars", "done", "done"])
        #expect(session.value(of: "stars") == .number(5) && session.value(of: "done") == .bool(true))
        // Guided: the question is asked through the descriptor, then answered.
        refuses = false
        log.selected = []
        let guided = try ReplHarness(session: session, interactive: true, guided: true)
        guided.type("Ada", "3")
        #expect(log.selected.first == "stars" && session.value(of: "stars") == .number(3), "\(log.selected)")
    }

    @Test func aCustomKindWithoutDidSelectAsksAsItsBaseKindDoes() throws {
        let session = try FormSession(definition: FormDefinition(yaml: Self.yaml, customKinds: Self.kinds))
        let repl = try ReplHarness(session: session, interactive: true)
        repl.type("3")
        #expect(repl.prompt == Prompt("Mood: ", prefill: ""))  // the data source's default: edit
        repl.type("cheerful")
        #expect(session.value(of: "mood") == "cheerful")
    }

    @Test func anEmbedderCanAskForAnInteractionOfItsChoosing() throws {
        // The mood row asks to be edited, wherever and however it is selected.
        let mood = CellDescriptor<FieldRow, FieldCell>(.named("mood"))
            .didSelect { row, _ in .request(SelectionRequest(FieldInteraction.edit(field: row.id))) }
        let session = try FormSession(
            definition: FormDefinition(yaml: Self.yaml, customKinds: Self.kinds), cellDescriptors: [mood])
        let repl = try ReplHarness(session: session, interactive: true)
        repl.type("goto mood")
        #expect(repl.prompt?.text == "Mood: ")
    }

    @Test func theFormsRowsAskByKind() throws {
        let session = try FormSession(
            definition: FormDefinition(
                yaml: """
                    id: k
                    title: K
                    sections:
                      - id: s
                        fields:
                          - { id: on, kind: switch, label: On }
                          - { id: pick, kind: choice, label: Pick, options: [a, b] }
                          - { id: many, kind: multichoice, label: Many, options: [a, b] }
                          - { id: note, kind: note, text: Hello }
                          - { id: sum, kind: computed, label: Sum, value: 1 + 1 }
                          - { id: day, kind: date, label: Day }
                    """))
        session.reload(nil, animated: false)
        let expected: [FieldInteraction] = [
            .toggle(field: "on"), .chooseOne(field: "pick"), .chooseMany(field: "many"),
            .showNote(field: "note"), .showComputed(field: "sum"), .edit(field: "day"),
        ]
        for (row, interaction) in expected.enumerated() {
            #expect(
                session.dataSource.selectRow(at: IndexPath(row: row, section: 0))
                    == .request(SelectionRequest(interaction)))
        }
    }
}

/// The session a descriptor closure reaches (created after the descriptor).
final class SessionBox {
    weak var session: FormSession?
}
