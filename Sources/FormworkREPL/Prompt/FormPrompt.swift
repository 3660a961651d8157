import Formwork
import FormworkCore
import Foundation

/// Asks a form at the terminal from any Swift program, in one call, and returns the
/// answers: the prompt `formwork fill` runs (line editing, history, TAB completion,
/// conditions, validation, undo, `why`), embedded.
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: URL(fileURLWithPath: "deploy.yaml"))
/// do {
///     let answers = try await FormPrompt.run(form, values: ["env": "staging"])
///     let deploy = try answers.decode(DeployConfig.self)
/// } catch FormPromptError.cancelled {
///     print("Nothing deployed.")
/// }
/// ```
///
/// At a terminal (standard input and output both), the person answers each visible
/// question in turn (`.guided`, the default) or works on the numbered table
/// (`.table`), and `submit` ends it. Otherwise the prompt runs in script mode: each
/// line of standard input is a command (`set env production`, `submit`), so a tool's
/// own tests can answer it from a pipe. Either way the answers come back only from
/// a submit the form accepted; quitting, or input ending first, throws
/// `FormPromptError.cancelled`.
public enum FormPrompt {
    /// How the prompt asks.
    public struct Options: Sendable {
        /// Whether the person is asked question by question or works on the table.
        public enum Mode: Sendable {
            /// Each visible question in turn, then a review and "Submit now?".
            case guided
            /// The numbered table and the `formwork>` prompt.
            case table
        }

        /// How the prompt asks at a terminal (script mode reads commands either way).
        public var mode: Mode
        /// Whether to ask when the values given already make a complete form
        /// (every requirement and rule met): `false` returns them at once, as a
        /// command-line tool does when every option was given.
        public var asksWhenComplete: Bool
        /// Keep answers in a draft between runs, resumed when the prompt starts
        /// again (at a terminal only; `nil`: no draft).
        public var draft: Draft?
        /// The language to show a translated form in (`nil`: its default).
        public var language: String?
        /// Whether the person is at a terminal; `nil`: standard input and output are
        /// both terminals.
        public var interactive: Bool?
        /// Whether to speak in sentences for a screen reader (the accessible mode);
        /// `nil`: as the `ACCESSIBLE` environment variable says (`AccessibleMode`).
        public var accessible: Bool?

        /// Options that ask question by question, even when the values given are complete,
        /// keep no draft and show the form's default language, at a terminal when there is one.
        public init(
            mode: Mode = .guided, asksWhenComplete: Bool = true, draft: Draft? = nil, language: String? = nil,
            interactive: Bool? = nil, accessible: Bool? = nil
        ) {
            self.accessible = accessible
            self.mode = mode
            self.asksWhenComplete = asksWhenComplete
            self.draft = draft
            self.language = language
            self.interactive = interactive
        }
    }

    /// Where a tool keeps its drafts: `$XDG_STATE_HOME/TOOL/drafts/FORM.json` (else
    /// `~/.local/state/TOOL/…`), one per form id, readable by the user only; or a
    /// file of the caller's choosing. Secure answers are never written.
    public struct Draft: Sendable {
        /// The draft file's path.
        public let path: String

        /// The draft of a form in the tool's own state directory.
        public static func tool(_ name: String, form: FormDefinition) -> Draft {
            let directory = StateDirectory.path(forTool: name)
            let file = StateDirectory.safeFileName(form.id)
            return Draft(path: (directory as NSString).appendingPathComponent("drafts/\(file).json"))
        }

        /// A draft at `path`.
        public static func file(_ path: String) -> Draft { Draft(path: path) }
    }

    /// Asks `definition` and returns the answers of the submit.
    ///
    /// - Parameters:
    ///   - definition: The form to ask.
    ///   - values: Answers to start from (a tool's command-line options), by field id
    ///     or path, as the prompt shows them prefilled.
    ///   - descriptors: The caller's own cell descriptors (custom kinds, a row's
    ///     selection), as `FormSession` takes them.
    ///   - options: How to ask: guided or the table, a draft, a language.
    /// - Returns: The answers of the submit the form accepted.
    /// - Throws: `FormPromptError`: `.cancelled` when the person quits or the input
    ///   ends before a submit; `.invalidValue` when a given value does not fit its
    ///   field; `.draftInUse` when another process fills the same draft.
    public static func run(
        _ definition: FormDefinition, values: [String: Value] = [:], descriptors: [any CellDescriptorType] = [],
        options: Options = Options()
    ) async throws(FormPromptError) -> FormAnswers {
        let session: FormSession
        do {
            session = try FormSession(definition: definition, cellDescriptors: descriptors)
        } catch {
            throw .invalidValue(error.description)
        }
        return try await run(session, values: values, options: options)
    }

    /// Loads a form file in any of `formats` (Formwork's YAML or JSON by default; with
    /// `FormworkFormats`' `.standard`, an ODK XLSForm or XForm, a SurveyJS survey),
    /// asks it, and returns the answers of the submit.
    ///
    /// ```swift
    /// let answers = try await FormPrompt.run(contentsOf: URL(fileURLWithPath: "intake.xlsx"), formats: .standard)
    /// ```
    ///
    /// - Throws: `FormPromptError.invalidDefinition` with every problem of the file, as
    ///   `formwork check` prints them; otherwise as `run(_:values:descriptors:options:)`.
    public static func run(
        contentsOf url: URL, formats: FormatRegistry = .formwork, values: [String: Value] = [:],
        descriptors: [any CellDescriptorType] = [], options: Options = Options()
    ) async throws(FormPromptError) -> FormAnswers {
        let definition: FormDefinition
        do {
            definition = try FormDefinition.load(contentsOf: url, formats: formats)
        } catch {
            throw .invalidDefinition(error.rendered)
        }
        return try await run(definition, values: values, descriptors: descriptors, options: options)
    }

