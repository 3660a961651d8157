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

            Exit status: 0 after a successful submit or quit, 1 when a command failed or
            submit found errors, 2 when the definition or the arguments are invalid.

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

    func run() throws {
        let definition: FormDefinition
        do {
            definition = try FormDefinition.load(contentsOf: URL(fileURLWithPath: form), displayPath: form)
        } catch {
            printError(error.rendered)
            throw ExitCode(2)
        }
        let session = FormSession(definition: definition)
        if let values {
            do { try session.loadValues(contentsOf: URL(fileURLWithPath: values), displayPath: values) } catch {
                printError(error.rendered)
                throw ExitCode(2)
            }
        }
        let interactive = TerminalSupport.isTerminal(STDIN_FILENO) && TerminalSupport.isTerminal(STDOUT_FILENO)
        let colors = interactive && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let options = ReplSession.Options(
            interactive: interactive, guided: guided, width: interactive ? TerminalSupport.width() : 80,
            colors: colors, answersPath: out)
        let reader: any LineReader = interactive ? LineEditor(historyPath: ReplDriver.defaultHistoryPath) : ScriptReader()
        let status = ReplDriver(reader: reader, session: ReplSession(form: session, options: options)).run()
        if status != 0 { throw ExitCode(status) }
    }
}
