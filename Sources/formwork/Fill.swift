import ArgumentParser
import Formwork
import FormworkREPL
import FormworkScenarios
import Foundation

struct Fill: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill a form at the prompt (line editing, history, TAB completion).",
        discussion: """
            On a terminal: type a row number to edit that row (its current value is
            prefilled), 'help' for the commands, 'submit' when done. With standard input
            from a pipe or file, each line is a command (script mode): only results and
            errors are printed (errors on standard error).

            At a terminal, every change is saved to a draft before the prompt returns
            ($XDG_STATE_HOME/formwork/drafts/, or --draft PATH), so a crash or a closed
            window loses nothing: filling the same form again resumes it. A submit
            removes the draft. Secure answers are never written to drafts. In script
            mode drafts are used only with --draft. A draft has one writer: while one
            session fills it, another is refused (use --draft PATH for a separate
            draft, or --read-only to view the first session's answers).

            Exit status: 0 after a successful submit or quit, 1 when a command failed or
            submit found errors, 2 when the definition or the arguments are invalid,
            128+N after signal N (143 for SIGTERM, 129 for SIGHUP), with the draft
            saved.

            Examples:
              formwork fill Forms/signup.yaml
              formwork fill Forms/health-intake.yaml --guided
              formwork fill Forms/health-intake.yaml --guided --accessible
              printf 'set firstName Ada\\nsubmit\\n' | formwork fill Forms/seed.yaml --out answers.json
            """)

    @OptionGroup var source: FormArguments

    @Option(help: "Where submit writes the answers; standard output when absent.")
    var out: String?

    @Option(
        help: ArgumentHelp(
            "The answers' format: "
                + FormArguments.formats.answerFormats.map { "\(Self.optionName(of: $0)) (\($0.summary))" }.joined(
                    separator: ", ")
                + ". Default: the form's own (SurveyJS's data for a SurveyJS survey), else the one whose file "
                + "extension --out has, else json.",
            valueName: FormArguments.formats.answerFormats.map(Self.optionName).joined(separator: "|")))
    var format: String?

    /// What `--format` calls an answer format: `json` for Formwork's own, else its name.
    static func optionName(of format: any AnswerFormat) -> String {
        format is FormworkAnswerFormat ? "json" : format.name
    }

    /// The answer format `--format` names.
    static func answerFormat(named name: String) throws -> any AnswerFormat {
        let formats = FormArguments.formats.answerFormats
        if let found = formats.first(where: { optionName(of: $0) == name || $0.name == name }) { return found }
        let names = formats.map(optionName)
        let hint = Suggestions.didYouMean(name, among: names) ?? "formats are \(names.joined(separator: ", "))"
        throw ValidationError("--format: unknown answer format '\(name)'; \(hint)")
    }

    @Flag(help: "Ask each visible field in turn, like a wizard.")
    var guided = false

    @Flag(
        help: ArgumentHelp(
            "Speak in plain sentences for a screen reader: no table, symbols, colours or prefilled edits.",
            discussion: "Also ACCESSIBLE=1, or 'accessible: true' in ~/.config/formwork/config.yaml."))
    var accessible = false

    @Option(help: ArgumentHelp("Keep the draft in this file (also in script mode).", valueName: "path"))
    var draft: String?

    @Flag(help: "Start over: remove this form's draft instead of resuming it.")
    var fresh = false

    @Flag(help: "View the draft's answers without changing anything (while another session fills it, say).")
    var readOnly = false

    func validate() throws {
        if readOnly, fresh {
            throw ValidationError("--read-only views the draft; --fresh would remove it: give one of them")
        }
        if readOnly, guided { throw ValidationError("--read-only cannot answer questions: leave out --guided") }
        if let format { _ = try Self.answerFormat(named: format) }
    }

    func run() throws {
        let session = try source.newSession(of: try source.definition(failing: 2), failing: 2)
        try source.chooseLanguage(of: session, failing: 2)
        let interactive = TerminalSupport.isTerminal(STDIN_FILENO) && TerminalSupport.isTerminal(STDOUT_FILENO)
        let width = interactive ? TerminalSupport.width() : nil
        let store = interactive || draft != nil || readOnly ? try draftStore() : nil
        var notices: [String] = []
        if let store {
            if !readOnly {
                do {
                    try store.takeLock()  // before anything reads, removes or writes the draft
                } catch {
                    for line in inUseMessage(store, error) {
                        printError(TerminalMessage.lines(line, width: width).joined(separator: "\n"))
                    }
                    throw ExitCode(2)
                }
                if fresh { store.discard() }
            }
            let outcome = fresh ? .none : store.resume(into: session)
            notices = store.notes(for: outcome, fresh: fresh, readOnly: readOnly)
            if case .otherForm = outcome {
                printError(
                    notices.map { TerminalMessage.lines($0, width: width).joined(separator: "\n") }.joined(
                        separator: "\n"))
                throw ExitCode(2)
            }
        }
        // The device's properties (a stable deviceid, the user's name) for the inputs that
        // stand for them, then the values file and --set, which override them.
        session.applyDeviceProperties(.current)
        try source.loadValues(into: session, failing: 2)  // after the draft
        let colors = interactive && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        var options = ReplSession.Options(
            interactive: interactive, guided: guided, width: width ?? 80,
            colors: colors, answersPath: out, draft: readOnly ? nil : store, readOnly: readOnly, notices: notices)
        let config = FormworkConfig.load()
        if let warning = config.warning { printError(warning) }
        options.accessible = accessible || AccessibleMode.isRequested() || config.accessible
        options.answerFormat =
            try format.map(Self.answerFormat)
            ?? FormArguments.formats.defaultAnswerFormat(for: session.definition, writingTo: out)
        let formPath = source.form
        options.testCaseWriter = { session, path in
            try FormTestCaseRecorder.append(session, form: formPath, to: path)
        }
        let reader: any LineReader =
            interactive ? LineEditor(historyPath: ReplDriver.defaultHistoryPath) : ScriptReader()
        let status = ReplDriver(reader: reader, session: ReplSession(form: session, options: options)).run()
        store?.releaseLock()
        if status != 0 { throw ExitCode(status) }
    }

    /// Why the draft cannot be filled here, and the two ways on.
    func inUseMessage(_ store: DraftStore, _ failure: DraftLock.Failure) -> [String] {
        let draftPath = TerminalText.escaped(DraftStore.abbreviated(store.path))
        let command = "formwork fill " + TerminalText.escaped(source.form)
        switch failure {
        case .inUse(let holder):
            let who = holder.map { "another formwork fill (process \($0))" } ?? "another formwork fill"
            return [
                "error: the draft \(draftPath) is in use by \(who); two sessions never share a draft, so nothing of "
                    + "either is lost.",
                "  To fill the form separately, in a draft of its own:",
                "    \(command) --draft PATH",
                "  To view the other session's answers without changing them:",
                "    \(command) --read-only",
            ]
        case .unavailable(let reason):
            return [
                "error: cannot lock the draft \(draftPath): \(TerminalText.escaped(reason)) (use --draft PATH "
                    + "elsewhere)"
            ]
        }
    }

    /// The draft of this form: `--draft`, else one per definition file.
    func draftStore() throws -> DraftStore {
        let formURL = URL(fileURLWithPath: source.form).standardizedFileURL.resolvingSymlinksInPath()
        guard let bytes = FileManager.default.contents(atPath: formURL.path) else {
            printError("error: cannot read \(TerminalText.escaped(source.form))")
            throw ExitCode(2)
        }
        let path =
            draft.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? DraftStore.defaultPath(forForm: formURL.path)
        return DraftStore(path: path, formPath: formURL.path, fingerprint: FormDraft.fingerprint(of: bytes))
    }
}
