/// The entries of a session's repeats, and one instance of each field per entry.
///
/// A *scope* is the form (scope 0) or one entry of a repeat. Each scope holds an
/// *instance* of each field its template holds directly, and a list of entries for
/// each repeat nested in it. An instance is what has a value, a visibility, an error
/// and a row; the form's own fields are instances whose id is their field index, so
/// a form without repeats has exactly one instance per field, numbered as before.
///
/// Scopes and instances are never reused: a removed entry is detached (its values
/// kept, so undo puts it back as it was) and its ids stay retired. An entry's
/// identity is its scope id, stable across moves, so the diff sees a moved entry as
/// one moved section.
final class EntryTree {
    struct Scope {
        /// The repeat this is an entry of; `nil` for the form.
        let repeatIndex: Int?
        /// The scope holding this entry's list (0 for a top-level repeat's entries).
        let parent: Int
        /// The instance of each field the template holds directly, in template order.
        var fields: [Int]
        /// The entries of each nested repeat, in the order of `childRepeats`.
        var lists: [[Int]]
        /// Whether the entry is in its list (false once removed).
        var attached: Bool
    }

    let definition: FormDefinition
    // The arrays below are read for every instance an evaluation visits, so they are
    // kept out of the runtime's exclusivity checks: a tree belongs to one session on
    // one thread, and no access to them spans a call or a closure.
    @exclusivity(unchecked) private(set) var scopes: [Scope]
    /// Each instance's field and scope.
    @exclusivity(unchecked) private(set) var instanceField: [Int32]
    @exclusivity(unchecked) private(set) var instanceScope: [Int32]
    /// Each field's position among its repeat's (or the form's) direct fields.
    let fieldSlot: [Int]
    /// The repeats each repeat holds (index -1: the form's top-level repeats), and
    /// each repeat's position among its parent's.
    let childRepeats: [[Int]]
    private let formRepeats: [Int]
    let repeatSlot: [Int]
    /// Each attached entry's position in its list (from 0); stale for detached ones.
    @exclusivity(unchecked) private var positions: [Int32]
    /// Each scope's identity for `uuid()`: stable while the entry lives (moves, undo),
    /// and kept by drafts, so a resumed entry derives the identifiers it had. New
    /// entries take `nextKey`, above every key given so far.
    private(set) var keys: [Int] = [0]
    private var nextKey = 1
    /// Each entry's first instance: an entry's instances are numbered in a row, in
    /// template order (the form's own fields are not: theirs is -1).
    @exclusivity(unchecked) private(set) var firstInstance: [Int32]

    init(definition: FormDefinition) {
        self.definition = definition
        var slots = [Int](repeating: 0, count: definition.fields.count)
        var formFields: [Int] = []
        // By index: iterating the fields would copy each whole definition.
        for index in definition.fields.indices where definition.fields[index].repeatIndex == nil {
            slots[index] = formFields.count
            formFields.append(index)
        }
        for repeatDefinition in definition.repeats {
            for (slot, field) in repeatDefinition.fieldIndices.enumerated() { slots[field] = slot }
        }
        fieldSlot = slots
        var children = [[Int]](repeating: [], count: definition.repeats.count)
        var top: [Int] = []
        var repeatSlots = [Int](repeating: 0, count: definition.repeats.count)
        for repeatDefinition in definition.repeats {
            if let parent = repeatDefinition.parent {
                repeatSlots[repeatDefinition.index] = children[parent].count
                children[parent].append(repeatDefinition.index)
            } else {
                repeatSlots[repeatDefinition.index] = top.count
                top.append(repeatDefinition.index)
            }
        }
        childRepeats = children
        formRepeats = top
        repeatSlot = repeatSlots
        // The form's own fields keep their field index as instance id.
        instanceField = definition.fields.indices.map { Int32($0) }
        instanceScope = [Int32](repeating: 0, count: definition.fields.count)
        scopes = [Scope(repeatIndex: nil, parent: -1, fields: formFields, lists: top.map { _ in [] }, attached: true)]
        positions = [0]
        firstInstance = [-1]
    }

    // MARK: Reading

    var instanceCount: Int { instanceField.count }
    /// What `Limits.maximumFieldInstances` bounds: field instances and entries (an
    /// entry without fields of its own counts too, so entries of entries cannot grow
    /// without end).
    var size: Int { instanceField.count + scopes.count }
    var scopeCount: Int { scopes.count }

    func field(ofInstance instance: Int) -> Int { Int(instanceField[instance]) }
    func scope(ofInstance instance: Int) -> Int { Int(instanceScope[instance]) }

    /// The repeats a scope holds entries of.
    func repeatsHeld(by scope: Int) -> [Int] {
        scopes[scope].repeatIndex.map { childRepeats[$0] } ?? formRepeats
    }

    /// The innermost scope, from `scope` outwards, that is an entry of `repeatIndex`
    /// (the form when `nil`).
    func enclosingScope(of scope: Int, in repeatIndex: Int?) -> Int? {
        var current = scope
        while current >= 0 {
            if scopes[current].repeatIndex == repeatIndex { return current }
            current = scopes[current].parent
        }
        return nil
    }

    /// The instance of the field in `slot` of an entry's template.
    @inline(__always)
    func instance(inEntry entry: Int, slot: Int) -> Int { Int(firstInstance[entry]) + slot }

    /// The instance of `field` seen from `scope`: in the innermost enclosing entry of
    /// the field's repeat.
    func instance(of field: Int, from scope: Int) -> Int? {
        let repeatIndex = definition.fields[field].repeatIndex
        guard repeatIndex != nil else { return field }
        return enclosingScope(of: scope, in: repeatIndex).map { scopes[$0].fields[fieldSlot[field]] }
    }

