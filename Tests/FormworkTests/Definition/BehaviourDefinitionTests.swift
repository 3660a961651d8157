import Testing

@testable import Formwork

/// Field behaviours in definitions: what each key takes, and every problem reported
/// with its place and a hint.
@Suite("Field behaviours: definitions")
struct BehaviourDefinitionTests {
    static func form(_ fields: String, inputs: String = "") -> String {
        "id: f\ntitle: F\n" + inputs + "sections:\n  - id: s\n    fields:\n" + fields
    }

    @Test func behavioursAreDecoded() throws {
        let definition = try FormDefinition(
            yaml: Self.form(
                """
                      - { id: a, kind: number, label: A, readonly: true, key: the-a }
                      - { id: b, kind: number, label: B, readonly: $a > 1, recalculate: { on: a, value: $a * 2 } }
                      - { id: c, kind: calculate, value: $a + $b + $x }
                """,
                inputs: "inputs:\n  - { id: x, type: number, default: 3, label: X }\n  - { id: y, type: boolean }\n"))
        let a = try #require(definition.field("a"))
        #expect(a.answerKey == "the-a")
        guard case .always = a.readOnly else {
            Issue.record("readonly: true")
            return
        }
        let b = try #require(definition.field("b"))
        guard case .when(let condition) = b.readOnly else {
            Issue.record("readonly: a condition")
            return
        }
        #expect(condition.source == "$a > 1")
        #expect(b.trigger?.fields == [a.index] && b.trigger?.rules.first?.value.source == "$a * 2")
        #expect(definition.field("c")?.valueType == .number)
        #expect(definition.inputs.map(\.id) == ["x", "y"])
        #expect(definition.inputs.map(\.kind) == [.number, .switch])
        #expect(definition.sections[0].items.count == 3)  // inputs are in no section
    }

