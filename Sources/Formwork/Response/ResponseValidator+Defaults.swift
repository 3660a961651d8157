import Foundation

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
        guard !followed.isEmpty else { return false }
        let started = shownAtStart.shown(of: definition, today: today, now: now)
        let erases = definition.erasesHiddenAnswers
        var placed = false
        for (position, field) in followed.enumerated() {
            guard let instance = store.tree.instance(of: field, from: 0), !recorder.answers(instance),
                store.values.values[instance].isNull
            else { continue }
            let section = definition.fields[field].sectionIndex
            let sectionAppeared = evaluation.isSectionVisible(section) && !started.sections[section]
            let fieldAppeared = erases && evaluation.isVisible(instance) && !started.fields[position]
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

/// What is shown as a form starts, for `defaults: whenShown` (every section, and each
/// followed field): a started session's, made once per moment and shared by the
/// responses checked at that moment — a session for each response cost more than
/// checking a small response.
final class ShownAtStart: @unchecked Sendable {
    private let lock = NSLock()
    private var moment: LocalDateTime?
    private var shown: (sections: [Bool], fields: [Bool]) = ([], [])

    /// Whether each section, and each of `definition.defaultsWhenShown`, is shown as
    /// the form starts at `now`.
    func shown(
        of definition: FormDefinition, today: LocalDate, now: LocalDateTime
    ) -> (
        sections: [Bool], fields: [Bool]
    ) {
        lock.withLock {
            if moment != now || shown.sections.count != definition.sections.count {
                // The session's initializer refuses only starting values; none are given.
                let start =
                    (try? FormSession(definition: definition, today: today, now: now))
                    ?? FormSession(definition: definition)
                let evaluation = start.currentEvaluation
                shown = (
                    definition.sections.indices.map(evaluation.isSectionVisible),
                    definition.defaultsWhenShown.map { field in
                        start.tree.instance(of: field, from: 0).map(evaluation.isVisible) ?? false
                    }
                )
                moment = now
            }
            return shown
        }
    }
}
