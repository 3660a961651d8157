import Foundation
import FormworkCore

/// The engine's entry point: a form being filled.
///
/// It owns the values (a hidden field keeps its value and gets it back when shown
/// again) and a `DataSource` with one row per field, one `CellDescriptor` per field
/// kind, and each `visible` condition as the descriptors' `isHidden`. Every change
/// goes through `set`/`clear`; `reload` re-evaluates visibility and returns what
/// changed.
///
/// ```swift
/// let session = FormSession(definition: try FormDefinition.load(contentsOf: url))
/// try session.set("firstName", text: "Ada")
/// let changes = session.reload()          // rows: +[0.1] (last name appears), ~[0.0→0.0]
/// session.validate()                      // [FieldError] of visible fields, in form order
/// print(session.answersJSON())
/// ```
public final class FormSession {
    public let definition: FormDefinition
    /// The rows and sections; views show it (`reload(_:)` keeps it current).
    public private(set) lazy var dataSource: DataSource = makeDataSource()
    /// Today's date for `today()` and `age()`; fixed per session so results are stable.
    public var today: LocalDate {
        didSet { invalidate() }
    }

    /// Stored values by field index (`.null`: unanswered), shared with the evaluation.
    let store: ValueStore
    var values: [Value] {
        get { store.values }
        set { store.values = newValue }
    }
    /// Fields whose errors are shown (changed by a person), or all after `validate()`.
    private(set) var touched: Set<Int> = []
    /// Whether every visible field's errors are shown (after a submit attempt).
    public var showsAllErrors = false {
        didSet { if showsAllErrors != oldValue { changedSinceReload = nil } }
    }

    private var cachedEvaluation: Evaluation?
    /// Fields changed since the evaluation was brought up to date (`nil`: everything).
    private var pendingEvaluation: Set<Int>? = []
    /// Fields changed since the last reload (`nil`: reload everything).
    var changedSinceReload: Set<Int>?
    /// Whether the data source has shown the form once (so partial reloads can follow).
    var hasReloaded = false
    /// Current rows by field index, reused while their content is unchanged.
    private var rows: [Row?]

    /// Called when a non-switch row is selected through the data source.
    public var onSelect: ((FieldDefinition) -> Void)?

    /// Called after every reload with what changed (see `FormChange`).
    public var onChange: ((FormChange) -> Void)?
    let changeChannels = ChangeChannels()

    var undoStack: [Snapshot] = []
    var redoStack: [Snapshot] = []
    /// While > 0, changes are grouped into the undo step recorded when it became 1.
    var batchDepth = 0
    var batchRecorded = false

    /// Descriptors added by the embedder; they replace the built-in ones with the same
    /// row identifier (a field kind's name).
    let extraDescriptors: [any CellDescriptorType]

    /// A session with the definition's defaults, then `values` applied.
    ///
    /// - Parameters:
    ///   - values: Starting values, typed (see `set(_:to:)`).
    ///   - today: The date `today()` and `age()` use for the whole session.
    /// - Throws: `SessionError` for an unknown id or a value the field rejects.
    ///   - cellDescriptors: Descriptors of your own, for rows named by a field kind
    ///     (`CellDescriptor<FieldRow, YourCell>(.named("rating"))`); they replace the
    ///     built-in ones for that kind.
    public init(definition: FormDefinition, values initial: [String: Value] = [:], today: LocalDate = .today(),
                cellDescriptors: [any CellDescriptorType] = []) throws(SessionError) {
        self.definition = definition
        self.extraDescriptors = cellDescriptors
        self.today = today
        self.store = ValueStore(Array(repeating: .null, count: definition.fields.count))
        self.rows = Array(repeating: nil, count: definition.fields.count)
        let defaults = Evaluation(definition: definition, store: ValueStore(values), today: today)
        for field in definition.fields {
            if let value = field.defaultValue.map(defaults.evaluate), !value.isNull { values[field.index] = value }
            if field.kind == .switch, values[field.index].isNull { values[field.index] = false }
        }
        for (id, value) in initial.sorted(by: { $0.key < $1.key }) { try set(id, to: value) }
        touched = []
        hasChanges = false
        undoStack = []
    }

    /// A session with defaults only.
    public convenience init(definition: FormDefinition) {
        try! self.init(definition: definition, values: [:])
    }

    // MARK: Evaluation

