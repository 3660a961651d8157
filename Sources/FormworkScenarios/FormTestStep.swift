import Formwork

/// A step of a case: something a person does at the prompt, or what the form is
/// expected to show at that point.
public struct FormTestStep: Sendable {
    /// What the step does.
    public var action: Action
    /// Where the step is written.
    public var location: SourceLocation

    /// A step doing `action`, written at `location`.
    public init(_ action: Action, at location: SourceLocation) {
        self.action = action
        self.location = location
    }

    /// What a step does.
    public enum Action: Sendable {
        /// `set: { age: 3, sex: female }`: each value typed as at the prompt, in order
        /// (`null` clears).
        case set([(name: FormTestName, value: FormTestValue)])
        /// `clear: age` or `clear: [age, sex]`: empties fields (a switch turns off).
        case clear([FormTestName])
        /// `toggle: consent` flips a switch; `toggle: { symptoms: fever }` one option.
        case toggle(FormTestName, option: String?)
        /// `add: members` adds an entry at the end; `add: { members: 1 }` at a position.
        case add(FormTestName, position: Int?)
        /// `remove: members[2]` (or `members 2`, as at the prompt).
        case remove(FormTestName)
        /// `move: members[3] 1` (or `{ members[3]: 1 }`): an entry to a position.
        case move(FormTestName, to: Int)
        /// `language: fr`: shows the form in another of its languages.
        case language(FormTestName)
        /// `submit: accepted` or `submit: refused`, with the problems a refusal must
        /// report (`errors:` beside it).
        case submit(accepted: Bool, errors: [FormTestExpectation.ExpectedError]?)
        /// `expect: {...}`: checks the state at this point.
        case expect(FormTestExpectation)

        /// The step's key in the file (`set`, `expect`…).
        public var key: String {
            switch self {
            case .set: return "set"
            case .clear: return "clear"
            case .toggle: return "toggle"
            case .add: return "add"
            case .remove: return "remove"
            case .move: return "move"
            case .language: return "language"
            case .submit: return "submit"
            case .expect: return "expect"
            }
        }
    }

    /// Whether the step changes what the form shows (`expect` and `submit` look only).
    public var changesState: Bool {
        switch action {
        case .submit, .expect: return false
        default: return true
        }
    }

    /// The steps' keys, for messages and suggestions.
    public static let keys = ["set", "clear", "toggle", "add", "remove", "move", "language", "submit", "expect"]
}

/// What an `expect` step checks; each part is optional, and each names fields as
/// steps do.
public struct FormTestExpectation: Sendable {
    /// Fields, sections, repeats or entries shown now.
    public var visible: [FormTestName] = []
    /// Fields, sections, repeats or entries hidden now.
    public var hidden: [FormTestName] = []
    /// Values now (answers and computed values), as a person would type them.
    public var values: [(name: FormTestName, value: FormTestValue)] = []
    /// Labels now, after interpolation; a text ending in `…` (or `...`) is a prefix.
    public var labels: [(name: FormTestName, text: String)] = []
    /// The options offered now, in order (values, or labels as shown).
    public var options: [(name: FormTestName, options: [String])] = []
    /// Fields that must be answered now.
    public var required: [FormTestName] = []
    /// The problems submit would report now; `errors: {}` says there are none.
    public var errors: [ExpectedError]?
    /// How many entries a repeat has now.
    public var entries: [(name: FormTestName, count: Int)] = []
    /// A subset of the answers as the form's own format writes them, by key or path.
    public var answers: [(key: FormTestName, value: FormTestValue)] = []

    /// An empty expectation (it checks nothing until parts are set).
    public init() {}

    /// A problem a field is expected to have: a rule's name (`required`, `pattern`,
    /// `rules`, `constraint`…) or words of its message; `none` for no problem.
    public struct ExpectedError: Sendable {
        /// The field.
        public var name: FormTestName
        /// The rule or words, as written; `nil`: the field has no problem.
        public var rule: String?

        /// `name` expected to have a problem `rule` describes (none when `nil`).
        public init(name: FormTestName, rule: String?) {
            self.name = name
            self.rule = rule
        }
    }

    /// The keys an `expect` step takes, for messages and suggestions.
    public static let keys = [
        "visible", "hidden", "value", "label", "options", "required", "errors", "entries", "answers",
    ]
}
