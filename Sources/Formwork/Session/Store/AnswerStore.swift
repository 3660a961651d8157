/// What is answered: every field instance's stored value (`ValueStore`, shared with
/// the evaluation, which reads it in place), the entries of the form's repeats
/// (`EntryTree`), and which instances were answered by a person (`touched`: their
/// errors are shown).
///
/// The store keeps itself whole — a new entry gets its fields' defaults and its
/// nested repeats' first entries — and reports each change to its `observer`: a
/// `FormSession` records it for undo and drafts, evaluates what it affects and shows
/// it; a finished response checked by `ResponseValidator` has no observer, and is
/// evaluated once when it is loaded.
///
/// One store serves one session or one response, on one thread.
final class AnswerStore {
    let definition: FormDefinition
    /// The entries of the repeats and each field's instances.
    let tree: EntryTree
    /// Stored values by instance (`.null`: unanswered).
    let values: ValueStore
    /// Instances whose errors are shown: answered by a person (or a values file).
    private(set) var touched: Set<Int> = []
    /// The values computed fields with `once: true` keep, by instance: the first
    /// that was not empty (see `keep(_:at:)`).
    private(set) var kept: [Int: Value] = [:]
    /// Where the answers come from: a fill (new instances take their defaults) or a
    /// finished response (an answer left out is no answer).
    let origin: Origin
    /// What a default written as an expression (`today()`) reads.
    var clock: Clock
    /// Told of every change (`nil`: nobody watches, as for a response being checked).
    weak var observer: (any AnswerStoreObserver)?

    /// Where a store's answers come from, and what follows from it.
    enum Origin {
        /// A form being filled: a new instance starts with its field's default (a
        /// switch: off); a file answer is the path of a file to read.
        case fill
        /// A finished response: a new instance starts empty (an answer left out is no
        /// answer; a switch: off), and a file answer names an attachment, which need
        /// not be at hand (JavaRosa does not ask for it).
        case response
    }

    /// Whether a file answer names an attachment of a finished response rather than a
    /// file to read (see `Origin`).
    var filesAreAttachments: Bool { origin == .response }

    /// The moment and the seed a default expression reads.
    struct Clock {
        var today: LocalDate
        var now: LocalDateTime
        var seed: UInt64
    }

    /// A store of `definition`'s form-level instances, each with its start (see
    /// `Origin`); its repeats get their first entries from `populate(_:)`, once an
    /// observer is in place.
    init(definition: FormDefinition, origin: Origin, clock: Clock) {
        self.definition = definition
        self.origin = origin
        self.clock = clock
        tree = EntryTree(definition: definition)
        values = ValueStore(Array(repeating: .null, count: definition.fields.count))
        for index in definition.fields.indices where definition.fields[index].repeatIndex == nil {
            applyDefault(to: index)
        }
    }

    // MARK: Values

    /// The one place a value (and whether its errors are shown) changes: the observer
    /// is told what the instance held before.
    func write(_ value: Value, touched isTouched: Bool, at instance: Int) {
        let wasTouched = touched.contains(instance)
        let old = values.values[instance]
        guard old != value || wasTouched != isTouched else { return }
        if isTouched { touched.insert(instance) } else { touched.remove(instance) }
        if old != value { values.values[instance] = value }
        observer?.answerStore(self, wrote: instance, replacing: old, wasTouched: wasTouched)
    }

    /// A finished response's answer, stored as given: nothing observes it, and the
    /// whole response is evaluated once it is in.
    func place(_ value: Value, at instance: Int) {
        values.values[instance] = value
    }

    /// Keeps a `once: true` field's first value (or one a draft or a response gives
    /// back); the observer logs it, so that a draft keeps it too.
    func keep(_ value: Value, at instance: Int) {
        guard kept[instance] != value else { return }
        kept[instance] = value
        observer?.answerStore(self, kept: instance)
    }

    /// Forgets which instances a person answered (a session's starting values).
    func forgetTouched() { touched = [] }

    /// A field's `default` (a literal, or an expression that reads no field, evaluated
    /// on the store's clock); `.null` when it has none.
    func defaultValue(ofField index: Int) -> Value {
        switch definition.fields[index].defaultValue {
        case .value(let literal)?: return literal
        case .expression(let expression)?:
            return expression.evaluate(
                EvaluationContext(
                    today: clock.today, now: clock.now, seed: clock.seed, numbersInText: definition.numbersInText
                ) { _ in .null })
        case nil: return .null
        }
    }

    /// Puts a new instance's start in place (defaults never read other fields).
    private func applyDefault(to instance: Int) {
        let index = tree.field(ofInstance: instance)
        var value = origin == .fill ? defaultValue(ofField: index) : .null
        if definition.fields[index].kind == .switch, value.isNull { value = false }
        values.values[instance] = value
    }

    // MARK: Entries

    /// Creates an entry of a repeat in a holder, at `position` in its list: its
    /// fields' starts in place, then its nested repeats' first entries. Returns its
    /// scope.
    @discardableResult
    func insertEntry(of repeatIndex: Int, in holder: Int, at position: Int) -> Int {
        let scope = tree.addEntry(of: repeatIndex, in: holder, at: position)
        values.values += repeatElement(.null, count: tree.instanceCount - values.values.count)
        for instance in tree.scopes[scope].fields { applyDefault(to: instance) }
        observer?.answerStore(self, made: scope)
        populate(scope)
        return scope
    }

