import ArgumentParser
import Formwork
import Foundation

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Print a form's logic as a graph: what shows, requires, computes, filters, constrains or counts what.",
        discussion: """
            Questions, notes and calculations are nodes (and sections and repeats
            that have a condition or a count); an edge goes from each question an
            expression reads to what the expression decides, labelled with the
            relation and the expression as the form writes it. Sections and repeats
            are drawn as clusters. On a large form, --focus keeps one question and
            what is --depth edges away from it, either way. --unreachable marks
            what formwork lint proves can never be shown.

            Formats: dot (Graphviz: pipe it into `dot -Tsvg`), mermaid (paste it
            into a ```mermaid block on GitHub or a wiki), json (every expression
            whole, with its place in the form's file).

            Examples:
              formwork graph Forms/household-survey.yaml | dot -Tsvg > household.svg
              formwork graph survey.xlsx --focus age --depth 2 --format mermaid
              formwork graph whova.xml --focus Id10019 --format json -o graph.json
              formwork graph survey.xlsx --unreachable | dot -Tsvg > survey.svg
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, json
    }

    @Argument(
        help: "The form: Formwork YAML or JSON, an ODK XLSForm (.xlsx) or XForm (.xml), a SurveyJS survey (.json).")
    var form: String

    @Option(help: "The format: dot, mermaid or json.")
    var format: Format = .dot

    @Option(
        help: ArgumentHelp(
            "Keep only this question, section or repeat and its neighbourhood (its id).", valueName: "id"))
    var focus: String?

    @Option(help: ArgumentHelp("With --focus: how many edges away to keep (default 1).", valueName: "n"))
    var depth: Int = 1

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"))
    var output: String?

    @Flag(
        help: "Mark what lint proves can never be shown (dashed and grey; \"neverShown\": true in JSON).")
    var unreachable = false

    @Flag(help: "Draw a form even when it has constructs Formwork cannot represent.")
    var skipUnsupported = false

    func validate() throws {
        guard depth >= 0 else { throw ValidationError("--depth must be 0 or more, not \(depth)") }
    }

    func run() throws {
        let definition = try FormArguments.definition(at: form, skipUnsupported: skipUnsupported, failing: 1)
        if !definition.warnings.isEmpty {
            printError(DiagnosticList(path: form, source: nil, diagnostics: definition.warnings).rendered)
        }
        var graph = FormGraph(definition)
        if unreachable { graph = graph.markingNeverShown(FormLint(definition).neverShown) }
        if let focus {
            do {
                graph = try graph.focused(on: focus, depth: depth)
            } catch {
                printError("error: " + TerminalText.escaped(error.description))
                throw ExitCode(1)
            }
        }
        let text: String
        switch format {
        case .dot: text = graph.dot()
        case .mermaid: text = graph.mermaid()
        case .json: text = graph.json()
        }
        try CommandOutput.write(text, to: output, failing: 1)
    }
}