    /// Asks a session the caller made (with its own descriptors, values or
    /// language) and returns the answers of the submit.
    public static func run(
        _ session: FormSession, values: [String: Value] = [:], options: Options = Options()
    ) async throws(FormPromptError) -> FormAnswers {
        // The prompt blocks on the terminal: it runs on a thread of its own, not one
        // of the concurrency pool's, while the caller waits. The session is handed
        // over whole (the caller cannot touch it until the answers come back).
        let handOver = HandOver(session: session, values: values)
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<FormAnswers, FormPromptError>, Never>) in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(FormPromptError) in
                        try ask(handOver.session, handOver.values, options)
                    })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        return try result.get()
    }

    /// A session and its values on their way to the prompt's thread.
    private final class HandOver: @unchecked Sendable {
        let session: FormSession
        let values: [String: Value]

        init(session: FormSession, values: [String: Value]) {
            self.session = session
            self.values = values
        }
    }

    /// What a draft is checked against to say the form changed: each field's id,
    /// kind and options (a form in code has no file to fingerprint).
    static func shape(of definition: FormDefinition) -> String {
        definition.fields.map { field in
            "\(field.id) \(field.kindName) \(field.options.map(\.value).joined(separator: ","))"
        }.joined(separator: "\n")
    }

    /// The prompt, on the calling thread.
    static func ask(
        _ session: FormSession, _ values: [String: Value], _ options: Options
    ) throws(FormPromptError)
        -> FormAnswers
    {
        do { try session.chooseLanguage(options.language) } catch { throw .invalidValue(error.description) }
        // A person at a terminal: standard input, and standard output or (when the
        // tool's output goes to a pipe or a file: `deploy | jq`) standard error.
        let stdoutIsTerminal = TerminalSupport.isTerminal(STDOUT_FILENO)
        let interactive =
            options.interactive
            ?? (TerminalSupport.isTerminal(STDIN_FILENO)
                && (stdoutIsTerminal || TerminalSupport.isTerminal(STDERR_FILENO)))
        func setGiven() throws(FormPromptError) {
            for (id, value) in values.sorted(by: { $0.key < $1.key }) {
                do { try session.set(id, to: value, origin: .program) } catch { throw .invalidValue(error.description) }
            }
        }
        try setGiven()
        // Complete with what was given (and the defaults): nothing to ask. A draft is
        // not enough: its answers are asked again, prefilled.
        if !options.asksWhenComplete, session.validate().isEmpty { return FormAnswers(session) }
        var store: DraftStore?
        defer { store?.releaseLock() }
        var notices: [String] = []
        if interactive, let draft = options.draft {
            let created = DraftStore(
                path: draft.path, formPath: "form:" + session.definition.id,
                fingerprint: FormDraft.fingerprint(of: shape(of: session.definition).utf8))
            do { try created.takeLock() } catch { throw .draftInUse(path: draft.path, reason: "\(error)") }
            store = created
            notices = created.notes(for: created.resume(into: session), freshHint: nil)
            try setGiven()  // what was given for this run wins over the draft
        }
        var submitted: FormAnswers?
        var replOptions = ReplSession.Options(
            // Script mode reads commands (`set ID VALUE`, `submit`), whatever the mode.
            interactive: interactive, guided: interactive && options.mode == .guided,
            width: interactive ? TerminalSupport.width(stdoutIsTerminal ? STDOUT_FILENO : STDERR_FILENO) : 80,
            colors: interactive && (ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true),
            draft: store, notices: notices)
        replOptions.freshHint = nil
        replOptions.accessible = options.accessible ?? AccessibleMode.isRequested()
        replOptions.onSubmit = { submitted = FormAnswers($0) }
        // The conversation goes to the terminal; the tool's own output stays clean.
        let redirection = interactive && !stdoutIsTerminal ? StandardOutputRedirection(to: STDERR_FILENO) : nil
        defer { redirection?.restore() }
        let reader: any LineReader = interactive ? LineEditor(historyPath: nil) : ScriptReader()
        let status = ReplDriver(reader: reader, session: ReplSession(form: session, options: replOptions)).run()
        if let submitted { return submitted }
        if status > 128 { throw .interrupted(signal: status - 128) }
        throw .cancelled
    }
}

/// Why `FormPrompt.run` returned no answers.
public enum FormPromptError: Error, Equatable, CustomStringConvertible {
    /// The person quit (or pressed Ctrl-D), or the input ended, before a submit.
    case cancelled
    /// A signal (SIGTERM, SIGHUP) ended the prompt; the draft, if any, is saved.
    case interrupted(signal: Int32)
    /// A value given to start from does not fit its field (the field's rule).
    case invalidValue(String)
    /// Another process fills the same draft.
    case draftInUse(path: String, reason: String)
    /// The form file cannot be loaded: every problem, as `formwork check` prints them.
    case invalidDefinition(String)

    /// What went wrong, in one line; for `.invalidValue` and `.invalidDefinition`, the
    /// problems as they were reported.
    public var description: String {
        switch self {
        case .cancelled: return "cancelled before the form was submitted"
        case .interrupted(let signal): return "interrupted by signal \(signal)"
        case .invalidValue(let reason): return reason
        case let .draftInUse(path, reason): return "the draft \(path) is in use: \(reason)"
        case .invalidDefinition(let problems): return problems
        }
    }
}
