import FormworkCore
import Foundation

/// The engine's entry point: a form being filled.
///
/// It owns the values (a hidden field keeps its value and gets it back when shown
/// again) and a `DataSource` with one row per field, one `CellDescriptor` per field
/// kind, and each `visible` condition as the descriptors' `isHidden`. Every change
/// goes through `set`/`clear`/`toggle`; `reload` re-evaluates what the change can
/// affect and shows what changed.
///
/// ```swift
/// let session = FormSession(definition: try FormDefinition.load(contentsOf: url))
/// try session.set("firstName", text: "Ada")
/// let changes = session.reload()          // rows: +[0.1] (last name appears), ~[0.0→0.0]
/// session.validate()                      // [FieldError] of visible fields, in form order
/// print(session.answersJSON())
/// ```
///
/// ## Cost
/// A change costs what it can affect, not the size of the form: the fields that read
/// the changed one (transitively) are evaluated again, only their rows are rebuilt,
/// only their sections are reloaded, the list of current errors is kept up to date
/// for them alone, and an undo step records the fields it changed.
public final class FormSession {
    public let definition: FormDefinition
    /// The rows and sections, as views see them (`reload(_:)` keeps them current).
    /// Read-only: the session owns the model, so its indexes stay right.
    public var dataSource: any ListDataSource { source }
    /// The data source itself.
    private(set) lazy var source: DataSource = makeDataSource()
    /// Today's date for `today()` and `age()`; fixed per session so results are stable.
    public var today: LocalDate {
        didSet { invalidate(.all) }
    }

    /// Stored values by field index (`.null`: unanswered), shared with the evaluation.
    let store: ValueStore
    /// The stored values (read-only here: every change goes through `write`, which
    /// changes `store.values` in place).
    var values: [Value] { store.values }
    /// Fields whose errors are shown (changed by a person), or all after `validate()`.
    private(set) var touched: Set<Int> = []
    /// Whether every visible field's errors are shown (after a submit attempt).
    public var showsAllErrors = false {
        didSet { if showsAllErrors != oldValue { pendingReload = .all } }
    }

    /// What must be brought up to date, and how much of it.
    enum Invalidation: Equatable {
        /// Everything (the first time, a new `today`, every error shown at once).
        case all
        /// These fields changed (values, or whether their errors are shown); what reads
        /// them follows.
        case fields(Set<Int>)

        static let nothing = Invalidation.fields([])

        mutating func insert(_ field: Int) {
            if case .fields(var fields) = self {
                fields.insert(field)
                self = .fields(fields)
            }
        }
    }

    private var cachedEvaluation: Evaluation?
    /// What the evaluation has not seen yet.
    private var pendingEvaluation = Invalidation.all
    /// What changed since the data source last showed the form.
    var pendingReload = Invalidation.all
    /// Current rows by field index, reused while their content is unchanged.
    var rows: [Row?]
    /// Whether the data source has shown the form once (so partial reloads can follow).
    var hasReloaded = false

    /// Called after every reload with what changed (see `FormChange`).
    public var onChange: ((FormChange) -> Void)?
    let changeChannels = ChangeChannels()

    /// Undo steps: each the fields a change set and what they held before.
    var undoStack: [[FieldEdit]] = []
    var redoStack: [[FieldEdit]] = []
    /// The step being recorded (a change, or a batch of them).
    var openStep: [FieldEdit]?
    var batchDepth = 0

    /// Every field changed, in order, for observers that catch up later (drafts):
    /// `changeLog[i - changeLogStart]` is the field of change number `i`.
    private(set) var changeLog: [Int32] = []
    private(set) var changeLogStart = 0
    /// The number of changes made so far (undo and redo included): a change counter
    /// that observers compare.
    public var changeCount: Int { changeLogStart + changeLog.count }

    /// Descriptors added by the embedder; they replace the built-in ones with the same
    /// row identifier (a field kind's name).
    let extraDescriptors: [any CellDescriptorType]

