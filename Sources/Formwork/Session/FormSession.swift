import FormworkCore
import Foundation
import Synchronization

/// The engine's entry point: a form being filled.
///
/// It owns the values (a hidden field keeps its value and gets it back when shown
/// again), the entries of the form's repeats (`EntryTree`: one instance of each
/// field per entry), and a `DataSource` with one row per field instance, one
/// `CellDescriptor` per field kind, and each `visible` condition as the
/// descriptors' `isHidden`. Every change goes through `set`/`clear`/`toggle` and
/// `addEntry`/`removeEntry`/`moveEntry`; `reload` shows what changed.
///
/// ```swift
/// let session = FormSession(definition: try FormDefinition.load(contentsOf: url))
/// try session.set("firstName", text: "Ada")
/// let changes = session.reload()          // rows: +[0.1] (last name appears), ~[0.0→0.0]
/// try session.addEntry("members")         // an entry: a section of its own
/// try session.set("members[1].age", text: "34")
/// session.validate()                      // [FieldError] of visible fields, in form order
/// print(session.answersJSON())
/// ```
///
/// Fields are named by id (`firstName`), and in an entry by path: `members[2].age`,
/// `members[1].visits[3].date` (positions from 1).
///
/// ## Cost
/// A change costs what it can affect, not the size of the form: the instances that
/// read the changed one (transitively, in the entries the scopes make them see) are
/// evaluated again, only their rows are rebuilt, only their sections are
/// re-evaluated, the list of current errors is kept up to date for them alone, and
/// an undo step records the fields and entries it changed.
public final class FormSession {
    /// The form being filled.
    public let definition: FormDefinition
    /// What views see: the data source, its rows and sections, laid out and reloaded
    /// from what changed (made when first asked for: a response being checked never
    /// needs one).
    var presentation: FormPresentation {
        if let madePresentation { return madePresentation }
        let made = FormPresentation(session: self)
        madePresentation = made
        return made
    }
    /// The presentation once made: what changed is noted for it only then (a new one
    /// lays everything out, as of now).
    private(set) var madePresentation: FormPresentation?
    /// Today's date for `today()` and `age()`; fixed per session so results are stable.
    public var today: LocalDate {
        didSet {
            store.clock.today = today
            invalidateEverything()
        }
    }
    /// The moment `now()` reads: the session's start, fixed like `today`.
    public var now: LocalDateTime {
        didSet {
            store.clock.now = now
            invalidateEverything()
        }
    }
    /// Whether the caller fixed `now` (tests, replays): then a typed `now` reads it too;
    /// else a typed `now` is the clock's time when it is typed.
    let typedNowIsFixed: Bool
    /// What `uuid()` derives its identifiers from, with the call and the entry: random
    /// for a new session and kept in its draft, so a resumed session gives the same ones.
    public var uuidSeed: UInt64 {
        didSet {
            store.clock.seed = uuidSeed
            invalidateEverything()
        }
    }

    /// The language texts are shown in (`setLanguage`): the form's default language
    /// until another is chosen; `nil` for a form that declares no languages.
    public internal(set) var language: String?

    /// Whether any value differs from the definition's defaults.
    public internal(set) var hasChanges = false

    /// What is answered: values, entries, what a person touched. Every change goes
    /// through it, and it tells the session (its observer) what changed.
    let store: AnswerStore
    /// The entries of the repeats and each field's instances.
    var tree: EntryTree { store.tree }
    /// The stored values (read-only here: every change goes through `write`).
    var values: [Value] { store.values.values }
    /// Instances whose errors are shown (changed by a person), or all after `validate()`.
    var touched: Set<Int> { store.touched }
    /// Whether every visible field's errors are shown (after a submit attempt).
    public var showsAllErrors = false {
        didSet { if showsAllErrors != oldValue { madePresentation?.reloadEverything = true } }
    }

    typealias Change = Evaluation.Change

    private var cachedEvaluation: Evaluation?
    /// Changes the evaluation has not seen yet.
    var pendingChanges: Set<Change> = []
    /// Repeats whose `count` must be followed in a holder (new scopes).
    var pendingCounts: [(Int, Int)] = []
    /// Undo and redo steps: each the fields and entries a change touched and what they were.
    var journal = UndoJournal()
    /// What `recalculate:` triggers are doing in the current change.
    var triggerState = TriggerState()
    /// What `hiddenAnswers: erased` remembers between changes.
    var erasure = ErasureState()
    /// What `defaults: whenShown` remembers between changes.
    var shownDefaults = ShownDefaultsState()

    /// Every change, in order, for observers that catch up later (drafts).
    private(set) var changeLog = ChangeLog()
    /// The number of changes made so far (undo and redo included): a change counter
    /// that observers compare.
    public var changeCount: Int { changeLog.count }

    /// Entries removed because a repeat's `count` dropped, during the last change
    /// (the REPL asks before keeping such a change; the JSON-RPC engine reports it).
    public internal(set) var removedByCount: [RemovedEntry] = []

