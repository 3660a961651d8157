import Formwork
import Foundation
import Yams

/// Case 3: parse and check a generated definition, against the bare parse of the same
/// text (Yams `compose` for YAML, Foundation's `JSONSerialization` for JSON).
enum LoadCase {
    static func run(sizes: [Int], runs: Int) -> [BenchRow] {
        var rows: [BenchRow] = []
        for size in sizes {
            var limits = Limits()
            limits.maximumFields = max(limits.maximumFields, size)
            let yaml = GeneratedForm.yaml(fields: size)
            let json = GeneratedForm.json(fields: size)
            let jsonData = Data(json.utf8)
            // Both sides start from text in memory: the candidate's cost includes
            // position tracking, the safety pre-checks, decoding and type-checking
            // every condition.
            // Against bare `compose` (Yams' default resolver), and against `compose`
            // with the basic resolver, the parse Formwork itself runs: what checking
            // adds beyond parsing.
            rows.append(
                row(
                    "load YAML definition", size: size, runs: runs, baselineName: "Yams.compose",
                    candidate: { consume(onOwnInput("load YAML") { try FormDefinition(yaml: yaml, limits: limits) }) },
                    baseline: { consume(onOwnInput("compose YAML") { try Yams.compose(yaml: yaml) }) }))
            rows.append(
                row(
                    "load YAML definition", size: size, runs: runs, baselineName: "compose(.basic)",
                    candidate: { consume(onOwnInput("load YAML") { try FormDefinition(yaml: yaml, limits: limits) }) },
                    baseline: { consume(onOwnInput("compose YAML") { try Yams.compose(yaml: yaml, .basic) }) }))
            rows.append(
                row(
                    "load JSON definition", size: size, runs: runs, baselineName: "JSONSerialization",
                    candidate: { consume(onOwnInput("load JSON") { try FormDefinition(json: json, limits: limits) }) },
                    baseline: {
                        consume(onOwnInput("parse JSON") { try JSONSerialization.jsonObject(with: jsonData) })
                    }))
        }
        return rows
    }

    static func row(
        _ name: String, size: Int, runs: Int, baselineName: String,
        candidate: () -> Void, baseline: () -> Void
    ) -> BenchRow {
        let (time, base, value) = Measure.paired(runs: runs, candidate: candidate, baseline: baseline)
        return BenchRow(
            benchmarkCase: name, size: sizeLabel(size), time: format(time), baseline: "\(baselineName) \(format(base))",
            ratio: String(format: "%.2f×", value), target: "≤ 1.5×", note: "parse + check \(size) fields",
            met: value <= 1.5)
    }
}

/// `1k`, `100k`, `1M`.
func sizeLabel(_ size: Int) -> String {
    size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
}
