/// The state of a form for one set of values: which field instances, entries and
/// sections are visible, what computed fields hold, and each instance's first
/// error. Built in the definition's evaluation order (every field after what it
/// reads), so one pass settles every chain and no lookup recurses deeply; kept up
/// to date with what a change affects (`invalidate`).
///
/// This is the only place visibility is decided: the data source's `isHidden`
/// closures, validation and export all ask it.
///
/// It reads by scope (`ScopeReader`): an expression of a field in an entry reads
/// `$age` as that entry's age, fields of enclosing entries and of the form as
/// usual, and `$members` as the entries of the repeat it can see. A hidden field
/// reads as null, and a hidden repeat has no entries to read.
final class Evaluation: ScopeReader {
    /// `hiddenAnswers: kept`: a hidden question's answer is read as it is.
    let keepsHiddenAnswers: Bool
    let definition: FormDefinition
    /// What is answered: the values, the entries, their paths.
    let answers: AnswerStore
    /// The stored values, by instance (the answers', read in place).
    let store: ValueStore
    let tree: EntryTree
    let today: LocalDate
    /// What `now()` reads and `uuid()` derives from, fixed for the session.
    let now: LocalDateTime
    let seed: UInt64
    /// The context of the form's scope (for expressions evaluated by the session).
    private(set) var context: EvaluationContext!

    private enum State: UInt8 { case unknown, visible, hidden, evaluating }

    // The state below is read for every instance of every response checked, so it is
    // kept out of the runtime's exclusivity checks (`@exclusivity(unchecked)`, like
    // `ValueStore.values`): an evaluation belongs to one session on one thread, and
    // no access to these arrays spans a call (every write is a plain subscript set
    // or append after its value is computed), so no two accesses can overlap.
    @exclusivity(unchecked) private var instanceState: [State] = []
    @exclusivity(unchecked) private var computed: [Value?] = []
    @exclusivity(unchecked) private var sectionState: [State]
    /// Whether each entry's group is shown (its repeat's `visible`, its holder's).
    @exclusivity(unchecked) private var scopeState: [State] = []
    @exclusivity(unchecked) private var contexts: [EvaluationContext?] = []
    /// Each instance's first problem, and the instances that have one.
    @exclusivity(unchecked) var errors: [FieldError?] = []
    @exclusivity(unchecked) var instancesInError = Set<Int>()

    /// Each field's kind, and whether any of its options has a `visible` (read for
    /// every value, so kept apart from the definitions).
    private let kinds: [FieldKind]
    private let hasConditionalOptions: [Bool]
    /// Whether each field keeps its first value (`once: true`).
    private let keepsFirstValue: [Bool]

    /// The language texts (rule messages) are rendered in.
    let language: String?
    /// A finished response is checked: a file's value names an attachment, which
    /// need not be at hand (see `FieldValues.check`).
    let filesAreAttachments: Bool

    /// Evaluates `answers` as they stand, every instance and its error.
    init(answers: AnswerStore, today: LocalDate, now: LocalDateTime, seed: UInt64, language: String?) {
        let definition = answers.definition
        self.answers = answers
        self.language = language
        self.filesAreAttachments = answers.filesAreAttachments
        kinds = definition.fields.map(\.kind)
        keepsHiddenAnswers = definition.hiddenAnswers == .kept
        hasConditionalOptions = definition.fields.map { $0.options.contains { $0.visible != nil } }
        keepsFirstValue = definition.fields.map(\.keepsFirstValue)
        self.definition = definition
        self.store = answers.values
        self.tree = answers.tree
        self.today = today
        self.now = now
        self.seed = seed
        sectionState = Array(repeating: .unknown, count: definition.sections.count)
        context = EvaluationContext(
            today: today, now: now, seed: seed, scopes: self, scope: 0, numbersInText: definition.numbersInText)
        growToFit()
        evaluateEverything()
    }

    /// Makes room for instances and scopes added to the tree since.
    func growToFit() {
        let instances = tree.instanceCount
        if instanceState.count < instances {
            Self.grow(&instanceState, to: instances, with: .unknown)
            Self.grow(&computed, to: instances, with: nil)
            Self.grow(&errors, to: instances, with: nil)
        }
        if scopeState.count < tree.scopeCount {
            Self.grow(&scopeState, to: tree.scopeCount, with: .unknown)
            Self.grow(&contexts, to: tree.scopeCount, with: nil)
        }
    }

    /// Appends `element` to `array` until it holds `count`: made whole when empty (a
    /// new evaluation, once per response checked), else appended one by one (entries
    /// added), never through a generic sequence copy.
    private static func grow<Element>(_ array: inout [Element], to count: Int, with element: Element) {
        if array.isEmpty {
            array = [Element](repeating: element, count: count)
            return
        }
        while array.count < count { array.append(element) }  // (amortized: no exact reserve)
    }

