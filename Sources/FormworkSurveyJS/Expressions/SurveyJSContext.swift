import Formwork

/// A question as SurveyJS expressions read it: `{name}` (or `{panel.name}`,
/// `{row.name}` in a dynamic panel's or matrix's entry) resolved to a Formwork field.
public struct SurveyJSSymbol: Sendable, Equatable {
    /// What a question holds, as the translation needs to know it.
    public enum Kind: Sendable, Equatable {
        case text, number, bool, date, dateTime, time
        /// One of `options` (radiogroup, dropdown, rating with values, imagepicker…).
        case choice
        /// Several of `options` (checkbox, tagbox, ranking): a list of text.
        case multichoice
        /// A dynamic panel or matrix: its entries (`{panel}` as a whole, `panelCount`).
        case entries
    }

    /// The Formwork id (`$id` in an expression).
    public var id: String
    /// What the question holds.
    public var kind: Kind
    /// The ids of the repeats that hold the question, outermost first (empty at the
    /// survey's level). A repeat's own symbol lists the repeats around it, not itself.
    public var repeats: [String]
    /// For choices: the option values as Formwork holds them (text), in order. A
    /// SurveyJS value `1` (a JSON number) is the option `'1'`; `numericOptions` says
    /// whether every option was written as a number, so `{q} = 1` compares as
    /// SurveyJS does.
    public var options: [String]
    /// Whether every option was written as a JSON number.
    public var numericOptions: Bool
    /// A calculated value (`calculatedValues`): survey-core shows `{name}` itself in a
    /// text while it has no value (a question's shows as nothing).
    public var isCalculatedValue = false
    /// Numbers held as text, `20, 80` (a range slider's `[20, 80]`): `{q[0]}` reads
    /// the first, `{q.length}` counts them.
    public var holdsNumbers = false
    /// A choice whose "other" text is its value (`storeOthersAsComment: false`): the id
    /// of the text field that holds it; `{q}` reads the text while `other` is chosen.
    public var otherTextID: String?

    /// A question's symbol; see the properties for each argument. `isCalculatedValue` starts `false`.
    public init(id: String, kind: Kind, repeats: [String] = [], options: [String] = [], numericOptions: Bool = false) {
        self.id = id
        self.kind = kind
        self.repeats = repeats
        self.options = options
        self.numericOptions = numericOptions
    }
}

/// Where an expression is written, and how names in it resolve.
public struct SurveyJSContext: Sendable {
    /// The repeats the expression is evaluated in, outermost first (its entry's scope).
    public var repeats: [String]
    /// A question by its SurveyJS name (the data key: `{age}`, `{first name}`), or
    /// `nil` when the survey has none.
    public var name: @Sendable (String) -> SurveyJSSymbol?
    /// In a dynamic panel's template or a dynamic matrix's columns: a question of the
    /// same entry by its name (`{panel.age}`, `{row.age}`); `nil` elsewhere.
    public var entry: (@Sendable (String) -> SurveyJSSymbol?)?
    /// The question the expression belongs to, when it has one (a validator's
    /// question: SurveyJS's `{item}`/`{value}` in some places).
    public var current: SurveyJSSymbol?
    /// Every name `name` resolves, for "did you mean" when a `{name}` resolves to none
    /// (empty: no suggestions).
    public var names: [String]
    /// What `{item}` stands for: the value of the choice a `choicesVisibleIf` or
    /// `choicesEnableIf` is evaluated for, as its option is written (`'1'` for the
    /// JSON number 1); `nil` elsewhere.
    public var item: String?
    /// How survey-core reads the value of the condition being translated (`.isTrue`
    /// for a `visibleIf`; see `SurveyJSCondition`).
    public var condition: SurveyJSCondition
    /// Whether a name no question has, and a call of a function survey-core does not
    /// have, read as empty (survey-core reads them as `undefined`) instead of being
    /// an `.unknownReference` or `.unknownFunction` error.
    public var unknownIsEmpty = false
    /// The loader's limits: an expression longer than `maximumExpressionLength` is
    /// not translated, nor one whose translation is longer.
    public var limits = Limits.default
    /// What the translations of one survey may still do, shared by them (`nil`: no
    /// bound, for one expression on its own).
    var work: SurveyJSWork?
    /// Each question's properties, by its name, as `propertyValue(name, property)`
    /// reads them (`nil`: the survey does not call it).
    var properties: [String: SurveyJSProperties]?
    /// Each page, panel and dynamic panel by its name, as `isContainerReady(name)`
    /// reads it (`nil`: the survey does not call it).
    var containers: [String: SurveyJSContainer]?
    /// How many `propertyValue` conditions the translation is inside (a question's
    /// `visibleIf` may read another's property, and so on; past a few, it stops).
    var propertyDepth = 0

