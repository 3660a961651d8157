/// Undo and redo: the journal's steps replayed through the session, so what a step
/// puts back is evaluated and shown again as any change is.
extension FormSession {
    typealias Edit = UndoJournal.Edit

    /// Whether there is a change to undo.
    public var canUndo: Bool { !journal.undoSteps.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !journal.redoSteps.isEmpty }

    /// Undoes the last change (or batch of changes); `false` when there is none.
    /// Call `reload` afterwards to show the result.
    @discardableResult
    public func undo() -> Bool {
        guard let step = journal.popUndo() else { return false }
        journal.pushRedo(replay(step))
        return true
    }

    /// Redoes what `undo` undid; `false` when there is nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let step = journal.popRedo() else { return false }
        journal.pushUndo(replay(step))
        return true
    }

    /// Runs several changes as one undo step; what `changes` throws is rethrown as it
    /// is (changes made before it stay, in that one step). Entries a repeat's `count`
    /// adds or removes because of the changes belong to the same step.
    ///
    /// ```swift
    /// try session.performBatch { () throws(SessionError) in
    ///     try session.toggle("colours", option: "red")
    ///     try session.toggle("colours", option: "blue")
    /// }
    /// session.undo()   // both toggles undone
    /// ```
    public func performBatch<Result, Failure: Error>(_ changes: () throws(Failure) -> Result) throws(Failure) -> Result
    {
        if journal.batchDepth == 0 {
            removedByCount = []
            triggerState.computedSources = computedSourceValues()
        }
        journal.batchDepth += 1
        defer {
            journal.batchDepth -= 1
            if journal.batchDepth == 0 {
                fireTriggers()  // `recalculate:` values follow within the same step
                settle()  // a count's entries follow within the same step
                // `hiddenAnswers: erased`: what the change hid is cleared within it too;
                // `defaults: whenShown`: what it showed empty takes its default.
                var rounds = 0
                while rounds < 64, eraseHiddenAnswers() || giveDefaultsToShownAnswers() {
                    rounds += 1
                    fireTriggers()
                    settle()
                }
                journal.closeStep()
            }
        }
        return try changes()
    }

    /// Puts back what a step recorded; returns the step that reverses it.
    private func replay(_ step: [Edit]) -> [Edit] {
        var reverse: [Edit] = []
        reverse.reserveCapacity(step.count)
        journal.isReplaying = true
        defer { journal.isReplaying = false }
        for edit in step.reversed() {
            switch edit {
            case let .value(instance, value, touched):
                reverse.append(
                    .value(instance: instance, value: values[instance], touched: self.touched.contains(instance)))
                write(value, touched: touched, at: instance)
            case .added(let entry):
                reverse.append(.removed(entry: entry, position: store.detach(entry)))
                log(.everything)
            case let .removed(entry, position):
                store.reattach(entry, at: position)
                reverse.append(.added(entry: entry))
                log(.everything)
            case let .moved(entry, from):
                reverse.append(.moved(entry: entry, from: tree.position(of: entry)))
                store.move(entry, to: from)
                log(.everything)
            }
        }
        settle()
        rememberShownForErasure()
        rememberShownForDefaults()
        return reverse.reversed()
    }

    /// Runs `body` without recording undo steps (drafts, values files at the start).
    func withoutUndo(_ body: () -> Void) {
        journal.isReplaying = true
        body()
        journal.isReplaying = false
        settle()
        rememberShownForErasure()
        rememberShownForDefaults()
    }
}
