import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: show and progress")
struct ReplShowTests {
    @Test func showSectionPrintsThatSectionNumberedAsInTheWholeForm() throws {
        let repl = try ReplHarness("household-survey.yaml")
        let section = repl.type("show sleeping").output
        #expect(
            section == [
                "Where people sleep",
                "",
                "Bedroom #1",
                "  12  People sleeping here *",
                "",
                "  13  People counted in bedrooms    0  (computed)",
            ])
        #expect(repl.type("show 12").output == section)  // the section holding row 12
        #expect(repl.type("show SLEEPING").output == section)
    }

    @Test func showSectionHoldsItsEntriesAndAddRows() throws {
        let repl = try ReplHarness("household-survey.yaml")
        let people = repl.type("show people").output
        #expect(people.first == "People who usually live here")
        #expect(people.contains("Member 1: no name yet"))
        #expect(people.contains("   7  + Add a member                1 of at most 20"))
        #expect(!people.contains { $0.contains("Bedroom") || $0.contains("Address") })
        #expect(repl.type("show 5").output == people)  // a row in an entry: its section
        #expect(repl.type("show 7").output == people)  // the add row
    }

    @Test func unknownHiddenAndMissingSectionsAreOneLineErrors() throws {
        let repl = try ReplHarness("seed.yaml")
        #expect(repl.type("show nmae").errors == ["error: no section 'nmae' (did you mean 'name'?)"])
        #expect(repl.type("show xyzzy").errors == ["error: no section 'xyzzy'"])
        #expect(
            repl.type("show additionalFields").errors == [
                "error: section 'additionalFields' is hidden now ('why additionalFields' says why)"
            ])
        #expect(repl.type("show 9").errors == ["error: there is no row 9 (rows are 1 to 2)"])
        #expect(repl.type("show name").output.first == "Name")
        #expect(repl.exitStatus == nil)
        repl.send(.endOfInput)
        #expect(repl.exitStatus == 1)  // in a script, a failed command is a failure
    }

    @Test func showMarksItsLinesForThePager() throws {
        let repl = try ReplHarness("seed.yaml", interactive: true)
        let whole = repl.repl.handle(.line("show"))
        #expect(!whole.lines.isEmpty && whole.lines.allSatisfy { $0.isPageable })
        let section = repl.repl.handle(.line("show name"))
        #expect(section.lines.map(\.text) == ["Name", "   1  First name", "   2  Show additional options    [ ]"])
        #expect(section.lines.allSatisfy { $0.isPageable })
        let change = repl.repl.handle(.line("set firstName Ada"))
        #expect(!change.lines.contains { $0.isPageable })  // change lines are never paged
    }

    @Test func sectionIDsCompleteAfterShow() throws {
        let repl = try ReplHarness("household-survey.yaml", interactive: true)
        #expect(repl.repl.completions(for: "show ", context: .commands) == ["dwelling", "people", "sleeping"])
        #expect(repl.repl.completions(for: "show p", context: .commands) == ["people"])
        #expect(repl.repl.completions(for: "show people ", context: .commands).isEmpty)
        let seed = try ReplHarness("seed.yaml", interactive: true)
        #expect(seed.repl.completions(for: "ls ", context: .commands) == ["name"])  // 'additionalFields' is hidden
    }

    // MARK: Progress

    @Test func thePromptCountsTheVisibleRequiredFieldsAnswered() throws {
        let repl = try ReplHarness("health-intake.yaml", interactive: true)
        #expect(repl.prompt?.text == "[0/4] formwork> ")
        repl.type("set fullName Ada Lovelace")
        #expect(repl.prompt?.text == "[1/4] formwork> ")
        repl.type("set visitReason pain")  // two more required fields appear
        #expect(repl.prompt?.text == "[2/6] formwork> ")
        repl.type("clear fullName")
        #expect(repl.prompt?.text == "[1/6] formwork> ")
    }

    @Test func progressCountsEveryEntrysFields() throws {
        let repl = try ReplHarness("household-survey.yaml", interactive: true)
        #expect(repl.prompt?.text == "[1/7] formwork> ")  // bedrooms has a default
        repl.type("add members")
        repl.send(.interrupted)  // not answering the new member's name now
        #expect(repl.prompt?.text == "[1/10] formwork> ")
        repl.type("set members[2].name Bo")
        #expect(repl.prompt?.text == "[2/10] formwork> ")
    }

    @Test func noProgressWithoutRequiredFieldsNorInScripts() throws {
        let seed = try ReplHarness("seed.yaml", interactive: true)
        #expect(seed.prompt?.text == "formwork> ")
        let script = try ReplHarness("health-intake.yaml")
        #expect(script.prompt?.text == "")
    }
}
