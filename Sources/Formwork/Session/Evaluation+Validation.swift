/// The one field validator. Two stages: what a value must pass on its way in
/// (`inputError`: type-level rules, bounds, length, pattern, format, the limit on
/// text, an option offered now), and what a field must satisfy in the form
/// (`firstError`: required, options still offered, selection counts, cross-field
/// rules). The session, the REPL, the renderer and the JSON-RPC engine all ask here.
extension Evaluation {
    /// The first of the field's own rules (`FieldValues.check`) that `value` breaks,
    /// with its bounds evaluated now and the definition's limits: the check every
    /// value passes on its way in (prompt, script, values file, draft, JSON-RPC, Swift).
    func checkOwnRules(_ value: Value, of field: FieldDefinition) -> FieldError? {
        FieldValues.check(
            value, for: field, minimum: evaluate(field.minimum), maximum: evaluate(field.maximum),
            limits: definition.limits)
    }

    /// Why a value may not be stored in a field now: its own rules, and for a choice,
    /// an option that is offered now.
    func inputError(_ value: Value, of field: FieldDefinition) -> FieldError? {
        if let error = checkOwnRules(value, of: field) { return error }
        if field.kind == .choice, case .string(let selected) = value,
            !visibleOptions(of: field.index).contains(where: { $0.value == selected })
        {
            return FieldError(
                field: field.id, rule: .option(selected, options: visibleOptions(of: field.index).map(\.value)))
        }
        return nil
    }

    /// Whether the field holds an answer, as `required` counts answers: a value, and
    /// for a switch, on (an off switch answers nothing a requirement could ask for).
    func isAnswered(_ index: Int) -> Bool {
        let value = self.value(of: index)
        return !value.isNull && !(definition.fields[index].kind == .switch && value == false)
    }

    /// The first problem of a visible field (kept up to date as values change).
    func firstError(of index: Int) -> FieldError? { errors[index] }

    /// Every current problem, one per field, in form order.
    func currentErrors() -> [FieldError] {
        fieldsInError.sorted().compactMap { errors[$0] }
    }

    /// Checks a field again, in order: an option no longer offered, required, the
    /// field's own rules, selection counts, cross-field rules.
    func updateError(of index: Int) {
        let error = checkField(index)
        errors[index] = error
        if error == nil { fieldsInError.remove(index) } else { fieldsInError.insert(index) }
    }

    private func checkField(_ index: Int) -> FieldError? {
        guard isFieldVisible(index) else { return nil }
        let field = definition.fields[index]
        let value = self.value(of: index)
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        if field.kind == .choice, case .string(let selected) = store.values[index], value.isNull {
            return error(.option(selected, options: visibleOptions(of: index).map(\.value)))
        }
        if !isAnswered(index) {
            if isRequired(index) { return error(.required) }
        } else {
            if let own = checkOwnRules(value, of: field) { return own }
            if case .list(let elements) = value, let minSelected = field.minSelected, elements.count < minSelected {
                return error(.minSelected(minSelected))
            }
        }
        if field.kind == .multichoice, value.isNull, let minSelected = field.minSelected, minSelected > 0,
            isRequired(index)
        {
            return error(.minSelected(minSelected))
        }
        for (ruleIndex, rule) in field.rules.enumerated() where !rule.check.isSatisfied(context) {
            return error(.check(index: ruleIndex, message: rule.message))
        }
        return nil
    }
}
