import Formwork
import Foundation

@testable import FormworkREPL

/// Drives a `ReplSession` with scripted input, collecting everything it prints.
final class ReplHarness {
    let form: FormSession
    let repl: ReplSession
    private(set) var output: [String] = []
    private(set) var errors: [String] = []
    private(set) var prompts: [Prompt] = []
    private(set) var history: [String] = []
    private(set) var exitStatus: Int32?
    var written: [String: String] = [:]

    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Forms")

    convenience init(
        _ name: String, interactive: Bool = false, guided: Bool = false, answersPath: String? = nil,
        draft: DraftStore? = nil, readOnly: Bool = false, width: Int = 80, today: LocalDate = LocalDate("2024-03-01")!,
        answerFormat: any AnswerFormat = FormworkAnswerFormat(), accessible: Bool = false
    ) throws {
        let definition: FormDefinition
        if name.hasPrefix("id:") {
            definition = try FormDefinition(yaml: name)
        } else {
            definition = try FormDefinition.load(contentsOf: Self.forms.appendingPathComponent(name))
        }
        try self.init(
            session: FormSession(definition: definition, today: today), interactive: interactive, guided: guided,
            answersPath: answersPath, draft: draft, readOnly: readOnly, width: width, answerFormat: answerFormat,
            accessible: accessible)
    }

    /// A harness around a session built by the test (custom descriptors, say).
    init(
        session: FormSession, interactive: Bool = false, guided: Bool = false, answersPath: String? = nil,
        draft: DraftStore? = nil, readOnly: Bool = false, width: Int = 80,
        answerFormat: any AnswerFormat = FormworkAnswerFormat(), accessible: Bool = false
    ) throws {
        form = session
        let box = WriteBox()
        var options = ReplSession.Options(
            interactive: interactive, guided: guided, width: width, answersPath: answersPath, draft: draft,
            readOnly: readOnly,
            writeFile: { path, contents in box.files[path] = contents })
        options.answerFormat = answerFormat
        options.accessible = accessible
        repl = ReplSession(form: form, options: options)
        self.box = box
        record(repl.start())
    }

    private let box: WriteBox
    /// Files the session wrote, by path.
    var files: [String: String] { box.files }

    final class WriteBox { var files: [String: String] = [:] }

    /// The current prompt (what the next input answers).
    var prompt: Prompt? { prompts.last }

    @discardableResult
    func send(_ inputs: LineInput...) -> ReplHarness {
        for input in inputs { record(repl.handle(input)) }
        return self
    }

    /// Sends lines; returns the output they produced.
    @discardableResult
    func type(_ lines: String...) -> (output: [String], errors: [String]) {
        let (outputCount, errorCount) = (output.count, errors.count)
        for line in lines { record(repl.handle(.line(line))) }
        return (Array(output[outputCount...]), Array(errors[errorCount...]))
    }

    private func record(_ step: ReplStep) {
        output += step.output
        errors += step.errors
        if let prompt = step.prompt { prompts.append(prompt) }
        if let line = step.history { history.append(line) }
        if step.prompt == nil { exitStatus = step.exitStatus }
    }
}
