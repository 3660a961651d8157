import ArgumentParser
import Formwork
import Foundation

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Find logic that can never work: questions never shown, rules no answer passes, filters leaving nothing.",
        discussion: """
            Reads forms that load (check is the gate for those that do not) and
            reasons over their conditions: each field's values fall into the
            intervals and sets its comparisons tell apart, and every combination
            of those for the fields a question depends on is tried with the
            engine's own evaluator. What cannot be split that way is left free,
            so a finding is a proof, shown under it.

            Rules: never-shown, condition-always-holds, condition-never-holds,
            rule-never-passes, rule-always-passes, required-never-answerable,
            min-above-max, filter-leaves-no-option, duplicate-choice-value,
            duplicate-choice-label, read-before-answered, calculation-reads-hidden,
            interpolates-hidden, missing-translation.

            Formats: text; json; sarif (SARIF 2.1.0, for GitHub code scanning).
            Exit status: 0 when no error-level finding is found, 1 when one is,
            2 when a form does not load (the others are linted all the same).

            Examples:
              formwork lint Forms/*.yaml
              formwork lint survey.xlsx --format sarif -o lint.sarif
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(
        help: "The forms: Formwork YAML or JSON, ODK XLSForms (.xlsx, .xls) or XForms (.xml), SurveyJS surveys (.json)."
    )
    var forms: [String]

    @Option(help: "The format: text, json or sarif.")
    var format: Format = .text

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var clock: ClockOption

    @Flag(help: "Lint forms even when they have constructs Formwork cannot represent.")
    var skipUnsupported = false

    func validate() throws {
        guard !forms.isEmpty else { throw ValidationError("give at least one form") }
    }

    func run() throws {
        var files: [(path: String, lint: FormLint)] = []
        // A form that does not load is said (as check says it) and the others linted.
        var unloaded = false
        for form in forms {
            do {
                let definition = try FormArguments.definition(at: form, skipUnsupported: skipUnsupported, failing: 2)
                files.append((form, FormLint(definition, today: clock.moment?.date ?? .today())))
            } catch {
                unloaded = true
            }
        }
        let report = LintReport(files: files)
        let text: String
        switch format {
        case .text: text = CommandOutput.escapedLines(report.text())
        case .json: text = report.json()
        case .sarif: text = report.sarif()
        }
        try CommandOutput.write(text, to: output, failing: 2)
        if unloaded { throw ExitCode(2) }
        if report.hasErrors { throw ExitCode(1) }
    }
}
