/// Who gives a value: the person filling the form, or the program that prepares it.
///
/// A person may not change a read-only field (`readonly:`) nor an input of the form;
/// a program may — values files, `--set`, `form.setInput`, `setInput` — as servers
/// prefill real forms' read-only fields.
public enum ValueOrigin: Sendable, Hashable {
    /// The person filling the form: the prompt, `field.set`, `set(_:to:)`.
    case person
    /// The program preparing the form: values files, `--set`, inputs.
    case program
}

/// What `recalculate:` triggers are doing during one change (a batch).
struct TriggerState {
    /// Instances written since the triggers last fired whose field triggers others.
    var pending: [Int] = []
    /// Instances given a value in this batch by anything but a trigger: a trigger does
    /// not overwrite them (a values file's value for the field wins).
    var written = Set<Int>()
    /// Whether a trigger is writing (its writes are not `written`).
    var firing = false
    /// Whether writes fire no triggers (restoring a snapshot).
    var suppressed = false
    /// The values of computed fields that trigger rules, by instance, as they were when
    /// the batch began (or when the triggers last looked): a change to one is a change.
    var computedSources: [Int: Value] = [:]
}

extension Evaluation {
    /// Whether the person filling the form may not change the instance now (its
    /// `readonly:` holds).
    func isReadOnly(_ instance: Int) -> Bool {
        switch definition.fields[tree.field(ofInstance: instance)].readOnly {
        case .never: return false
        case .always: return true
        case .when(let condition): return condition.isSatisfied(context(for: tree.scope(ofInstance: instance)))
        }
    }
}

extension FormSession {
    // MARK: Read-only fields and inputs

    /// Whether the person filling the form may not change the field now: its
    /// `readonly:` is `true` or its condition holds (a program still may).
    public func isReadOnly(_ id: String) -> Bool {
        (try? instance(id)).map { evaluation.isReadOnly($0) } ?? false
    }

    /// Why a person may not give the instance a value, if they may not: it is an
    /// input of the form, or read-only now.
    func refusal(ofPersonAt instance: Int) -> FieldError? {
        let field = definition.fields[tree.field(ofInstance: instance)]
        if field.isInput { return FieldError(field: field.id, rule: .input) }
        guard evaluation.isReadOnly(instance) else { return nil }
        if case .when(let condition) = field.readOnly {
            return FieldError(field: field.id, rule: .locked(condition: condition.source))
        }
        return FieldError(field: field.id, rule: .locked(condition: nil))
    }

    /// Gives each input that stands for a device property (`device: deviceid`) and
    /// has no value yet the device's value, as Collect fills ODK's metadata; returns
    /// the ids of the inputs given one. `formwork fill` gives `DeviceProperties.current`
    /// before `--values` and `--set`, which override it.
    @discardableResult
    public func applyDeviceProperties(_ properties: DeviceProperties) -> [String] {
        var given: [String] = []
        for field in definition.fields where field.isInput {
            guard let property = field.deviceProperty, let deviceValue = properties.values[property],
                value(of: field.id) == .null
            else { continue }
            if (try? set(field.id, text: deviceValue, origin: .program)) != nil { given.append(field.id) }
        }
        return given
    }

    /// Gives an input of the form (`inputs:`) a typed value, as a program does.
    ///
    /// - Throws: `SessionError.notAnInput` for an id that names no input,
    ///   `.rejected` for a value of the wrong type.
    public func setInput(_ id: String, to value: Value) throws(SessionError) {
        try checkInput(id)
        try set(id, to: value, origin: .program)
    }

    /// Gives an input of the form a value written as text (`--set id=value`).
    ///
    /// - Throws: `SessionError.notAnInput`, `.rejected`.
    public func setInput(_ id: String, text: String) throws(SessionError) {
        try checkInput(id)
        try set(id, text: text, origin: .program)
    }

    private func checkInput(_ id: String) throws(SessionError) {
        guard definition.field(id)?.isInput == true else {
            let inputs = definition.inputs.map(\.id)
            throw .notAnInput(id, suggestions: Suggestions.closest(to: id, in: inputs, limit: 3))
        }
    }

    /// The inputs' values, in declaration order (unset ones as `null`).
    public func inputValues() -> [AnsweredField] {
        definition.behaviours.inputs.map { AnsweredField(id: definition.fields[$0].id, value: values[$0]) }
    }

    /// Whether an instance is ever a row: inputs and hidden calculations are not.
    func hasRow(_ instance: Int) -> Bool {
        let field = definition.fields[tree.field(ofInstance: instance)]
        return !field.isInput && !field.isCalculation
    }

    // MARK: Hidden calculations

    /// The hidden calculations (`kind: calculate`) of the form's own fields and of
    /// every entry, by path, with their values; `null` when not relevant (a
    /// calculation's `visible:` is false, or its section or entry is hidden).
    public func calculations() -> [(path: String, value: Value)] {
        let evaluation = self.evaluation
        return definition.fields.filter(\.isCalculation).flatMap { field in
            instances(ofField: field.index).map { (path(ofInstance: $0), evaluation.read($0)) }
        }
    }

    // MARK: Triggers

    /// Notes a value written: triggers fire when the batch ends.
    func noteWritten(_ instance: Int) {
        guard !journal.isReplaying, !triggerState.suppressed else { return }
        if !triggerState.firing { triggerState.written.insert(instance) }
        let behaviours = definition.behaviours
        if behaviours.triggered[tree.field(ofInstance: instance)] != nil || !behaviours.triggeredByEveryChange.isEmpty {
            triggerState.pending.append(instance)
        }
    }

