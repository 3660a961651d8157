import Foundation
import Testing

@testable import Formwork
@testable import FormworkREPL
@testable import FormworkSurveyJS

/// The accessible mode on an imported SurveyJS survey (the clinic visit fixture, in
/// its French locale): a golden transcript of a guided fill, every line a sentence a
/// screen reader reads well. `FORMWORK_UPDATE_GOLDEN=1` writes it anew.
@Suite("A SurveyJS survey in the accessible mode")
struct SurveyJSAccessibleTests {
    @Test func aGuidedFillOfTheClinicVisit() throws {
        var options = ReplSession.Options(
            interactive: true, guided: true, width: 80, answersPath: "data.json", writeFile: { _, _ in })
        options.accessible = true
        options.answerFormat = SurveyJSAnswerFormat()
        let repl = ReplSession(
            form: try FormSession(definition: SurveyJSFixtureTests.load("logic"), today: LocalDate("2024-03-01")!),
            options: options)
        // The options again with `?`, consent by number, an age out of range (kept,
        // with its problem said, as survey-core keeps it), an e-mail, Enter to keep the
        // clinic code, then the form reviewed.
        let transcript = repl.transcript(typing: ["?", "1", "150", "ada@example.org", "", ":review"])
        let file = SurveyJSFixtureTests.folder.appendingPathComponent("accessible-logic.txt")
        if ProcessInfo.processInfo.environment["FORMWORK_UPDATE_GOLDEN"] == "1" {
            try Data(transcript.utf8).write(to: file)
        }
        #expect(transcript == (try String(contentsOf: file, encoding: .utf8)), "\(transcript)")
        let lines = transcript.split(separator: "\n").map(String.init)
        for line in lines where !line.isEmpty {
            #expect(!line.contains("  ") && !line.contains("[x]") && !line.unicodeScalars.contains { $0.value == 0x1B })
        }
    }
}
