import FormworkTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Repeats on a real pseudo-terminal: the add row asks the new entry's first
/// question, a count that drops asks before answers go, guided filling asks whether
/// to add another, and entries survive SIGKILL.
@Suite("repeats at a terminal", .serialized)
struct RepeatTerminalTests {
    static let household = TerminalTests.package.appendingPathComponent("Forms/household-survey.yaml").path

    @Test func anEntryBeingFilledSurvivesSIGKILL() throws {
        let (terminal, state) = try TerminalTests.start([Self.household])
        try terminal.type("set members[1].name Ada\r")
        try terminal.waitFor("~  4  Name *")
        try terminal.type("7\r")  // the add row: a new member, and its first question
        try terminal.waitFor("Name (members[2].name) *: ")
        try terminal.type("Bo\r")
        try terminal.waitFor("~     Member 2: Bo")
        try terminal.type("set members[2].age 1\r")
        try terminal.waitFor("+ 10  + Add a clinic visit")
        try terminal.type("add members[2].visits\r")
        try terminal.waitFor("Date (members[2].visits[1].visitDate) * (YYYY-MM-DD): ")
        try terminal.type("2024-01-10\r")
        try terminal.waitFor("~ 10  Date *")
        try terminal.waitForLineEditing()
        try terminal.type("set members[2].visits[1].rea")  // typed, never entered: not an answer yet
        terminal.signal(SIGKILL)
        #expect(try terminal.waitForExit() == -SIGKILL)

        let (again, _) = try TerminalTests.start([Self.household], state: state)
        #expect(again.transcript.contains("Resumed 4 answers from "))
        try again.type("values\r")
        let values = try again.waitFor("}\r\n")
        for expected in ["\"name\": \"Ada\"", "\"name\": \"Bo\"", "\"visitDate\": \"2024-01-10\""] {
            #expect(values.contains(expected), "missing \(expected) in \(values)")
        }
        try again.type("quit\r")
        #expect(try again.waitForExit() == 0)
        #expect(again.isInNormalMode)
    }

    @Test func aCountThatDropsAsksFirst() throws {
        let (terminal, _) = try TerminalTests.start([Self.household])
        try terminal.type("set bedrooms 2\r")
        try terminal.waitFor("+     Bedroom #2")
        try terminal.type("set rooms[2].sleepers 3\r")
        try terminal.waitFor("~ 13  People sleeping here *")
        try terminal.type("set bedrooms 1\r")
        try terminal.waitFor("This removes rooms[2], with answers in it. Go ahead? [y/N] ")
        try terminal.type("n\r")
        try terminal.waitFor("Kept the entries; the change was undone.")
        try terminal.type("set bedrooms 1\r")
        try terminal.waitFor("Go ahead? [y/N] ")
        try terminal.type("y\r")
        try terminal.waitFor("-     Bedroom #2 (1 field)")
        try terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func guidedFillingOffersAnotherEntry() throws {
        let (terminal, _) = try TerminalTests.start(
            [
                "--guided",
                TerminalTests.package.appendingPathComponent(
                    "Forms/expense-report.yaml"
                ).path,
            ], waitForPrompt: false)
        try terminal.waitFor("Name *: ")
        for answer in ["Ada", "1", "2024-01-01", "2024-01-03", "2024-01-02", "1", "Train", "42"] {
            try terminal.type(answer + "\r")
        }
        try terminal.waitFor("Receipt attached (items[1].receipt) [Y/n]: ")
        try terminal.type("\r")
        try terminal.waitFor("Add another expense? (1 so far) [y/N] ")
        try terminal.type("y\r")
        try terminal.waitFor("Date (items[2].date) * (YYYY-MM-DD): ")
        try terminal.type(":quit\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.isInNormalMode)
    }
}
