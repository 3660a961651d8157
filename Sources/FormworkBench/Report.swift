import Foundation

enum Report {
    static func print(_ rows: [BenchRow], runs: Int, quick: Bool) {
        let headers = ["case", "size", "time", "baseline", "ratio", "target", "", "note"]
        let table = rows.map {
            [
                $0.benchmarkCase, $0.size, $0.time, $0.baseline, $0.ratio, $0.target,
                $0.met.map { $0 ? "ok" : "MISSED" } ?? "", $0.note,
            ]
        }
        var widths = headers.map(\.count)
        for row in table { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            "| "
                + cells.enumerated().map {
                    $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
                }.joined(separator: " | ") + " |"
        }
        #if DEBUG
        Swift.print(
            "Debug build: these figures say nothing about Formwork's speed. Run: swift run -c release formwork-bench")
        #endif
        if quick { Swift.print("Quick smoke run (smallest size, one run): targets are not judged.") }
        Swift.print(
            "Median of \(runs) run\(runs == 1 ? "" : "s") after a warm-up; ratios against the baseline measured in "
                + "the same run.\n"
        )
        Swift.print(line(headers))
        Swift.print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in table { Swift.print(line(row)) }
    }
}
