import ArgumentParser
import Formwork
import Foundation

@main
struct FormworkCommand: ParsableCommand {
    /// Like `ParsableCommand.main()`, but invalid arguments exit 2 (as an invalid
    /// definition does), not 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "formwork",
        abstract:
            "Declarative forms for the terminal: fill, check, evaluate and show form definitions; validate "
            + "finished responses.",
        discussion: """
            Every command that takes a form reads Formwork's own definitions (.yaml,
            .yml, .json), ODK XLSForms (.xlsx) and XForms (.xml), and SurveyJS
            surveys (.json), each found by its content. 'formwork help COMMAND' (or
            man formwork) describes each command; the definition format, the
            condition language and the prompt are described in the documentation
            (the articles under Sources/*/Documentation.docc, or make docs).

            formwork --generate-completion-script bash|zsh|fish prints a completion
            script for that shell (make install installs all three).

            Examples:
              formwork fill Forms/seed.yaml
              formwork fill Forms/health-intake.yaml --guided
              formwork check Forms/*.yaml
              formwork show Forms/seed.yaml --values answers.json
              formwork eval "age(date('1990-05-17')) >= 18"
              formwork eval '$total > 500' --form Forms/conference.yaml --set tickets=3
              formwork validate Forms/health-intake.yaml responses.jsonl
              formwork test Forms/tests
            """,
        version: "0.1.0",
        subcommands: [
            Fill.self, Check.self, Eval.self, Show.self, Serve.self, Convert.self, Schema.self,
            AnswersSchemaCommand.self, Validate.self, Test.self, Lint.self, Graph.self, Diff.self,
        ])
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