    /// Gives a new scope (the form, or a new entry) the entries its repeats start
    /// with: `start` of them (at least `min`; as many as the form has room for). A
    /// repeat that follows a `count` is left to the observer, which follows it once
    /// the count can be evaluated.
    func populate(_ scope: Int) {
        for nested in tree.repeatsHeld(by: scope) {
            let repeatDefinition = definition.repeats[nested]
            if repeatDefinition.count != nil {
                observer?.answerStore(self, followsCountOf: nested, in: scope)
                continue
            }
            for index in 0..<max(repeatDefinition.minimum, repeatDefinition.start) where hasRoom(for: nested) {
                insertEntry(of: nested, in: scope, at: index)
            }
        }
    }

    /// Whether one more entry of a repeat keeps the form within
    /// `Limits.maximumFieldInstances` (fields and entries counted).
    func hasRoom(for repeatIndex: Int) -> Bool {
        tree.size + definition.repeats[repeatIndex].fieldIndices.count + 1 <= definition.limits.maximumFieldInstances
    }

    /// Takes an entry out of its list (its values kept, so it can be put back);
    /// returns where it was.
    @discardableResult
    func detach(_ entry: Int) -> Int {
        let position = tree.detach(entry)
        observer?.answerStore(self, detached: entry, from: position)
        return position
    }

    /// Puts a detached entry back in its list at `position`.
    func reattach(_ entry: Int, at position: Int) {
        tree.attach(entry, at: position)
        observer?.answerStore(self, reattached: entry)
    }

    /// Moves an entry to `position` in its list.
    func move(_ entry: Int, to position: Int) {
        let from = tree.position(of: entry)
        tree.move(entry, to: position)
        observer?.answerStore(self, moved: entry, from: from)
    }

    /// A step of `resize`: an entry about to be taken out, or one about to be added
    /// at a position (from 0).
    enum ResizeStep {
        case remove(entry: Int)
        case add(position: Int)
    }

    /// Makes a repeat's list in a holder `count` entries long: the last ones taken
    /// out, or new ones added at the end (`before` is told of each step first);
    /// returns the list.
    func resize(
        _ repeatIndex: Int, in scope: Int, to count: Int, before: (ResizeStep) -> Void = { _ in }
    ) -> [Int] {
        var list = tree.list(of: repeatIndex, in: scope)
        while list.count > count, let last = list.last {
            before(.remove(entry: last))
            detach(last)
            list.removeLast()
        }
        while list.count < count {
            before(.add(position: list.count))
            insertEntry(of: repeatIndex, in: scope, at: list.count)
            list = tree.list(of: repeatIndex, in: scope)
        }
        return list
    }

    /// Adds or removes entries at the end of a repeat's list in a holder until it
    /// holds `wanted` (as many as the form has room for); `willRemove` is told of each
    /// entry before it is taken out.
    func followCount(of repeatIndex: Int, in holder: Int, wanted: Int, willRemove: (Int) -> Void = { _ in }) {
        var list = tree.list(of: repeatIndex, in: holder)
        while list.count < wanted, hasRoom(for: repeatIndex) {
            insertEntry(of: repeatIndex, in: holder, at: list.count)
            list = tree.list(of: repeatIndex, in: holder)
        }
        // A count that reads the repeat's own entries only adds them (as JavaRosa).
        while list.count > wanted, !definition.repeats[repeatIndex].countReadsItsEntries, let last = list.last {
            willRemove(last)
            detach(last)
            list.removeLast()
        }
    }

    /// Whether a field of these entries, or of entries nested in them, has a value.
    func holdsValue(_ entries: [Int]) -> Bool {
        var scopes = entries
        while let scope = scopes.popLast() {
            if tree.scopes[scope].fields.contains(where: { !values.values[$0].isNull }) { return true }
            for list in tree.scopes[scope].lists { scopes += list }
        }
        return false
    }

    /// Whether an entry (or one nested in it) holds a value a person gave.
    func holdsAnswers(_ entry: Int) -> Bool {
        let scope = tree.scopes[entry]
        if scope.fields.contains(where: { touched.contains($0) && !values.values[$0].isNull }) { return true }
        return scope.lists.contains { $0.contains(where: holdsAnswers) }
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

    /// Every (repeat, holder) pair of attached holders.
    func holders() -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var scopes = [0]
        while let scope = scopes.popLast() {
            for repeatIndex in tree.repeatsHeld(by: scope) {
                pairs.append((repeatIndex, scope))
                scopes += tree.list(of: repeatIndex, in: scope)
            }
        }
        return pairs
    }
}

/// What a store tells about each change it makes (a `FormSession`: undo, drafts,
/// evaluation, rows).
protocol AnswerStoreObserver: AnyObject {
    /// A value (or whether its errors are shown) changed; `old` and `wasTouched` are
    /// what the instance held before.
    func answerStore(_ store: AnswerStore, wrote instance: Int, replacing old: Value, wasTouched: Bool)
    /// An entry was made, its fields' starts in place (its nested entries follow).
    func answerStore(_ store: AnswerStore, made entry: Int)
    /// A `once: true` field kept a value (`AnswerStore.kept`).
    func answerStore(_ store: AnswerStore, kept instance: Int)
    /// A new scope holds a repeat whose entries follow its `count`.
    func answerStore(_ store: AnswerStore, followsCountOf repeatIndex: Int, in scope: Int)
    /// An entry was taken out of its list at `position`.
    func answerStore(_ store: AnswerStore, detached entry: Int, from position: Int)
    /// A detached entry is back in its list.
    func answerStore(_ store: AnswerStore, reattached entry: Int)
    /// An entry moved within its list, from `position`.
    func answerStore(_ store: AnswerStore, moved entry: Int, from position: Int)
}

/// A session's stored values by instance, shared with its evaluation (which reads
/// them in place). Like the evaluation's state, out of the runtime's exclusivity
/// checks: one session's, on one thread, and no access spans a call.
final class ValueStore {
    @exclusivity(unchecked) var values: [Value]

    init(_ values: [Value]) {
        self.values = values
    }
}
