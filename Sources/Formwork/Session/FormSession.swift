import FormworkCore
import Foundation

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
    public let definition: FormDefinition
    /// The entries of the repeats and each field's instances.
    let tree: EntryTree
    /// The rows and sections, as views see them (`reload(_:)` keeps them current).
    /// Read-only: the session owns the model, so its indexes stay right.
    public var dataSource: any ListDataSource { source }
    /// The data source itself.
    private(set) lazy var source: DataSource = makeDataSource()
    /// Today's date for `today()` and `age()`; fixed per session so results are stable.
    public var today: LocalDate {
        didSet { invalidateEverything() }
    }
    /// The moment `now()` reads: the session's start, fixed like `today`.
    public var now: LocalDateTime {
        didSet { invalidateEverything() }
    }
    /// Whether the caller fixed `now` (tests, replays): then a typed `now` reads it too;
    /// else a typed `now` is the clock's time when it is typed.
    let typedNowIsFixed: Bool
    /// What `uuid()` derives its identifiers from, with the call and the entry: random
    /// for a new session and kept in its draft, so a resumed session gives the same ones.
    public var uuidSeed: UInt64 {
        didSet { invalidateEverything() }
    }

    /// The language texts are shown in (`setLanguage`): the form's default language
    /// until another is chosen; `nil` for a form that declares no languages.
    public internal(set) var language: String?

    /// Whether any value differs from the definition's defaults.
    public internal(set) var hasChanges = false

    /// The visible required fields and how many are answered, kept up to date at
    /// each reload from what it changed (`nil`: counted again when next read).
    var requiredTally: RequiredProgress?

    /// Stored values by instance (`.null`: unanswered), shared with the evaluation.
    let store: ValueStore
    /// The stored values (read-only here: every change goes through `write`, which
    /// changes `store.values` in place).
    var values: [Value] { store.values }
    /// Instances whose errors are shown (changed by a person), or all after `validate()`.
    private(set) var touched: Set<Int> = []
    /// Whether every visible field's errors are shown (after a submit attempt).
    public var showsAllErrors = false {
        didSet { if showsAllErrors != oldValue { reloadEverything = true } }
    }

    /// A change to evaluate again from: a field's value in a scope, or a repeat's
    /// entries (node `fields.count + r`) in their holder.
    struct Change: Hashable {
        let node: Int
        let scope: Int
    }

    private var cachedEvaluation: Evaluation?
    /// Changes the evaluation has not seen yet.
    var pendingChanges: Set<Change> = []
    /// Repeats whose `count` must be followed in a holder (new scopes).
    var pendingCounts: [(Int, Int)] = []
    /// Instances whose rows must be rebuilt at the next reload.
    var pendingRows: Set<Int> = []
    /// Whether the layout of sections changed (entries added, removed or moved), and
    /// the groups whose entries changed (`FormLayout.key`).
    var pendingLayout = false
    var pendingGroups = Set<Int>()
    /// The entries added, removed or moved since the last reload, in order.
    var pendingEntryChanges: [(entry: Int, change: EntryChange)] = []
    /// The scopes with rows to rebuild, during a reload.
    var dirtyScopes = Set<Int>()
    /// Whether everything must be shown again (first reload, `today`, every error shown).
    var reloadEverything = true
    /// Current rows by instance, reused while their content is unchanged.
    var rows: [Row?]
    /// Whether the data source has shown the form once (so partial reloads can follow).
    var hasReloaded = false
    /// The sections of the last layout, and where each instance's row is.
    var layout = FormLayout()

    /// Called after every reload with what changed (see `FormChange`).
    public var onChange: ((FormChange) -> Void)?
    let changeChannels = ChangeChannels()

    /// Undo steps: each the fields and entries a change touched and what they were.
    var undoStack: [[Edit]] = []
    var redoStack: [[Edit]] = []
    /// The step being recorded (a change, or a batch of them).
    var openStep: [Edit]?
    var batchDepth = 0
    /// Whether edits are being replayed (undo, redo, drafts): not recorded again.
    var replaying = false
    /// Whether new instances take their fields' defaults (not when checking a
    /// response: there an answer missing is no answer).
    let appliesDefaults: Bool
    // (`!appliesDefaults` is a session checking a finished response, whose file
    // answers name attachments: see `Evaluation.filesAreAttachments`.)
    /// Checking a response: values are stored as given, without undo, observers,
    /// value rules or evaluation on each write; everything is evaluated once at the
    /// end (`ResponseValidator`).
    var bulkLoading = false
    /// What `recalculate:` triggers are doing in the current change.
    var triggerState = TriggerState()

    /// Every change, in order, for observers that catch up later (drafts).
    private(set) var changeLog: [LoggedChange] = []
    private(set) var changeLogStart = 0
    /// The number of changes made so far (undo and redo included): a change counter
    /// that observers compare.
    public var changeCount: Int { changeLogStart + changeLog.count }

    /// Entries removed because a repeat's `count` dropped, during the last change
    /// (the REPL asks before keeping such a change; the JSON-RPC engine reports it).
    public internal(set) var removedByCount: [RemovedEntry] = []

    /// Descriptors added by the embedder; they replace the built-in ones with the same
    /// row identifier (a field kind's name).
    let extraDescriptors: [any CellDescriptorType]

    /// A session with the definition's defaults, then `values` applied.
    ///
    /// - Parameters:
    ///   - values: Starting values, typed (see `set(_:to:)`), by id or path.
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
        self.init(
            definition: definition, today: today, now: now, uuidSeed: uuidSeed, cellDescriptors: cellDescriptors,
            checkingResponse: false)
        for (id, value) in initial.sorted(by: { $0.key < $1.key }) { try set(id, to: value) }
        touched = []
        hasChanges = false
        undoStack = []
        changeLog = []
        changeLogStart = 0
        removedByCount = []
    }

    /// A session with its defaults and the entries its repeats start with, evaluated;
    /// or, `checkingResponse`, one that takes a finished response (`ResponseValidator`):
    /// no defaults (an answer missing is no answer), values stored in bulk, nothing
    /// evaluated until the response is loaded (`finishBulkLoad`).
    init(
        definition: FormDefinition, today: LocalDate, now: LocalDateTime?, uuidSeed: UInt64?,
        cellDescriptors: [any CellDescriptorType], checkingResponse: Bool
    ) {
        self.definition = definition
        self.extraDescriptors = cellDescriptors
        self.today = today
        self.language = definition.defaultLanguage
        self.now = now ?? LocalDateTime(date: today, time: .now())
        self.typedNowIsFixed = now != nil
        self.uuidSeed = uuidSeed ?? UInt64.random(in: .min ... .max)
        self.tree = EntryTree(definition: definition)
        self.store = ValueStore(Array(repeating: .null, count: definition.fields.count))
        self.rows = Array(repeating: nil, count: definition.fields.count)
        appliesDefaults = !checkingResponse
        bulkLoading = checkingResponse
        for index in definition.fields.indices where definition.fields[index].repeatIndex == nil {
            applyDefault(to: index)
        }
        replaying = true
        populate(0)  // the entries `min` and `count` ask for
        if checkingResponse {
            pendingCounts = []  // followed once the response is loaded
        } else {
            runEveryChangeRules()
            settle()
        }
        replaying = false
    }

    /// A session with defaults only.
    public convenience init(definition: FormDefinition) {
        try! self.init(definition: definition, values: [:])
    }

    /// Puts a new instance's default in place (defaults never read other fields).
    func applyDefault(to instance: Int) {
        let index = tree.field(ofInstance: instance)
        var value = Value.null
        if appliesDefaults, case .value(let literal)? = definition.fields[index].defaultValue { value = literal }
        if appliesDefaults, case .expression(let expression)? = definition.fields[index].defaultValue {
            value = expression.evaluate(EvaluationContext(today: today, now: now, seed: uuidSeed) { _ in .null })
        }
        if definition.fields[index].kind == .switch, value.isNull { value = false }
        store.values[instance] = value
    }

    // MARK: Evaluation

    /// The evaluation of the current values, brought up to date with what changed.
    var evaluation: Evaluation {
        if !pendingChanges.isEmpty { settle() }
        return currentEvaluation
    }

    /// The evaluation as it stands, created if needed, without settling changes.
    var currentEvaluation: Evaluation {
        if let cachedEvaluation { return cachedEvaluation }
        let evaluation = Evaluation(
            definition: definition, store: store, tree: tree, today: today, now: now, seed: uuidSeed,
            language: language, filesAreAttachments: !appliesDefaults)
        cachedEvaluation = evaluation
        return evaluation
    }

    /// Everything must be evaluated and shown again.
    func invalidateEverything() {
        cachedEvaluation = nil
        pendingChanges = []
        reloadEverything = true
    }

    // MARK: Changing

    /// Sets a typed value. Dates may be given as `YYYY-MM-DD` text.
    ///
    /// - Parameter origin: `.person` (the default) may not change a read-only field
    ///   or an input; `.program` may (see `ValueOrigin`).
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
    /// - Parameter origin: `.person` (the default) may not change a read-only field
    ///   or an input; `.program` may.
    /// - Throws: `SessionError.rejected` naming the rule; the old value stays.
    public func set(_ id: String, text: String, origin: ValueOrigin = .person) throws(SessionError) {
        let instance = try self.instance(id)
        switch FieldValues.parse(text, for: fieldAsShown(instance), today: today, now: typedNowIsFixed ? now : .now()) {
        case .failure(let error): throw .rejected(named(offeredOptionsOnly(error, instance), instance))
        case .success(let value): try store(value, in: instance, origin: origin)
        }
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

    /// The one place a value (and whether its errors are shown) changes: recorded for
    /// undo and observers, and only what it affects is evaluated and shown again.
    func write(_ value: Value, touched isTouched: Bool, at instance: Int) {
        if bulkLoading {
            store.values[instance] = value
            return
        }
        let wasTouched = touched.contains(instance)
        guard values[instance] != value || wasTouched != isTouched else { return }
        record(.value(instance: instance, value: values[instance], touched: wasTouched))
        if isTouched { touched.insert(instance) } else { touched.remove(instance) }
        if values[instance] != value {
            store.values[instance] = value
            hasChanges = true
        }
        log(.value(instance))
        noteWritten(instance)
        pendingChanges.insert(Change(node: tree.field(ofInstance: instance), scope: tree.scope(ofInstance: instance)))
        pendingRows.insert(instance)
    }

    /// Records a change for observers.
    func log(_ change: LoggedChange) {
        changeLog.append(change)
        if changeLog.count > 200_000 {
            changeLog.removeFirst(100_000)
            changeLogStart += 100_000
        }
    }

    /// The changes made since change number `start` (see `changeCount`), or `nil`
    /// when the log no longer reaches back that far.
    public func changes(since start: Int) -> ArraySlice<LoggedChange>? {
        guard start >= changeLogStart else { return nil }
        return changeLog[(start - changeLogStart)...]
    }
}
