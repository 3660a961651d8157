import ArgumentParser
import Formwork
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check finished responses against their form, as the fill would have at submit.",
        discussion: """
            The form's logic runs again over each response's own answers: an answer to a
            question not shown under them, a required question left empty, a broken rule
            or constraint (with its message), a value of the wrong type or not among the
            choices offered (as the earlier answers filter them), an unknown key, a
            computed value other than the form computes, entries against a repeat's count,
            min or max. Each problem is printed as file:line:col: error: path: message
            (rule: name), pointing into the response; the rules are visible, required,
            rules[N], min, max, pattern, options, repeat.min and the others the
            definition names, type, unknown, value, count, and syntax, form or limit
            for a response that cannot be read. An answer to a hidden question is only
            a warning where the form keeps hidden answers. A response without a key has
            no answer there (defaults are the fill's, not the response's); a file
            answer names an attachment, checked against the field's extensions but
            not required to exist.

            Responses: Formwork's answers JSON (.json, as fill writes it); SurveyJS's
            survey.data for a SurveyJS survey; an ODK submission (.xml) for an ODK form;
            JSON Lines (.jsonl, .ndjson; - for standard input), one response a line,
            streamed; a directory, every such file under it (ODK Briefcase and Central
            exports). A summary goes to standard error (3 of 1200 responses invalid (4
            errors, 1 warning)). With --format json, one line per response:
            {"response": "file:LINE", "ok": false, "problems": [{"line", "column",
            "path", "field", "rule", "severity", "message"}]}. A response is best
            judged as of the day it was filled: --now. Exits 0 when every response is
            valid, 1 when any is not, 2 when the form or a file cannot be read.

            Examples:
              formwork validate Forms/health-intake.yaml answers.json
              formwork validate survey.json responses.jsonl --format json
              formwork validate household.xlsx instances/
            """)

    @Argument(
        help: "The form: Formwork YAML or JSON, an ODK XLSForm (.xlsx) or XForm (.xml), a SurveyJS survey (.json).")
    var form: String

    @Argument(
        help: "Responses: .json, .jsonl/.ndjson (one a line; - for standard input), .xml, or directories of them.")
    var responses: [String]

    @Option(help: "text (file:line:col: error: …) or json (one result a line, for pipelines).")
    var format: OutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "Write each response as the fill would have submitted it (hidden answers dropped, calculations "
                + "computed again): to OUT when one response file is checked and OUT has its extension, else "
                + "into the directory OUT, under each file's name (a JSON Lines file line by line). Inputs are never "
                + "written over.",
            valueName: "OUT"))
    var clean: String?

    @Flag(help: "Read the form even when it has constructs Formwork cannot represent (each becomes a note).")
    var skipUnsupported = false

    @Option(
        help: ArgumentHelp(
            "The folder of the files sent with an ODK form (its CSV, XML and GeoJSON files); default: FORM-media/ "
                + "beside the form, then the form's own folder.", valueName: "dir"))
    var media: String?

    @Option(help: FormArguments.templatesHelp)
    var templates: String?

    @OptionGroup var clock: ClockOption

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let definition = try FormArguments.definition(
            at: form, skipUnsupported: skipUnsupported, media: media, templates: templates, failing: 2)
        let validator = ResponseValidator(definition: definition, formats: FormArguments.formats, now: clock.moment)
        var summary = Summary()
        var output = OutputBuffer()
        var cleaner: CleanWriter?
        if let clean {
            do {
                cleaner = try CleanWriter(output: clean, validator: validator, arguments: responses)
            } catch {
                printError("error: \(TerminalText.escaped("\(error)"))")
                throw ExitCode(2)
            }
        }
        defer { cleaner?.close() }
        /// Responses waiting to be checked, in order: checked a batch at a time on
        /// every core, then reported (and cleaned) in order.
        var batch: [(name: String, path: String, firstLine: Int, bytes: [UInt8])] = []
        func flush() {
            guard !batch.isEmpty else { return }
            let verdicts = Self.check(batch.map { ($0.bytes, $0.path) }, validator: validator)
            for (item, verdict) in zip(batch, verdicts) {
                report(
                    verdict.problems, of: item.name, path: item.path, firstLine: item.firstLine, into: &output,
                    summary: &summary)
                guard let cleaner, let session = verdict.session else { continue }
                do {
                    try cleaner.write(
                        session, path: item.path, line: item.name == item.path ? nil : item.firstLine,
                        source: item.bytes)
                } catch {
                    summary.unreadable += 1
                    printError("error: --clean: \(TerminalText.escaped("\(error)"))")
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        ResponseFiles(limits: definition.limits, formats: FormArguments.formats).forEach(responses) { item in
            if case let .response(name, path, firstLine, bytes) = item {
                batch.append((name, path, firstLine, bytes))
                if batch.count >= Self.batchSize { flush() }
                return
            }
            flush()
            switch item {
            case .response: break
            case let .tooLong(name, path, line, bytes):
                let problem = ResponseProblem(
                    .tooLong(bytes: bytes, limit: definition.limits.maximumRequestLength),
                    at: SourceLocation(line: 1, column: 1))
                report([problem], of: name, path: path, firstLine: line, into: &output, summary: &summary)
            case let .unreadable(path, reason):
                summary.unreadable += 1
                output.flush()
                printError("\(TerminalText.escaped(path)): error: \(TerminalText.escaped(reason))")
            }
        }
        flush()
        output.flush()
        if format == .text {
            printError(summary.description)
        }
        if summary.unreadable > 0 { throw ExitCode(2) }
        if summary.invalid > 0 { throw ExitCode(1) }
    }

    /// How many responses are checked together (on every core when there are enough).
    static let batchSize = 512

    /// Checks responses, on every core when there are many: one validator, a session
    /// per response.
    static func check(
        _ responses: [(bytes: [UInt8], path: String)], validator: ResponseValidator
    ) -> [ResponseVerdict] {
        let results = VerdictSlots(count: responses.count)
        let workers = responses.count >= 64 ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) : 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: responses.count, by: workers) {
                let (bytes, path) = responses[index]
                results.set(index, validator.validate(bytes, path: path))
            }
        }
        return results.verdicts
    }

    /// One slot per response, each written by one worker only (raw memory: no
    /// array is shared between the workers).
    final class VerdictSlots: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<ResponseVerdict?>
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func set(_ index: Int, _ verdict: ResponseVerdict) { slots[index] = verdict }

        var verdicts: [ResponseVerdict] {
            (0..<count).map { slots[$0] ?? ResponseVerdict(problems: [], session: nil) }
        }
    }

    /// Prints one response's problems (text: a line each; json: one line for the response).
    private func report(
        _ problems: [ResponseProblem], of name: String, path: String, firstLine: Int, into output: inout OutputBuffer,
        summary: inout Summary
    ) {
        let errors = problems.filter { $0.severity == .error }.count
        summary.responses += 1
        summary.errors += errors
        summary.warnings += problems.count - errors
        if errors > 0 { summary.invalid += 1 }
        switch format {
        case .text:
            for problem in problems {
                var placed = problem
                placed.location = problem.location.map {
                    SourceLocation(line: $0.line + firstLine - 1, column: $0.column)
                }
                let separator = placed.location == nil ? ": " : ":"
                output.append(TerminalText.escaped(path) + separator + TerminalText.escaped(placed.description) + "\n")
            }
        case .json:
            let verdict = ResponseVerdict(problems: problems, session: nil)
            let result = JSONOutput.object([("response", .value(.string(name)))] + verdict.json(firstLine: firstLine))
            output.append(result.encoded + "\n")
        }
    }

    /// What was checked, for the closing line.
    struct Summary: CustomStringConvertible {
        var responses = 0
        var invalid = 0
        var errors = 0
        var warnings = 0
        var unreadable = 0

        var description: String {
            func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            var text = "\(invalid) of \(counted(responses, "response")) invalid"
            text += " (\(counted(errors, "error")), \(counted(warnings, "warning")))"
            if unreadable > 0 { text += "; \(counted(unreadable, "file")) could not be read" }
            return text
        }
    }

    /// Standard output, written in large blocks (a million responses print fast).
    struct OutputBuffer {
        private var pending = ""

        mutating func append(_ text: String) {
            pending += text
            if pending.utf8.count >= 1 << 16 { flush() }
        }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            FileHandle.standardOutput.write(Data(pending.utf8))
            pending = ""
        }
    }
}
