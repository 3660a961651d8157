/// `defaults: whenShown` in a response read back: survey-core sets a response's data
/// on a survey that has started (its defaults given, its pages and panels shown or
/// not as they start), and a page or panel that the data shows gives the questions
/// the data leaves empty their defaults (`FormSession+DefaultsWhenShown` does the
/// same as a form is filled). So a response that leaves out a question whose page
/// was hidden when the survey started — cleared at completion, say — is read with
/// its default, as survey-core reads it.
extension ResponseValidator {
    /// Places the defaults of the fields the response shows and leaves empty; whether
    /// it placed any (the evaluation is then out of date).
    func placeDefaultsShown(
        in store: AnswerStore, recorder: ResponseRecorder, evaluation: Evaluation, today: LocalDate,
        now: LocalDateTime
    ) -> Bool {
        let followed = definition.defaultsWhenShown
        guard !followed.isEmpty, let start = try? FormSession(definition: definition, today: today, now: now) else {
            return false
        }
        let started = start.currentEvaluation
        let erases = definition.erasesHiddenAnswers
        var placed = false
        for field in followed {
            guard let instance = store.tree.instance(of: field, from: 0), !recorder.answers(instance),
                store.values.values[instance].isNull
            else { continue }
            let section = definition.fields[field].sectionIndex
            let sectionAppeared = evaluation.isSectionVisible(section) && !started.isSectionVisible(section)
            let fieldAppeared =
                erases && evaluation.isVisible(instance)
                && !(start.tree.instance(of: field, from: 0).map(started.isVisible) ?? false)
            guard sectionAppeared || fieldAppeared else { continue }
            if erases, !evaluation.ownConditionHolds(instance) { continue }
            let value = defaultValue(of: field, at: instance, in: store, evaluation: evaluation)
            guard !value.isNull, evaluation.inputError(value, of: instance) == nil else { continue }
            store.place(value, at: instance)
            placed = true
        }
        return placed
    }

    /// A field's default as the response's answers give it: its `default`, else the
    /// first of its rules that run at the start whose condition holds.
    private func defaultValue(of field: Int, at instance: Int, in store: AnswerStore, evaluation: Evaluation) -> Value {
        let literal = store.defaultValue(ofField: field)
        guard literal.isNull else { return literal }
        let context = evaluation.context(for: 0)
        guard
            let rule = definition.fields[field].trigger?.rules.first(where: {
                $0.atStart && $0.condition?.isSatisfied(context) != false
            }),
            case .success(let value) = FieldValues.coerce(rule.value.evaluate(context), for: definition.fields[field])
        else { return .null }
        return value
    }
}
