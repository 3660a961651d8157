/// Bringing the evaluation up to date with what changed (see `Evaluation+Propagation`
/// for what a change affects), and repeats' entries with their `count`s.
extension FormSession {
    /// Evaluates again what the pending changes affect, and follows `count`s, until
    /// nothing more changes.
    func settle() {
        let evaluation = currentEvaluation
        var rounds = 0
        while !pendingChanges.isEmpty || !pendingCounts.isEmpty, rounds < 64 {
            rounds += 1
            let changes = pendingChanges
            pendingChanges = []
            let affected = evaluation.affected(by: changes)
            noteAffectedForErasure(affected.instances)
            madePresentation?.pendingRows.formUnion(affected.instances)
            madePresentation?.pendingRows.formUnion(affected.checked)
            evaluation.invalidate(affected.instances, checked: affected.checked)
            let counts = pendingCounts + affected.counts
            pendingCounts = []
            for (repeatIndex, holder) in counts { followCount(of: repeatIndex, in: holder) }
        }
    }

    /// Adds or removes entries at the end of a repeat's list in a holder until there
    /// are as many as its `count` says (within 0 and its `max`). Entries removed this
    /// way that hold answers are reported in `removedByCount`.
    func followCount(of repeatIndex: Int, in holder: Int) {
        guard tree.isAttached(holder), definition.repeats[repeatIndex].count != nil else { return }
        let wanted = currentEvaluation.wantedEntries(of: repeatIndex, in: holder)
        store.followCount(of: repeatIndex, in: holder, wanted: wanted) { entry in
            if store.holdsAnswers(entry) {
                removedByCount.append(RemovedEntry(path: path(ofEntry: entry), scope: entry))
            }
        }
    }
}

/// An entry that a change removed (a repeat's `count` dropped), with answers in it.
public struct RemovedEntry: Sendable, Equatable {
    /// Where it was: `members[3]`.
    public let path: String
    let scope: Int
}
