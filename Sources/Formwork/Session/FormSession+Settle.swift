/// Bringing the evaluation up to date with what changed, at the level of instances.
///
/// A change is a field's value in a scope, or a repeat's entries in their holder
/// (a node of the definition's dependency graph, in a scope). What reads it is
/// found through the graph, then placed by scope: a field of a member's entry that
/// reads the member's `age` is affected in that entry only; a form field that sums
/// `$members.income` is affected once; every member's field that reads a form field
/// is affected in every entry. Repeats whose `count` reads what changed get their
/// entries added or removed, which is a change in turn, until nothing more changes.
extension FormSession {
    /// Evaluates again what the pending changes affect, and follows `count`s.
    func settle() {
        let evaluation = currentEvaluation
        var rounds = 0
        while !pendingChanges.isEmpty || !pendingCounts.isEmpty, rounds < 64 {
            rounds += 1
            let changes = pendingChanges
            pendingChanges = []
            let affected = affected(by: changes)
            pendingRows.formUnion(affected.instances)
            pendingRows.formUnion(affected.checked)
            evaluation.invalidate(affected.instances, checked: affected.checked)
            let counts = pendingCounts + affected.counts
            pendingCounts = []
            for (repeatIndex, holder) in counts { followCount(of: repeatIndex, in: holder) }
        }
    }

    /// What the changes affect: instances to evaluate again, instances whose errors
    /// read them, and the (repeat, holder) pairs whose `count` reads them.
    func affected(by changes: Set<Change>) -> (instances: Set<Int>, checked: Set<Int>, counts: [(Int, Int)]) {
        let fieldCount = definition.fields.count
        var seen = changes
        var queue = Array(changes)
        var instances = Set<Int>()
        var checked = Set<Int>()
        var counts: [(Int, Int)] = []
        var countsSeen = Set<Change>()
        while let change = queue.popLast() {
            if change.node < fieldCount, let instance = tree.instance(of: change.node, from: change.scope) {
                instances.insert(instance)
            }
            let from = repeatHolding(node: change.node)
            for dependent in definition.dependents[change.node] {
                if dependent >= fieldCount {
                    let repeatIndex = dependent - fieldCount
                    let anchor = anchorScope(from: change.scope, in: from, to: definition.repeats[repeatIndex].parent)
                    for holder in tree.entryScopes(under: anchor, of: definition.repeats[repeatIndex].parent)
                    where countsSeen.insert(Change(node: dependent, scope: holder)).inserted {
                        counts.append((repeatIndex, holder))
                    }
                    continue
                }
                let anchor = anchorScope(from: change.scope, in: from, to: definition.fields[dependent].repeatIndex)
                for instance in tree.instances(of: dependent, under: anchor) {
                    let next = Change(node: dependent, scope: tree.scope(ofInstance: instance))
                    if seen.insert(next).inserted { queue.append(next) }
                }
            }
            for reader in definition.displayReaders[change.node] {
                let anchor = anchorScope(from: change.scope, in: from, to: definition.fields[reader].repeatIndex)
                checked.formUnion(tree.instances(of: reader, under: anchor))
            }
        }
        return (instances, checked, counts)
    }

    /// The repeat whose entries hold a node: a field's own repeat, or for a repeat's
    /// entries, its parent (`nil`: the form).
    func repeatHolding(node: Int) -> Int? {
        node < definition.fields.count
            ? definition.fields[node].repeatIndex : definition.repeats[node - definition.fields.count].parent
    }

    /// The scope, on the way from the form to `scope` (an entry of `from`, or the
    /// form), that holds what both `from` and `to` are nested in: where a reader in
    /// `to` sees the change.
    func anchorScope(from scope: Int, in from: Int?, to: Int?) -> Int {
        let mine = from.map { definition.repeats[$0].ancestry } ?? []
        let theirs = to.map { definition.repeats[$0].ancestry } ?? []
        var common = 0
        while common < mine.count, common < theirs.count, mine[common] == theirs[common] { common += 1 }
        let chain = tree.chain(to: scope)
        return chain[min(common, chain.count - 1)]
    }

    /// Adds or removes entries at the end of a repeat's list in a holder until there
    /// are as many as its `count` says (within 0 and its `max`). Entries removed this
    /// way that hold answers are reported in `removedByCount`.
    func followCount(of repeatIndex: Int, in holder: Int) {
        guard tree.isAttached(holder), let count = definition.repeats[repeatIndex].count else { return }
        let wanted: Int
        if case .number(let number) = count.evaluate(currentEvaluation.context(for: holder)), number.isFinite {
            wanted = Int(max(0, min(number.rounded(.down), Double(definition.repeats[repeatIndex].maximum))))
        } else {
            wanted = 0
        }
        var list = tree.list(of: repeatIndex, in: holder)
        while list.count < wanted, hasRoom(for: repeatIndex) {
            insertEntry(of: repeatIndex, in: holder, at: list.count, logged: false)
            list = tree.list(of: repeatIndex, in: holder)
        }
        while list.count > wanted, let last = list.last {
            if holdsAnswers(last) { removedByCount.append(RemovedEntry(path: path(ofEntry: last), scope: last)) }
            detachEntry(last, logged: false)
            list.removeLast()
        }
    }

    /// Whether an entry (or one nested in it) holds a value a person gave.
    func holdsAnswers(_ entry: Int) -> Bool {
        let scope = tree.scopes[entry]
        if scope.fields.contains(where: { touched.contains($0) && !values[$0].isNull }) { return true }
        return scope.lists.contains { $0.contains(where: holdsAnswers) }
    }
}

/// An entry that a change removed (a repeat's `count` dropped), with answers in it.
public struct RemovedEntry: Sendable, Equatable {
    /// Where it was: `members[3]`.
    public let path: String
    let scope: Int
}
