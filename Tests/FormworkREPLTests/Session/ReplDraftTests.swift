import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: drafts")
struct ReplDraftTests {
    /// A draft in a temporary directory (removed by the caller).
    static func temporaryDraft() throws -> (DraftStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formwork-repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (
            DraftStore(
                path: directory.appendingPathComponent("draft.json").path, formPath: "/forms/signup.yaml",
                fingerprint: "fnv1a64:0"), directory
        )
    }

    @Test func quitWithADraftKeepsTheAnswersWithoutAsking() throws {
        let (draft, directory) = try Self.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repl = try ReplHarness("signup.yaml", interactive: true, draft: draft)
        repl.type("set username ada")
        #expect(FileManager.default.fileExists(atPath: draft.path))  // saved before the prompt returned
        repl.type("quit")
        #expect(repl.exitStatus == 0)
        let kept = repl.output.drop { !$0.hasPrefix("Your answers are kept in the draft") }  // wrapped to 80 columns
        #expect(kept.joined(separator: " ").hasSuffix("filling this form again resumes them (--fresh starts over)."))
        #expect(kept.allSatisfy { $0.count <= 80 })
    }

    @Test func quitWithADraftAsksWhenSecureAnswersWouldBeLost() throws {
        let (draft, directory) = try Self.temporaryDraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let repl = try ReplHarness("signup.yaml", interactive: true, draft: draft)
        repl.type("set username ada", "set password hunter2hunter2", "quit")
        #expect(repl.prompt?.text == "Secure answers (Password) are never kept in drafts. Quit anyway? [y/N] ")
        repl.type("n")
        #expect(repl.exitStatus == nil)
        #expect(try !String(contentsOfFile: draft.path, encoding: .utf8).contains("hunter2"))
        repl.type("quit", "y")
        #expect(repl.exitStatus == 0)
    }
}
