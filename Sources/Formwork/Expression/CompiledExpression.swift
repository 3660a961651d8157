/// Where a compiled expression reads its inputs: field values by index, and today;
/// in a form with repeats, also the entry it is evaluated in (its scope), whose
/// fields `$id` reads, and the entries of the repeats it can see.
public final class EvaluationContext {
    /// Today's date for `today()` and `age()`.
    public let today: LocalDate
    /// The moment `now()` reads.
    public let now: LocalDateTime
    /// What `uuid()` derives its values from (with the call and the entry).
    public let seed: UInt64
    /// What reads the values: not retained (an evaluation keeps its contexts, so a
    /// strong reference back would be a cycle); a reader made for a context alone is
    /// kept alive by `ownedReader`.
    unowned let scopes: any ScopeReader
    private let ownedReader: (any ScopeReader)?
    /// The entry the expression is evaluated in; 0: the form.
    let scope: Int
    /// How `string()`, `concat()` and a label's `{…}` write a number (the form's
    /// `numbersInText`).
    public let numbersInText: NumbersInText
    /// The row of a data table a `lookup()`'s condition is being read in (`cell()`,
    /// `row()`): set for each row while the condition runs, then restored, so
    /// lookups nest.
    var tableRow = -1

    /// A context that reads the value of the field at an index (hidden and unanswered
    /// fields: `.null`), for a form without repeats.
    ///
    /// - Parameters:
    ///   - today: Today's date for `today()` and `age()`.
    ///   - now: The moment `now()` reads; the clock's (on `today`) when `nil`.
    ///   - seed: What `uuid()` derives its values from.
    ///   - numbersInText: How a number is written as text.
    ///   - read: The value of the field at an index.
    public init(
        today: LocalDate, now: LocalDateTime? = nil, seed: UInt64 = 0, numbersInText: NumbersInText = .plain,
        read: @escaping (Int) -> Value
    ) {
        let reader = ClosureScopeReader(read: read, numbersInText: numbersInText)
        self.today = today
        self.now = now ?? LocalDateTime(date: today, time: .now())
        self.seed = seed
        self.scopes = reader
        self.ownedReader = reader
        self.scope = 0
        self.numbersInText = numbersInText
    }

    /// A context of `scopes`, which must outlive it (an evaluation and its contexts).
    init(
        today: LocalDate, now: LocalDateTime, seed: UInt64, scopes: any ScopeReader, scope: Int,
        numbersInText: NumbersInText
    ) {
        self.today = today
        self.now = now
        self.seed = seed
        self.scopes = scopes
        self.ownedReader = nil
        self.scope = scope
        self.numbersInText = numbersInText
    }

    /// `$field`, seen from this scope.
    func read(_ field: Int) -> Value { scopes.read(field, in: scope) }

    /// The entries of a repeat, seen from this scope, as scopes.
    func entries(of repeatIndex: Int) -> [Int] { scopes.entries(of: repeatIndex, in: scope) }

    /// The context of an entry (to read a condition in each entry).
    func entered(_ entry: Int) -> EvaluationContext { scopes.context(for: entry) }

    /// `label($choice)`: an option's label as shown, or the value itself.
    func optionLabel(_ field: Int, _ value: String) -> String {
        scopes.optionLabel(field: field, value: value, in: scope) ?? value
    }

    /// The language texts are shown in (`nil`: the form's default), for a data
    /// table's column with texts per language.
    var language: String? { scopes.language }

    /// `valid($field)`: whether the field, seen from this scope, has no error now.
    func isValid(_ field: Int) -> Bool { scopes.isValid(field: field, in: scope) }

    /// The identity of this scope's entry, kept across moves and drafts (`uuid()`).
    var entryKey: Int { scopes.entryKey(of: scope) }

    /// `index()`: the position of this scope's entry, from 1.
    var position: Value { scopes.position(of: scope).map { .number(Double($0)) } ?? .null }
}

/// What resolves reads by scope: a session's evaluation, or a plain closure.
protocol ScopeReader: AnyObject {
    func read(_ field: Int, in scope: Int) -> Value
    /// A field of each of `entries` (entries of the field's own repeat), in order: what
    /// `$members.age` reads, without a context per entry.
    func readEach(_ field: Int, inEntries entries: [Int]) -> [Value]
    func entries(of repeatIndex: Int, in scope: Int) -> [Int]
    func context(for scope: Int) -> EvaluationContext
    func position(of scope: Int) -> Int?
    /// The label of a choice field's option, in the session's language, seen from a
    /// scope (`label($size)`); `nil` when the field has no such option.
    func optionLabel(field: Int, value: String, in scope: Int) -> String?
    func entryKey(of scope: Int) -> Int
    /// The language texts are shown in (`nil`: the form's default).
    var language: String? { get }
    /// Whether a field, seen from a scope, has no error now (`valid($field)`).
    func isValid(field: Int, in scope: Int) -> Bool
}

