/// `defaults: whenShown` (SurveyJS): an empty answer takes its field's default again
/// as its section is shown after being hidden — and, with `hiddenAnswers: erased`, as
/// the field itself is shown again — within the change that showed it (one undo step
/// puts both back), as survey-core gives a question its `defaultValue` when its page
/// or panel becomes visible (`PanelModelBase.onVisibleChanged`), and, in its
/// `onHidden` mode, when the question is shown (`notifySurveyVisibilityChanged`).
///
/// Only the form's fields with a default are followed (`defaultsWhenShown`: a repeat's
/// entries take theirs when they are made); what was shown is remembered per field
/// between changes. In the `erased` mode a section shown leaves a field whose own
/// condition fails empty, as survey-core does there.
extension FormSession {
    /// What `defaults: whenShown` remembers between changes, per followed field.
    struct ShownDefaultsState {
        /// Whether each followed field's section was shown when the last change ended.
        var sectionShown: [Bool] = []
        /// Whether each followed field was shown when the last change ended.
        var fieldShown: [Bool] = []
    }

    /// Remembers what is shown now (when the session starts, and after an undo or a
    /// restore, which put back what was shown with the answers).
    func rememberShownForDefaults() {
        let followed = definition.defaultsWhenShown
        guard !followed.isEmpty else { return }
        settle()
        let evaluation = currentEvaluation
        shownDefaults.sectionShown = followed.map { evaluation.isSectionVisible(definition.fields[$0].sectionIndex) }
        shownDefaults.fieldShown = followed.map { field in
            tree.instance(of: field, from: 0).map(evaluation.isVisible) ?? false
        }
    }

    /// Gives the empty answers that the change showed their defaults; whether it gave
    /// any (a change in turn: its triggers and what it shows follow).
    func giveDefaultsToShownAnswers() -> Bool {
        let followed = definition.defaultsWhenShown
        guard !followed.isEmpty, !journal.isReplaying else { return false }
        settle()
        let evaluation = currentEvaluation
        let erases = definition.erasesHiddenAnswers
        var given = false
        for (position, field) in followed.enumerated() {
            guard let instance = tree.instance(of: field, from: 0) else { continue }
            let sectionShown = evaluation.isSectionVisible(definition.fields[field].sectionIndex)
            let fieldShown = evaluation.isVisible(instance)
            defer {
                shownDefaults.sectionShown[position] = sectionShown
                shownDefaults.fieldShown[position] = fieldShown
            }
            let sectionAppeared = sectionShown && !shownDefaults.sectionShown[position]
            let fieldAppeared = erases && fieldShown && !shownDefaults.fieldShown[position]
            guard sectionAppeared || fieldAppeared, values[instance].isNull else { continue }
            if erases, !evaluation.ownConditionHolds(instance) { continue }
            if giveDefault(at: instance) { given = true }
        }
        return given
    }

    /// Writes a field's default at an instance: its `default`, else the first of its
    /// `recalculate` rules that runs at the start. Whether it wrote one.
    private func giveDefault(at instance: Int) -> Bool {
        let field = tree.field(ofInstance: instance)
        let value = store.defaultValue(ofField: field)
        guard value.isNull else {
            guard currentEvaluation.inputError(value, of: instance) == nil else { return false }
            write(value, touched: false, at: instance)
            return true
        }
        return recalculate(instance, changed: [], atStart: true)
    }
}
