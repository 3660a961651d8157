import Formwork
import FormworkODK
import FormworkREPL
import Foundation

/// A change at the prompt in an imported XLSForm: `set` of an integer that a later
/// question's `relevant` and label read, through `ReplSession` in script mode, on the
/// generated 1,000-question form against the same command on a 100-question one.
/// Every other question's `relevant`, constraint and calculation stays as it was, so
/// the command should cost what it changed (one question shown or hidden, one label),
/// not the 400-odd conditions of the form: target ≤ 2×.
extension ImportCase {
    static func changeRows(runs: Int, small: Int = 100, large: Int = 1_000) -> [BenchRow] {
        let (time, base, value) = Measure.paired(
            runs: runs, candidate: changeBody(questions: large), baseline: changeBody(questions: small))
        return [
            BenchRow(
                benchmarkCase: "a change in an imported XLSForm", size: "\(large) vs \(small) questions",
                time: format(time), baseline: "\(small) questions \(format(base))",
                ratio: String(format: "%.2f×", value), target: "≤ 2.0×",
                note: "set of an integer a later relevant reads (REPL, script mode)", met: value <= 2)
        ]
    }

    /// A script-mode session of the imported form and a body that sets, in turn, the
    /// middle integer to a value that shows the question reading it, and one that hides it.
    static func changeBody(questions: Int) -> () -> Void {
        let workbook = onOwnInput("write the XLSForm workbook") { try Self.workbook(questions: questions) }
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, questions * 2)
        let options = ImportOptions(limits: limits)
        let definition = onOwnInput("import the XLSForm workbook") {
            let (document, warnings) = try XLSFormImporter().document(workbook, path: "bench.xlsx", options: options)
            return try FormDefinition(
                document: document, path: "bench.xlsx", warnings: warnings, limits: limits, formats: .odk)
        }
        let repl = ReplSession(form: FormSession(definition: definition), options: .init(interactive: false))
        _ = repl.start()
        let lines = ["set \(readInteger(questions)) 9", "set \(readInteger(questions)) 1"]
        var next = 0
        return {
            consume(repl.handle(.line(lines[next % lines.count])))
            next += 1
        }
    }

    /// An integer question near the middle of the form whose answer a later
    /// question's `relevant` reads (`${qN} > 3`, seven questions on).
    static func readInteger(_ questions: Int) -> String {
        var index = questions / 2
        while index % 7 != 0 || (index + 7) % 3 == 0 { index += 1 }
        return "q\(index)"
    }
}
