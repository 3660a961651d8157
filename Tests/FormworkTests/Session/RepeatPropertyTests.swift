import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// Random sequences of entries added, removed and moved, values set, and undo and
/// redo: after each, the view's mirror equals a fresh rendering of the data source
/// and a full reload of a fresh session with the same state, the answers equal
/// those of a naive model of the form computed by hand, and the progress through
/// required fields kept from each reload's changes equals a count of every row.
@Suite("Repeats: random edits against a naive model")
struct RepeatPropertyTests {
    static let yaml = """
        id: prop
        title: Prop
        sections:
          - id: s
            header: S
            fields:
              - { id: limit, kind: number, label: Limit }
              - { id: n, kind: number, label: N }
              - id: items
                label: Item
                repeat: { max: 5 }
                fields:
                  - { id: qty, kind: number, label: Qty, required: true }
                  - { id: note, kind: text, label: Note, visible: "$qty > $limit" }
                  - id: parts
                    label: Part
                    repeat: { max: 3 }
                    fields:
                      - { id: w, kind: number, label: W, visible: "$qty != null" }
              - id: slots
                label: Slot
                repeat: { count: "$n", max: 4 }
                fields:
                  - { id: tag, kind: text, label: Tag }
              - { id: total, kind: computed, label: Total, value: "sum($items.qty)" }
              - { id: big, kind: computed, label: Big, value: "count($items, $qty > $limit)" }
        """

    /// The form as plain data, and its answers computed directly from the rules above.
    struct Model: Equatable {
        struct Item: Equatable {
            var qty: Double?
            var note: String?
            var parts: [Double?] = []
        }
        var limit: Double?
        var n: Double?
        var items: [Item] = []
        var tags: [String?] = []

        var slotCount: Int { n.map { Int(max(0, min(4, $0.rounded(.down)))) } ?? 0 }

        /// Slots follow `n`: added empty at the end, removed from the end.
        mutating func followCount() {
            while tags.count < slotCount { tags.append(nil) }
            if tags.count > slotCount { tags.removeLast(tags.count - slotCount) }
        }

        /// Every problem: each item without a quantity, and a count beyond the slots' max.
        func errors() -> [String] {
            items.indices.filter { items[$0].qty == nil }.map { "items[\($0 + 1)].qty" }
                + ((n ?? 0) >= 5 ? ["slots"] : [])
        }

        func answers() -> [AnsweredField] {
            var result: [AnsweredField] = []
            if let limit { result.append(AnsweredField(id: "limit", value: .number(limit))) }
            if let n { result.append(AnsweredField(id: "n", value: .number(n))) }
            if !items.isEmpty {
                let entries = items.map { item -> [AnsweredField] in
                    var entry: [AnsweredField] = []
                    if let qty = item.qty { entry.append(AnsweredField(id: "qty", value: .number(qty))) }
                    if let note = item.note, let qty = item.qty, let limit, qty > limit {
                        entry.append(AnsweredField(id: "note", value: .string(note)))
                    }
                    if !item.parts.isEmpty {
                        let parts = item.parts.map { w -> [AnsweredField] in
                            guard let w, item.qty != nil else { return [] }
                            return [AnsweredField(id: "w", value: .number(w))]
                        }
                        entry.append(AnsweredField(id: "parts", answer: .entries(parts)))
                    }
                    return entry
                }
                result.append(AnsweredField(id: "items", answer: .entries(entries)))
            }
            if !tags.isEmpty {
                let entries = tags.map { tag in tag.map { [AnsweredField(id: "tag", value: .string($0))] } ?? [] }
                result.append(AnsweredField(id: "slots", answer: .entries(entries)))
            }
            let total = items.compactMap(\.qty).reduce(0, +)
            result.append(AnsweredField(id: "total", value: .number(total)))
            let big = items.filter { item in item.qty.map { qty in limit.map { qty > $0 } ?? false } ?? false }.count
            result.append(AnsweredField(id: "big", value: .number(Double(big))))
            return result
        }
    }

    @Test(arguments: 0..<32)
    func randomEditsKeepTheViewAndTheAnswersRight(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 11)
        let definition = try FormDefinition(yaml: Self.yaml)
        let session = FormSession(definition: definition)
        let view = RecordingListView { _ in FieldCell() }
        session.reload(view, animated: false)
        _ = session.requiredProgress  // counted once, then kept up to date by each reload
        var model = Model()
        var undone: [Model] = []
        var done: [Model] = []
        func number() -> Double? {
            Int.random(in: 0..<5, using: &random) == 0 ? nil : Double(Int.random(in: 0..<6, using: &random))
        }
        func text(_ value: Double?) -> String { value.map { JSONText.format($0) } ?? "" }

