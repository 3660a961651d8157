import Foundation
import Testing

@testable import Formwork

/// Field behaviours through the Swift API: read-only fields, hidden calculations,
/// inputs, answer keys and `recalculate` triggers.
@Suite("Field behaviours: sessions")
struct BehaviourSessionTests {
    static let yaml = """
        id: order
        title: Order
        inputs:
          - { id: region, type: text, label: Region, default: north }
          - { id: rate, type: number }
        sections:
          - id: main
            fields:
              - { id: locked, kind: switch, label: Locked }
              - { id: ref, kind: text, label: Reference, readonly: true, default: R-1, key: order-ref }
              - id: price
                kind: number
                label: Price
                readonly: $locked
                recalculate: { on: [qty, rate], value: "$qty * $rate", when: "$rate != null" }
              - { id: qty, kind: number, label: Quantity, max: 100 }
              - { id: total, kind: calculate, value: "$price * 2", visible: "$price != null" }
              - { id: shown, kind: computed, label: Shown, value: "$total" }
              - { id: where, kind: computed, label: Where, value: "$region" }
              - id: lines
                label: Line
                repeat: { max: 5 }
                fields:
                  - { id: item, kind: text, label: Item, key: item name }
                  - { id: amount, kind: number, label: Amount, recalculate: { on: [item, rate], value: "$rate" } }
        """

