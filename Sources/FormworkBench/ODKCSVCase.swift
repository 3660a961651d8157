import Formwork
import FormworkODK
import FormworkREPL
import Foundation

/// Choices from CSV files sent with an ODK form (`select_one_from_file`):
/// - importing a 1,000-question XLSForm whose file questions read 100,000 CSV rows in
///   all (half of them filtered by a `choice_filter`) from its `FORM-media/` folder,
///   against loading the same form written as Formwork YAML with the choices inline:
///   target ≤ 2×;
/// - a keystroke at the prompt that filters 100,000 choices: `set` of the region a
///   village list is filtered by, then the villages offered, through `ReplSession` in
///   script mode: target < 50 ms (against the same on a file of 1,000 villages).
enum ODKCSVCase {
    static func importRows(runs: Int, quick: Bool) -> [BenchRow] {
        let folder = BenchFolder("odk-csv-import")
        defer { folder.remove() }
        let (questions, rows) = quick ? (100, 2_000) : (1_000, 100_000)
        let form = GeneratedCSVForm.long(questions: questions, files: 10, rows: rows, in: folder)
        let yaml = folder.write("long.yaml", document(form).yaml())
        let (time, base, value) = Measure.paired(
            runs: runs, candidate: { consume(open(form)) }, baseline: { consume(open(yaml)) })
        return [
            BenchRow(
                benchmarkCase: "import an XLSForm with CSV choices", size: "\(questions) questions, \(rows) rows",
                time: format(time), baseline: "its YAML \(format(base))", ratio: String(format: "%.2f×", value),
                target: "≤ 2×", note: "10 select_one_from_file over 10 CSV files, 5 filtered; choices inline in YAML",
                met: value <= 2)
        ]
    }

    static func keystrokeRows(runs: Int, quick: Bool) -> [BenchRow] {
        let folder = BenchFolder("csv-filter-keystroke")
        defer { folder.remove() }
        let rows = quick ? 2_000 : 100_000
        let (candidate, offered) = keystroke(GeneratedCSVForm.villages(rows: rows, named: "villages", in: folder))
        let (baseline, _) = keystroke(GeneratedCSVForm.villages(rows: 1_000, named: "few", in: folder))
        let (time, base, _) = Measure.paired(runs: runs, candidate: candidate, baseline: baseline)
        return [
            BenchRow(
                benchmarkCase: "filter CSV choices at the prompt", size: "\(rows) rows",
                time: format(time), baseline: "1,000 rows \(format(base))",
                ratio: String(format: "%.2f×", ratio(time, base)),
                target: "< 50 ms", note: "set the region, then the villages offered (\(offered) of \(rows))",
                met: time < .milliseconds(50))
        ]
    }

    /// A script-mode session of `form` and a body that sets the region in turn and
    /// reads the villages offered; with how many are offered for one region.
    static func keystroke(_ form: URL) -> (body: () -> Void, offered: Int) {
        let session = FormSession(definition: open(form))
        let repl = ReplSession(form: session, options: .init(interactive: false))
        _ = repl.start()
        _ = repl.handle(.line("set region r1"))
        let offered = session.visibleOptions(of: "village").count
        var next = 0
        return (
            {
                consume(repl.handle(.line("set region r\(next % 100)")))
                consume(session.visibleOptions(of: "village"))
                next += 1
            }, offered
        )
    }

    /// The form as the importer reads it (what `formwork convert` prints).
    static func document(_ form: URL) -> DefinitionDocument {
        onOwnInput("import \(form.lastPathComponent)") {
            let bytes = [UInt8](try Data(contentsOf: form))
            return try XLSFormImporter().document(bytes, path: form.path, options: ImportOptions(formFile: form.path))
                .document
        }
    }

    static func open(_ url: URL) -> FormDefinition {
        onOwnInput("open \(url.lastPathComponent)") { try FormDefinition.load(contentsOf: url, formats: .odk) }
    }
}
