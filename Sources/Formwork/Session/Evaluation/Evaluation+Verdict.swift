/// The submit verdict: every problem of the visible fields and of the repeats'
/// entries, in form order, each named by its path — what `FormSession.validate()`
/// returns and what `ResponseValidator` reports of a finished response.
extension Evaluation {
    /// The current problems of the visible fields, one per field instance, and one per
    /// repeat whose entries break its `min` (or whose `count` asks for more than its
    /// `max`), in form order. Fields of entries are named by path (`members[2].age`).
    ///
    /// - Complexity: O(*e* log *e*) for *e* problems, plus the repeats' holders: the
    ///   fields' errors are kept up to date as values change.
    func verdict() -> [FieldError] {
        // Instances of removed entries keep their last error until they come back.
        var keyed: [(key: [Int], error: FieldError)] = instancesInError.compactMap { instance in
            guard tree.isLive(instance) else { return nil }
            return errors[instance].map { (orderKey(ofInstance: instance), answers.named($0, instance)) }
        }
        for (repeatIndex, holder) in answers.holders() {
            guard let rule = entryCountError(of: repeatIndex, in: holder) else { continue }
            keyed.append(
                (
                    orderKey(ofGroup: repeatIndex, in: holder),
                    FieldError(field: answers.path(ofGroup: repeatIndex, in: holder), rule: rule)
                ))
        }
        return keyed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.error)
    }

    /// A key that sorts instances in form order: each level's item position and entry
    /// position, from the form down.
    func orderKey(ofInstance instance: Int) -> [Int] {
        let field = definition.fields[tree.field(ofInstance: instance)]
        let scope = tree.scope(ofInstance: instance)
        return scope == 0
            ? [field.sectionIndex, itemPosition(.field(field.index))]
            : orderKey(ofEntry: scope) + [itemPosition(.field(field.index))]
    }

    func orderKey(ofEntry entry: Int) -> [Int] {
        let repeatIndex = tree.scopes[entry].repeatIndex!
        return orderKey(ofGroup: repeatIndex, in: tree.scopes[entry].parent) + [tree.position(of: entry)]
    }

    /// Where a repeat's entries sort (after them: its `min` error goes with its tail).
    func orderKey(ofGroup repeatIndex: Int, in holder: Int) -> [Int] {
        let position = itemPosition(.repeatGroup(repeatIndex))
        return holder == 0
            ? [definition.repeats[repeatIndex].sectionIndex, position] : orderKey(ofEntry: holder) + [position]
    }

    /// An item's position in its container's items (a section's, or a repeat's).
    func itemPosition(_ item: FormItem) -> Int {
        let owner: Int?
        let section: Int
        switch item {
        case .field(let field):
            owner = definition.fields[field].repeatIndex
            section = definition.fields[field].sectionIndex
        case .repeatGroup(let repeatIndex):
            owner = definition.repeats[repeatIndex].parent
            section = definition.repeats[repeatIndex].sectionIndex
        }
        let items = owner.map { definition.repeats[$0].items } ?? definition.sections[section].items
        return items.firstIndex(of: item) ?? 0
    }
}
