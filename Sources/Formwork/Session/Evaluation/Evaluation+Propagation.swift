/// Change propagation: from what changed to what must be evaluated again, at the
/// level of instances.
///
/// A change is a field's value in a scope, or a repeat's entries in their holder (a
/// node of the definition's dependency graph, in a scope). What reads it is found
/// through the graph, then placed by scope: a field of a member's entry that reads
/// the member's `age` is affected in that entry only; a form field that sums
/// `$members.income` is affected once; every member's field that reads a form field
/// is affected in every entry. Repeats whose `count` reads what changed are reported
/// too: their entries follow it (`FormSession.settle()`), which is a change in turn.
extension Evaluation {
    /// A change to evaluate again from: a field's value in a scope, or a repeat's
    /// entries (node `fields.count + r`) in their holder.
    struct Change: Hashable {
        let node: Int
        let scope: Int
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
            let from = answers.repeatHolding(node: change.node)
            for dependent in definition.dependents[change.node] {
                if dependent >= fieldCount {
                    let repeatIndex = dependent - fieldCount
                    let anchor = answers.anchorScope(
                        from: change.scope, in: from, to: definition.repeats[repeatIndex].parent)
                    for holder in tree.entryScopes(under: anchor, of: definition.repeats[repeatIndex].parent)
                    where countsSeen.insert(Change(node: dependent, scope: holder)).inserted {
                        counts.append((repeatIndex, holder))
                    }
                    continue
                }
                // Read in every entry of its repeats (`count($members, $age > 5)` in a
                // member): changed in every entry.
                let across = definition.readsAcrossEntries[dependent].contains(change.node)
                let anchor = answers.anchorScope(
                    from: change.scope, in: from, to: across ? nil : definition.fields[dependent].repeatIndex)
                for instance in tree.instances(of: dependent, under: anchor) {
                    let next = Change(node: dependent, scope: tree.scope(ofInstance: instance))
                    if seen.insert(next).inserted { queue.append(next) }
                }
            }
            for reader in definition.displayReaders[change.node] {
                let across = definition.readsAcrossEntries[reader].contains(change.node)
                let anchor = answers.anchorScope(
                    from: change.scope, in: from, to: across ? nil : definition.fields[reader].repeatIndex)
                checked.formUnion(tree.instances(of: reader, under: anchor))
            }
        }
        return (instances, checked, counts)
    }

    /// How many entries a repeat that follows a `count` has in a holder now: its count
    /// rounded down, within 0 and its `max` (0 when the count is no number).
    func wantedEntries(of repeatIndex: Int, in holder: Int) -> Int {
        guard let count = definition.repeats[repeatIndex].count,
            case .number(let number) = count.evaluate(context(for: holder)), number.isFinite
        else { return 0 }
        return Int(max(0, min(number.rounded(.down), Double(definition.repeats[repeatIndex].maximum))))
    }
}
