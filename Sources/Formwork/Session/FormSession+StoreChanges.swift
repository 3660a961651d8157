/// What the session does with each change its store reports: record it for undo and
/// for drafts, note what it affects for the evaluation (`settle()`), and what must be
/// shown again at the next reload.
extension FormSession: AnswerStoreObserver {
    func answerStore(_ store: AnswerStore, wrote instance: Int, replacing old: Value, wasTouched: Bool) {
        journal.record(.value(instance: instance, value: old, touched: wasTouched))
        if old != values[instance] { hasChanges = true }
        log(.value(instance))
        noteWritten(instance)
        pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: tree.scope(ofInstance: instance)))
        madePresentation?.pendingRows.insert(instance)
    }

    /// Logged for drafts only: a kept value is computed, not an answer, and undo
    /// leaves it (it was the first).
    func answerStore(_ store: AnswerStore, kept instance: Int) {
        log(.value(instance))
    }

    func answerStore(_ store: AnswerStore, made entry: Int) {
        madePresentation?.growToFit()
        for instance in tree.scopes[entry].fields {
            pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: entry))
            madePresentation?.pendingRows.insert(instance)
        }
        journal.record(.added(entry: entry))
        if !journal.isReplaying { log(.identity(entry: entry)) }
        structureChanged(entry, .added)
    }

    func answerStore(_ store: AnswerStore, followsCountOf repeatIndex: Int, in scope: Int) {
        pendingCounts.append((repeatIndex, scope))
    }

    func answerStore(_ store: AnswerStore, detached entry: Int, from position: Int) {
        journal.record(.removed(entry: entry, position: position))
        structureChanged(entry, .removed)
    }

    /// An entry is back in its list: it and everything in it are evaluated again.
    func answerStore(_ store: AnswerStore, reattached entry: Int) {
        structureChanged(entry, .added)
        var scopes = [entry]
        while let scope = scopes.popLast() {
            for instance in tree.scopes[scope].fields {
                pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: scope))
                madePresentation?.pendingRows.insert(instance)
            }
            for list in tree.scopes[scope].lists { scopes += list }
        }
    }

    func answerStore(_ store: AnswerStore, moved entry: Int, from position: Int) {
        journal.record(.moved(entry: entry, from: position))
        structureChanged(entry, .moved)
    }
}