extension ScopeReader {
    func optionLabel(field: Int, value: String, in scope: Int) -> String? { nil }
    /// The identity of a scope's entry, for `uuid()`: the scope itself by default.
    func entryKey(of scope: Int) -> Int { scope }
    var language: String? { nil }
    /// Without a session, every field is valid.
    func isValid(field: Int, in scope: Int) -> Bool { true }
}

/// Reads by field index alone: no repeats, one scope.
final class ClosureScopeReader: ScopeReader {
    let readField: (Int) -> Value
    let numbersInText: NumbersInText

    init(read: @escaping (Int) -> Value, numbersInText: NumbersInText) {
        readField = read
        self.numbersInText = numbersInText
    }

    func read(_ field: Int, in scope: Int) -> Value { readField(field) }
    func readEach(_ field: Int, inEntries entries: [Int]) -> [Value] { entries.map { _ in readField(field) } }
    func entries(of repeatIndex: Int, in scope: Int) -> [Int] { [] }
    func context(for scope: Int) -> EvaluationContext {
        EvaluationContext(today: .today(), numbersInText: numbersInText, read: readField)
    }
    func position(of scope: Int) -> Int? { nil }
}

/// A checked expression compiled into closures, with what it reads.
///
/// `init` runs the pipeline: `Lexer` and `Parser` build the tree, `TypeChecker`
/// checks it, `ExpressionCompiler` (in ExpressionCompiler.swift) turns it into the
/// closures that `evaluate(_:)` runs.
///
/// ```swift
/// let environment = ExpressionEnvironment(fields: [FieldSignature(id: "age", index: 0, type: .number)])
/// let adult = try CompiledExpression("$age >= 18", environment: environment)
/// adult.evaluate(EvaluationContext(today: .today()) { _ in 21 })   // true
/// ```
public struct CompiledExpression: Sendable {
    /// What is compiled lives in one shared box: forms hold many expressions per
    /// field, and a single reference keeps field definitions small and cheap to copy.
    private final class Storage: Sendable {
        let source: String
        let expression: Expression
        let type: ValueType
        let references: [String]
        /// The fields its `valid(…)` calls check (none for most).
        let validatedFields: [String]
        let location: SourceLocation?
        let run: @Sendable (EvaluationContext) -> Value

        init(
            source: String, expression: Expression, type: ValueType, references: [String],
            validatedFields: [String] = [], location: SourceLocation? = nil,
            run: @escaping @Sendable (EvaluationContext) -> Value
        ) {
            self.source = source
            self.location = location
            self.expression = expression
            self.type = type
            self.references = references
            self.validatedFields = validatedFields
            self.run = run
        }
    }

    private let storage: Storage

    /// The text as written.
    public var source: String { storage.source }
    /// The checked tree (string literals compared with dates are date literals).
    public var expression: Expression { storage.expression }
    /// The static type of the result.
    public var type: ValueType { storage.type }
    /// The ids of the fields it reads, in order of appearance.
    public var references: [String] { storage.references }
    /// The ids of the fields its `valid(…)` calls check, whose rules it reads too.
    public var validatedFields: [String] { storage.validatedFields }
    /// Where the expression is written in its definition (for an imported form, a line
    /// of the definition it was translated to: `FormDefinition.place(of:)` names the
    /// source's own place); `nil` for one compiled from a string alone.
    public var location: SourceLocation? { storage.location }
    var run: @Sendable (EvaluationContext) -> Value { storage.run }
    /// The compiled expression's identity: copies of one compiled expression share it
    /// (so its value in one context is computed once for all of them).
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Parses, checks and compiles `source`.
    ///
    /// - Throws: `ExpressionErrors`: every problem found (a parse error alone, or
    ///   every type error).
    public init(_ source: String, environment: ExpressionEnvironment) throws(ExpressionErrors) {
        try self.init(source, environment: environment, location: nil)
    }

    /// Parses, checks and compiles `source`, written at `location` in a definition.
    init(_ source: String, environment: ExpressionEnvironment, location: SourceLocation?) throws(ExpressionErrors) {
        let parsed: Expression
        do {
            parsed = try Parser.parse(source, limits: environment.limits)
        } catch {
            throw ExpressionErrors(errors: [error])
        }
        var checker = TypeChecker(environment: environment)
        let (checked, type) = checker.check(parsed)
        guard let type, checker.errors.isEmpty else { throw ExpressionErrors(errors: checker.errors) }
        storage = Storage(
            source: source, expression: checked, type: type, references: checked.references,
            validatedFields: checker.callsValid ? checked.validatedFields : [], location: location,
            run: ExpressionCompiler(environment: environment).compile(checked))
    }

    /// Evaluates the expression.
    public func evaluate(_ context: EvaluationContext) -> Value { run(context) }

    /// Evaluates a condition: `true` only when the result is `true` (null counts as false).
    public func isSatisfied(_ context: EvaluationContext) -> Bool { run(context).isTrue }
}

/// Every problem found in one expression.
public struct ExpressionErrors: Error, Sendable {
    /// A parse error alone, or every type error, in the order they were found.
    public var errors: [ExpressionError]
}