    /// Descriptors added by the embedder; they replace the built-in ones with the same
    /// row identifier (a field kind's name).
    let extraDescriptors: [any CellDescriptorType]

    /// A session with the definition's defaults, then `values` applied.
    ///
    /// - Parameters:
    ///   - definition: The form.
    ///   - initial: Starting values, typed (see `set(_:to:)`), by id or path.
    ///   - today: The date `today()` and `age()` use for the whole session.
    ///   - now: The moment `now()` reads (the clock's time on `today` when `nil`).
    ///   - uuidSeed: What `uuid()` derives from (random when `nil`).
    ///   - cellDescriptors: Descriptors of your own, for rows named by a field kind
    ///     (`CellDescriptor<FieldRow, YourCell>(.named("rating"))`); they replace the
    ///     built-in ones for that kind.
    /// - Throws: `SessionError` for an unknown id or a value the field rejects.
    public convenience init(
        definition: FormDefinition, values initial: [String: Value] = [:], today: LocalDate = .today(),
        now: LocalDateTime? = nil, uuidSeed: UInt64? = nil, cellDescriptors: [any CellDescriptorType] = []
    ) throws(SessionError) {
        self.init(starting: definition, today: today, now: now, uuidSeed: uuidSeed, cellDescriptors: cellDescriptors)
        for (id, value) in initial.sorted(by: { $0.key < $1.key }) { try set(id, to: value) }
        forgetStartingChanges()
    }

    /// A session with defaults only.
    public convenience init(definition: FormDefinition) {
        self.init(starting: definition, today: .today(), now: nil, uuidSeed: nil, cellDescriptors: [])
    }

    /// A new session of `definition`, started (see `start()`).
    private convenience init(
        starting definition: FormDefinition, today: LocalDate, now: LocalDateTime?, uuidSeed: UInt64?,
        cellDescriptors: [any CellDescriptorType]
    ) {
        let moment = now ?? LocalDateTime(date: today, time: .now())
        let seed = uuidSeed ?? UInt64.random(in: .min ... .max)
        let store = AnswerStore(
            definition: definition, origin: .fill, clock: AnswerStore.Clock(today: today, now: moment, seed: seed))
        self.init(
            adopting: store, today: today, now: moment, typedNowIsFixed: now != nil, uuidSeed: seed,
            cellDescriptors: cellDescriptors)
        start()
    }

    /// Gives a new session's answers what they start with — the entries `min` and
    /// `count` ask for, the values of the rules that run at the start and on every
    /// change — evaluated; nothing of it is a change (to undo, to save, to show as
    /// touched).
    private func start() {
        journal.isReplaying = true
        store.populate(0)
        runStartRules()
        runEveryChangeRules()
        settle()
        rememberShownForErasure()
        rememberShownForDefaults()
        journal.isReplaying = false
        forgetStartingChanges()
    }

    /// Forgets the changes a session was made with: its starting values are its
    /// start, not something a person did.
    private func forgetStartingChanges() {
        store.forgetTouched()
        hasChanges = false
        journal.removeAll()
        changeLog.removeAll()
        removedByCount = []
    }

    /// A session over a store filled elsewhere (a finished response, loaded and
    /// evaluated by `ResponseValidator`), with its evaluation when there is one: from
    /// here on a change goes through the session as any change does.
    init(
        adopting store: AnswerStore, today: LocalDate, now: LocalDateTime, typedNowIsFixed: Bool, uuidSeed: UInt64,
        cellDescriptors: [any CellDescriptorType] = [], evaluation: Evaluation? = nil
    ) {
        self.definition = store.definition
        self.store = store
        self.extraDescriptors = cellDescriptors
        self.today = today
        self.language = store.definition.defaultLanguage
        self.now = now
        self.typedNowIsFixed = typedNowIsFixed
        self.uuidSeed = uuidSeed
        self.cachedEvaluation = evaluation
        self.serial = Self.serials.add(1, ordering: .relaxed).newValue
        store.observer = self
    }

    /// This session's number among every session made in this process: what an
    /// observer of several sessions (`FormCoverage`) tells them apart by.
    let serial: UInt64
    private static let serials = Atomic<UInt64>(0)

    // MARK: Evaluation

    /// The evaluation of the current values, brought up to date with what changed.
    var evaluation: Evaluation {
        if !pendingChanges.isEmpty { settle() }
        return currentEvaluation
    }

    /// The evaluation as it stands, created if needed, without settling changes.
    var currentEvaluation: Evaluation {
        if let cachedEvaluation { return cachedEvaluation }
        let evaluation = Evaluation(answers: store, today: today, now: now, seed: uuidSeed, language: language)
        cachedEvaluation = evaluation
        return evaluation
    }

    /// Everything must be evaluated and shown again.
    func invalidateEverything() {
        cachedEvaluation = nil
        pendingChanges = []
        madePresentation?.reloadEverything = true
    }

    // MARK: Changing

