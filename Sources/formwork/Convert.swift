import ArgumentParser
import Formwork
import FormworkFormats
import Foundation

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a form as a Formwork definition (YAML or JSON).",
        discussion: """
            Reads an ODK XLSForm (.xlsx) or XForm (.xml), a SurveyJS survey (.json),
            or a Formwork definition, checks it, and prints it in Formwork's own
            format (or a Formwork definition in the other syntax): filling the printed
            definition behaves as filling the original, ODK submissions and SurveyJS
            data included. Nothing is printed when the form does not load (its
            problems go to standard error, exit 1).

            Examples:
              formwork convert survey.xlsx > survey.yaml
              formwork convert survey.json --to yaml
              formwork convert Forms/signup.yaml --to json
            """)

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case yaml, json
    }

    @Argument(
        help: "The form: Formwork YAML or JSON, an ODK XLSForm (.xlsx) or XForm (.xml), a SurveyJS survey (.json).")
    var form: String

    @Option(help: "The format to print: yaml or json.")
    var to: OutputFormat = .yaml

    @Flag(help: "Convert even when the form has constructs Formwork cannot represent (each becomes a note).")
    var skipUnsupported = false

    func run() throws {
        let url = URL(fileURLWithPath: form)
        let document: DefinitionDocument
        do {
            let (read, importWarnings) = try DefinitionDocument.read(
                contentsOf: url, displayPath: form, formats: FormArguments.formats, skipUnsupported: skipUnsupported
            )
            document = read
            // An import is checked as the document it read (read once); Formwork's own
            // file by loading it, so its problems keep their lines and columns.
            // Recognised by the whole text, as loading does (a survey's `pages` may come
            // after a long title).
            let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
            let definition =
                FormArguments.formats.importers.contains(where: { $0.recognizes(bytes, path: url.path) })
                ? try FormDefinition(
                    document: read, path: form, warnings: importWarnings, formats: FormArguments.formats)
                : try FormDefinition.load(contentsOf: url, displayPath: form)
            if !definition.warnings.isEmpty {
                printError(DiagnosticList(path: form, source: nil, diagnostics: definition.warnings).rendered)
            }
        } catch {
            printError(error.rendered)
            throw ExitCode(1)
        }
        print(to == .yaml ? document.yaml() : document.json(), terminator: "")
    }
}
