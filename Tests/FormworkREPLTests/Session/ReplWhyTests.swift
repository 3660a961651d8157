import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: why")
struct ReplWhyTests {
    @Test func whyExplainsVisibility() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(
            repl.type("why lastName").output == [
                "lastName is hidden because its condition is false:",
                "  visible: not empty($firstName)",
                "  $firstName = null (unanswered)",
            ])
        #expect(
            repl.type("why email").output == [
                "email is hidden because its section 'additionalFields' is hidden:",
                "  visible: $additional",
                "  $additional = false",
            ])
        repl.type("set firstName Ada")
        #expect(repl.type("why lastName").output[0] == "lastName is shown because its condition is true:")
        #expect(repl.type("why firstName").output == ["firstName is always shown."])
        #expect(
            repl.type("why additionalFields").output[0]
                == "section additionalFields is hidden because its condition is false:")
        #expect(repl.type("why lastNam").errors == ["error: no field or section 'lastNam' (did you mean 'lastName'?)"])
    }

    @Test func hiddenCascadeIsExplained() throws {
        let repl = try ReplHarness("health-intake.yaml")
        repl.type("set visitReason pain", "toggle painLocation chest", "set visitReason checkup")
        #expect(
            repl.type("why chestWarning").output == [
                "chestWarning is hidden because its condition is false:",
                "  visible: $painLocation != null and 'chest' in $painLocation",
                "  $painLocation = null (hidden, so it reads as null)",
            ])
    }
}
