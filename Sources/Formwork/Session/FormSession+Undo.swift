/// What a field held before a change: an undo step is a list of these, so undoing
/// costs what the change touched, not the size of the form.
struct FieldEdit {
    let index: Int
    let value: Value
    let touched: Bool
}

extension FormSession {
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
    /// is (changes made before it stay, in that one step).
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
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { closeStep() }
        }
        return try changes()
    }

    /// Records what a field held before a change, in the open step (a change outside
    /// a batch is a step of its own).
    func recordEdit(_ edit: FieldEdit) {
        if openStep == nil {
            openStep = []
            redoStack.removeAll()
        }
        openStep!.append(edit)
        if batchDepth == 0 { closeStep() }
    }

    private func closeStep() {
        guard let step = openStep else { return }
        openStep = nil
        if !step.isEmpty { undoStack.append(step) }
        if undoStack.count > 1000 { undoStack.removeFirst() }
    }

    /// Puts back what a step recorded; returns the step that reverses it.
    private func replay(_ step: [FieldEdit]) -> [FieldEdit] {
        var reverse: [FieldEdit] = []
        reverse.reserveCapacity(step.count)
        for edit in step.reversed() {
            reverse.append(
                FieldEdit(index: edit.index, value: values[edit.index], touched: touched.contains(edit.index)))
            withoutUndo { write(edit.value, touched: edit.touched, at: edit.index) }
        }
        return reverse.reversed()
    }

    /// Runs `body` without recording undo steps (undo itself, drafts, values files).
    func withoutUndo(_ body: () -> Void) {
        let (undo, redo, open, depth) = (undoStack, redoStack, openStep, batchDepth)
        batchDepth = 1
        openStep = []
        body()
        (undoStack, redoStack, openStep, batchDepth) = (undo, redo, open, depth)
    }
}
