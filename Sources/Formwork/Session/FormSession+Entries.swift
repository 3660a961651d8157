/// Repeats: entries added, removed and moved by a person or a program, and the
/// paths that name fields in entries (`members[2].age`).
extension FormSession {
    /// What a path names (see `AnswerStore.resolve(_:)`).
    typealias Target = AnswerStore.Target

    /// Resolves `firstName`, `members`, `members[2]`, `members[2].age`,
    /// `members[1].visits[3].date`.
    func resolve(_ path: String) throws(SessionError) -> Target { try store.resolve(path) }

    /// An error named by the instance's path.
    func named(_ error: FieldError, _ instance: Int) -> FieldError { store.named(error, instance) }

    /// The path of an entry: `members[2]`, `members[2].visits[1]`.
    public func path(ofEntry entry: Int) -> String { store.path(ofEntry: entry) }

    /// The path of a field instance: `firstName`, `members[2].age`.
    public func path(ofInstance instance: Int) -> String { store.path(ofInstance: instance) }

    /// The path of a repeat's entries in a holder: `members`, `members[1].visits`.
    public func path(ofGroup repeatIndex: Int, in holder: Int) -> String {
        store.path(ofGroup: repeatIndex, in: holder)
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
        guard store.hasRoom(for: repeatIndex) else {
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
            log(.entries(.move(entry: path(ofEntry: entry), position: position)))
            store.move(entry, to: position - 1)
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
        store.resize(repeatIndex, in: scope, to: count) { step in
            switch step {
            case .remove(let entry): log(.entries(.remove(entry: path(ofEntry: entry))))
            case .add(let position):
                log(.entries(.add(group: path(ofGroup: repeatIndex, in: scope), position: position + 1)))
            }
        }
    }

    /// Creates an entry (with its defaults, and its nested repeats' `min` entries);
    /// returns its scope. `logged`: a person's (or a program's) addition, which drafts
    /// replay; not one that follows from another change.
    @discardableResult
    func insertEntry(of repeatIndex: Int, in holder: Int, at position: Int, logged: Bool) -> Int {
        if logged { log(.entries(.add(group: path(ofGroup: repeatIndex, in: holder), position: position + 1))) }
        return store.insertEntry(of: repeatIndex, in: holder, at: position)
    }

    /// Takes an entry out of its list (kept for undo).
    func detachEntry(_ entry: Int, logged: Bool) {
        if logged { log(.entries(.remove(entry: path(ofEntry: entry)))) }
        store.detach(entry)
    }

    typealias EntryChange = FormPresentation.EntryChange

    /// An entry was added, removed or moved: what reads its repeat's entries is
    /// evaluated again and its sections are laid out again.
    func structureChanged(_ entry: Int, _ change: EntryChange) {
        let repeatIndex = tree.scopes[entry].repeatIndex!
        let holder = tree.scopes[entry].parent
        pendingChanges.insert(Change(node: definition.fields.count + repeatIndex, scope: holder))
        madePresentation?.noteEntryChange(entry, change)
        hasChanges = true
    }
}
