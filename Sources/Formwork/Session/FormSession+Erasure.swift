/// `hiddenAnswers: erased` (SurveyJS's `clearInvisibleValues: onHidden`): an answer is
/// cleared as its question's own `visible` condition hides it, within the change that
/// hid it (one undo step puts both back), so the question is empty when it is shown
/// again. A section hidden leaves its questions' answers (survey-core clears a
/// question's value when the question itself is hidden, not its panel or page); they
/// are read as unanswered while it is hidden, as with `blank`.
///
/// Only a question whose condition held and no longer holds after the change is
/// cleared: one given a value while hidden (a values file, a program) keeps it, as
/// survey-core keeps it. What held is remembered per instance, and a change looks
/// again only at the instances it affected, so a keystroke costs what it changes.
extension FormSession {
    /// What the erasure remembers between changes.
    struct ErasureState {
        /// Whether each instance's own condition held when the last change ended
        /// (instances made since count as not).
        var shown: [Bool] = []
        /// Instances the current change affected, to look at when it ends.
        var affected = Set<Int>()
    }

    /// Notes the instances a change affected (called as the evaluation follows it).
    func noteAffectedForErasure(_ instances: Set<Int>) {
        guard definition.erasesHiddenAnswers, !journal.isReplaying else { return }
        erasure.affected.formUnion(instances)
    }

    /// Remembers whose condition holds now, for every instance (when the session starts,
    /// and after an undo or a restore, which put back what was shown with the answers).
    func rememberShownForErasure() {
        guard definition.erasesHiddenAnswers else { return }
        let evaluation = currentEvaluation
        erasure.shown = (0..<tree.instanceCount).map { tree.isLive($0) && evaluation.ownConditionHolds($0) }
        erasure.affected = []
    }

    /// Clears the answers of the questions the change hid; whether it cleared any (the
    /// clearing is a change in turn: its triggers and what it hides follow).
    func eraseHiddenAnswers() -> Bool {
        guard definition.erasesHiddenAnswers, !erasure.affected.isEmpty else { return false }
        settle()
        let evaluation = currentEvaluation
        let affected = erasure.affected.sorted()
        erasure.affected = []
        if erasure.shown.count < tree.instanceCount {
            erasure.shown += repeatElement(false, count: tree.instanceCount - erasure.shown.count)
        }
        var erased = false
        for instance in affected where tree.isLive(instance) {
            let visible = evaluation.ownConditionHolds(instance)
            defer { erasure.shown[instance] = visible }
            let field = definition.fields[tree.field(ofInstance: instance)]
            let blank: Value = field.kind == .switch ? false : .null
            guard erasure.shown[instance], !visible, field.kind.isEditable, values[instance] != blank else { continue }
            write(blank, touched: false, at: instance)
            erased = true
        }
        return erased
    }
}
