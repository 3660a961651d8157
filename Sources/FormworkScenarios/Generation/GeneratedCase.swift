import Formwork

/// A case `FormTestGenerator` wrote: its steps (with the names the form's people use)
/// and what it sees of the form's logic.
public struct GeneratedCase: Sendable {
    /// What the case covers first, in words: "shows occupation, members empty".
    public var name: String
    /// The steps, actions and the expectations recorded after them.
    public var steps: [GeneratedStep]
    /// What the case sees.
    public var coverage: FormCoverage

    /// A case named `name` of `steps`, seeing `coverage`.
    public init(name: String, steps: [GeneratedStep], coverage: FormCoverage) {
        self.name = name
        self.steps = steps
        self.coverage = coverage
    }
}

/// One step of a generated case, as the test file writes it.
public enum GeneratedStep: Sendable, Equatable {
    /// `set: { name: text }`.
    case set(name: String, text: String)
    /// `clear: name`.
    case clear(name: String)
    /// `add: name`.
    case add(name: String)
    /// `remove: name[n]`.
    case remove(name: String)
    /// `language: code`.
    case language(name: String)
    /// `expect: { … }`.
    case expect(GeneratedExpectation)
    /// `submit: accepted` or `submit: refused` with `errors: { name: rule }`.
    case submit(accepted: Bool, errors: [GeneratedError])

    /// Whether the step acts on the form (an expectation and a submit only look).
    public var isAction: Bool {
        switch self {
        case .set, .clear, .add, .remove, .language: return true
        case .expect, .submit: return false
        }
    }
}

/// A problem a refused submit names: the question and its rule (`required`, `rules[0]`).
public struct GeneratedError: Sendable, Equatable {
    /// The question's name.
    public var name: String
    /// The rule's name.
    public var rule: String

    /// The problem of `rule` on the question named `name`.
    public init(name: String, rule: String) {
        self.name = name
        self.rule = rule
    }
}

/// What a generated case expects at one point: what appeared and vanished, computed
/// values, the options of a filtered choice.
public struct GeneratedExpectation: Sendable, Equatable {
    /// Shown now.
    public var visible: [String]
    /// Hidden now.
    public var hidden: [String]
    /// Values now, as text (`nil`: empty).
    public var values: [(name: String, text: String?)]
    /// Options offered now, by question.
    public var options: [(name: String, values: [String])]
    /// The problems submit would name now (`[]`: none); `nil` when not checked.
    public var errors: [GeneratedError]?

    /// An expectation of what is shown, hidden, computed and offered.
    public init(
        visible: [String] = [], hidden: [String] = [], values: [(name: String, text: String?)] = [],
        options: [(name: String, values: [String])] = []
    ) {
        self.visible = visible
        self.hidden = hidden
        self.values = values
        self.options = options
    }

    /// Whether it expects nothing.
    public var isEmpty: Bool {
        visible.isEmpty && hidden.isEmpty && values.isEmpty && options.isEmpty && errors == nil
    }

    /// Whether two expectations expect the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.visible == rhs.visible && lhs.hidden == rhs.hidden && lhs.values.map(\.name) == rhs.values.map(\.name)
            && lhs.values.map(\.text) == rhs.values.map(\.text) && lhs.options.map(\.name) == rhs.options.map(\.name)
            && lhs.options.map(\.values) == rhs.options.map(\.values) && lhs.errors == rhs.errors
    }
}