    /// Sets a typed value. Dates may be given as `YYYY-MM-DD` text.
    ///
    /// - Parameters:
    ///   - id: The field's id or path (`members[2].age`).
    ///   - value: The value, of the field's type.
    ///   - origin: `.person` (the default) may not change a read-only field or an
    ///     input; `.program` may (see `ValueOrigin`).
    /// - Throws: `SessionError.rejected` naming the rule; the old value stays.
    public func set(_ id: String, to value: Value, origin: ValueOrigin = .person) throws(SessionError) {
        let instance = try self.instance(id)
        let field = definition.fields[tree.field(ofInstance: instance)]
        switch FieldValues.coerce(value, for: field) {
        case .failure(let error): throw .rejected(named(offeredOptionsOnly(error, instance), instance))
        case .success(let value): try store(value, in: instance, origin: origin)
        }
    }

    /// Sets a value from text a person typed, read by the field's kind (see
    /// `FieldValues.parse`).
    ///
    /// - Parameters:
    ///   - id: The field's id or path (`members[2].age`).
    ///   - text: What the person typed.
    ///   - origin: `.person` (the default) may not change a read-only field or an
    ///     input; `.program` may.
    /// - Throws: `SessionError.rejected` naming the rule; the old value stays.
    public func set(_ id: String, text: String, origin: ValueOrigin = .person) throws(SessionError) {
        let instance = try self.instance(id)
        switch FieldValues.parse(text, for: fieldAsShown(instance), today: today, now: typedNowIsFixed ? now : .now()) {
        case .failure(let error): throw .rejected(named(offeredOptionsOnly(error, instance), instance))
        case .success(let value): try store(value, in: instance, origin: origin)
        }
    }

    /// A ranking that completes itself (`completeRanking: true`) with the options offered
    /// now that it does not rank, after those it ranks, in their order; another value as
    /// it is.
    func completedRanking(_ value: Value, _ instance: Int) -> Value {
        guard case .list(let ranked) = value, definition.fields[tree.field(ofInstance: instance)].completesRanking
        else { return value }
        let missing = evaluation.visibleOptions(of: instance).map { Value.string($0.value) }.filter {
            !ranked.contains($0)
        }
        return .list(ranked + missing)
    }

    /// A value `FieldValues` rejected for the field at `path`, as `set` reports it:
    /// named by the path, with only the options offered now.
    func rejection(_ error: FieldError, at path: String) -> FieldError {
        guard let instance = try? instance(path) else { return error }
        return named(offeredOptionsOnly(error, instance), instance)
    }

    /// An option error names only the options offered now (hidden ones are not a choice).
    func offeredOptionsOnly(_ error: FieldError, _ instance: Int) -> FieldError {
        guard case .option(let input, _) = error.rule else { return error }
        var narrowed = error
        narrowed.rule = .option(input, options: evaluation.visibleOptions(of: instance).map(\.value))
        return narrowed
    }

    /// Clears a field (a switch turns off).
    public func clear(_ id: String) throws(SessionError) {
        let instance = try self.instance(id)
        try store(definition.fields[tree.field(ofInstance: instance)].kind == .switch ? false : .null, in: instance)
    }

    /// Flips a switch, or a multichoice option when `option` is given.
    public func toggle(_ id: String, option: String? = nil) throws(SessionError) {
        let instance = try self.instance(id)
        let field = definition.fields[tree.field(ofInstance: instance)]
        switch field.kind.specification.toggled(values[instance], option: option, of: field) {
        case .value(let value): try store(value, in: instance)
        case .rejected(let error): throw .rejected(named(error, instance))
        case .notToggleable(let needsOption):
            throw .notToggleable(field: path(ofInstance: instance), kind: field.kind.rawValue, needsOption: needsOption)
        }
    }

    /// Stores a value a person or a program gave, after the field's input checks.
    private func store(_ value: Value, in instance: Int, origin: ValueOrigin = .person) throws(SessionError) {
        let value = completedRanking(value, instance)
        let field = definition.fields[tree.field(ofInstance: instance)]
        guard field.kind.isEditable else {
            throw .rejected(named(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue)), instance))
        }
        if origin == .person, let refusal = refusal(ofPersonAt: instance) { throw .rejected(named(refusal, instance)) }
        if !value.isNull, let error = evaluation.inputError(value, of: instance) {
            throw .rejected(named(error, instance))
        }
        performBatch { write(value, touched: true, at: instance) }
    }

    /// The one place a value (and whether its errors are shown) changes: the store
    /// writes it and reports it (`answerStore(_:wrote:replacing:wasTouched:)`), so it
    /// is recorded for undo and observers, and only what it affects is evaluated and
    /// shown again.
    func write(_ value: Value, touched isTouched: Bool, at instance: Int) {
        store.write(value, touched: isTouched, at: instance)
    }

    /// Records a change for observers.
    func log(_ change: LoggedChange) {
        changeLog.append(change)
    }

    /// The changes made since change number `start` (see `changeCount`), or `nil`
    /// when the log no longer reaches back that far.
    public func changes(since start: Int) -> ArraySlice<LoggedChange>? {
        changeLog.since(start)
    }
}