    var evaluation: Evaluation {
        if let cachedEvaluation, let pending = pendingEvaluation {
            if !pending.isEmpty {
                cachedEvaluation.invalidate(definition.affected(by: pending))
                pendingEvaluation = []
            }
            return cachedEvaluation
        }
        let evaluation = Evaluation(definition: definition, store: store, today: today)
        cachedEvaluation = evaluation
        pendingEvaluation = []
        return evaluation
    }

    /// Everything must be evaluated and shown again.
    func invalidate() {
        cachedEvaluation = nil
        pendingEvaluation = nil
        changedSinceReload = nil
    }

    /// Only `field` changed (its value, or whether its errors are shown): what reads it
    /// is evaluated again, and only the rows concerned are rebuilt at the next reload.
    func invalidate(field: Int) {
        pendingEvaluation?.insert(field)
        changedSinceReload?.insert(field)
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
        case .failure(let error):
            throw .rejected(offeredOptionsOnly(error, field))
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
                    field.options.firstIndex { .string($0.value) == a }! < field.options.firstIndex { .string($0.value) == b }!
                }
            }
            try store(selected.isEmpty ? .null : .list(selected), in: field)
        case (.multichoice, nil):
            throw .notToggleable(field: field.id, kind: field.kind.rawValue, needsOption: true)
        default:
            throw .notToggleable(field: field.id, kind: field.kind.rawValue, needsOption: false)
        }
    }

    private func store(_ value: Value, in field: FieldDefinition) throws(SessionError) {
        guard field.kind.isEditable else { throw .rejected(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue))) }
        if !value.isNull {
            let evaluation = self.evaluation
            if let error = evaluation.checkOwnRules(value, of: field) { throw .rejected(error) }
            if field.kind == .choice, case .string(let selected) = value,
                !evaluation.visibleOptions(of: field.index).contains(where: { $0.value == selected })
            {
                throw .rejected(FieldError(field: field.id, rule: .option(selected, options: evaluation.visibleOptions(of: field.index).map(\.value))))
            }
        }
        if touched.insert(field.index).inserted { changedSinceReload?.insert(field.index) }
        guard values[field.index] != value else { return }
        recordUndo()
        values[field.index] = value
        hasChanges = true
        invalidate(field: field.index)
    }

    /// Replaces every value at once (for undo and drafts): no checks beyond types.
    func restore(values newValues: [Value], touched newTouched: Set<Int>, undoable: Bool = true) {
        if newValues != values {
            hasChanges = true
            if undoable { recordUndo() }
        }
        values = newValues
        touched = newTouched
        invalidate()
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
    public func errors() -> [FieldError] {
        let evaluation = self.evaluation
        return definition.fields.compactMap { evaluation.firstError(of: $0.index) }
    }

    /// The problem shown under a field now, if any (only for touched fields until
    /// `validate()`).
    public func shownError(of index: Int) -> FieldError? {
        guard showsAllErrors || touched.contains(index) else { return nil }
        return evaluation.firstError(of: index)
    }

    // MARK: Rows

    /// The row for a field, reusing the current one when its content is unchanged,
    /// so unchanged rows diff by reference.
    func row(for index: Int) -> Row {
        let field = definition.fields[index]
        let evaluation = self.evaluation
        let value = evaluation.isFieldVisible(index) ? evaluation.value(of: index) : values[index]
        let item = FieldRow(
            index: index, id: field.id, kind: field.kind, value: value, displayValue: Self.display(value, of: field),
            isRequired: evaluation.isRequired(index), error: shownError(of: index))
        if let existing = rows[index], let current = existing.item(as: FieldRow.self), current.isEqualToDiffable(item) {
            return existing
        }
        let row = Row(item, identifier: .named(field.kindName))
        rows[index] = row
        return row
    }

    /// A value as a person sees it for a field.
    public static func display(_ value: Value, of field: FieldDefinition) -> String {
        switch (field.kind, value) {
        case (.switch, _): return value.isTrue ? "[x]" : "[ ]"
        case (.secure, .null): return ""
        case (.secure, _): return "•••"
        case (.note, _): return field.text ?? ""
        case (_, .null): return ""
        case (.choice, .string(let selected)): return field.option(withValue: selected)?.label ?? selected
        case (.multichoice, .list(let elements)):
            return elements.map { element in
                guard case .string(let selected) = element else { return element.plainText }
                return field.option(withValue: selected)?.label ?? selected
            }.joined(separator: ", ")
        default: return value.plainText
        }
    }
}
