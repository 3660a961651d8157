import ArgumentParser
import Formwork
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check definition files; print every problem as path:line:col.",
        discussion: "Exits 0 when every file is valid, 1 otherwise (diagnostics on standard error).")

    @Argument(help: "Definition files (.yaml, .yml, .json).")
    var files: [String]

    func run() throws {
        var failed = 0
        for path in files {
            do {
                let form = try FormDefinition.load(contentsOf: URL(fileURLWithPath: path), displayPath: path)
                print("\(path): ok (\(form.fields.count) fields in \(form.sections.count) sections)")
            } catch {
                printError(error.rendered)
                failed += 1
            }
        }
        if failed > 0 {
            printError("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") failed")
            throw ExitCode(1)
        }
    }
}
