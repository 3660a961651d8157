import ArgumentParser
import Formwork
import FormworkREPL
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a form as plain text: sections, numbered rows, values and validation errors.")

    @OptionGroup var source: FormArguments

    @Option(help: "Line width (default: 80).")
    var width: Int = 80

    func run() throws {
        let session = try source.session(failing: 1)
        if source.values != nil { session.validate() }
        let table = TerminalTable(session: session, renderer: TableRenderer(width: width))
        session.reload(table, animated: false)
        print(table.render().joined(separator: "\n"))
    }
}
