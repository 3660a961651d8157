/// How much a lint finding matters: an error stops what the form is for (an answer
/// that can never be given, a submission that can never be made); a warning is logic
/// that cannot work as written; a note is logic that does nothing.
public enum LintSeverity: String, Sendable, Hashable, Codable, Comparable {
    case error, warning, note

    /// Errors first, then warnings, then notes.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}

/// What `formwork lint` looks for, each rule with its name, severity and summary.
public enum LintRule: String, CaseIterable, Sendable, Hashable, Codable {
    case neverShown = "never-shown"
    case conditionAlwaysHolds = "condition-always-holds"
    case conditionNeverHolds = "condition-never-holds"
    case ruleNeverPasses = "rule-never-passes"
    case ruleAlwaysPasses = "rule-always-passes"
    case requiredNeverAnswerable = "required-never-answerable"
    case minAboveMax = "min-above-max"
    case filterLeavesNoOption = "filter-leaves-no-option"
    case duplicateChoiceValue = "duplicate-choice-value"
    case duplicateChoiceLabel = "duplicate-choice-label"
    case readBeforeAnswered = "read-before-answered"
    case calculationReadsHidden = "calculation-reads-hidden"
    case interpolatesHidden = "interpolates-hidden"
    case missingTranslation = "missing-translation"

    /// The rule's severity.
    public var severity: LintSeverity {
        switch self {
        case .ruleNeverPasses, .requiredNeverAnswerable, .minAboveMax, .duplicateChoiceValue: .error
        case .conditionAlwaysHolds: .note
        default: .warning
        }
    }

    /// What the rule finds, in a sentence.
    public var summary: String {
        switch self {
        case .neverShown: "A question, section or repeat that no answers can show."
        case .conditionAlwaysHolds: "A condition that holds for every answer wherever it is read: it decides nothing."
        case .conditionNeverHolds: "A required or read-only condition that no answers make hold."
        case .ruleNeverPasses: "A rule (constraint, validator) that no value of its question passes."
        case .ruleAlwaysPasses: "A rule that every value of its question passes: it checks nothing."
        case .requiredNeverAnswerable:
            "A required question that can be shown but never answered, so the form can never be submitted."
        case .minAboveMax: "A lower bound above the upper one: no value is accepted."
        case .filterLeavesNoOption: "A choice filter that leaves no option for some answers of what it reads."
        case .duplicateChoiceValue:
            "Two options of one question with the same value: the answer cannot tell them apart."
        case .duplicateChoiceLabel: "Two options offered together with the same label: a person cannot tell them apart."
        case .readBeforeAnswered: "A condition that reads a question asked only later in the form."
        case .calculationReadsHidden: "A calculation that reads a question never shown together with it (so empty)."
        case .interpolatesHidden: "A text that shows the answer of a question never shown together with it."
        case .missingTranslation: "A text missing in some of the form's languages."
        }
    }

    /// What to do about a finding of the rule.
    public var hint: String {
        switch self {
        case .neverShown: "fix the conditions (the question's, its section's, its repeat's) or remove the question"
        case .conditionAlwaysHolds: "remove the condition, or write the one that was meant"
        case .conditionNeverHolds: "fix the condition, or remove it"
        case .ruleNeverPasses: "fix the rule: as written, every answer is refused"
        case .ruleAlwaysPasses: "fix the rule, or remove it"
        case .requiredNeverAnswerable: "give the question something to answer with, or make it optional"
        case .minAboveMax: "swap the bounds, or correct one of them"
        case .filterLeavesNoOption: "add options for these answers, or hide the question when there are none"
        case .duplicateChoiceValue: "give each option a value of its own"
        case .duplicateChoiceLabel: "give each option a label of its own"
        case .readBeforeAnswered: "move the question it reads before it, or read something asked earlier"
        case .calculationReadsHidden:
            "read a question shown with the calculation, or give the calculation its condition"
        case .interpolatesHidden: "show the text only where the question is shown, or drop its answer from the text"
        case .missingTranslation: "add the text in each language"
        }
    }
}

/// One thing `formwork lint` found: a rule broken at a place in the form's own file,
/// with the fields and values that prove it.
///
/// ```swift
/// let lint = FormLint(try FormDefinition.load(contentsOf: URL(fileURLWithPath: "survey.xlsx")))
/// for finding in lint.findings { print(finding.place, finding.severity, finding.message) }
/// ```
public struct LintFinding: Sendable, Hashable, Codable {
    /// The rule broken.
    public var rule: LintRule
    /// How much it matters (the rule's severity).
    public var severity: LintSeverity
    /// The id of the question, section or repeat it is about.
    public var subject: String
    /// What is wrong, in a sentence.
    public var message: String
    /// Where, in the form's own file: `survey!H12`, `40:7`, or the definition's `line:col`.
    public var place: String
    /// What to do about it.
    public var hint: String
    /// The proof: the fields read, with the values tried or found.
    public var evidence: [String]
    /// Where it is in the form's order, for sorting (the index of the first field concerned).
    var order = 0

    private enum CodingKeys: String, CodingKey {
        case rule, severity, subject, message, place, hint, evidence
    }

    /// A finding of `rule` about `subject`, at `place`.
    public init(rule: LintRule, subject: String, message: String, place: String, evidence: [String] = []) {
        self.rule = rule
        self.severity = rule.severity
        self.subject = subject
        self.message = message
        self.place = place
        self.hint = rule.hint
        self.evidence = evidence
    }
}