    /// A session with the definition's defaults, then `values` applied.
    ///
    /// - Parameters:
    ///   - values: Starting values, typed (see `set(_:to:)`).
    ///   - today: The date `today()` and `age()` use for the whole session.
    ///   - cellDescriptors: Descriptors of your own, for rows named by a field kind
    ///     (`CellDescriptor<FieldRow, YourCell>(.named("rating"))`); they replace the
    ///     built-in ones for that kind.
    /// - Throws: `SessionError` for an unknown id or a value the field rejects.
    public init(
        definition: FormDefinition, values initial: [String: Value] = [:], today: LocalDate = .today(),
        cellDescriptors: [any CellDescriptorType] = []
    ) throws(SessionError) {
        self.definition = definition
        self.extraDescriptors = cellDescriptors
        self.today = today
        self.store = ValueStore(Array(repeating: .null, count: definition.fields.count))
        self.rows = Array(repeating: nil, count: definition.fields.count)
        let defaults = Evaluation(definition: definition, store: ValueStore(values), today: today)
        for field in definition.fields {
            if let value = field.defaultValue.map(defaults.evaluate), !value.isNull {
                store.values[field.index] = value
            }
            if field.kind == .switch, store.values[field.index].isNull { store.values[field.index] = false }
        }
        for (id, value) in initial.sorted(by: { $0.key < $1.key }) { try set(id, to: value) }
        touched = []
        hasChanges = false
        undoStack = []
        changeLog = []
        changeLogStart = 0
    }

    /// A session with defaults only.
    public convenience init(definition: FormDefinition) {
        try! self.init(definition: definition, values: [:])
    }

    // MARK: Evaluation

    /// The evaluation of the current values, brought up to date with what changed.
    var evaluation: Evaluation {
        if let cachedEvaluation, case .fields(let fields) = pendingEvaluation {
            if !fields.isEmpty {
                pendingEvaluation = .nothing
                cachedEvaluation.invalidate(definition.affected(by: fields))
            }
            return cachedEvaluation
        }
        let evaluation = Evaluation(definition: definition, store: store, today: today)
        cachedEvaluation = evaluation
        pendingEvaluation = .nothing
        return evaluation
    }

    /// Marks what must be evaluated and shown again.
    func invalidate(_ invalidation: Invalidation) {
        switch invalidation {
        case .all:
            cachedEvaluation = nil
            pendingEvaluation = .all
            pendingReload = .all
        case .fields(let fields):
            for field in fields {
                pendingEvaluation.insert(field)
                pendingReload.insert(field)
            }
        }
    }

    /// The field with `id`, or `SessionError.unknownField` with suggestions.
    public func field(_ id: String) throws(SessionError) -> FieldDefinition {
        guard let field = definition.field(id) else {
            throw .unknownField(id, suggestions: definition.suggestions(for: id))
        }
        return field
    }

    // MARK: Reading

    /// The stored value, even when the field is hidden (`.null` if unanswered);
    /// for computed fields, the computed value.
    public func value(of id: String) -> Value {
        guard let field = definition.field(id) else { return .null }
        return field.kind == .computed ? evaluation.value(of: field.index) : values[field.index]
    }

    /// What `$id` reads in expressions: the value when visible, else `.null`.
    public func effectiveValue(of id: String) -> Value {
        guard let field = definition.field(id) else { return .null }
        return evaluation.read(field.index)
    }

    /// Whether the field (and its section) is visible now.
    public func isVisible(_ id: String) -> Bool {
        if let field = definition.field(id) { return evaluation.isFieldVisible(field.index) }
        if let section = definition.section(id) { return evaluation.isSectionVisible(section.index) }
        return false
    }

    /// Whether the field must be answered now.
    public func isRequired(_ id: String) -> Bool {
        definition.field(id).map { evaluation.isRequired($0.index) } ?? false
    }

    /// Whether the field holds an answer, as `required` counts answers: a value, and
    /// for a switch that must be on, on.
    public func isAnswered(_ id: String) -> Bool {
        definition.field(id).map { evaluation.isAnswered($0.index) } ?? false
    }

    /// The options of a choice or multichoice field offered now.
    public func visibleOptions(of id: String) -> [ChoiceOption] {
        definition.field(id).map { evaluation.visibleOptions(of: $0.index) } ?? []
    }

    /// Evaluates an expression against the current values.
    public func evaluate(_ expression: CompiledExpression) -> Value {
        expression.evaluate(evaluation.context)
    }

    /// Whether any value differs from the definition's defaults.
    public private(set) var hasChanges = false

    // MARK: Changing

    /// Sets a typed value. Dates may be given as `YYYY-MM-DD` text.
    ///
    /// - Throws: `SessionError.rejected` naming the rule; the old value stays.
    public func set(_ id: String, to value: Value) throws(SessionError) {
        let field = try self.field(id)
        switch FieldValues.coerce(value, for: field) {
        case .failure(let error): throw .rejected(offeredOptionsOnly(error, field))
        case .success(let value): try store(value, in: field)
        }
    }