    /// The entries of `repeatIndex` seen from `scope` (in the enclosing entry that
    /// holds them).
    func entries(of repeatIndex: Int, from scope: Int) -> [Int] {
        guard let holder = enclosingScope(of: scope, in: definition.repeats[repeatIndex].parent) else { return [] }
        return scopes[holder].lists[repeatSlot[repeatIndex]]
    }

    /// The entries of `repeatIndex` held directly by `holder`.
    func list(of repeatIndex: Int, in holder: Int) -> [Int] {
        scopes[holder].lists[repeatSlot[repeatIndex]]
    }

    /// An entry's position in its list, from 0.
    func position(of entry: Int) -> Int { Int(positions[entry]) }

    /// Whether the scope is the form or an entry whose every ancestor is attached.
    func isAttached(_ scope: Int) -> Bool {
        var current = scope
        while current > 0 {
            guard scopes[current].attached else { return false }
            current = scopes[current].parent
        }
        return true
    }

    /// Whether an instance belongs to the form now: its entry is attached, and it is
    /// not the place a repeat's field keeps in the form's numbering (the form's own
    /// fields are numbered by field index, so the fields of repeats leave unused
    /// numbers there).
    func isLive(_ instance: Int) -> Bool {
        let scope = Int(instanceScope[instance])
        return scope == 0 ? definition.fields[Int(instanceField[instance])].repeatIndex == nil : isAttached(scope)
    }

    /// The scopes from the form down to `scope`.
    func chain(to scope: Int) -> [Int] {
        var chain: [Int] = []
        var current = scope
        while current >= 0 {
            chain.append(current)
            current = scopes[current].parent
        }
        return chain.reversed()
    }

    /// Every attached scope under `scope` (itself included) that is an entry of
    /// `repeatIndex` (or the form, for `nil`).
    func entryScopes(under scope: Int, of repeatIndex: Int?) -> [Int] {
        if scopes[scope].repeatIndex == repeatIndex { return [scope] }
        guard let repeatIndex else { return [] }
        let target = definition.repeats[repeatIndex].ancestry
        let here = scopes[scope].repeatIndex.map { definition.repeats[$0].ancestry } ?? []
        guard target.count > here.count, Array(target.prefix(here.count)) == here else { return [] }
        var level = [scope]
        for step in target.dropFirst(here.count) {
            level = level.flatMap { scopes[$0].lists[repeatSlot[step]] }
        }
        return level
    }

    /// The instances of `field` under `scope` (every entry's, when the field is in a
    /// repeat nested below `scope`).
    func instances(of field: Int, under scope: Int) -> [Int] {
        let repeatIndex = definition.fields[field].repeatIndex
        if repeatIndex == nil { return [field] }
        // From an entry nested inside the field's repeat: the one enclosing instance.
        if let enclosing = enclosingScope(of: scope, in: repeatIndex) {
            return [scopes[enclosing].fields[fieldSlot[field]]]
        }
        return entryScopes(under: scope, of: repeatIndex).map { scopes[$0].fields[fieldSlot[field]] }
    }

    // MARK: Changing

    /// Creates an entry of `repeatIndex` in `holder`'s list at `position` (the end when
    /// `nil`), with a new instance of each of its fields; returns the entry's scope.
    func addEntry(of repeatIndex: Int, in holder: Int, at position: Int? = nil) -> Int {
        let scope = scopes.count
        let repeatDefinition = definition.repeats[repeatIndex]
        var fields: [Int] = []
        fields.reserveCapacity(repeatDefinition.fieldIndices.count)
        for field in repeatDefinition.fieldIndices {
            fields.append(instanceField.count)
            instanceField.append(Int32(field))
            instanceScope.append(Int32(scope))
        }
        firstInstance.append(Int32(fields.first ?? instanceField.count))
        scopes.append(
            Scope(
                repeatIndex: repeatIndex, parent: holder, fields: fields,
                lists: childRepeats[repeatIndex].map { _ in [] }, attached: false))
        positions.append(0)
        keys.append(nextKey)
        nextKey += 1
        attach(scope, at: position)
        return scope
    }

    /// Gives an entry the identity it had in a draft.
    func setKey(_ key: Int, of scope: Int) {
        keys[scope] = key
        nextKey = max(nextKey, key + 1)
    }

    /// Puts a detached entry back in its list at `position` (the end when `nil`).
    func attach(_ entry: Int, at position: Int?) {
        let slot = repeatSlot[scopes[entry].repeatIndex!]
        let holder = scopes[entry].parent
        let index = min(position ?? Int.max, scopes[holder].lists[slot].count)
        scopes[holder].lists[slot].insert(entry, at: index)
        scopes[entry].attached = true
        renumber(holder, slot, from: index)
    }

    /// Takes an entry out of its list (its values and nested entries are kept);
    /// returns where it was.
    @discardableResult
    func detach(_ entry: Int) -> Int {
        let slot = repeatSlot[scopes[entry].repeatIndex!]
        let holder = scopes[entry].parent
        let index = Int(positions[entry])
        scopes[holder].lists[slot].remove(at: index)
        scopes[entry].attached = false
        renumber(holder, slot, from: index)
        return index
    }

    /// Moves an attached entry to `position` in its list.
    func move(_ entry: Int, to position: Int) {
        detach(entry)
        attach(entry, at: position)
    }

    private func renumber(_ holder: Int, _ slot: Int, from start: Int) {
        let list = scopes[holder].lists[slot]
        for index in start..<list.count { positions[list[index]] = Int32(index) }
    }
}