    /// A question in a dynamic panel's template or a dynamic matrix's column is found
    /// by `name` as `panel.question` (or by its own name), with `repeats` ending in
    /// the panel's id: that is how `{panel[0].question}` and `sumInArray({panel},
    /// 'question')` find it.
    public init(
        repeats: [String] = [], name: @escaping @Sendable (String) -> SurveyJSSymbol? = { _ in nil },
        entry: (@Sendable (String) -> SurveyJSSymbol?)? = nil, current: SurveyJSSymbol? = nil,
        names: [String] = [], item: String? = nil, condition: SurveyJSCondition = .isTrue
    ) {
        self.repeats = repeats
        self.name = name
        self.entry = entry
        self.current = current
        self.names = names
        self.item = item
        self.condition = condition
    }
}

/// How much the translations of one survey may do together: each character
/// translated, and each option of a question read to compare it, is a step. A survey
/// of 100,000 choices that each translate a long `choicesVisibleIf`, or conditions
/// that compare a question of 100,000 choices a thousand times, would otherwise take
/// hours; past `limit` every translation is an error.
final class SurveyJSWork: @unchecked Sendable {
    let limit: Int
    var done = 0

    init(limit: Int) { self.limit = limit }

    var isExhausted: Bool { done > limit }
}

/// How survey-core reads a condition's value, which is any value (`{a} or {b}` is one
/// of them): three rules, by where the condition is written. The translation of a
/// `.condition` use holds exactly where the rule holds.
public enum SurveyJSCondition: Sendable, Hashable {
    /// `visibleIf`, `requiredIf`, a trigger's `expression`: the value is exactly
    /// `true` (`res === true`).
    case isTrue
    /// An expression validator's `expression`, `choicesVisibleIf`, `choicesEnableIf`
    /// and the conditions of `countInArray()`: the value `== true`, JavaScript's loose
    /// equality (`1` and `'1'` hold, `2` does not).
    case isLooselyTrue
    /// `enableIf`: the question is read-only only where the value is exactly `false`;
    /// the translation holds where it is enabled.
    case isNotFalse
}

/// What `propertyValue(name, property)` reads of a question: the properties its JSON
/// gives as text, numbers or booleans, and the conditions that set survey-core's
/// `visible`, `isRequired` and `readOnly` as the survey runs (`visibleIf`,
/// `requiredIf`, `enableIf`).
struct SurveyJSProperties: Sendable, Equatable {
    /// The question's own properties, by name in lower case (`title`, `inputtype`, `min`).
    var values: [String: SurveyJSValue] = [:]
    /// Its `visibleif`, `requiredif` and `enableif`, as written.
    var conditions: [String: String] = [:]
}

/// What `isContainerReady(name)` checks of a page, a panel or a dynamic panel: the
/// fields of its questions (with their comments and other texts, a matrix's rows and
/// cells), and each dynamic panel in it, by its repeat and the fields of an entry.
struct SurveyJSContainer: Sendable, Equatable {
    /// The ids of the fields of the container's own questions.
    var fields: [String] = []
    /// Each dynamic panel's repeat id and the fields of one of its entries.
    var entries: [(repeatID: String, fields: [String])] = []

    static func == (left: Self, right: Self) -> Bool {
        left.fields == right.fields && left.entries.map(\.repeatID) == right.entries.map(\.repeatID)
            && left.entries.map(\.fields) == right.entries.map(\.fields)
    }
}
