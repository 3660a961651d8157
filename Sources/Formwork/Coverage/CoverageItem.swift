/// One thing a form's logic can do that fills may or may not have exercised: a
/// condition (seen true, seen false), a question (seen shown), a repeat (seen empty,
/// seen with entries). `FormCoverage` lists them and records what was seen.
public struct CoverageItem: Sendable, Hashable {
    /// What the item is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A field's `visible` condition (ODK `relevant`, SurveyJS `visibleIf`).
        case visible
        /// A field's `required` condition.
        case required
        /// A field's `readonly` condition.
        case readonly
        /// One of a field's rules (an ODK `constraint`, a SurveyJS validator): seen
        /// holding and seen broken (fired).
        case rule
        /// The condition some of a field's options are offered on (a choice filter):
        /// seen offering them and seen withholding them.
        case options
        /// A section's, group's or page's condition.
        case section
        /// A repeat's `visible` condition.
        case repeatCondition = "repeat"
        /// A question (or note) seen on screen.
        case shown
        /// A repeat seen with no entries and with some.
        case entries
    }

    /// What the item is.
    public var kind: Kind
    /// The field, section or repeat it belongs to (its id).
    public var subject: String
    /// More about it: a rule's number (`1`), the options a filter offers.
    public var detail: String?
    /// The condition as written in the form's own file (`${age} < 5`), when it is one.
    public var expression: String?
    /// Where it is in the form's definition.
    public var location: SourceLocation?
    /// Where it is in the form's own file: `survey!H12`, `40:7`, or the definition's `line:col`.
    public var place: String
    /// Whether it has two outcomes to see (a condition, a repeat) or one (a question shown).
    public var hasTwoOutcomes: Bool { kind != .shown }

    /// How the item's outcomes are said: (`true`, `false`), (`held`, `broken`),
    /// (`offered`, `withheld`), (`with entries`, `empty`), (`shown`, —).
    public var outcomeNames: (seen: String, unseen: String) {
        switch kind {
        case .rule: ("held", "broken")
        case .options: ("offered", "withheld")
        case .entries: ("with entries", "empty")
        case .shown: ("shown", "")
        default: ("true", "false")
        }
    }

    /// The item in words: `visible of vaccines`, `rule 1 of age`, `section household`.
    public var title: String {
        switch kind {
        case .visible: "condition of '\(subject)'"
        case .required: "required condition of '\(subject)'"
        case .readonly: "read-only condition of '\(subject)'"
        case .rule: "rule \(detail ?? "1") of '\(subject)'"
        case .options: "choice filter of '\(subject)'" + (detail.map { " (\($0))" } ?? "")
        case .section: "condition of section '\(subject)'"
        case .repeatCondition: "condition of repeat '\(subject)'"
        case .shown: "'\(subject)'"
        case .entries: "repeat '\(subject)'"
        }
    }
}

/// What fills saw of one item.
public struct CoverageOutcomes: OptionSet, Sendable, Hashable {
    /// The outcomes as bits: 1 true, 2 false.
    public let rawValue: UInt8
    /// The outcomes whose bits are `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Seen true (held, offered, shown, with entries).
    public static let sawTrue = CoverageOutcomes(rawValue: 1)
    /// Seen false (broken, withheld, empty).
    public static let sawFalse = CoverageOutcomes(rawValue: 2)
}
