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
