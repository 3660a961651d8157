import ArgumentParser
import Foundation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formwork-bench",
        abstract: "Formwork's speed and memory targets, each measured against its baseline in the same run.",
        discussion: "Run it in release mode: swift run -c release formwork-bench")

    @Flag(help: "Only the smallest size, one run (a smoke test).")
    var quick = false

    @Option(help: "Row counts to measure.")
    var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]

    @Option(help: "Timed runs per measurement (the median is reported).")
    var runs = 5

    @Option(help: "Cases to run: diff, reload, load, conditions, memory, startup.")
    var cases: [String] = ["diff", "reload", "load", "conditions", "memory", "startup"]

    @Option(help: ArgumentHelp("Run only one candidate in a loop, for a profiler (load-yaml, load-json), or print type sizes (layout).", visibility: .hidden))
    var profile: String?

    @Option(help: ArgumentHelp("Measure one memory reading in this process (used by the memory case): session, diff.",
                               visibility: .hidden))
    var probe: String?

    func run() throws {
        if let probe {
            try MemoryCase.runProbe(probe, size: sizes.last ?? 100_000)
            return
        }
        if let profile {
            try Profile.run(profile, size: sizes.last ?? 100_000)
            return
        }
        let sizes = quick ? [1_000] : self.sizes
        let runs = quick ? 1 : self.runs
        var rows: [BenchRow] = []
        if cases.contains("diff") { rows += DiffCase.run(sizes: sizes, runs: runs, standardLibraryLimit: quick ? 1_000 : 100_000) }
        let formSizes = sizes.filter { $0 <= 100_000 }
        if cases.contains("reload") { rows += ReloadCase.run(sizes: formSizes, runs: runs) }
        if cases.contains("conditions") { rows += ConditionsCase.run(sizes: sizes, runs: runs) }
        if cases.contains("load") { rows += LoadCase.run(sizes: formSizes, runs: runs) }
        if cases.contains("memory") {
            rows += MemoryCase.run(sessionFields: quick ? 1_000 : 100_000, diffRows: quick ? 1_000 : 1_000_000)
        }
        Report.print(rows, runs: runs)
    }
}

Bench.main()
