import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: history")
struct ReplHistoryTests {
    @Test func secureValuesNeverEnterHistory() throws {
        let repl = try ReplHarness("signup.yaml")
        repl.type("set username ada", "set password hunter2hunter2", "show")
        #expect(repl.history == ["set username ada", "show"])
    }
}
