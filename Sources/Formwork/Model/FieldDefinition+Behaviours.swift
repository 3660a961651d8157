/// A value a field is given when other fields change (`recalculate:`), which the
/// person may still edit afterwards: ODK's `trigger` with a `calculation`,
/// SurveyJS's `setValueIf` and `resetValueIf`.
///
/// ```yaml
/// - id: shipping
///   kind: number
///   label: Shipping
///   recalculate: { on: [country, weight], value: "if($country == 'NL', 5, 12) + $weight", when: "$weight != null" }
/// ```
///
/// When a field in `on` changes — at the prompt, over JSON-RPC, through the Swift
/// API or from a values file — and `condition` holds (or there is none), the field
/// is set to `value`, evaluated in the field's own scope after the change. A later
/// edit sticks until a field in `on` changes again. The change and the value it set
/// are one undo step.
///
/// A field may have several rules (`recalculate:` as a list): when a change ends,
/// the first rule that the change triggers and whose condition holds gives the
/// value. A rule with `on: any` is triggered by a change to any other field, and
/// when the session starts, as survey-core runs a `setValueExpression` that reads no
/// question.
public struct ValueTrigger: Sendable {
    /// One rule: what triggers it, the value it gives and when.
    public struct Rule: Sendable {
        /// The fields whose changes trigger the rule (indices in `FormDefinition.fields`);
        /// empty when every change does.
        public internal(set) var fields: [Int]
        /// Whether a change to any other field triggers the rule (`on: any`).
        public internal(set) var onEveryChange: Bool
        /// The value given, of the field's type.
        public internal(set) var value: CompiledExpression
        /// When the value is given; `nil`: whenever the rule is triggered.
        public internal(set) var condition: CompiledExpression?
        /// Whether the rule also gives the field its value when the form starts, on the
        /// values it starts with (`atStart: true`; an empty value leaves the default).
        public internal(set) var atStart = false
    }

    /// The rules, in the order the definition gives them: the first one triggered
    /// whose condition holds gives the value.
    public internal(set) var rules: [Rule]

    /// The fields whose changes trigger some rule, each once, in order.
    public var fields: [Int] {
        var seen = Set<Int>()
        return rules.flatMap(\.fields).filter { seen.insert($0).inserted }
    }

    /// Whether some rule runs on every change (`on: any`).
    public var onEveryChange: Bool { rules.contains(where: \.onEveryChange) }

    /// Whether some rule runs when the form starts (`atStart: true`).
    public var runsAtStart: Bool { rules.contains(where: \.atStart) }
}

extension FieldDefinition {
    /// The name the field's answer is written under: its `key`, else its id.
    public var answerKey: String { key ?? id }

    /// Whether the field is a hidden calculation: a value computed and exported, never
    /// shown as a row (`kind: calculate`).
    public var isCalculation: Bool { kind == .calculate }
}

/// What the definition knows about its fields' behaviours, computed once when it
/// loads: which fields trigger which, the inputs, the answer keys.
struct FormBehaviours: Sendable {
    /// For a field, the fields whose `recalculate` lists it in `on`.
    let triggered: [Int: [Int]]
    /// The fields with a `recalculate` rule that every change triggers (`on: any`).
    let triggeredByEveryChange: [Int]
    /// The fields with a rule that runs when the form starts (`atStart: true`), in order.
    let triggeredAtStart: [Int]
    /// The computed fields (`computed`, `calculate`) that some `recalculate` lists in
    /// `on`: they change when what they read changes, not by a write.
    let computedSources: [Int]
    /// The form's inputs (`inputs:`), in the order the file gives them.
    let inputs: [Int]
    /// Fields whose answer key is not their id, by key.
    let keyed: [String: [Int]]

    init(fields: [FieldDefinition]) {
        var triggered: [Int: [Int]] = [:]
        var triggeredByEveryChange: [Int] = []
        var triggeredAtStart: [Int] = []
        var inputs: [Int] = []
        var keyed: [String: [Int]] = [:]
        for field in fields {
            for source in field.trigger?.fields ?? [] { triggered[source, default: []].append(field.index) }
            if field.trigger?.onEveryChange == true { triggeredByEveryChange.append(field.index) }
            if field.trigger?.runsAtStart == true { triggeredAtStart.append(field.index) }
            if field.isInput { inputs.append(field.index) }
            if let key = field.key { keyed[key, default: []].append(field.index) }
        }
        self.triggered = triggered
        self.triggeredByEveryChange = triggeredByEveryChange
        self.triggeredAtStart = triggeredAtStart
        computedSources = triggered.keys.filter { fields[$0].kind.isComputed }.sorted()
        self.inputs = inputs
        self.keyed = keyed
    }
}

extension FormDefinition {
    /// The form's inputs (`inputs:`): values the program gives (`--set`, `--values`,
    /// `form.setInput`, `FormSession.setInput`), read in expressions as `$id`, never
    /// asked and never rows.
    public var inputs: [FieldDefinition] { behaviours.inputs.map { fields[$0] } }

    /// The field of the form (or, with `repeatIndex`, of a repeat's entries) that a
    /// values file names `name`: by its answer key, else by its id. Returns the
    /// field's index in `fields`.
    public func field(named name: String, in repeatIndex: Int?) -> Int? {
        if !behaviours.keyed.isEmpty,
            let keyed = behaviours.keyed[name]?.first(where: { fields[$0].repeatIndex == repeatIndex })
        {
            return keyed
        }
        guard let index = fieldIndex[name], fields[index].repeatIndex == repeatIndex else { return nil }
        return index
    }
}
