import Formwork
import Foundation
import Testing

@testable import FormworkREPL

/// `submit` with an answer format that sends files beside the answers (ODK's): the
/// files of the file answers are copied beside the answers file, by name.
@Suite("REPL session: attachments beside the answers")
struct ReplAttachmentsTests {
    /// Answers that name files; the files travel beside them.
    struct FilesBeside: AnswerFormat {
        var name: String { "beside" }
        var summary: String { "answers whose files travel beside them" }
        var fileExtension: String { "txt" }
        var layoutRules: SubmissionLayout.Rules { SubmissionLayout.Rules() }
        var sendsFilesBeside: Bool { true }
        func recognizes(_ bytes: [UInt8], path: String?) -> Bool { false }
        func write(_ session: FormSession, options: AnswerWriting) -> String { "answers\n" }
        func answersSchema(for definition: FormDefinition) -> [(String, JSONOutput)]? { nil }
    }

    @Test func submitCopiesEachFileBesideTheAnswers() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-repl-attach-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        let photo = root.appendingPathComponent("photo.jpg")
        try Data("jpg".utf8).write(to: photo)
        let answers = root.appendingPathComponent("out/answers.txt").path
        let repl = try ReplHarness(
            "id: f\ntitle: F\nsections: [{ id: s, fields: [{ id: photo, kind: file, label: Photo }] }]\n",
            interactive: true, answersPath: answers, answerFormat: FilesBeside())
        repl.type("set photo \(photo.path)")
        let (output, errors) = repl.type("submit")
        #expect(errors.isEmpty)
        #expect(output.joined(separator: " ") == "Submitted. The answers are in \(answers), with 1 file beside them.")
        #expect(repl.files[answers] == "answers\n")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/photo.jpg").path))
    }
}
