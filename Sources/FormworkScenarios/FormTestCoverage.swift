import Formwork

/// What the cases run against one form exercised of its logic, over every test file
/// that names the form: `formwork test --coverage` prints one per form.
///
/// ```swift
/// var coverage = FormTestCoverage(form: "household.xlsx", coverage: runner.coverage)
/// for result in runner.runAll(recordingCoverage: true) { coverage.add(result) }
/// print(coverage.text)
/// ```
public struct FormTestCoverage: Sendable {
    /// The form's path, as reports show it.
    public var form: String
    /// What was seen.
    public var coverage: FormCoverage

    /// The coverage of `form`, starting from `coverage`.
    public init(form: String, coverage: FormCoverage) {
        self.form = form
        self.coverage = coverage
    }

    /// Adds what a case saw (a result run with `recordingCoverage`).
    public mutating func add(_ result: FormTestResult) {
        if let seen = result.coverage { coverage.merge(seen) }
    }

    /// The share seen, as reports print it: one decimal, never rounded up to a whole
    /// 100 that was not reached (`99.9%`).
    public var percentText: String {
        let tenths = (coverage.percent * 10).rounded(.down) / 10
        return String(format: "%.1f%%", tenths)
    }

    /// Whether the share seen is at least `minimum` percent.
    public func reaches(_ minimum: Double) -> Bool { coverage.percent >= minimum }

    /// Where an item is, as `file:line:col` or `file: survey!H12`.
    public func place(of item: CoverageItem) -> String {
        SourcePlace.located(item.place, in: form)
    }

    /// A summary line, then one line per item not seen every way, at its place in the
    /// form's own file, with its condition as written there.
    ///
    /// ```
    /// coverage of household.xlsx: 87.5% (35 of 40 outcomes seen)
    ///   household.xlsx: survey!H12: condition of 'vaccines' never seen false: ${age} < 5
    ///   household.xlsx: survey!A20: 'pregnant' never shown
    /// ```
    public var text: String {
        var lines = [
            "coverage of \(form): \(percentText) "
                + "(\(coverage.coveredOutcomes) of \(coverage.totalOutcomes) outcomes seen)"
        ]
        for (item, missing) in coverage.uncovered {
            var line = "  " + place(of: item) + ": " + item.title + " " + Self.never(missing, of: item)
            if let expression = item.expression { line += ": " + expression }
            lines.append(line)
        }
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n")
    }

    /// `never seen false`, `never shown`, `never evaluated (…)`.
    static func never(_ missing: [String], of item: CoverageItem) -> String {
        switch item.kind {
        case .shown: return "never shown"
        case .entries: return "never seen " + missing.joined(separator: " or ")
        default:
            if missing.count == 2 { return "never evaluated (where it counts, nothing was ever shown)" }
            return "never seen " + missing[0]
        }
    }

    /// The coverage as JSON: form, percent, covered, total, and every item with its
    /// kind, subject, detail, expression, place, line, column, and the outcomes seen
    /// and missing.
    public var json: JSONOutput {
        let items = coverage.items.indices.map { index -> JSONOutput in
            let item = coverage.items[index]
            let outcomes = coverage.outcomes[index]
            let names = item.outcomeNames
            var seen: [String] = []
            var missing: [String] = []
            if outcomes.contains(.sawTrue) { seen.append(names.seen) } else { missing.append(names.seen) }
            if item.hasTwoOutcomes {
                if outcomes.contains(.sawFalse) { seen.append(names.unseen) } else { missing.append(names.unseen) }
            }
            return JSONOutput.compact([
                ("kind", .value(.string(item.kind.rawValue))), ("subject", .value(.string(item.subject))),
                ("detail", .optional(item.detail)), ("expression", .optional(item.expression)),
                ("place", .value(.string(place(of: item)))),
                ("line", SourcePlace.lineAndColumn(of: item.place).map { .value(.number(Double($0.line))) } ?? nil),
                ("column", SourcePlace.lineAndColumn(of: item.place).map { .value(.number(Double($0.column))) } ?? nil),
                ("seen", .array(seen.map { .value(.string($0)) })),
                ("missing", .array(missing.map { .value(.string($0)) })),
            ])
        }
        return .object([
            ("form", .value(.string(form))), ("percent", .value(.number((coverage.percent * 100).rounded() / 100))),
            ("covered", .value(.number(Double(coverage.coveredOutcomes)))),
            ("total", .value(.number(Double(coverage.totalOutcomes)))), ("items", .array(items)),
        ])
    }
}
