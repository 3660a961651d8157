/// Logic in a form that can never work, found by reasoning over its conditions:
/// what `formwork lint` reports.
///
/// `check` decides whether a form loads; lint reads a form that loads and proves
/// things about every way of filling it. Each condition is split into its conjuncts
/// and its comparisons of one field with a value (`ConditionSpace`); each field's
/// values fall into the regions those comparisons tell apart (`ValueCandidates`:
/// intervals of numbers and dates, sets of options); the engine's own evaluator then
/// tries one value per region, every combination of the fields a question depends on
/// (`ConditionSolver`). What cannot be split that way (`$a > $b`, a regex) is left
/// free — true, false or empty — so a finding never rests on a guess. Questions proven
/// never shown read as empty in what depends on them, and the proof is repeated until
/// nothing more is found: a condition on a question that is itself never shown is
/// found too.
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: URL(fileURLWithPath: "Forms/health-intake.yaml"))
/// let lint = FormLint(form)
/// for finding in lint.findings {
///     print("\(finding.place): \(finding.severity): \(finding.message) [\(finding.rule.rawValue)]")
/// }
/// ```
public struct FormLint: Sendable {
    /// What was found, in the form's order.
    public let findings: [LintFinding]
    /// The ids of the questions, sections and repeats proven never shown.
    public let neverShown: Set<String>
    /// Whether lint stopped trying combinations before the end (a form whose
    /// conditions read many fields each): what it found holds, more may be missing.
    public let isPartial: Bool

    /// The most conditions evaluated in one lint by default: a few seconds at most.
    public static let defaultBudget = 4_000_000

    /// Lints `definition`; `today` is the day `today()` reads while conditions are
    /// tried; after `budget` evaluations of a condition lint stops trying (`isPartial`).
    public init(_ definition: FormDefinition, today: LocalDate = .today(), budget: Int = defaultBudget) {
        var linter = FormLinter(definition, today: today)
        linter.solver.totalBudget = budget
        linter.run()
        findings = linter.findings
        neverShown = linter.neverShownIDs
        isPartial = linter.solver.ranOut
    }

    /// Whether a finding is an error (`formwork lint` then exits with 1).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// How many findings of each severity.
    public func count(_ severity: LintSeverity) -> Int { findings.count { $0.severity == severity } }
}
