/// The state of a form for one set of values: which fields and sections are
/// visible and what computed fields hold. Built in the definition's evaluation
/// order (every field after what it reads), so one pass settles every chain and no
/// lookup recurses deeply; memoised, and discarded whenever a value changes.
///
/// This is the only place visibility is decided: the data source's `isHidden`
/// closures, validation and export all ask it. It also keeps the current error of
/// every field (`Evaluation+Validation`), brought up to date with the fields a
/// change affects.
final class Evaluation {
    let definition: FormDefinition
    /// The session's stored values.
    let store: ValueStore
    private(set) var context: EvaluationContext!

    private enum State: UInt8 { case unknown, visible, hidden, evaluating }
    private var fieldState: [State]
    private var sectionState: [State]
    private var computed: [Value?]
    /// Each field's first problem, and the fields that have one.
    var errors: [FieldError?]
    var fieldsInError = Set<Int>()

    init(definition: FormDefinition, store: ValueStore, today: LocalDate) {
        self.definition = definition
        self.store = store
        fieldState = Array(repeating: .unknown, count: definition.fields.count)
        sectionState = Array(repeating: .unknown, count: definition.sections.count)
        computed = Array(repeating: nil, count: definition.fields.count)
        errors = Array(repeating: nil, count: definition.fields.count)
        context = nil
        let context = EvaluationContext(today: today) { [unowned self] index in read(index) }
        self.context = context
        for index in definition.evaluationOrder { _ = read(index) }
        for index in definition.fields.indices { updateError(of: index) }
    }

    /// Forgets what `fields` (values that changed, and everything reading them) were,
    /// and evaluates them again in dependency order, so nothing recurses deeply.
    func invalidate(_ fields: Set<Int>) {
        for field in fields {
            fieldState[field] = .unknown
            computed[field] = nil
        }
        for section in sectionState.indices { sectionState[section] = .unknown }
        for field in fields.sorted(by: { definition.evaluationPosition[$0] < definition.evaluationPosition[$1] }) {
            _ = read(field)
        }
        // Errors read what changed through visibility, values, `required`, rules and bounds.
        var checked = fields
        for field in fields { checked.formUnion(definition.displayReaders[field]) }
        for field in checked { updateError(of: field) }
    }

    /// What `$field` reads: the value when visible, else null.
    func read(_ index: Int) -> Value {
        isFieldVisible(index) ? value(of: index) : .null
    }

    /// The field's value regardless of its visibility: computed, or stored with options
    /// that are currently hidden taken out.
    func value(of index: Int) -> Value {
        let field = definition.fields[index]
        switch field.kind {
        case .computed:
            if let value = computed[index] { return value }
            let value = field.value?.evaluate(context) ?? .null
            computed[index] = value
            return value
        case .choice:
            let value = store.values[index]
            if case .string(let selected) = value, let option = field.option(withValue: selected),
                !isOptionVisible(option)
            {
                return .null
            }
            return value
        case .multichoice:
            guard case .list(let elements) = store.values[index], field.options.contains(where: { $0.visible != nil })
            else {
                return store.values[index]
            }
            let kept = elements.filter { element in
                guard case .string(let selected) = element, let option = field.option(withValue: selected) else {
                    return false
                }
                return isOptionVisible(option)
            }
            return kept.isEmpty ? .null : .list(kept)
        default:
            return store.values[index]
        }
    }

    func isOptionVisible(_ option: ChoiceOption) -> Bool {
        option.visible?.isSatisfied(context) ?? true
    }

    func isFieldVisible(_ index: Int) -> Bool {
        switch fieldState[index] {
        case .visible: return true
        case .hidden, .evaluating: return false  // cycles are rejected at load; never reached
        case .unknown: break
        }
        fieldState[index] = .evaluating
        let field = definition.fields[index]
        let visible = isSectionVisible(field.sectionIndex) && (field.visible?.isSatisfied(context) ?? true)
        fieldState[index] = visible ? .visible : .hidden
        return visible
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

    /// A bound evaluated now (`today()`, or a literal).
    func evaluate(_ bound: Bound?) -> Value {
        switch bound {
        case .value(let value)?: return value
        case .expression(let expression)?: return expression.evaluate(context)
        case nil: return .null
        }
    }

    /// Whether the field must be answered now (only ever true when it is visible).
    func isRequired(_ index: Int) -> Bool {
        guard isFieldVisible(index) else { return false }
        switch definition.fields[index].required {
        case .never: return false
        case .always: return true
        case .when(let condition): return condition.isSatisfied(context)
        }
    }

    /// The options of a choice or multichoice field that are offered now.
    func visibleOptions(of index: Int) -> [ChoiceOption] {
        definition.fields[index].options.filter(isOptionVisible)
    }
}

/// A session's stored values, shared with its evaluation (which reads them in place).
final class ValueStore {
    var values: [Value]

    init(_ values: [Value]) {
        self.values = values
    }
}
