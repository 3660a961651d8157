/// A session's undo and redo steps: each step the list of edits one change (or a
/// batch of changes) made, so taking it back costs what it touched, not the size of
/// the form. The session records edits as the store reports them, and replays a
/// step to undo or redo it (`FormSession+Undo`).
struct UndoJournal {
    /// What one change did, so that undo can put it back.
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

    /// The most steps kept; the oldest go first.
    static let maximumSteps = 1000

    private(set) var undoSteps: [[Edit]] = []
    private(set) var redoSteps: [[Edit]] = []
    /// The step being recorded (a change, or a batch of them).
    private var openStep: [Edit]?
    /// How deep in `performBatch` calls the session is (0: none).
    var batchDepth = 0
    /// Whether a step is being replayed (undo, redo) or changes are made that are no
    /// step of their own (a draft restored, starting values): edits are not recorded,
    /// and what follows a person's change (`recalculate:` triggers) does not run.
    var isReplaying = false

    /// Records what a change undoes to, in the open step (a new change forgets what
    /// could be redone).
    mutating func record(_ edit: Edit) {
        guard !isReplaying else { return }
        if openStep == nil {
            openStep = []
            redoSteps.removeAll()
        }
        openStep!.append(edit)
    }

    /// Ends the open step: it becomes the last undo step (unless it changed nothing).
    mutating func closeStep() {
        guard let step = openStep else { return }
        openStep = nil
        if !step.isEmpty { undoSteps.append(step) }
        if undoSteps.count > Self.maximumSteps { undoSteps.removeFirst() }
    }

    mutating func popUndo() -> [Edit]? { undoSteps.popLast() }
    mutating func popRedo() -> [Edit]? { redoSteps.popLast() }
    mutating func pushUndo(_ step: [Edit]) { undoSteps.append(step) }
    mutating func pushRedo(_ step: [Edit]) { redoSteps.append(step) }

    /// Forgets every step (a session's starting values are nothing to undo).
    mutating func removeAll() {
        undoSteps = []
        redoSteps = []
    }
}
