import Formwork
import FormworkFormats
import Foundation

/// `formwork lint` on the largest form of the shared corpus, grains.xlsx (330
/// questions), and on bench9.xml, whose cascades give lint the most combinations to
/// try: the form read and checked, linted and its report written as text and SARIF,
/// in this process; and the lint alone, the form loaded once. Target: under a second.
enum LintCase {
    static func run(runs: Int) -> [BenchRow] {
        var rows: [BenchRow] = []
        for (path, questions) in [("xlsform/grains.xlsx", "330 questions"), ("xforms/bench9.xml", "4 cascades")] {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let url = ValidateCase.corpusURL(path), let form = ValidateCase.corpusForm(path) else {
                rows.append(
                    BenchRow(
                        benchmarkCase: "lint", size: name, time: "—", baseline: "—", ratio: "—", target: "< 1 s",
                        note: "../shared/corpus is absent: skipped", met: nil))
                continue
            }
            var findings = 0
            let whole = Measure.median(runs: runs) {
                let definition = onOwnInput("load \(name)") { try FormDefinition.load(contentsOf: url, formats: .odk) }
                let lint = FormLint(definition)
                findings = lint.findings.count
                let report = LintReport(files: [(path, lint)])
                consume(report.text() + report.sarif())
            }
            let lintAlone = Measure.median(runs: runs) { consume(FormLint(form).findings.count) }
            let size = "\(name) (\(questions), \(findings) findings)"
            rows.append(
                BenchRow(
                    benchmarkCase: "lint", size: size, time: format(whole), baseline: "—", ratio: "—", target: "< 1 s",
                    note: "read + check + lint + text and SARIF, as formwork lint does", met: whole < .seconds(1)))
            rows.append(
                BenchRow(
                    benchmarkCase: "lint", size: size, time: format(lintAlone), baseline: "—", ratio: "—",
                    target: "< 1 s", note: "the lint alone, the form loaded once", met: lintAlone < .seconds(1)))
        }
        return rows
    }
}
