import ArgumentParser
import Formwork
import FormworkREPL
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
            mode drafts are used only with --draft.

            Exit status: 0 after a successful submit or quit, 1 when a command failed or
            submit found errors, 2 when the definition or the arguments are invalid,
            128+N after signal N (SIGTERM, SIGHUP), with the draft saved.

            Examples:
              formwork fill Forms/signup.yaml
              formwork fill Forms/health-intake.yaml --guided
              printf 'set firstName Ada\\nsubmit\\n' | formwork fill Forms/seed.yaml --out answers.json
            """)

    @Argument(help: "The definition file.")
    var form: String

    @Option(help: "A values file (JSON or YAML) to start from.")
    var values: String?

    @Option(help: "Where submit writes the answers (JSON); standard output when absent.")
    var out: String?

    @Flag(help: "Ask each visible field in turn, like a wizard.")
    var guided = false

    @Option(help: ArgumentHelp("Keep the draft in this file (also in script mode).", valueName: "path"))
    var draft: String?

    @Flag(help: "Start over: remove this form's draft instead of resuming it.")
    var fresh = false

    func run() throws {
        let definition: FormDefinition
        do {
            definition = try FormDefinition.load(contentsOf: URL(fileURLWithPath: form), displayPath: form)
        } catch {
            printError(error.rendered)
            throw ExitCode(2)
        }
        let session = FormSession(definition: definition)
        let interactive = TerminalSupport.isTerminal(STDIN_FILENO) && TerminalSupport.isTerminal(STDOUT_FILENO)
        let store = interactive || draft != nil ? try draftStore() : nil
        if let store {
            if fresh { store.discard() }
            let outcome = fresh ? .none : store.resume(into: session)
            let notes = store.notes(for: outcome, fresh: fresh)
            if case .otherForm = outcome {
                printError(notes.joined(separator: "\n"))
                throw ExitCode(2)
            }
            // At a terminal the notes are part of the conversation; in a script, they are
            // not results.
            for line in notes { interactive ? print(line) : printError(line) }
        }
        if let values {
            do { try session.loadValues(contentsOf: URL(fileURLWithPath: values), displayPath: values) } catch {
                printError(error.rendered)
                throw ExitCode(2)
            }
        }
        let colors = interactive && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let options = ReplSession.Options(
            interactive: interactive, guided: guided, width: interactive ? TerminalSupport.width() : 80,
            colors: colors, answersPath: out, draft: store)
        let reader: any LineReader = interactive ? LineEditor(historyPath: ReplDriver.defaultHistoryPath) : ScriptReader()
        let status = ReplDriver(reader: reader, session: ReplSession(form: session, options: options)).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The draft of this form: `--draft`, else one per definition file.
    func draftStore() throws -> DraftStore {
        let formURL = URL(fileURLWithPath: form).standardizedFileURL.resolvingSymlinksInPath()
        guard let bytes = FileManager.default.contents(atPath: formURL.path) else {
            printError("error: cannot read \(form)")
            throw ExitCode(2)
        }
        let path = draft.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? DraftStore.defaultPath(forForm: formURL.path)
        return DraftStore(path: path, formPath: formURL.path, fingerprint: FormDraft.fingerprint(of: bytes))
    }
}
