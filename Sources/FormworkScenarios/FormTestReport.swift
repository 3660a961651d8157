import Formwork

/// What one test file gave: its cases' results, or why it could not run (a test file
/// or a form that does not load).
public struct FormTestFileOutcome: Sendable {
    /// The test file's path, as given.
    public var path: String
    /// The results, in the file's order.
    public var results: [FormTestResult]
    /// Why the file could not run (its diagnostics, rendered), if it could not.
    public var error: String?

    /// A file's results, or the error that kept it from running.
    public init(path: String, results: [FormTestResult] = [], error: String? = nil) {
        self.path = path
        self.results = results
        self.error = error
    }
}

/// Test results as people and tools read them: text, JUnit XML, TAP, JSON Lines.
public enum FormTestReport {
    /// One line per case (`ok`, `FAIL`), each failure with its place, what was
    /// expected and found, and why; then a summary line.
    ///
    /// ```
    /// FAIL household.test.yaml:3:5: an adult is not asked about vaccines
    ///      household.test.yaml:8:22: vaccines is shown, expected hidden
    ///      why: vaccines is shown because its condition is true:
    ///             visible: $age < 5
    ///             $age = 3
    /// ```
    ///
    /// A file that could not run is left out but for the summary: its diagnostics
    /// are for standard error (`formwork test` prints them there as it meets them).
    public static func text(_ outcomes: [FormTestFileOutcome]) -> String {
        var lines: [String] = []
        for outcome in outcomes where outcome.error == nil {
            for result in outcome.results {
                let place = "\(outcome.path):\(result.location.line):\(result.location.column)"
                lines.append((result.passed ? "ok   " : "FAIL ") + place + ": " + result.name)
                for failure in result.failures {
                    let at = "\(outcome.path):\(failure.location.line):\(failure.location.column): "
                    let described = failure.description.split(separator: "\n", omittingEmptySubsequences: false)
                    lines.append("     " + at + (described.first.map(String.init) ?? ""))
                    lines += described.dropFirst().map { "     " + $0 }
                }
            }
        }
        lines.append(summary(outcomes))
        return lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map {
            TerminalText.escaped(String($0))
        }.joined(separator: "\n")
    }

    /// `12 cases: 11 passed, 1 failed` (and files that could not run).
    public static func summary(_ outcomes: [FormTestFileOutcome]) -> String {
        let results = outcomes.flatMap(\.results)
        let failed = results.filter { !$0.passed }.count
        let broken = outcomes.filter { $0.error != nil }.count
        var line =
            "\(results.count) case\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed"
        if broken > 0 { line += "; \(broken) file\(broken == 1 ? "" : "s") could not run" }
        return line
    }

    /// TAP version 14: a plan, `ok N - name` or `not ok N - name` with the failures
    /// as a YAML block, and a file that could not run as `Bail out!`.
    public static func tap(_ outcomes: [FormTestFileOutcome]) -> String {
        let count = outcomes.reduce(0) { $0 + $1.results.count }
        var lines = ["TAP version 14", "1..\(count)"]
        var number = 0
        for outcome in outcomes {
            if let error = outcome.error {
                lines.append("Bail out! " + oneLine(error))
                continue
            }
            for result in outcome.results {
                number += 1
                let name = oneLine(result.name).replacingOccurrences(of: "#", with: "\\#")
                lines.append("\(result.passed ? "ok" : "not ok") \(number) - \(name)")
                guard !result.passed else { continue }
                lines.append("  ---")
                lines.append("  at: " + yamlString("\(outcome.path):\(result.location.line):\(result.location.column)"))
                lines.append("  failures:")
                for failure in result.failures {
                    lines.append(
                        "    - at: " + yamlString("\(outcome.path):\(failure.location.line):\(failure.location.column)")
                    )
                    lines.append("      message: " + yamlString(failure.message))
                    if let expected = failure.expected { lines.append("      expected: " + yamlString(expected)) }
                    if let found = failure.found { lines.append("      found: " + yamlString(found)) }
                    if !failure.why.isEmpty {
                        lines.append("      why:")
                        lines += failure.why.map { "        - " + yamlString($0) }
                    }
                }
                lines.append("  ...")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object per case, a line each: file, name, line, column, passed,
    /// steps, seconds, failures (line, column, message, expected, found, why); a file
    /// that could not run is `{"file", "error"}`.
    public static func jsonLines(_ outcomes: [FormTestFileOutcome]) -> String {
        func text(_ text: String) -> JSONOutput { .value(.string(text)) }
        func number(_ number: Int) -> JSONOutput { .value(.number(Double(number))) }
        var lines: [String] = []
        for outcome in outcomes {
            if let error = outcome.error {
                lines.append(JSONOutput.object([("file", text(outcome.path)), ("error", text(error))]).encoded)
                continue
            }
            for result in outcome.results {
                let failures = result.failures.map { failure in
                    JSONOutput.compact([
                        ("line", number(failure.location.line)), ("column", number(failure.location.column)),
                        ("message", text(failure.message)), ("expected", .optional(failure.expected)),
                        ("found", .optional(failure.found)), ("why", .array(failure.why.map(text))),
                    ])
                }
                let object = JSONOutput.object([
                    ("file", text(outcome.path)), ("name", text(result.name)), ("line", number(result.location.line)),
                    ("column", number(result.location.column)), ("passed", .value(.bool(result.passed))),
                    ("steps", number(result.stepsRun)), ("seconds", .value(.number(seconds(result.duration)))),
                    ("failures", .array(failures)),
                ])
                lines.append(object.encoded)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A duration in seconds, to the microsecond.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) + Double(attoseconds) / 1e18) * 1e6).rounded() / 1e6
    }

    static func oneLine(_ text: String) -> String {
        TerminalText.escaped(text.split(separator: "\n").first.map(String.init) ?? text)
    }

    /// A YAML scalar in double quotes, as JSON writes a string (YAML reads JSON strings).
    static func yamlString(_ text: String) -> String { JSONOutput.value(.string(text)).encoded }
}
