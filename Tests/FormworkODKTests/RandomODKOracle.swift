import Formwork
import Foundation

/// The tools the random-form tests drive: pyxform (XLSForm → XForm, many workbooks in
/// one Python process) and the JavaRosa oracle (`run.sh`, two runs at a time). For
/// tests only; each says why it is unavailable rather than failing.
enum RandomODKOracle {
    static let python = PyxformCrossCheckTests.pyxform.deletingLastPathComponent().appendingPathComponent("python")

    /// Why the tests cannot run here, if they cannot.
    static var unavailable: String? {
        if !FileManager.default.isExecutableFile(atPath: python.path) {
            return "pyxform is not installed (make deps installs it under .build/pyxform)"
        }
        if !FileManager.default.fileExists(atPath: OracleStructureTests.runner.path) {
            return "the JavaRosa oracle is absent (../shared/oracles/javarosa)"
        }
        return nil
    }

    /// Converts each `NAME.xlsx` to `NAME.xml` beside it, in one process; where
    /// pyxform refuses one, `NAME.error` holds why.
    static let script = """
        import sys, warnings
        warnings.simplefilter("ignore")
        from pyxform.xls2xform import convert
        for source in sys.argv[1:]:
            stem = source[: -len(".xlsx")]
            try:
                result = convert(xlsform=source, validate=False, pretty_print=False)
                open(stem + ".xml", "w", encoding="utf-8").write(result.xform)
            except Exception as error:
                open(stem + ".error", "w", encoding="utf-8").write(type(error).__name__ + ": " + str(error))
        """

    static func convert(_ workbooks: [URL]) throws {
        guard !workbooks.isEmpty else { return }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + workbooks.map(\.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    /// The XForm pyxform made of a workbook, or why it could not.
    static func xform(of workbook: URL) -> Result<String, ConversionError> {
        let stem = workbook.deletingPathExtension()
        if let xml = try? String(contentsOf: stem.appendingPathExtension("xml"), encoding: .utf8) {
            return .success(xml)
        }
        let reason = (try? String(contentsOf: stem.appendingPathExtension("error"), encoding: .utf8)) ?? "no output"
        return .failure(ConversionError(message: reason))
    }

    struct ConversionError: Error { let message: String }

    /// One run's exit status and JSON.
    struct Run: Sendable {
        var status: Int32
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: output)) as? [String: Any] ?? [:]
        }
        var output: Data
        /// The UTC days the run lasted (`YYYY-MM-DD`): one, or two across midnight.
        var days: [String] = []
    }

    static func run(_ arguments: [String]) -> Run {
        let before = utcDay()
        guard let (status, data) = try? XPathOracle.output(arguments) else { return Run(status: -1, output: Data()) }
        var run = Run(status: status, output: data)
        // JavaRosa's `today()` (and a time shown as text, which is of today's date) is
        // the day the oracle ran (UTC): two days when a run crosses midnight.
        run.days = Array(Set([before, utcDay()])).sorted()
        return run
    }

    /// Today in UTC, as the oracle (run with `TZ=UTC`) reads it.
    static func utcDay() -> String { LocalDate.today(timeZone: TimeZone(identifier: "UTC")!).description }

    /// Runs of each argument list, two at a time (the machine's cores), in order.
    static func runAll(_ jobs: [[String]]) -> [Run] {
        let results = Results(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: worker, to: jobs.count, by: 2) {
                results.set(index, run(jobs[index]))
            }
        }
        return results.values
    }

    /// Results filled from two threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [Run]

        init(count: Int) { runs = Array(repeating: Run(status: -1, output: Data()), count: count) }

        func set(_ index: Int, _ run: Run) { lock.withLock { runs[index] = run } }

        var values: [Run] { lock.withLock { runs } }
    }

    /// Writes answers as `fill` reads them.
    static func writeAnswers(_ answers: [[String?]], to url: URL) throws {
        let list = answers.map { pair in pair.map { $0.map { $0 as Any } ?? NSNull() } }
        try JSONSerialization.data(withJSONObject: list).write(to: url)
    }
}
