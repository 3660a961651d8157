extension FormCoverage {
    /// Records what `session` (a session of this coverage's form) shows now: each
    /// condition that counts in its state — a field's where its section and entry are
    /// shown, its requirement, rules and choice filters where it is shown — as true
    /// or false, each question shown, each repeat shown empty or with entries.
    ///
    /// Items already seen every way are not evaluated again, and observing the same
    /// session again visits only the fields its answers since can change (what reads
    /// them, transitively), so observing every step of many fills costs little more
    /// than the steps.
    public mutating func observe(_ session: FormSession) {
        let evaluation = session.evaluation
        let tree = session.tree
        let definition = session.definition
        let changed = changedFields(of: session)
        lastObserved = (session.serial, session.changeCount)
        for section in definition.sections.indices {
            guard let item = plan.sectionCondition[section], !isComplete(item) else { continue }
            record(item, evaluation.isSectionVisible(section))
        }
        for scope in 0..<tree.scopeCount where tree.isAttached(scope) && evaluation.isScopeVisible(scope) {
            for repeatIndex in tree.repeatsHeld(by: scope) {
                guard evaluation.isSectionVisible(definition.repeats[repeatIndex].sectionIndex) else { continue }
                if let item = plan.repeatCondition[repeatIndex], !isComplete(item),
                    let condition = definition.repeats[repeatIndex].visible
                {
                    record(item, condition.isSatisfied(evaluation.context(for: scope)))
                }
                let item = plan.repeatEntries[repeatIndex]
                if !isComplete(item), evaluation.isGroupVisible(repeatIndex, in: scope) {
                    record(item, !tree.list(of: repeatIndex, in: scope).isEmpty)
                }
            }
        }
        guard let changed else {
            for instance in 0..<tree.instanceCount where tree.isLive(instance) {
                observe(instance, of: tree.field(ofInstance: instance), in: evaluation)
            }
            return
        }
        for field in definition.affected(by: changed) where field < definition.fields.count && plan.fieldHasItems[field]
        {
            for instance in session.instances(ofField: field) {
                observe(instance, of: field, in: evaluation)
            }
        }
    }

    /// The fields whose answers changed since this session was last observed; `nil`
    /// when everything must be visited (another session, entries added or removed, a
    /// log that no longer reaches back).
    private func changedFields(of session: FormSession) -> Set<Int>? {
        guard let last = lastObserved, last.session == session.serial,
            let changes = session.changes(since: last.changes)
        else { return nil }
        var fields = Set<Int>()
        for change in changes {
            guard case .value(let instance) = change else { return nil }
            fields.insert(session.tree.field(ofInstance: instance))
        }
        return fields
    }

    /// Records one instance's conditions.
    private mutating func observe(_ instance: Int, of field: Int, in evaluation: Evaluation) {
        guard plan.fieldHasItems[field], !plan.fieldItems[field].allSatisfy(isComplete) else { return }
        let definition = evaluation.definition.fields[field]
        let scope = evaluation.tree.scope(ofInstance: instance)
        // A condition counts where it decides something: the field's own, where its
        // section and entry are shown; the others, where the field is.
        guard evaluation.isSectionVisible(definition.sectionIndex), evaluation.isScopeVisible(scope) else { return }
        let visible = evaluation.isVisible(instance)
        if let item = plan.fieldVisible[field] { record(item, visible) }
        guard visible else { return }
        if let item = plan.fieldShown[field] { record(item, true) }
        let context = evaluation.context(for: scope)
        if let item = plan.fieldRequired[field], !isComplete(item), case .when(let condition) = definition.required {
            record(item, condition.isSatisfied(context))
        }
        if let item = plan.fieldReadOnly[field], !isComplete(item), case .when(let condition) = definition.readOnly {
            record(item, condition.isSatisfied(context))
        }
        for (rule, item) in plan.fieldRules[field].enumerated() where !isComplete(item) {
            record(item, definition.rules[rule].check.isSatisfied(context))
        }
        for (condition, item) in plan.fieldOptions[field] where !isComplete(item) {
            record(item, condition.isSatisfied(context))
        }
    }
}
