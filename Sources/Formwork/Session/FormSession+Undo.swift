extension FormSession {
    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last change (or batch of changes); `false` when there is none.
    /// Call `reload` afterwards to show the result.
    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(snapshot())
        apply(previous)
        return true
    }

    /// Redoes what `undo` undid; `false` when there is nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(snapshot())
        apply(next)
        return true
    }

    /// Runs several changes as one undo step.
    ///
    /// ```swift
    /// try session.performBatch {
    ///     try session.toggle("colours", option: "red")
    ///     try session.toggle("colours", option: "blue")
    /// }
    /// session.undo()   // both toggles undone
    /// ```
    public func performBatch<Result>(_ changes: () throws -> Result) rethrows -> Result {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { batchRecorded = false }
        }
        return try changes()
    }

    /// Saves the current values as an undo step, before a change (once per batch).
    func recordUndo() {
        if batchDepth > 0 {
            if batchRecorded { return }
            batchRecorded = true
        }
        undoStack.append(snapshot())
        redoStack.removeAll()
        if undoStack.count > 1000 { undoStack.removeFirst() }
    }

    private func apply(_ state: Snapshot) {
        let (undo, redo) = (undoStack, redoStack)
        restore(state)
        (undoStack, redoStack) = (undo, redo)  // restoring is not itself an undoable change
    }
}
