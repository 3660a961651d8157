import Formwork
import FormworkScenarios
import Foundation

/// `formwork test` on the largest form of the shared corpus, grains.xlsx (330
/// questions): 1,000 generated cases (what `FormTestGenerator` writes for 20, each
/// written again under its own name until there are 1,000), run from the file as `formwork test` runs them — the form
/// loaded once, a fresh session per case — on one core and on every core. A case
/// costs what its steps cost, not a reload: target 1,000 cases in a few seconds on
/// this machine's two cores (≥ 250 cases/s).
enum ScenarioCase {
    static func run(runs: Int, quick: Bool) -> [BenchRow] {
        guard let grains = ValidateCase.corpusForm("xlsform/grains.xlsx") else {
            return [
                BenchRow(
                    benchmarkCase: "test cases", size: "grains.xlsx", time: "—", baseline: "—", ratio: "—",
                    target: "≥ 250/s", note: "../shared/corpus is absent: skipped", met: nil)
            ]
        }
        let wanted = quick ? 100 : 1_000
        let generator = FormTestGenerator(grains, form: "grains.xlsx", now: ValidateCase.now, seed: 1)
        var suite = generator.generate(cases: 20)
        let generated = suite.cases
        suite.cases = (0..<wanted).map { index in
            var renamed = generated[index % generated.count]
            renamed.name += " #\(index / generated.count + 1)"
            return renamed
        }
        let file = onOwnInput("read the generated cases") {
            try FormTestFile(bytes: Array(suite.text.utf8), path: "grains.test.yaml", folder: "/")
        }
        let runner = onOwnInput("check the generated cases") { try FormTestRunner(file, definition: grains) }
        let steps = file.cases.reduce(0) { $0 + $1.steps.count }
        var rows: [BenchRow] = []
        for (cores, concurrently) in [("one core", false), ("two cores", true)] {
            var failed = 0
            let time = Measure.median(runs: runs) {
                failed = runner.runAll(concurrently: concurrently).filter { !$0.passed }.count
            }
            let perSecond = Double(file.cases.count) / Measure.seconds(time)
            rows.append(
                BenchRow(
                    benchmarkCase: "test cases", size: "grains.xlsx (330 questions), \(file.cases.count) cases",
                    time: format(time), baseline: "—", ratio: String(format: "%.0f/s", perSecond),
                    target: "≥ 250/s",
                    note: "\(cores); \(steps) steps; the form loaded once"
                        + (failed > 0 ? "; \(failed) FAILED" : ""),
                    met: concurrently ? perSecond >= 250 && failed == 0 : (failed == 0 ? nil : false)))
        }
        return rows
    }
}