    /// Evaluates every attached instance, in evaluation order, and its error.
    func evaluateEverything() {
        // The live instances grouped by field in one flat array (a counting sort):
        // `starts[field]..<starts[field + 1]` are the field's, in instance order.
        let fieldCount = definition.fields.count
        var starts = [Int](repeating: 0, count: fieldCount + 1)
        for instance in 0..<tree.instanceCount where tree.isLive(instance) {
            starts[tree.field(ofInstance: instance) + 1] += 1
        }
        for field in 0..<fieldCount { starts[field + 1] += starts[field] }
        var next = starts
        var byField = [Int](repeating: 0, count: starts[fieldCount])
        for instance in 0..<tree.instanceCount where tree.isLive(instance) {
            let field = tree.field(ofInstance: instance)
            byField[next[field]] = instance
            next[field] += 1
        }
        for field in definition.evaluationOrder {
            for position in starts[field]..<starts[field + 1] { _ = read(byField[position]) }
        }
        for instance in byField { updateError(of: instance) }
    }

    /// Forgets what `instances` (changed ones, and everything reading them) were, and
    /// evaluates them again in dependency order, so nothing recurses deeply; then
    /// checks their errors and those of the instances whose errors read them
    /// (`checked`).
    func invalidate(_ instances: Set<Int>, checked: Set<Int>) {
        growToFit()
        for instance in instances {
            instanceState[instance] = .unknown
            computed[instance] = nil
            var scope = tree.scope(ofInstance: instance)
            while scope > 0, scopeState[scope] != .unknown {
                scopeState[scope] = .unknown
                scope = tree.scopes[scope].parent
            }
        }
        for section in sectionState.indices { sectionState[section] = .unknown }
        let order = instances.sorted {
            definition.evaluationPosition[tree.field(ofInstance: $0)]
                < definition.evaluationPosition[tree.field(ofInstance: $1)]
        }
        for instance in order { _ = read(instance) }
        for instance in checked.union(instances) { updateError(of: instance) }
    }

    // MARK: ScopeReader

    func read(_ field: Int, in scope: Int) -> Value {
        tree.instance(of: field, from: scope).map(read) ?? .null
    }

    func readEach(_ field: Int, inEntries entries: [Int]) -> [Value] {
        // Read in bulk: an instance whose visibility is known and whose value is its
        // stored one is read from local copies (no access checks); the others as
        // usual. (What an aggregate reads has been evaluated before it, in order.)
        let slot = tree.fieldSlot[field]
        let firstInstance = tree.firstInstance
        let states = instanceState
        let stored = store.values
        let plain = !kinds[field].isComputed && !hasConditionalOptions[field]
        return entries.map { entry in
            let instance = Int(firstInstance[entry]) + slot
            if plain {
                switch states[instance] {
                case .visible: return stored[instance]
                case .hidden: return keepsHiddenAnswers ? stored[instance] : .null
                default: break
                }
            }
            return read(instance)
        }
    }

    /// The entries `$repeat` reads from `scope`: none while the repeat is hidden,
    /// unless hidden answers are read as they are (`hiddenAnswers: kept`).
    func entries(of repeatIndex: Int, in scope: Int) -> [Int] {
        guard let holder = tree.enclosingScope(of: scope, in: definition.repeats[repeatIndex].parent),
            keepsHiddenAnswers || isGroupVisible(repeatIndex, in: holder)
        else { return [] }
        return tree.list(of: repeatIndex, in: holder)
    }

    func context(for scope: Int) -> EvaluationContext {
        if scope == 0 { return context }
        if scope >= contexts.count { growToFit() }
        if let existing = contexts[scope] { return existing }
        let created = EvaluationContext(
            today: today, now: now, seed: seed, scopes: self, scope: scope, numbersInText: definition.numbersInText)
        contexts[scope] = created
        return created
    }

    func entryKey(of scope: Int) -> Int { tree.keys[scope] }

    func optionLabel(field: Int, value: String, in scope: Int) -> String? {
        definition.fields[field].option(withValue: value).map { render($0.labelText, in: scope) }
    }

    /// A text in the session's language, with the values seen from `scope`.
    func render(_ text: FormText, in scope: Int) -> String {
        if text.isConstant, !text.isTranslated { return text.source(in: nil, defaultLanguage: nil) }
        return text.render(in: language, defaultLanguage: definition.defaultLanguage, context(for: scope))
    }

    func position(of scope: Int) -> Int? { scope == 0 ? nil : tree.position(of: scope) + 1 }

    // MARK: Instances

    /// What `$field` reads of an instance: its value when visible, else null.
    func read(_ instance: Int) -> Value {
        keepsHiddenAnswers || isVisible(instance) ? value(of: instance) : .null
    }

    /// The instance's value regardless of its visibility: computed, or stored with
    /// options that are currently hidden taken out.
    func value(of instance: Int) -> Value {
        let fieldIndex = tree.field(ofInstance: instance)
        if kinds[fieldIndex].isComputed {
            if let value = computed[instance] { return value }
            if keepsFirstValue[fieldIndex], let kept = answers.kept[instance] {
                computed[instance] = kept
                return kept
            }
            let value =
                definition.fields[fieldIndex].value?.evaluate(context(for: tree.scope(ofInstance: instance))) ?? .null
            computed[instance] = value
            // JavaRosa's once(): computed while the node is empty, then kept.
            if keepsFirstValue[fieldIndex], !value.isNull, value != .string(""), value != .list([]) {
                answers.keep(value, at: instance)
            }
            return value
        }
        guard hasConditionalOptions[fieldIndex] else { return store.values[instance] }
        return kinds[fieldIndex].specification.offeredSelection(
            store.values[instance], of: definition.fields[fieldIndex]
        ) { isOptionVisible($0, instance: instance) }
    }

