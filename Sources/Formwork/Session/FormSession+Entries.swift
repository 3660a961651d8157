/// Repeats: entries added, removed and moved by a person or a program, and the
/// paths that name fields in entries (`members[2].age`).
extension FormSession {
    /// What a path names.
    enum Target {
        /// A field instance.
        case field(Int)
        /// An entry (its scope): `members[2]`.
        case entry(Int)
        /// A repeat's entries in a holder: `members`, `members[1].visits`.
        case group(Int, holder: Int)
    }

    /// Resolves `firstName`, `members`, `members[2]`, `members[2].age`,
    /// `members[1].visits[3].date`.
    func resolve(_ path: String) throws(SessionError) -> Target {
        var scope = 0
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            var name = segment
            var index: Int?
            if segment.hasSuffix("]"), let open = segment.firstIndex(of: "[") {
                name = String(segment[..<open])
                guard let number = Int(segment[segment.index(after: open)..<segment.index(before: segment.endIndex)])
                else {
                    throw .unknownField(path, suggestions: [])
                }
                index = number
            }
            if let repeatIndex = definition.repeatIndex[name], tree.repeatsHeld(by: scope).contains(repeatIndex) {
                guard let index else {
                    guard isLast else { throw .unknownField(path, suggestions: []) }
                    return .group(repeatIndex, holder: scope)
                }
                let list = tree.list(of: repeatIndex, in: scope)
                guard index >= 1, index <= list.count else {
                    throw .noEntry(path: segments.prefix(position + 1).joined(separator: "."), count: list.count)
                }
                scope = list[index - 1]
                if isLast { return .entry(scope) }
                continue
            }
            guard index == nil, isLast, let field = definition.fieldIndex[name] else {
                throw .unknownField(path, suggestions: suggestions(for: name, in: scope))
            }
            let owner = definition.fields[field].repeatIndex
            guard owner == tree.scopes[scope].repeatIndex else {
                // A field of each entry, named without its entry: say how to name it.
                if let owner, scope == 0 || tree.scopes[scope].repeatIndex != owner {
                    throw .fieldInEntries(field: name, example: examplePath(of: field, from: scope, owner: owner))
                }
                throw .unknownField(path, suggestions: suggestions(for: name, in: scope))
            }
            return .field(tree.scopes[scope].fields[tree.fieldSlot[field]])
        }
        throw .unknownField(path, suggestions: [])
    }

    /// `members[1].age` for a field of each member, named from `scope`.
    func examplePath(of field: Int, from scope: Int, owner: Int) -> String {
        let ancestry = definition.repeats[owner].ancestry
        var parts: [String] = []
        for repeatIndex in ancestry { parts.append(definition.repeats[repeatIndex].id + "[1]") }
        return (scope == 0 ? "" : path(ofEntry: scope) + ".") + parts.joined(separator: ".") + "."
            + definition.fields[field].id
    }

    /// Ids close to a misspelt one, among what `scope` holds.
    func suggestions(for name: String, in scope: Int) -> [String] {
        let fields = tree.scopes[scope].fields.map { definition.fields[tree.field(ofInstance: $0)].id }
        let groups = tree.repeatsHeld(by: scope).map { definition.repeats[$0].id }
        return Suggestions.closest(
            to: name, in: fields + groups + (scope == 0 ? definition.sections.map(\.id) : []), limit: 3)
    }

    /// The path of an entry: `members[2]`, `members[2].visits[1]`.
    public func path(ofEntry entry: Int) -> String {
        tree.chain(to: entry).dropFirst().map { scope in
            "\(definition.repeats[tree.scopes[scope].repeatIndex!].id)[\(tree.position(of: scope) + 1)]"
        }.joined(separator: ".")
    }

    /// The path of a field instance: `firstName`, `members[2].age`.
    public func path(ofInstance instance: Int) -> String {
        let scope = tree.scope(ofInstance: instance)
        let id = definition.fields[tree.field(ofInstance: instance)].id
        return scope == 0 ? id : path(ofEntry: scope) + "." + id
    }

    /// The path of a repeat's entries in a holder: `members`, `members[1].visits`.
    public func path(ofGroup repeatIndex: Int, in holder: Int) -> String {
        (holder == 0 ? "" : path(ofEntry: holder) + ".") + definition.repeats[repeatIndex].id
    }

    /// An error named by the instance's path.
    func named(_ error: FieldError, _ instance: Int) -> FieldError {
        tree.scope(ofInstance: instance) == 0 ? error : FieldError(field: path(ofInstance: instance), rule: error.rule)
    }

    // MARK: Entries

    /// Adds an entry to the repeat at `group` (`members`, `members[1].visits`), at
    /// `position` (from 1; the end when `nil`). Its fields start with their defaults,
    /// and its nested repeats with their `min` entries.
    ///
    /// - Returns: The new entry's path.
    /// - Throws: `SessionError` for an unknown repeat, a repeat that follows its
    ///   `count`, or one that has its `max` entries already.
    @discardableResult
    public func addEntry(_ group: String, at position: Int? = nil) throws(SessionError) -> String {
        let (repeatIndex, holder) = try self.group(group)
        let repeatDefinition = definition.repeats[repeatIndex]
        guard repeatDefinition.count == nil else {
            throw .entriesFollowCount(group: group, count: repeatDefinition.count!.source)
        }
        let list = tree.list(of: repeatIndex, in: holder)
        guard list.count < repeatDefinition.maximum else {
            throw .tooManyEntries(group: group, maximum: repeatDefinition.maximum)
        }
        guard hasRoom(for: repeatIndex) else {
            throw .tooManyInstances(limit: definition.limits.maximumFieldInstances)
        }
        let index = min(max(1, position ?? list.count + 1), list.count + 1) - 1
        var added = 0
        performBatch { added = insertEntry(of: repeatIndex, in: holder, at: index, logged: true) }
        return path(ofEntry: added)
    }

    /// Removes an entry (`members[2]`); undo puts it back as it was.
    ///
    /// - Throws: `SessionError` for an unknown entry, a repeat that follows its
    ///   `count`, or one with only its `min` entries left.
    public func removeEntry(_ entryPath: String) throws(SessionError) {
        let entry = try self.entry(entryPath)
        let repeatDefinition = definition.repeats[tree.scopes[entry].repeatIndex!]
        let group = path(ofGroup: repeatDefinition.index, in: tree.scopes[entry].parent)
        guard repeatDefinition.count == nil else {
            throw .entriesFollowCount(group: group, count: repeatDefinition.count!.source)
        }
        guard tree.list(of: repeatDefinition.index, in: tree.scopes[entry].parent).count > repeatDefinition.minimum
        else {
            throw .tooFewEntries(group: group, minimum: repeatDefinition.minimum)
        }
        performBatch { detachEntry(entry, logged: true) }
    }

    /// Moves an entry (`members[3]`) to `position` (from 1) in its list.
    public func moveEntry(_ entryPath: String, to position: Int) throws(SessionError) {
        let entry = try self.entry(entryPath)
        let holder = tree.scopes[entry].parent
        let repeatIndex = tree.scopes[entry].repeatIndex!
        let count = tree.list(of: repeatIndex, in: holder).count
        guard position >= 1, position <= count else {
            throw .noEntry(path: path(ofGroup: repeatIndex, in: holder) + "[\(position)]", count: count)
        }
        let from = tree.position(of: entry)
        guard from != position - 1 else { return }
        performBatch {
            record(.moved(entry: entry, from: from))
            log(.entries(.move(entry: path(ofEntry: entry), position: position)))
            tree.move(entry, to: position - 1)
            structureChanged(entry, .moved)
        }
    }

    /// The first field of an entry (or of an entry nested in it) that is shown and
    /// takes a value, in form order: its instance.
    public func firstEditableField(inEntry path: String) -> Int? {
        guard let entry = try? self.entry(path) else { return nil }
        let evaluation = self.evaluation
        func search(_ scope: Int, _ items: [FormItem]) -> Int? {
            for item in items {
                switch item {
                case .field(let field):
                    let instance = tree.scopes[scope].fields[tree.fieldSlot[field]]
                    if definition.fields[field].kind.isEditable, evaluation.isVisible(instance) { return instance }
                case .repeatGroup(let repeatIndex):
                    for nested in tree.list(of: repeatIndex, in: scope) {
                        if let found = search(nested, definition.repeats[repeatIndex].items) { return found }
                    }
                }
            }
            return nil
        }
        return search(entry, definition.repeats[tree.scopes[entry].repeatIndex!].items)
    }

    /// The entries of the repeat at `group`, as paths.
    public func entries(of group: String) throws(SessionError) -> [String] {
        let (repeatIndex, holder) = try self.group(group)
        return tree.list(of: repeatIndex, in: holder).map(path(ofEntry:))
    }

    /// The paths of every repeat's entries in the form now (`members`,
    /// `members[1].visits`), outermost first, in form order.
    public func groupPaths() -> [String] {
        var paths: [String] = []
        func walk(_ scope: Int) {
            for repeatIndex in tree.repeatsHeld(by: scope) {
                paths.append(path(ofGroup: repeatIndex, in: scope))
                for entry in tree.list(of: repeatIndex, in: scope) { walk(entry) }
            }
        }
        walk(0)
        return paths
    }

    /// The paths of every entry in the form now (`members[1]`, `members[1].visits[1]`),
    /// in form order.
    public func entryPaths() -> [String] {
        var paths: [String] = []
        func walk(_ scope: Int) {
            for repeatIndex in tree.repeatsHeld(by: scope) {
                for entry in tree.list(of: repeatIndex, in: scope) {
                    paths.append(path(ofEntry: entry))
                    walk(entry)
                }
            }
        }
        walk(0)
        return paths
    }

    func group(_ path: String) throws(SessionError) -> (Int, Int) {
        guard case .group(let repeatIndex, let holder) = try resolve(path) else { throw .notARepeat(path) }
        return (repeatIndex, holder)
    }

    func entry(_ path: String) throws(SessionError) -> Int {
        guard case .entry(let scope) = try resolve(path) else { throw .notAnEntry(path) }
        return scope
    }

    /// Makes a repeat's list in a holder `count` entries long: the last ones removed,
    /// or new ones added at the end (logged, as a person's would be); returns the list.
    func resizeEntries(of repeatIndex: Int, in scope: Int, to count: Int) -> [Int] {
        var list = tree.list(of: repeatIndex, in: scope)
        while list.count > count, let last = list.last {
            detachEntry(last, logged: true)
            list.removeLast()
        }
        while list.count < count {
            insertEntry(of: repeatIndex, in: scope, at: list.count, logged: true)
            list = tree.list(of: repeatIndex, in: scope)
        }
        return list
    }

    /// Creates an entry (with its defaults, and its nested repeats' `min` entries);
    /// returns its scope.
    @discardableResult
    func insertEntry(of repeatIndex: Int, in holder: Int, at position: Int, logged: Bool) -> Int {
        let scope = tree.addEntry(of: repeatIndex, in: holder, at: position)
        store.values += repeatElement(.null, count: tree.instanceCount - store.values.count)
        rows += repeatElement(nil, count: tree.instanceCount - rows.count)
        for instance in tree.scopes[scope].fields {
            applyDefault(to: instance)
            pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: scope))
            pendingRows.insert(instance)
        }
        record(.added(entry: scope))
        if logged { log(.entries(.add(group: path(ofGroup: repeatIndex, in: holder), position: position + 1))) }
        if !replaying { log(.identity(entry: scope)) }
        structureChanged(scope, .added)
        populate(scope)
        return scope
    }

    /// Gives a new scope (the form, or a new entry) the entries its repeats start
    /// with: `start` of them (at least `min`; as many as the form has room for), or as
    /// many as `count` says (followed when settling).
    func populate(_ scope: Int) {
        for nested in tree.repeatsHeld(by: scope) {
            if definition.repeats[nested].count != nil {
                pendingCounts.append((nested, scope))
                continue
            }
            let repeatDefinition = definition.repeats[nested]
            for index in 0..<max(repeatDefinition.minimum, repeatDefinition.start) where hasRoom(for: nested) {
                insertEntry(of: nested, in: scope, at: index, logged: false)
            }
        }
    }

    /// Whether one more entry of a repeat keeps the form within
    /// `Limits.maximumFieldInstances` (fields and entries counted).
    func hasRoom(for repeatIndex: Int) -> Bool {
        tree.size + definition.repeats[repeatIndex].fieldIndices.count + 1 <= definition.limits.maximumFieldInstances
    }

    /// Takes an entry out of its list (kept for undo).
    func detachEntry(_ entry: Int, logged: Bool) {
        if logged { log(.entries(.remove(entry: path(ofEntry: entry)))) }
        let position = tree.detach(entry)
        record(.removed(entry: entry, position: position))
        structureChanged(entry, .removed)
    }

    /// What happened to an entry, for the layout.
    enum EntryChange {
        case added, removed, moved
    }

    /// An entry was added, removed or moved: what reads its repeat's entries is
    /// evaluated again and its sections are laid out again.
    func structureChanged(_ entry: Int, _ change: EntryChange) {
        let repeatIndex = tree.scopes[entry].repeatIndex!
        let holder = tree.scopes[entry].parent
        pendingChanges.insert(Change(node: definition.fields.count + repeatIndex, scope: holder))
        pendingLayout = true
        pendingGroups.insert(holder * definition.repeats.count + repeatIndex)
        pendingEntryChanges.append((entry, change))
        hasChanges = true
    }
}
