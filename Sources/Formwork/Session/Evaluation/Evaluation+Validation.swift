/// The one field validator. Two stages: what a value must pass on its way in
/// (`inputError`: type-level rules, bounds, length, pattern, format, the limit on
/// text, an option offered now), and what a field must satisfy in the form
/// (`firstError`: required, options still offered, selection counts, cross-field
/// rules). The session, the REPL, the renderer and the JSON-RPC engine all ask here.
extension Evaluation {
    /// The first of the field's own rules (`FieldValues.check`) that `value` breaks,
    /// with the instance's bounds evaluated now and the definition's limits: the
    /// check every value passes on its way in (prompt, script, values file, draft,
    /// JSON-RPC, Swift).
    func checkOwnRules(_ value: Value, of instance: Int) -> FieldError? {
        let index = tree.field(ofInstance: instance)
        return FieldValues.check(
            value, for: definition.fields[index], minimum: evaluate(definition.fields[index].minimum, for: instance),
            maximum: evaluate(definition.fields[index].maximum, for: instance), limits: definition.limits,
            filesAreAttachments: filesAreAttachments)
    }

    /// Why a value may not be stored in an instance now: its own rules, and for a
    /// choice, an option that is offered now.
    func inputError(_ value: Value, of instance: Int) -> FieldError? {
        if let error = checkOwnRules(value, of: instance) { return error }
        let field = definition.fields[tree.field(ofInstance: instance)]
        if field.kind == .choice, case .string(let selected) = value,
            !visibleOptions(of: instance).contains(where: { $0.value == selected })
        {
            return FieldError(
                field: field.id, rule: .option(selected, options: visibleOptions(of: instance).map(\.value)))
        }
        return nil
    }

    /// Whether the instance holds an answer, as `required` counts answers: a value,
    /// and for a switch, on (an off switch answers nothing a requirement could ask for).
    func isAnswered(_ instance: Int) -> Bool {
        Self.answers(value(of: instance), kind: definition.fields[tree.field(ofInstance: instance)].kind)
    }

    /// Whether a value of a field of `kind` is an answer (see `isAnswered`).
    static func answers(_ value: Value, kind: FieldKind) -> Bool {
        !value.isNull && !(kind == .switch && value == false)
    }

    /// The first problem of a visible instance (kept up to date as values change).
    func firstError(of instance: Int) -> FieldError? { errors[instance] }

    /// Checks an instance again, in order: an option no longer offered, required,
    /// the field's own rules, selection counts, cross-field rules.
    func updateError(of instance: Int) {
        let error = tree.isLive(instance) ? checkInstance(instance) : nil
        let hadError = errors[instance] != nil
        errors[instance] = error
        if error == nil {
            if hadError { instancesInError.remove(instance) }
        } else if !hadError {
            instancesInError.insert(instance)
        }
    }

    /// `valid($field)` seen from `scope`: no error now, a field hidden by its own
    /// condition (its section's left aside) or read-only counting as valid.
    func isValid(field: Int, in scope: Int) -> Bool {
        guard let instance = tree.instance(of: field, from: scope) else { return true }
        guard ownConditionHolds(instance), !isReadOnly(instance) else { return true }
        return checkInstance(instance, visibilityChecked: true) == nil
    }

    private func checkInstance(_ instance: Int, visibilityChecked: Bool = false) -> FieldError? {
        guard visibilityChecked || isVisible(instance) else { return nil }
        // The field is read in place: a copy of a whole definition costs more than
        // the checks of a simple field.
        let index = tree.field(ofInstance: instance)
        let kind = definition.fields[index].kind
        let value = self.value(of: instance)
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: definition.fields[index].id, rule: rule) }
        if kind == .choice, case .string(let selected) = store.values[instance], value.isNull {
            return error(.option(selected, options: visibleOptions(of: instance).map(\.value)))
        }
        if !Self.answers(value, kind: kind) {
            if isRequired(instance, visibilityChecked: visibilityChecked) {
                guard let message = definition.fields[index].requiredMessage else { return error(.required) }
                return error(.requiredMessage(render(message, in: tree.scope(ofInstance: instance))))
            }
        } else {
            if let own = checkOwnRules(value, of: instance) { return own }
            // A rank holds every option offered now (one offered on a condition may be missing
            // while it is not), unless it completes itself (a response may hold it in part).
            if kind == .rank, !definition.fields[index].completesRanking, case .list(let elements) = value {
                let missing = visibleOptions(of: instance).map(\.value).filter { !elements.contains(.string($0)) }
                if !missing.isEmpty { return error(.rank(missing: missing, repeated: [])) }
            }
            if case .list(let elements) = value, let minSelected = definition.fields[index].minSelected,
                elements.count < minSelected
            {
                return error(.minSelected(minSelected))
            }
        }
        if kind == .multichoice, value.isNull, let minSelected = definition.fields[index].minSelected, minSelected > 0,
            isRequired(instance, visibilityChecked: visibilityChecked)
        {
            return error(.minSelected(minSelected))
        }
        let scope = tree.scope(ofInstance: instance)
        let context = self.context(for: scope)
        guard !definition.fields[index].rules.isEmpty else { return nil }
        for (ruleIndex, rule) in definition.fields[index].rules.enumerated() where !rule.check.isSatisfied(context) {
            return error(.check(index: ruleIndex, message: render(rule.messageText, in: scope)))
        }
        return nil
    }

    /// The problem of a repeat's entries in a holder: fewer than `min` (or, for a
    /// repeat that follows `count`, more asked than `max` allows).
    func entryCountError(of repeatIndex: Int, in holder: Int) -> ValidationRule? {
        guard isGroupVisible(repeatIndex, in: holder) else { return nil }
        let repeatDefinition = definition.repeats[repeatIndex]
        let count = tree.list(of: repeatIndex, in: holder).count
        if count < repeatDefinition.minimum { return .minEntries(repeatDefinition.minimum) }
        if let asked = repeatDefinition.count.map({ $0.evaluate(context(for: holder)) }),
            case .number(let number) = asked
        {
            if number > Double(repeatDefinition.maximum) { return .maxEntries(repeatDefinition.maximum) }
            if number.rounded(.down) > Double(count) { return .fieldLimit(definition.limits.maximumFieldInstances) }
        }
        return nil
    }
}