    func isOptionVisible(_ option: ChoiceOption, instance: Int) -> Bool {
        option.visible?.isSatisfied(context(for: tree.scope(ofInstance: instance))) ?? true
    }

    func isVisible(_ instance: Int) -> Bool {
        switch instanceState[instance] {
        case .visible: return true
        case .hidden, .evaluating: return false  // cycles are rejected at load; never reached
        case .unknown: break
        }
        instanceState[instance] = .evaluating
        let field = definition.fields[tree.field(ofInstance: instance)]
        let scope = tree.scope(ofInstance: instance)
        let visible =
            field.isInput  // inputs are in no section, and always read
            || isSectionVisible(field.sectionIndex) && isScopeVisible(scope)
                && (field.visible?.isSatisfied(context(for: scope)) ?? true)
        instanceState[instance] = visible ? .visible : .hidden
        return visible
    }

    /// Whether the instance's own `visible` condition holds (its section's and its
    /// entry's left aside; a field without one: always).
    func ownConditionHolds(_ instance: Int) -> Bool {
        let field = definition.fields[tree.field(ofInstance: instance)]
        return field.visible?.isSatisfied(context(for: tree.scope(ofInstance: instance))) ?? true
    }

    func isSectionVisible(_ index: Int) -> Bool {
        switch sectionState[index] {
        case .visible: return true
        case .hidden, .evaluating: return false
        case .unknown: break
        }
        sectionState[index] = .evaluating
        let visible = definition.sections[index].visible?.isSatisfied(context) ?? true
        sectionState[index] = visible ? .visible : .hidden
        return visible
    }

    /// Whether an entry (and so everything in it) is shown: it is attached, its
    /// repeat's `visible` holds in the entry's holder, and its holder is shown.
    func isScopeVisible(_ scope: Int) -> Bool {
        guard scope > 0 else { return true }
        switch scopeState[scope] {
        case .visible: return true
        case .hidden, .evaluating: return false
        case .unknown: break
        }
        scopeState[scope] = .evaluating
        let entry = tree.scopes[scope]
        let repeatDefinition = definition.repeats[entry.repeatIndex!]
        let visible =
            entry.attached && isScopeVisible(entry.parent) && isSectionVisible(repeatDefinition.sectionIndex)
            && (repeatDefinition.visible?.isSatisfied(context(for: entry.parent)) ?? true)
        scopeState[scope] = visible ? .visible : .hidden
        return visible
    }

    /// Whether a repeat's group is shown in a holder (the form or an entry).
    func isGroupVisible(_ repeatIndex: Int, in holder: Int) -> Bool {
        let repeatDefinition = definition.repeats[repeatIndex]
        return isScopeVisible(holder) && isSectionVisible(repeatDefinition.sectionIndex)
            && (repeatDefinition.visible?.isSatisfied(context(for: holder)) ?? true)
    }

    /// A bound evaluated now for an instance (`today()`, or a literal).
    func evaluate(_ bound: Bound?, for instance: Int) -> Value {
        switch bound {
        case .value(let value)?: return value
        case .expression(let expression)?: return expression.evaluate(context(for: tree.scope(ofInstance: instance)))
        case nil: return .null
        }
    }

    /// Whether the instance must be answered now (only ever true when it is visible).
    func isRequired(_ instance: Int, visibilityChecked: Bool = false) -> Bool {
        guard visibilityChecked || isVisible(instance) else { return false }
        switch definition.fields[tree.field(ofInstance: instance)].required {
        case .never: return false
        case .always: return true
        case .when(let condition): return condition.isSatisfied(context(for: tree.scope(ofInstance: instance)))
        }
    }

    /// The options of a choice or multichoice instance that are offered now.
    ///
    /// Options are read in place (not copied to be tested), and a condition many
    /// options share (a cascade's: one per parent, compiled once) is evaluated once.
    ///
    /// - Complexity: O(*n*) in the options, each condition evaluated once.
    func visibleOptions(of instance: Int) -> [ChoiceOption] {
        let options = definition.fields[tree.field(ofInstance: instance)].options
        let context = context(for: tree.scope(ofInstance: instance))
        var decided: [ObjectIdentifier: Bool] = [:]
        var offered: [ChoiceOption] = []
        for index in options.indices {
            if let visible = options[index].visible {
                let shown: Bool
                if let known = decided[visible.identity] {
                    shown = known
                } else {
                    shown = visible.isSatisfied(context)
                    decided[visible.identity] = shown
                }
                guard shown else { continue }
            }
            offered.append(options[index])
        }
        return offered
    }
}
