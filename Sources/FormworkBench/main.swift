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

    @Option(
        help: ArgumentHelp(
            "Cases to run: diff, unchanged, reload, load, conditions, memory, startup, prompt, repeats, import, "
                + "surveyjs, validate, odk-open, odk-csv-import, csv-filter-keystroke."))
    var cases: [String] = Bench.allCases

    @Option(
        help: ArgumentHelp(
            "Run only one candidate in a loop, for a profiler (diff-sectioned, load-yaml, load-json, import-surveyjs, "
                + "prompt-set, repeat-set, repeat-add, repeat-remove, …), or print type sizes (layout).",
            visibility: .hidden))
    var profile: String?

    @Option(
        name: .customLong("form"),
        help: ArgumentHelp(
            "An XForm to open too in the odk-open case (or to open in a loop with --profile odk-open).",
            valueName: "path", visibility: .hidden))
    var forms: [String] = []

    @Option(
        help: ArgumentHelp(
            "Measure one memory reading in this process (used by the memory cases): session, diff, repeats.",
            visibility: .hidden))
    var probe: String?

    static let allCases = [
        "diff", "unchanged", "reload", "load", "conditions", "memory", "startup", "prompt", "repeats", "import",
        "surveyjs", "validate", "odk-open", "odk-csv-import", "csv-filter-keystroke", "test-cases", "graph", "lint",
    ]

    func validate() throws {
        for name in cases where !Self.allCases.contains(name) {
            throw ValidationError("unknown case '\(name)': expected one of \(Self.allCases.joined(separator: ", "))")
        }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard sizes.allSatisfy({ $0 >= 100 }) else { throw ValidationError("--sizes must be at least 100 rows") }
    }

    func run() throws {
        if let probe {
            try MemoryCase.runProbe(probe, size: sizes.last ?? 100_000)
            return
        }
        if let profile {
            try Profile.run(profile, size: sizes.last ?? 100_000, forms: forms)
            return
        }
        let sizes = quick ? [1_000] : self.sizes
        let runs = quick ? 1 : self.runs
        var rows: [BenchRow] = []
        if cases.contains("diff") {
            rows += DiffCase.run(sizes: sizes, runs: runs, standardLibraryLimit: quick ? 1_000 : 100_000)
        }
        if cases.contains("unchanged") { rows += UnchangedCase.run(sizes: sizes, runs: runs) }
        let formSizes = sizes.filter { $0 <= 100_000 }
        if cases.contains("reload") { rows += ReloadCase.run(sizes: formSizes, runs: runs) }
        if cases.contains("conditions") { rows += ConditionsCase.run(sizes: sizes, runs: runs) }
        if cases.contains("load") { rows += LoadCase.run(sizes: formSizes, runs: runs) }
        if cases.contains("import") {
            rows += ImportCase.run(sizes: quick ? [1_000] : [1_000, 5_000], runs: runs)
            rows += ImportCase.changeRows(runs: runs, small: quick ? 50 : 100, large: quick ? 200 : 1_000)
        }
        if cases.contains("surveyjs") {
            rows += SurveyJSCase.run(questions: quick ? 300 : 1_500, runs: runs)
            rows += SurveyJSCase.changeRows(runs: runs, small: quick ? 50 : 150, large: quick ? 300 : 1_500)
        }
        if cases.contains("memory") {
            rows += MemoryCase.run(sessionFields: quick ? 1_000 : 100_000, diffRows: quick ? 1_000 : 1_000_000)
        }
        if cases.contains("startup") { rows += StartupCase.run(runs: runs) }
        if cases.contains("prompt") {
            rows += PromptCase.run(runs: runs, small: quick ? 200 : 1_000, large: quick ? 400 : 20_000)
        }
        if cases.contains("repeats") {
            rows += RepeatsCase.run(
                runs: runs, small: 10, large: quick ? 100 : 1_000, memoryEntries: quick ? 1_000 : 10_000)
        }
        if cases.contains("validate") { rows += ValidateCase.run(runs: runs, quick: quick) }
        if cases.contains("test-cases") { rows += ScenarioCase.run(runs: runs, quick: quick) }
        if cases.contains("graph") { rows += GraphCase.run(runs: runs) }
        if cases.contains("lint") { rows += LintCase.run(runs: runs) }
        if cases.contains("odk-open") { rows += ODKOpenCase.run(runs: runs, forms: forms) }
        if cases.contains("odk-csv-import") { rows += ODKCSVCase.importRows(runs: runs, quick: quick) }
        if cases.contains("csv-filter-keystroke") { rows += ODKCSVCase.keystrokeRows(runs: runs, quick: quick) }
        if quick {
            // Targets hold for the real sizes in release mode; a smoke run judges none.
            rows = rows.map {
                var row = $0
                row.met = nil
                return row
            }
        }
        Report.print(rows, runs: runs, quick: quick)
    }
}

Bench.main()
