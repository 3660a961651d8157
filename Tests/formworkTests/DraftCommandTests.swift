import FormworkTesting
import Foundation
import Testing

/// Drafts and answers files in script mode (`--draft PATH`), run as a user runs
/// `formwork fill`.
@Suite("drafts and answers files")
struct DraftCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-drafts-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func fill(_ form: String, _ arguments: [String], input: String, state: URL? = nil) throws -> CommandRunner.Result {
        try CommandRunner.run(
            "formwork", ["fill", form] + arguments, input: input, directory: CommandLineTests.package,
            environment: ["XDG_STATE_HOME": (state ?? directory.appendingPathComponent("state")).path])
    }

    @Test func aScriptResumesItsDraft() throws {
        let draft = directory.appendingPathComponent("seed.draft.json").path
        let first = try fill(
            "Forms/seed.yaml", ["--draft", draft], input: "set firstName Ada\nset lastName Lovelace\n")
        #expect(first.status == 0, "\(first.standardError)")
        let saved = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(
            saved.hasPrefix(#"{"formwork":"draft","version":3,"#)
                && saved.contains(#"{"id":"firstName","value":"Ada"}"#))
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let second = try fill("Forms/seed.yaml", ["--draft", draft], input: "values\n")
        #expect(second.standardError.hasPrefix("Resumed 2 answers from "), "\(second.standardError)")
        #expect(second.standardOutput.contains("\"lastName\": \"Lovelace\""))
    }

    @Test func withoutDraftAScriptKeepsNone() throws {
        let state = directory.appendingPathComponent("state")
        let result = try fill("Forms/seed.yaml", [], input: "set firstName Ada\n", state: state)
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("formwork/drafts").path))
    }

    @Test func aChangedDefinitionRestoresWhatStillFits() throws {
        let form = directory.appendingPathComponent("trip.yaml")
        let draft = directory.appendingPathComponent("trip.draft.json").path
        try """
        id: trip
        title: Trip
        sections:
          - id: s
            fields:
              - { id: destination, kind: text, label: Destination }
              - { id: nights, kind: number, label: Nights }
              - { id: room, kind: choice, label: Room, options: [single, double, suite] }
        """.write(to: form, atomically: true, encoding: .utf8)
        let first = try fill(
            form.path, ["--draft", draft], input: "set destination Lisbon\nset nights 3\nset room suite\n")
        #expect(first.status == 0, "\(first.standardError)")
        try """
        id: trip
        title: Trip
        sections:
          - id: s
            fields:
              - { id: destination, kind: text, label: Destination }
              - { id: room, kind: choice, label: Room, options: [single, double] }
        """.write(to: form, atomically: true, encoding: .utf8)
        let second = try fill(form.path, ["--draft", draft], input: "values\n")
        #expect(second.status == 0)
        #expect(second.standardError.contains("Resumed 1 answer from "))
        #expect(second.standardError.contains("The form changed since then; left out 2 answers that no longer fit:"))
        #expect(second.standardError.contains("  nights: no such field in the form now"))
        #expect(
            second.standardError.contains("  room: 'suite' is not an option (choose 'single' or 'double')"),
            "\(second.standardError)")
        #expect(second.standardOutput.contains("\"destination\": \"Lisbon\""))
    }

    @Test func anUnreadableDraftIsKeptAsideNotLost() throws {
        let draft = directory.appendingPathComponent("broken.json").path
        try "{ this is not a draft".write(toFile: draft, atomically: true, encoding: .utf8)
        let result = try fill("Forms/seed.yaml", ["--draft", draft], input: "set firstName Ada\n")
        #expect(result.status == 0)
        #expect(result.standardError.contains("warning: cannot resume the draft \(draft): "))
        #expect(result.standardError.contains("it was kept as \(draft).unreadable; starting fresh."))
        #expect(try String(contentsOfFile: draft + ".unreadable", encoding: .utf8) == "{ this is not a draft")
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains(#"{"id":"firstName","value":"Ada"}"#))
    }

    @Test func anotherFormsDraftIsRefusedAndLeftAlone() throws {
        let draft = directory.appendingPathComponent("shared.json").path
        _ = try fill("Forms/seed.yaml", ["--draft", draft], input: "set firstName Ada\n")
        let before = try String(contentsOfFile: draft, encoding: .utf8)
        let result = try fill("Forms/signup.yaml", ["--draft", draft], input: "set username ada\n")
        #expect(result.status == 2)
        #expect(result.standardError.contains("belongs to"))
        #expect(try String(contentsOfFile: draft, encoding: .utf8) == before)
    }

    /// A write that fails (here: the file-size limit, as on a full disk) leaves the
    /// earlier answers file whole.
    @Test func aFailedAnswersWriteKeepsTheOldFile() throws {
        let answers = directory.appendingPathComponent("answers.json").path
        let old = "{\n  \"firstName\": \"Grace\"\n}\n"
        try old.write(toFile: answers, atomically: true, encoding: .utf8)
        let long = String(repeating: "x", count: 4000)
        let formwork = CommandRunner.productsDirectory.appendingPathComponent("formwork").path
        // Ignore SIGXFSZ so the write fails with EFBIG instead of killing the process.
        let script = "trap '' XFSZ; ulimit -f 2; exec \"$0\" fill Forms/seed.yaml --out \"$1\""
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"), ["-c", script, formwork, answers],
            input: "set firstName \(long)\nsubmit\n", directory: CommandLineTests.package)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("error: cannot write \(answers): file too large"), "\(result.standardError)")
        #expect(try String(contentsOfFile: answers, encoding: .utf8) == old)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }
}