    /// `default: { expression: … }`: computed when the form starts, of the field's
    /// type, reading no field; for any kind (a text field's date as text).
    @Test func aDefaultMayBeAnExpressionComputedWhenTheFormStarts() throws {
        let definition = try FormDefinition(
            yaml: Self.form(
                """
                      - { id: stamp, kind: text, label: S, default: { expression: "concat('on ', string(today()))" } }
                      - { id: n, kind: number, label: N, default: { expression: "year(today()) - 2000" } }
                """))
        let session = try FormSession(definition: definition, today: LocalDate("2025-01-15")!)
        #expect(session.value(of: "stamp") == .string("on 2025-01-15"))
        #expect(session.value(of: "n") == .number(25))
        let reads = Fixtures.diagnostics(
            yaml: Self.form(
                "      - { id: a, kind: text, label: A, default: { expression: \"string($b)\" } }\n"
                    + "      - { id: b, kind: text, label: B }\n"))
        #expect(reads.contains("'default' must be text that reads no field, not an expression reading $b"), "\(reads)")
        let other = Fixtures.diagnostics(
            yaml: Self.form("      - { id: a, kind: text, label: A, default: { formula: x } }\n"))
        #expect(
            other.contains(
                "'default' must be a value, or { expression: … } computed when the form starts, not a mapping"))
    }

    @Test func unknownTriggerFieldsGetADidYouMean() {
        #expect(
            Fixtures.diagnostics(
                yaml: Self.form(
                    """
                          - { id: quantity, kind: number, label: Q }
                          - { id: price, kind: number, label: P, recalculate: { on: [quantiy], value: $quantity } }
                    """)) == """
                    form.yaml:7:66: error: 'recalculate' names an unknown field 'quantiy'
                              - { id: price, kind: number, label: P, recalculate: { on: [quantiy], value: $quantity } }
                                                                                         ^~~~~~~
                      hint: did you mean 'quantity'?
                    """)
    }

    @Test func aFieldMayHaveSeveralRulesAndOneThatRunsOnEveryChange() throws {
        let definition = try FormDefinition(
            yaml: Self.form(
                """
                      - { id: drink, kind: text, label: Drink }
                      - id: units
                        kind: number
                        label: Units
                        recalculate:
                          - { on: any, value: 0, when: "$drink == 'water'" }
                          - { on: drink, value: 1 }
                """))
        let trigger = try #require(definition.field("units")?.trigger)
        #expect(trigger.rules.map(\.onEveryChange) == [true, false])
        #expect(trigger.fields == [definition.field("drink")!.index] && trigger.onEveryChange)
        #expect(definition.field("units")?.expressions.map(\.key).contains("recalculate[1].value") == true)
    }

    @Test func aMisspeltAnyGetsADidYouMean() {
        let diagnostics = Fixtures.diagnostics(
            yaml: Self.form("      - { id: units, kind: number, label: Units, recalculate: { on: ani, value: 1 } }\n"))
        #expect(diagnostics.contains("hint: did you mean 'any'?"), "\(diagnostics)")
    }

    @Test func anEmptyListOfRulesIsAnError() {
        let diagnostics = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: drink, kind: text, label: Drink }
                      - { id: units, kind: number, label: Units, recalculate: [] }
                """))
        #expect(
            diagnostics.contains("error: 'recalculate' must be a rule { on, value, when } or a list of rules, not []"))
    }

    @Test func triggerValuesAreTypedAgainstTheField() {
        #expect(
            Fixtures.diagnostics(
                yaml: Self.form(
                    """
                          - { id: name, kind: text, label: N }
                          - { id: price, kind: number, label: P, recalculate: { on: [name], value: upper($name) } }
                    """)) == """
                    form.yaml:7:80: error: 'value' must be a number, not text
                              - { id: price, kind: number, label: P, recalculate: { on: [name], value: upper($name) } }
                                                                                                       ^~~~~~~~~~~~
                    """)
    }

    @Test func triggersMustBeSettableOtherFieldsInScope() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: total, kind: note, text: T }
                      - { id: p, kind: number, label: P, recalculate: { on: [total, p], value: "1" } }
                      - id: lines
                        label: Line
                        repeat: true
                        fields:
                          - { id: item, kind: text, label: Item }
                      - { id: q, kind: number, label: Q, recalculate: { on: item, value: "2" } }
                """))
        #expect(
            text == """
                form.yaml:7:62: error: 'total' is a note field: nothing sets it, so it cannot trigger 'recalculate'
                          - { id: p, kind: number, label: P, recalculate: { on: [total, p], value: "1" } }
                                                                                 ^~~~~
                  hint: list in 'on' the fields whose changes give this field its value
                form.yaml:7:69: error: 'p' cannot recalculate on its own changes
                          - { id: p, kind: number, label: P, recalculate: { on: [total, p], value: "1" } }
                                                                                        ^
                  hint: list in 'on' the fields whose changes give this field its value
                form.yaml:13:61: error: 'item' is a field of each entry of 'lines', not seen from here
                          - { id: q, kind: number, label: Q, recalculate: { on: item, value: "2" } }
                                                                                ^~~~
                  hint: a trigger is a field of the form, or of the entry that holds this field
                """)
    }

    @Test func answerKeysAreUniqueInEachObjectOfTheAnswers() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: a, kind: text, label: A, key: name }
                      - { id: b, kind: text, label: B, key: name }
                      - { id: c, kind: text, label: C, key: a }
                      - id: lines
                        label: Line
                        repeat: true
                        fields:
                          - { id: item, kind: text, label: Item, key: name }
                """))
        #expect(
            text == """
                form.yaml:7:45: error: the answer key 'name' is already used on line 6
                          - { id: b, kind: text, label: B, key: name }
                                                                ^~~~
                  hint: answers are written under each field's key (else its id): one object cannot hold a name twice
                """)
    }

    @Test func keysApplyToKindsWithValuesAndReadonlyToEditableOnes() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: n, kind: note, text: Hi, key: note }
                      - { id: t, kind: computed, label: T, value: "1", readonly: true }
                      - { id: u, kind: text, label: U, readonly: $n }
                      - { id: w, kind: text, label: W, readonly: "1" }
                """))
        #expect(text.contains("form.yaml:6:40: error: 'key' does not apply to a note field"), "\(text)")
        #expect(text.contains("form.yaml:7:56: error: 'readonly' does not apply to a computed field"), "\(text)")
        #expect(text.contains("form.yaml:8:50: error: '$n' is a note and has no value"), "\(text)")
        #expect(text.contains("form.yaml:9:50: error: 'readonly' must be a boolean, not a number"), "\(text)")
    }

    @Test func inputsAreCheckedLikeFields() {
        let text = Fixtures.diagnostics(
            yaml: Self.form(
                """
                      - { id: a, kind: number, label: A, visible: $rate > "x" }
                """,
                inputs: """
                    inputs:
                      - { id: rate, type: numbr }
                      - { id: day, type: date, default: someday, lable: Day }
                      - { id: a, type: text }

                    """))
        #expect(
            text == """
                form.yaml:4:23: error: unknown input type 'numbr'
                      - { id: rate, type: numbr }
                                          ^~~~~
                  hint: did you mean 'number'?
                form.yaml:5:37: error: expected a value (fields are written $someday), found 'someday'
                      - { id: day, type: date, default: someday, lable: Day }
                                                        ^~~~~~~
                form.yaml:5:46: error: unknown key 'lable' in an input
                      - { id: day, type: date, default: someday, lable: Day }
                                                                 ^~~~~
                  hint: did you mean 'label'?
                form.yaml:10:15: error: the id 'a' is already used on line 6
                          - { id: a, kind: number, label: A, visible: $rate > "x" }
                                  ^
                  hint: ids must be unique across the whole form, sections included
                form.yaml:10:51: error: unknown field '$rate'
                          - { id: a, kind: number, label: A, visible: $rate > "x" }
                                                                      ^~~~~
                """)
    }
}