        var log: [String] = []  // what each step did, shown when one fails
        for step in 0..<80 {
            let before = model
            let steps = session.journal.undoSteps.count
            var changed = true
            let items = model.items.count
            let choice = Int.random(in: 0..<12, using: &random)
            switch choice {
            case 0:
                let value = number()
                try session.set("limit", text: text(value))
                model.limit = value
            case 1:
                let value = number()
                try session.set("n", text: text(value))
                model.n = value
                model.followCount()
            case 2 where items < 5:
                let position = Int.random(in: 1...(items + 1), using: &random)
                try session.addEntry("items", at: position)
                model.items.insert(Model.Item(), at: position - 1)
            case 3 where items > 0:
                let position = Int.random(in: 1...items, using: &random)
                try session.removeEntry("items[\(position)]")
                model.items.remove(at: position - 1)
            case 4 where items > 1:
                let from = Int.random(in: 1...items, using: &random)
                var to = Int.random(in: 1...items, using: &random)
                if to == from { to = from == 1 ? 2 : 1 }
                try session.moveEntry("items[\(from)]", to: to)
                model.items.insert(model.items.remove(at: from - 1), at: to - 1)
            case 5 where items > 0:
                let position = Int.random(in: 1...items, using: &random)
                let value = number()
                try session.set("items[\(position)].qty", text: text(value))
                model.items[position - 1].qty = value
            case 6 where items > 0:
                let position = Int.random(in: 1...items, using: &random)
                let value = Bool.random(using: &random) ? "n\(step)" : ""
                try session.set("items[\(position)].note", text: value)
                model.items[position - 1].note = value.isEmpty ? nil : value
            case 7 where items > 0:
                let position = Int.random(in: 1...items, using: &random)
                guard model.items[position - 1].parts.count < 3 else {
                    changed = false
                    break
                }
                try session.addEntry("items[\(position)].parts")
                model.items[position - 1].parts.append(nil)
            case 8 where items > 0:
                let position = Int.random(in: 1...items, using: &random)
                let parts = model.items[position - 1].parts.count
                guard parts > 0 else {
                    changed = false
                    break
                }
                let part = Int.random(in: 1...parts, using: &random)
                if Bool.random(using: &random) {
                    try session.removeEntry("items[\(position)].parts[\(part)]")
                    model.items[position - 1].parts.remove(at: part - 1)
                } else {
                    let value = number()
                    try session.set("items[\(position)].parts[\(part)].w", text: text(value))
                    model.items[position - 1].parts[part - 1] = value
                }
            case 9 where !model.tags.isEmpty:
                let slot = Int.random(in: 1...model.tags.count, using: &random)
                let value = Bool.random(using: &random) ? "t\(step)" : ""
                try session.set("slots[\(slot)].tag", text: value)
                model.tags[slot - 1] = value.isEmpty ? nil : value
            case 10 where !done.isEmpty:
                #expect(session.undo())
                undone.append(model)
                model = done.removeLast()
                changed = false
            case 11 where !undone.isEmpty:
                #expect(session.redo())
                done.append(model)
                model = undone.removeLast()
                changed = false
            default:
                changed = false
            }
            // A change is an undo step when the session recorded one (setting an empty
            // field to nothing records that its errors are now shown).
            if changed, session.journal.undoSteps.count > steps {
                done.append(before)
                undone = []
            }
            log.append("\(step) op \(choice) changed \(changed): \(model)")
            session.reload(view, animated: true)

            if session.answers() != model.answers() || view.sections != view.freshRendering() {
                Issue.record("seed \(seed) step \(step)\n\(log.joined(separator: "\n"))")
                return
            }
            #expect(view.errors.isEmpty, "seed \(seed) step \(step)")
            #expect(
                session.presentation.requiredTally
                    == session.presentation.requiredProgress(of: session.presentation.source.visibleSections),
                "seed \(seed) step \(step)")
            #expect(session.errors().map(\.field) == model.errors(), "seed \(seed) step \(step)")
            #expect(view.sections == view.freshRendering(), "seed \(seed) step \(step)")
            let fresh = FormSession(definition: definition)
            fresh.restore(session.snapshot())
            let full = RecordingListView { _ in FieldCell() }
            fresh.reload(full, animated: false)
            #expect(view.sections == full.sections, "seed \(seed) step \(step)")
            #expect(fresh.answers() == model.answers(), "seed \(seed) step \(step)")
        }
    }
}