    static func session() throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: yaml), today: Fixtures.today)
    }

    // MARK: Read-only

    @Test func aPersonCannotChangeAReadOnlyFieldButAProgramCan() throws {
        let session = try Self.session()
        #expect(session.value(of: "ref") == "R-1")  // a default, as real forms prefill them
        #expect(session.isReadOnly("ref"))
        #expect(throws: SessionError.rejected(FieldError(field: "ref", rule: .locked(condition: nil)))) {
            try session.set("ref", text: "R-2")
        }
        #expect(throws: SessionError.self) { try session.clear("ref") }
        #expect(
            "\(SessionError.rejected(FieldError(field: "ref", rule: .locked(condition: nil))))" == "ref is read-only")
        try session.set("ref", text: "R-2", origin: .program)
        #expect(session.value(of: "ref") == "R-2")
    }

    @Test func aReadOnlyConditionIsEvaluatedAndFlipsTheRow() throws {
        let session = try Self.session()
        session.reload(animated: false)
        try session.set("price", to: 5)
        session.reload()
        #expect(!session.isReadOnly("price"))
        try session.toggle("locked")
        #expect(session.isReadOnly("price"))
        let error = SessionError.rejected(FieldError(field: "price", rule: .locked(condition: "$locked")))
        #expect(throws: error) { try session.set("price", to: 6) }
        #expect(error.description == "price is read-only while $locked")
        let changes = try #require(session.reload())
        // The locked switch and the price row (now read-only) are updated.
        let updated = changes.rows.updated.compactMap { session.path(at: $0.to) }
        #expect(updated == ["locked", "price"])
        let price = try #require(session.visibleSections().first?.rows.first { $0.id == "price" })
        #expect(price.isReadOnly && price.value == 5)
    }

    // MARK: Hidden calculations

    @Test func aHiddenCalculationIsReadAndExportedButNeverARow() throws {
        let session = try Self.session()
        session.reload(animated: false)
        try session.set("price", to: 21)
        session.reload()
        #expect(session.value(of: "total") == 42)
        #expect(session.effectiveValue(of: "total") == 42)  // not null: it is relevant, just not shown
        #expect(session.value(of: "shown") == 42)
        #expect(!session.visibleSections().flatMap(\.rows).contains { $0.id == "total" })
        #expect(session.visibleIndexPath(ofField: "total") == nil)
        #expect(session.answers().map(\.id).contains("total"))
        #expect(session.calculations().map(\.path) == ["total"])
        #expect(throws: SessionError.self) { try session.set("total", to: 1) }
        try session.clear("price")  // its visible: is false now: not relevant, null, not in the answers
        #expect(session.effectiveValue(of: "total") == .null)
        #expect(!session.answers().map(\.id).contains("total"))
    }

    // MARK: Inputs

    @Test func inputsAreReadAsFieldsGivenByTheProgramAndNotAnswered() throws {
        let session = try Self.session()
        session.reload(animated: false)
        #expect(session.value(of: "where") == "north")  // the input's default
        #expect(throws: SessionError.rejected(FieldError(field: "region", rule: .input))) {
            try session.set("region", text: "south")
        }
        try session.setInput("region", text: "south")
        #expect(session.value(of: "where") == "south")
        #expect(throws: SessionError.notAnInput("regon", suggestions: ["region"])) {
            try session.setInput("regon", text: "x")
        }
        #expect(throws: SessionError.notAnInput("qty", suggestions: [])) { try session.setInput("qty", to: 1) }
        #expect(throws: SessionError.self) { try session.setInput("rate", text: "lots") }
        #expect(!session.answers().map(\.id).contains("region"))
        #expect(session.inputValues() == [.init(id: "region", value: "south"), .init(id: "rate", value: .null)])
        #expect(session.storedValues().last == .init(id: "region", value: "south"))  // values files keep them
        #expect(session.visibleInstances.count == session.visibleSections().flatMap(\.rows).count)
        #expect(session.definition.inputs.map(\.id) == ["region", "rate"])
    }

    // MARK: Answer keys

    @Test func answersAreWrittenUnderKeysAndValuesLoadByKeyOrId() throws {
        let session = try Self.session()
        _ = try session.addEntry("lines")
        try session.set("lines[1].item", text: "Nails")
        let json = session.answersJSON(pretty: false)
        #expect(json.contains(#""order-ref":"R-1""#) && json.contains(#""item name":"Nails""#), "\(json)")
        #expect(!json.contains(#""ref""#))
        try session.loadValues(bytes: Array("order-ref: R-9\nlines: [{ item name: Bolts }]\n".utf8), isJSON: false)
        #expect(session.value(of: "ref") == "R-9" && session.value(of: "lines[1].item") == "Bolts")
        try session.loadValues(bytes: Array("ref: R-10\n".utf8), isJSON: false)
        #expect(session.value(of: "ref") == "R-10")
        let schema = AnswersSchema.document(for: session.definition).encoded
        #expect(schema.contains(#""order-ref":"#) && schema.contains(#""item name":"#))
    }

    // MARK: Triggers

    @Test func aTriggerSetsTheValueWhichThePersonMayChangeUntilItFiresAgain() throws {
        let session = try Self.session()
        try session.setInput("rate", to: 3)  // rate triggers price too: 3 × null
        try session.set("qty", to: 4)
        #expect(session.value(of: "price") == 12)
        try session.set("price", to: 10)  // the person's edit sticks…
        #expect(session.value(of: "price") == 10)
        try session.set("qty", to: 5)  // …until a trigger changes
        #expect(session.value(of: "price") == 15)
        #expect(session.undo())  // the change and the value it triggered, in one step
        #expect(session.value(of: "qty") == 4 && session.value(of: "price") == 10)
        #expect(session.redo())
        #expect(session.value(of: "price") == 15)
        try session.set("qty", to: 5)  // no change, no trigger
        try session.set("price", to: 1)
        try session.set("qty", to: 5)
        #expect(session.value(of: "price") == 1)
    }

    @Test func aTriggerRespectsItsConditionAndTheFieldsRules() throws {
        let session = try Self.session()
        try session.set("qty", to: 4)
        #expect(session.value(of: "price") == .null)  // when: $rate != null
        try session.toggle("locked")  // read-only for the person, not for its trigger
        try session.setInput("rate", to: 2)
        #expect(session.value(of: "price") == 8)
    }

    @Test func aValuesFileFiresTriggersButItsOwnValueForTheTargetWins() throws {
        let session = try Self.session()
        try session.setInput("rate", to: 2)
        try session.loadValues(bytes: Array("qty: 3\n".utf8), isJSON: false)
        #expect(session.value(of: "price") == 6)
        try session.loadValues(bytes: Array("qty: 4\nprice: 1\n".utf8), isJSON: false)
        #expect(session.value(of: "price") == 1)
        #expect(session.undo())
        #expect(session.value(of: "price") == 6 && session.value(of: "qty") == 3)
    }

    @Test func triggersReachTheEntriesThatSeeTheChange() throws {
        let session = try Self.session()
        _ = try session.addEntry("lines")
        _ = try session.addEntry("lines")
        try session.set("lines[1].item", text: "Nails")
        #expect(session.value(of: "lines[1].amount") == .null)  // rate is null
        try session.setInput("rate", to: 7)  // a form field: every entry's amount
        #expect(session.value(of: "lines[1].amount") == 7 && session.value(of: "lines[2].amount") == 7)
        try session.set("lines[2].amount", to: 1)
        try session.set("lines[1].item", text: "Bolts")  // an entry's field: that entry's amount only
        #expect(session.value(of: "lines[1].amount") == 7 && session.value(of: "lines[2].amount") == 1)
    }

    /// SurveyJS's `setValueIf` with a constant `setValueExpression` and a `resetValueIf`:
    /// the set runs on every change while its condition holds, the reset only when the
    /// field it reads changes.
    static let rules = """
        id: drinks
        title: Drinks
        sections:
          - id: main
            fields:
              - { id: drink, kind: choice, label: Drink, options: [water, beer] }
              - id: units
                kind: number
                label: Units
                recalculate:
                  - { on: any, value: 0, when: "$drink == 'water'" }
                  - { on: [drink], value: "null", when: "$drink == null" }
              - { id: note, kind: text, label: Note }
        """

    @Test func theFirstRuleAChangeTriggersWhoseConditionHoldsGivesTheValue() throws {
        let session = try FormSession(definition: FormDefinition(yaml: Self.rules), today: Fixtures.today)
        try session.set("units", to: 52)
        try session.set("note", text: "a")  // drink is empty: the reset reads only drink
        #expect(session.value(of: "units") == 52)
        try session.set("drink", text: "water")
        #expect(session.value(of: "units") == 0)
        try session.set("units", to: 52)  // the person's own change keeps its value…
        #expect(session.value(of: "units") == 52)
        try session.set("note", text: "b")  // …until any other field changes while drink is water
        #expect(session.value(of: "units") == 0)
        try session.set("drink", text: "beer")
        try session.set("units", to: 3)
        try session.set("note", text: "c")
        #expect(session.value(of: "units") == 3)
        try session.clear("drink")  // the reset: drink changed and is empty
        #expect(session.value(of: "units") == .null)
    }

    @Test func aComputedFieldTriggersWhenItsValueChanges() throws {
        let definition = try FormDefinition(
            yaml: """
                id: sums
                title: Sums
                sections:
                  - id: main
                    fields:
                      - { id: a, kind: number, label: A }
                      - { id: b, kind: number, label: B }
                      - { id: total, kind: calculate, value: "$a + $b" }
                      - { id: copy, kind: number, label: Copy, recalculate: { on: [total], value: "$total * 10" } }
                """)
        let session = FormSession(definition: definition)
        try session.set("a", to: 1)
        try session.set("b", to: 2)
        #expect(session.value(of: "copy") == 30)
        try session.set("copy", to: 7)
        try session.set("a", to: 1)  // the same value: the total does not change
        #expect(session.value(of: "copy") == 7)
        try session.performBatch { () throws(SessionError) in
            try session.set("a", to: 2)
            try session.set("b", to: 1)  // the total is 3 again at the end of the change
        }
        #expect(session.value(of: "copy") == 7)
        try session.set("b", to: 5)
        #expect(session.value(of: "copy") == 70)
        #expect(session.undo())  // the change and what it triggered, as one step
        #expect(session.value(of: "copy") == 7)
    }

    @Test func aRuleEveryChangeTriggersAlsoRunsWhenTheSessionStarts() throws {
        let definition = try FormDefinition(
            yaml: """
                id: start
                title: Start
                sections:
                  - id: main
                    fields:
                      - { id: a, kind: number, label: A, default: 4 }
                      - { id: two, kind: number, label: Two, recalculate: { on: any, value: "1 + 1" } }
                      - { id: next, kind: number, label: Next, recalculate: { on: [a], value: "$a + 1" } }
                """)
        let session = FormSession(definition: definition)
        // The default is a value set as the form starts: survey-core runs its
        // constant setValueExpression rules on it.
        #expect(session.value(of: "two") == 2)
        #expect(session.value(of: "next") == .null)  // a rule on a field waits for it to change
        #expect(!session.undo())  // the start is not a step to undo
        let bare = try FormDefinition(yaml: Self.rules)  // no default, no entries: nothing has changed
        #expect(FormSession(definition: bare).value(of: "units") == .null)
    }

    /// `atStart: true`: the rule gives the field its value when the form starts too, on
    /// the values it starts with, in form order (SurveyJS's `defaultValueExpression`);
    /// an empty value leaves the default, and later the rule runs as any other.
    @Test func aRuleAtStartRunsWhenTheFormStarts() throws {
        let definition = try FormDefinition(
            yaml: """
                id: start
                title: Start
                sections:
                  - id: main
                    fields:
                      - { id: a, kind: number, label: A, default: 4 }
                      - { id: b, kind: number, label: B }
                      - id: next
                        kind: number
                        label: Next
                        default: 9
                        recalculate: { on: [a], value: "$a + 1", atStart: true }
                      - id: after
                        kind: number
                        label: After
                        recalculate: { on: [next], value: "$next * 2", atStart: true }
                      - id: empty
                        kind: number
                        label: Empty
                        default: 3
                        recalculate: { on: [b], value: "$b", atStart: true }
                """)
        let session = FormSession(definition: definition)
        #expect(session.value(of: "next") == 5 && session.value(of: "after") == 10)
        #expect(session.value(of: "empty") == 3)
        #expect(!session.undo())  // the start is not a step to undo
        try session.set("a", to: 1)
        #expect(session.value(of: "next") == 2 && session.value(of: "after") == 4)
        try session.set("b", to: 7)
        #expect(session.value(of: "empty") == 7)
        let wrong = #expect(throws: DiagnosticList.self) {
            try FormDefinition(
                yaml: """
                    id: wrong
                    title: Wrong
                    sections:
                      - id: main
                        fields:
                          - { id: a, kind: number, label: A }
                          - { id: b, kind: number, label: B, recalculate: { on: [a], value: "$a", atStart: 1 } }
                    """)
        }
        #expect(wrong?.rendered.contains("atStart") == true)
    }
}
