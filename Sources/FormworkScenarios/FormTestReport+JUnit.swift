import Formwork

extension FormTestReport {
    /// JUnit XML, as CI systems read it (Jenkins' schema, which GitLab, GitHub
    /// actions and Azure accept): a `testsuite` per test file, a `testcase` per case,
    /// a `failure` per failed case (its message the first failure, its text all of
    /// them with their places and reasons); a file that could not run is a suite with
    /// one `testcase` in `error`.
    ///
    /// ```xml
    /// <testsuite name="household.test.yaml" tests="2" failures="1" errors="0" skipped="0" time="0.004">
    ///   <testcase name="an adult is not asked about vaccines" classname="household.test.yaml" time="0.002">
    ///     <failure message="vaccines is shown, expected hidden" type="expectation">…</failure>
    ///   </testcase>
    /// </testsuite>
    /// ```
    public static func junit(_ outcomes: [FormTestFileOutcome]) -> String {
        let results = outcomes.flatMap(\.results)
        let failed = results.filter { !$0.passed }.count
        let broken = outcomes.filter { $0.error != nil }.count
        let total = results.reduce(Duration.zero) { $0 + $1.duration }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"formwork test\" tests=\"\(results.count + broken)\" failures=\"\(failed)\" "
                + "errors=\"\(broken)\" time=\"\(milliseconds(total))\">",
        ]
        for outcome in outcomes {
            let name = attribute(outcome.path)
            if let error = outcome.error {
                lines.append(
                    "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">")
                lines.append("    <testcase name=\"\(name)\" classname=\"\(name)\" time=\"0\">")
                lines.append(
                    "      <error message=\"\(attribute(oneLine(error)))\" type=\"invalid\">\(content(error))</error>")
                lines.append("    </testcase>")
                lines.append("  </testsuite>")
                continue
            }
            let suiteFailures = outcome.results.filter { !$0.passed }.count
            let time = outcome.results.reduce(Duration.zero) { $0 + $1.duration }
            lines.append(
                "  <testsuite name=\"\(name)\" tests=\"\(outcome.results.count)\" failures=\"\(suiteFailures)\" "
                    + "errors=\"0\" skipped=\"0\" time=\"\(milliseconds(time))\">")
            for result in outcome.results {
                let open =
                    "    <testcase name=\"\(attribute(result.name))\" classname=\"\(name)\" "
                    + "time=\"\(milliseconds(result.duration))\""
                guard let first = result.failures.first else {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                let details = result.failures.map { failure in
                    "\(outcome.path):\(failure.location.line):\(failure.location.column): \(failure.description)"
                }.joined(separator: "\n")
                lines.append(
                    "      <failure message=\"\(attribute(first.message))\" type=\"expectation\">"
                        + content(details) + "</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// Seconds to the millisecond (`0.004`), as Jenkins' schema has a time: no more
    /// than three decimals.
    static func milliseconds(_ duration: Duration) -> String { String(format: "%.3f", seconds(duration)) }

    /// Text for an attribute: line breaks as `&#10;`, other control characters shown
    /// escaped as the text report shows them (`\e`, `\x07`), markup as entities.
    static func attribute(_ text: String) -> String { escaped(text, inAttribute: true) }

    /// Text for an element's content: as for an attribute, but the lines kept.
    static func content(_ text: String) -> String { escaped(text, inAttribute: false) }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return XMLText.escaped(
            lines.map { TerminalText.escaped(String($0)) }.joined(separator: "\n"), inAttribute: inAttribute)
    }
}
