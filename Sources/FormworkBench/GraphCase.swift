import Formwork
import FormworkFormats
import Foundation

/// `formwork graph` on the largest form of the shared corpus, grains.xlsx (330
/// questions): the form read and checked, its graph made and written as DOT, Mermaid
/// and JSON, in this process; and the graph alone, the form loaded once. Target:
/// under a second.
enum GraphCase {
    static func run(runs: Int) -> [BenchRow] {
        guard let url = ValidateCase.corpusURL("xlsform/grains.xlsx"),
            let form = ValidateCase.corpusForm("xlsform/grains.xlsx")
        else {
            return [
                BenchRow(
                    benchmarkCase: "graph", size: "grains.xlsx", time: "—", baseline: "—", ratio: "—",
                    target: "< 1 s", note: "../shared/corpus is absent: skipped", met: nil)
            ]
        }
        var edges = 0
        let whole = Measure.median(runs: runs) {
            let definition = onOwnInput("load grains.xlsx") {
                try FormDefinition.load(contentsOf: url, formats: .odk)
            }
            let graph = FormGraph(definition)
            edges = graph.edges.count
            consume(graph.dot() + graph.mermaid() + graph.json())
        }
        let graphAlone = Measure.median(runs: runs) {
            let graph = FormGraph(form)
            consume(graph.dot() + graph.mermaid() + graph.json())
        }
        let size = "grains.xlsx (330 questions, \(edges) edges)"
        return [
            BenchRow(
                benchmarkCase: "graph", size: size, time: format(whole), baseline: "—", ratio: "—", target: "< 1 s",
                note: "read + check + graph + DOT, Mermaid and JSON, as formwork graph does",
                met: whole < .seconds(1)),
            BenchRow(
                benchmarkCase: "graph", size: size, time: format(graphAlone), baseline: "—", ratio: "—",
                target: "< 1 s", note: "the graph and its three formats, the form loaded once",
                met: graphAlone < .seconds(1)),
        ]
    }
}
