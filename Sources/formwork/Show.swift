import ArgumentParser
import Formwork
import FormworkREPL
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a form as plain text: sections, numbered rows, values and validation errors.",
        discussion: """
            Prints the visible form as the prompt shows it: the title, the sections
            with their headers and footers, the rows numbered across sections, * on
            required fields, values by kind ([x] or [ ] for switches, option labels,
            ••• for secure text, (computed) values, (read-only) fields) and, after a
            values file, each field's first validation error. Text from definitions
            and values is shown with control characters escaped, so a file can never
            drive your terminal.

            Examples:
              formwork show Forms/seed.yaml --values answers.json
              formwork show Forms/vaccination-visit.yaml --lang ar --width 100
            """)

    @OptionGroup var source: FormArguments

    @Option(help: "Line width.")
    var width: Int = 80

    func run() throws {
        let session = try source.session(failing: 1)
        session.applyDeviceProperties(.current)
        if source.values != nil { session.validate() }
        let table = TerminalTable(session: session, renderer: TableRenderer(width: width))
        session.reload(table, animated: false)
        print(table.render().joined(separator: "\n"))
    }
}
