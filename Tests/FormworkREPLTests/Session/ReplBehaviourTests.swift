import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// Field behaviours at the prompt: read-only rows, hidden calculations, inputs and
/// triggers, in script mode.
@Suite("REPL session: field behaviours")
struct ReplBehaviourTests {
    static let yaml = """
        id: order
        title: Order
        inputs:
          - { id: rate, type: number, default: 2 }
        sections:
          - id: main
            fields:
              - { id: locked, kind: switch, label: Locked }
              - { id: ref, kind: text, label: Reference, readonly: true, default: R-1 }
              - id: price
                kind: number
                label: Price
                readonly: $locked
                recalculate: { on: qty, value: $qty * $rate }
              - { id: qty, kind: number, label: Quantity }
              - { id: total, kind: calculate, value: $price * 2 }
        """

    @Test func readOnlyRowsAreMarkedAndRefuseChanges() throws {
        let repl = try ReplHarness(Self.yaml)
        #expect(
            repl.type("show").output == [
                "Order", "",
                "   1  Locked       [ ]",
                "   2  Reference    R-1  (read-only)",
                "   3  Price",
                "   4  Quantity",
            ])
        #expect(repl.type("set ref X").errors == ["error: ref is read-only (rule: readonly)"])
        #expect(repl.type("2").output == ["   2  Reference    R-1  (read-only)", "ref is read-only."])
        #expect(repl.type("toggle locked").output == ["~  1  Locked       [x]", "~  3  Price        (read-only)"])
        #expect(repl.type("set price 3").errors == ["error: price is read-only while $locked (rule: readonly)"])
        #expect(
            repl.type("set price").output == [
                "   3  Price        (read-only)",
                "price is read-only because its readonly condition is true:",
                "  readonly: $locked",
                "  $locked = true",
            ])
        #expect(
            repl.type("why price").output == [
                "price is always shown.",
                "price is read-only because its readonly condition is true:",
                "  readonly: $locked",
                "  $locked = true",
                "price is recalculated when $qty changes: value: $qty * $rate",
            ])
    }

    @Test func aTriggerChangesItsRowAndOneUndoTakesBothBack() throws {
        let repl = try ReplHarness(Self.yaml)
        #expect(repl.type("set qty 4").output == ["~  3  Price        8", "~  4  Quantity     4"])
        #expect(repl.type("set price 5").output == ["~  3  Price        5"])
        #expect(repl.type("set qty 5").output == ["~  3  Price        10", "~  4  Quantity     5"])
        #expect(repl.type("undo").output == ["~  3  Price        5", "~  4  Quantity     4"])
    }

    @Test func hiddenCalculationsAndInputsAreExplainedNotShown() throws {
        let repl = try ReplHarness(Self.yaml)
        repl.type("set qty 3")
        #expect(
            repl.type("why total").output == [
                "total is a hidden calculation: never shown, read by expressions and in the answers:",
                "  value: $price * 2",
                "  $total = 12",
            ])
        #expect(
            repl.type("why rate").output == [
                "rate is an input of the form: the program gives it (--set, --values), it is never asked; $rate = 2"
            ])
        #expect(
            repl.type("set rate 3").errors == [
                "error: rate is an input of the form: the program gives it (--set, --values), not the person "
                    + "filling it (rule: input)"
            ])
        let values = repl.type("values").output.joined(separator: "\n")
        #expect(values.contains(#""total": 12"#) && !values.contains("rate"), "\(values)")
    }

    /// The reference is empty, so it would be asked were it not read-only; the price
    /// is asked until `locked` makes it read-only.
    @Test func nextAndGuidedPassOverReadOnlyFields() throws {
        let yaml = Self.yaml.replacingOccurrences(of: ", default: R-1", with: "")
        let guided = try ReplHarness(yaml, guided: true)
        #expect(guided.prompts.map(\.text) == ["Locked [y/N]: "])
        guided.type("y")
        #expect(guided.prompts.map(\.text) == ["Locked [y/N]: ", "Quantity: "])

        let unlocked = try ReplHarness(yaml, guided: true)
        unlocked.type("n")
        #expect(unlocked.prompts.map(\.text).last == "Price: ")

        let repl = try ReplHarness(yaml)
        repl.type("set locked yes", "next")
        #expect(repl.prompt?.text == "Quantity: ")
    }

    /// `set` and `clear` complete the fields a person may change: not the read-only ones.
    @Test func completionLeavesReadOnlyFieldsOut() throws {
        let repl = try ReplHarness(Self.yaml)
        #expect(repl.repl.completions(for: "set ", context: .commands) == ["locked", "price", "qty"])
        repl.type("set locked yes")
        #expect(repl.repl.completions(for: "set ", context: .commands) == ["locked", "qty"])
        #expect(repl.repl.completions(for: "why ", context: .commands) == ["locked", "ref", "price", "qty", "main"])
    }
}