    /// Sets a value from text a person typed, read by the field's kind (see
    /// `FieldValues.parse`).
    ///
    /// - Throws: `SessionError.rejected` naming the rule; the old value stays.
    public func set(_ id: String, text: String) throws(SessionError) {
        let field = try self.field(id)
        switch FieldValues.parse(text, for: field, today: today) {
        case .failure(let error): throw .rejected(offeredOptionsOnly(error, field))
        case .success(let value): try store(value, in: field)
        }
    }

    /// An option error names only the options offered now (hidden ones are not a choice).
    func offeredOptionsOnly(_ error: FieldError, _ field: FieldDefinition) -> FieldError {
        guard case .option(let input, _) = error.rule else { return error }
        var narrowed = error
        narrowed.rule = .option(input, options: evaluation.visibleOptions(of: field.index).map(\.value))
        return narrowed
    }

    /// Clears a field (a switch turns off).
    public func clear(_ id: String) throws(SessionError) {
        let field = try self.field(id)
        try store(field.kind == .switch ? false : .null, in: field)
    }

    /// Flips a switch, or a multichoice option when `option` is given.
    public func toggle(_ id: String, option: String? = nil) throws(SessionError) {
        let field = try self.field(id)
        switch (field.kind, option) {
        case (.switch, nil):
            try store(.bool(!values[field.index].isTrue), in: field)
        case (.multichoice, let option?):
            let chosen: String
            switch FieldValues.option(option, of: field) {
            case .success(let value): chosen = value
            case .failure(let error): throw .rejected(error)
            }
            var selected: [Value] = if case .list(let elements) = values[field.index] { elements } else { [] }
            if let position = selected.firstIndex(of: .string(chosen)) {
                selected.remove(at: position)
            } else {
                selected.append(.string(chosen))
                selected.sort { a, b in
                    field.options.firstIndex { .string($0.value) == a }! < field.options.firstIndex {
                        .string($0.value) == b
                    }!
                }
            }
            try store(selected.isEmpty ? .null : .list(selected), in: field)
        case (.multichoice, nil):
            throw .notToggleable(field: field.id, kind: field.kind.rawValue, needsOption: true)
        default:
            throw .notToggleable(field: field.id, kind: field.kind.rawValue, needsOption: false)
        }
    }

    /// Stores a value a person or a program gave, after the field's input checks.
    private func store(_ value: Value, in field: FieldDefinition) throws(SessionError) {
        guard field.kind.isEditable else {
            throw .rejected(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue)))
        }
        if !value.isNull, let error = evaluation.inputError(value, of: field) { throw .rejected(error) }
        write(value, touched: true, at: field.index)
    }

    /// The one place a value (and whether its errors are shown) changes: recorded for
    /// undo and observers, and only what it affects is evaluated and shown again.
    func write(_ value: Value, touched isTouched: Bool, at index: Int) {
        let wasTouched = touched.contains(index)
        guard values[index] != value || wasTouched != isTouched else { return }
        recordEdit(FieldEdit(index: index, value: values[index], touched: wasTouched))
        if isTouched { touched.insert(index) } else { touched.remove(index) }
        if values[index] != value {
            store.values[index] = value
            hasChanges = true
        }
        changeLog.append(Int32(index))
        if changeLog.count > 200_000 {
            changeLog.removeFirst(100_000)
            changeLogStart += 100_000
        }
        invalidate(.fields([index]))
    }

    /// The fields changed since change number `start` (see `changeCount`), or `nil`
    /// when the log no longer reaches back that far.
    public func fieldsChanged(since start: Int) -> Set<Int>? {
        guard start >= changeLogStart else { return nil }
        return Set(changeLog[(start - changeLogStart)...].map(Int.init))
    }

    // MARK: Validation

    /// Every problem of the visible fields, one per field, in form order; shows all
    /// errors from now on.
    @discardableResult
    public func validate() -> [FieldError] {
        showsAllErrors = true
        return errors()
    }

    /// The current problems of the visible fields, one per field, in form order.
    ///
    /// - Complexity: O(*e* log *e*) for *e* errors: the list is kept up to date as
    ///   values change.
    public func errors() -> [FieldError] {
        evaluation.currentErrors()
    }

    /// The problem shown under a field now, if any (only for touched fields until
    /// `validate()`).
    public func shownError(of index: Int) -> FieldError? {
        guard showsAllErrors || touched.contains(index) else { return nil }
        return evaluation.firstError(of: index)
    }
}
