extension FormSession {
    /// What one change did, so that undo can put it back: an undo step is a list of
    /// these, and costs what the change touched, not the size of the form.
    enum Edit {
        /// An instance held `value` (shown errors: `touched`) before.
        case value(instance: Int, value: Value, touched: Bool)
        /// An entry was added (undo: take it out again).
        case added(entry: Int)
        /// An entry was taken out of its list at `position` (undo: put it back there).
        case removed(entry: Int, position: Int)
        /// An entry was moved from `from` (undo: move it back).
        case moved(entry: Int, from: Int)
    }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last change (or batch of changes); `false` when there is none.
    /// Call `reload` afterwards to show the result.
    @discardableResult
    public func undo() -> Bool {
        guard let step = undoStack.popLast() else { return false }
        redoStack.append(replay(step))
        return true
    }

    /// Redoes what `undo` undid; `false` when there is nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let step = redoStack.popLast() else { return false }
        undoStack.append(replay(step))
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
        if batchDepth == 0 {
            removedByCount = []
            triggerState.computedSources = computedSourceValues()
        }
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 {
                fireTriggers()  // `recalculate:` values follow within the same step
                settle()  // a count's entries follow within the same step
                closeStep()
            }
        }
        return try changes()
    }

    /// Records what a change undoes to, in the open step.
    func record(_ edit: Edit) {
        guard !replaying else { return }
        if openStep == nil {
            openStep = []
            redoStack.removeAll()
        }
        openStep!.append(edit)
    }

    private func closeStep() {
        guard let step = openStep else { return }
        openStep = nil
        if !step.isEmpty { undoStack.append(step) }
        if undoStack.count > 1000 { undoStack.removeFirst() }
    }

    /// Puts back what a step recorded; returns the step that reverses it.
    private func replay(_ step: [Edit]) -> [Edit] {
        var reverse: [Edit] = []
        reverse.reserveCapacity(step.count)
        replaying = true
        defer { replaying = false }
        for edit in step.reversed() {
            switch edit {
            case let .value(instance, value, touched):
                reverse.append(
                    .value(instance: instance, value: values[instance], touched: self.touched.contains(instance)))
                write(value, touched: touched, at: instance)
            case .added(let entry):
                reverse.append(.removed(entry: entry, position: tree.detach(entry)))
                structureChanged(entry, .removed)
                log(.everything)
            case let .removed(entry, position):
                tree.attach(entry, at: position)
                reverse.append(.added(entry: entry))
                reattached(entry)
                log(.everything)
            case let .moved(entry, from):
                reverse.append(.moved(entry: entry, from: tree.position(of: entry)))
                tree.move(entry, to: from)
                structureChanged(entry, .moved)
                log(.everything)
            }
        }
        settle()
        return reverse.reversed()
    }

    /// An entry is back in its list: it and everything in it are evaluated again.
    func reattached(_ entry: Int) {
        structureChanged(entry, .added)
        var scopes = [entry]
        while let scope = scopes.popLast() {
            for instance in tree.scopes[scope].fields {
                pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: scope))
                pendingRows.insert(instance)
            }
            for list in tree.scopes[scope].lists { scopes += list }
        }
    }

    /// Runs `body` without recording undo steps (drafts, values files at the start).
    func withoutUndo(_ body: () -> Void) {
        replaying = true
        body()
        replaying = false
        settle()
    }
}
