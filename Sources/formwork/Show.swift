import ArgumentParser
import Formwork
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a form as plain text: sections, numbered rows, values and validation errors.")

    @Argument(help: "The definition file.")
    var file: String

    @Option(help: "A values file (JSON or YAML) to fill the form with.")
    var values: String?

    @Option(help: "Line width (default: 80).")
    var width: Int = 80

    func run() throws {
        let session = FormSession(definition: try loadDefinition(file))
        if let values {
            do { try session.loadValues(contentsOf: URL(fileURLWithPath: values), displayPath: values) } catch {
                printError(error.rendered)
                throw ExitCode(1)
            }
            session.validate()
        }
        session.reload(nil, animated: false)
        print(FormTextRenderer(width: width).render(session))
    }
}