    /// Gives the fields whose `recalculate` a changed field triggers their value, in
    /// the entries that see the change, within the same undo step. A field given a
    /// value in the same batch by other means keeps it; each instance is given a
    /// value at most once per batch, so triggers that name each other cannot loop.
    func fireTriggers() {
        defer { triggerState.written = [] }
        let behaviours = definition.behaviours
        var given = Set<Int>()
        noteComputedSourceChanges()
        while !triggerState.pending.isEmpty {
            let sources = triggerState.pending
            triggerState.pending = []
            settle()
            var targets: [Int] = []
            var causes: [Int: Set<Int>] = [:]  // for a target instance, the fields whose change triggers it
            for source in sources where tree.isLive(source) {
                let field = tree.field(ofInstance: source)
                for target in (behaviours.triggered[field] ?? []) + behaviours.triggeredByEveryChange
                where target != field {
                    let anchor = store.anchorScope(
                        from: tree.scope(ofInstance: source), in: definition.fields[field].repeatIndex,
                        to: definition.fields[target].repeatIndex)
                    for instance in tree.instances(of: target, under: anchor)
                    where !triggerState.written.contains(instance) && !given.contains(instance) {
                        if causes[instance] == nil { targets.append(instance) }
                        causes[instance, default: []].insert(field)
                    }
                }
            }
            for instance in targets where recalculate(instance, changed: causes[instance] ?? []) {
                given.insert(instance)
            }
            noteComputedSourceChanges()
        }
    }

    /// The values of the computed fields that trigger rules (`on` names a computed or
    /// calculated field), by instance: what a batch compares with at its end.
    func computedSourceValues() -> [Int: Value] {
        let sources = definition.behaviours.computedSources
        guard !sources.isEmpty else { return [:] }
        settle()
        let evaluation = currentEvaluation
        var values: [Int: Value] = [:]
        for field in sources {
            for instance in instances(ofField: field) { values[instance] = evaluation.read(instance) }
        }
        return values
    }

    /// A computed field changes when what it reads changes: those that trigger rules
    /// and changed since they were last looked at fire their triggers, as a write
    /// would. (An entry's instance not seen before has not changed.)
    func noteComputedSourceChanges() {
        guard !definition.behaviours.computedSources.isEmpty, !journal.isReplaying, !triggerState.suppressed else {
            return
        }
        let now = computedSourceValues()
        for (instance, value) in now.sorted(by: { $0.key < $1.key }) {
            if let before = triggerState.computedSources[instance], before != value {
                triggerState.pending.append(instance)
            }
        }
        triggerState.computedSources = now
    }

    /// Gives the fields with a rule every change triggers (`on: any`) their value when
    /// the session starts with values — a field's `default`, entries a repeat starts
    /// with, a computed field with a value — as survey-core runs such rules on the
    /// values a survey sets as it loads (not an undo step: run while the session is
    /// built).
    func runEveryChangeRules() {
        guard !definition.behaviours.triggeredByEveryChange.isEmpty else { return }
        settle()
        let evaluation = currentEvaluation
        let startsWithValues =
            definition.fields.contains(where: { $0.defaultValue != nil })
            || tree.scopes[0].lists.contains(where: { !$0.isEmpty })
            || definition.fields.contains(where: { field in
                field.kind == .computed && instances(ofField: field.index).contains { !evaluation.value(of: $0).isNull }
            })
        guard startsWithValues else { return }
        for field in definition.behaviours.triggeredByEveryChange {
            for instance in instances(ofField: field) { _ = recalculate(instance, changed: []) }
        }
    }

    /// Gives the fields with a rule that runs when the form starts (`atStart: true`)
    /// their value, on the values the form starts with, in form order (survey-core's
    /// `defaultValueExpression`, computed as the survey loads): run while the session
    /// is built, not an undo step.
    func runStartRules() {
        guard !definition.behaviours.triggeredAtStart.isEmpty else { return }
        for field in definition.behaviours.triggeredAtStart {
            for instance in instances(ofField: field) {
                settle()
                _ = recalculate(instance, changed: [], atStart: true)
            }
        }
    }

    /// Sets an instance from the first of its `recalculate` rules that a change to
    /// `changed` triggers (or, `atStart`, that runs when the form starts) and whose
    /// `when` holds, when the field accepts the value (a value it would reject leaves
    /// it as it is; at the start, so does an empty one). Whether it was set.
    func recalculate(_ instance: Int, changed: Set<Int>, atStart: Bool = false) -> Bool {
        let field = definition.fields[tree.field(ofInstance: instance)]
        guard let trigger = field.trigger else { return false }
        let evaluation = currentEvaluation
        let context = evaluation.context(for: tree.scope(ofInstance: instance))
        guard
            let rule = trigger.rules.first(where: { rule in
                (atStart ? rule.atStart : rule.onEveryChange || rule.fields.contains(where: changed.contains))
                    && rule.condition?.isSatisfied(context) != false
            })
        else { return false }
        guard case .success(var value) = FieldValues.coerce(rule.value.evaluate(context), for: field) else {
            return false
        }
        if atStart, value.isNull { return false }
        if field.kind == .switch, value.isNull { value = false }
        if !value.isNull, evaluation.inputError(value, of: instance) != nil { return false }
        triggerState.firing = true
        write(value, touched: true, at: instance)
        triggerState.firing = false
        return true
    }
}
