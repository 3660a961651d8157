import FormworkTesting
import Foundation
import Testing

/// A translated form at a real terminal: the banner and the table in the language
/// asked, `language` completed with TAB and switching the table, typed in Arabic.
@Suite("languages at a terminal", .serialized)
struct LanguageTerminalTests {
    static let form = CommandLineTests.package.appendingPathComponent("Forms/vaccination-visit.yaml").path

    @Test func switchingLanguageAtThePrompt() throws {
        let (terminal, _) = try TerminalTests.start([Self.form, "--lang", "ar"], waitForPrompt: false)
        try terminal.waitFor("Filling \"زيارة تطعيم الطفل\"")
        try terminal.waitFor("   1  اسم الطفل *")
        try terminal.waitFor("formwork> ")
        try terminal.type("set childName عمر\r")  // typed in Arabic, as a person would
        try terminal.waitFor("~  2  كم عمر عمر؟ (بالأشهر) *")
        try terminal.waitForLineEditing()
        try terminal.type("lang\t")  // the command completes
        try terminal.waitFor("uage ")
        try terminal.type("e\t")  // and so does the language
        try terminal.waitFor("n ")
        try terminal.type("\r")
        try terminal.waitFor("~  2  How old is عمر? (months) *")
        try terminal.waitForLineEditing()
        try terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }
}
