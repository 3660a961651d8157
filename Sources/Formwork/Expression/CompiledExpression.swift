/// Where a compiled expression reads its inputs: field values by index, and today.
public final class EvaluationContext {
    /// Today's date for `today()` and `age()`.
    public let today: LocalDate
    /// Reads the value of the field at an index (hidden and unanswered fields: `.null`).
    let read: (Int) -> Value

    public init(today: LocalDate, read: @escaping (Int) -> Value) {
        self.today = today
        self.read = read
    }
}

/// A checked expression compiled into closures, with what it reads.
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
        let run: @Sendable (EvaluationContext) -> Value

        init(source: String, expression: Expression, type: ValueType, references: [String],
             run: @escaping @Sendable (EvaluationContext) -> Value) {
            self.source = source
            self.expression = expression
            self.type = type
            self.references = references
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
    var run: @Sendable (EvaluationContext) -> Value { storage.run }

    /// Parses, checks and compiles `source`.
    ///
    /// - Throws: `[ExpressionError]`: every problem found (a parse error alone, or
    ///   every type error).
    public init(_ source: String, environment: ExpressionEnvironment) throws(ExpressionErrors) {
        let parsed: Expression
        do {
            parsed = try Parser.parse(source, limits: environment.limits)
        } catch {
            throw ExpressionErrors(errors: [error])
        }
        var checker = TypeChecker(environment: environment)
        let (checked, type) = checker.check(parsed)
        guard let type, checker.errors.isEmpty else { throw ExpressionErrors(errors: checker.errors) }
        storage = Storage(source: source, expression: checked, type: type, references: checked.references,
                          run: ExpressionCompiler(environment: environment).compile(checked))
    }

    /// Evaluates the expression.
    public func evaluate(_ context: EvaluationContext) -> Value { run(context) }

    /// Evaluates a condition: `true` only when the result is `true` (null counts as false).
    public func isSatisfied(_ context: EvaluationContext) -> Bool { run(context).isTrue }
}

/// Every problem found in one expression.
public struct ExpressionErrors: Error, Sendable {
    public var errors: [ExpressionError]
}

/// Turns a checked expression into nested closures. References become direct reads
/// by field index; `and`/`or` and `if` evaluate lazily; `matches` compiles its
/// pattern once.
struct ExpressionCompiler {
    typealias Code = @Sendable (EvaluationContext) -> Value
    let environment: ExpressionEnvironment

    func compile(_ expression: Expression) -> Code {
        switch expression.kind {
        case .literal(let value):
            return { _ in value }
        case .reference(let name):
            let index = environment.fields[name]!.index
            return { $0.read(index) }
        case .list(let elements):
            let codes = elements.map(compile)
            return { context in .list(codes.map { $0(context) }) }
        case let .unary(op, operand):
            let code = compile(operand)
            switch op {
            case .not: return { .bool(!code($0).isTrue) }
            case .negate:
                return { context in
                    if case .number(let number) = code(context) { return .number(-number) }
                    return .null
                }
            }
        case let .binary(op, left, right):
            return compileBinary(op, compile(left), compile(right))
        case let .call(name, arguments):
            return compileCall(name, arguments)
        }
    }

    func compileBinary(_ op: BinaryOperator, _ left: @escaping Code, _ right: @escaping Code) -> Code {
        switch op {
        case .and: return { .bool(left($0).isTrue && right($0).isTrue) }
        case .or: return { .bool(left($0).isTrue || right($0).isTrue) }
        case .equal: return { .bool(Semantics.equal(left($0), right($0))) }
        case .notEqual: return { .bool(!Semantics.equal(left($0), right($0))) }
        case .less: return { .bool(Semantics.order(left($0), right($0)).map { $0 < 0 } ?? false) }
        case .lessOrEqual: return { .bool(Semantics.order(left($0), right($0)).map { $0 <= 0 } ?? false) }
        case .greater: return { .bool(Semantics.order(left($0), right($0)).map { $0 > 0 } ?? false) }
        case .greaterOrEqual: return { .bool(Semantics.order(left($0), right($0)).map { $0 >= 0 } ?? false) }
        case .in: return { .bool(Semantics.isElement(left($0), of: right($0))) }
        case .add, .subtract, .multiply, .divide, .remainder:
            return { Semantics.arithmetic(op, left($0), right($0)) }
        }
    }

    func compileCall(_ name: String, _ arguments: [Expression]) -> Code {
        let codes = arguments.map(compile)
        switch name {
        case "if":
            let (condition, then, otherwise) = (codes[0], codes[1], codes[2])
            return { condition($0).isTrue ? then($0) : otherwise($0) }
        case "matches":
            guard case .literal(.string(let source)) = arguments[1].kind, let pattern = try? Pattern(source) else {
                return { _ in .null }
            }
            let text = codes[0]
            return { context in
                if case .string(let value) = text(context) { return .bool(pattern.matches(value)) }
                return false
            }
        default:
            let function = environment.functions[name]!
            let evaluate = function.evaluate
            return { context in evaluate(codes.map { $0(context) }, context.today) }
        }
    }
}

/// The runtime rules of the language (the README's semantics table).
enum Semantics {
    /// `==`: null equals only null; numbers, text (exact), dates, booleans and lists
    /// by value.
    static func equal(_ left: Value, _ right: Value) -> Bool { left == right }

    /// The order of two values of an ordered type; `nil` (so the comparison is false)
    /// when either is null or the types differ.
    static func order(_ left: Value, _ right: Value) -> Int? {
        switch (left, right) {
        case let (.number(a), .number(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.date(a), .date(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.string(a), .string(b)):
            // Exact, by Unicode scalar values: predictable and locale-independent.
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : (a == b ? 0 : 1)
        default: return nil
        }
    }

    /// `in`: false when either side is null.
    static func isElement(_ element: Value, of list: Value) -> Bool {
        guard !element.isNull, case .list(let elements) = list else { return false }
        return elements.contains(element)
    }

    /// `+ - * / %`: null in, null out; division by zero and overflow give null.
    static func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Value {
        switch (left, right) {
        case let (.number(a), .number(b)):
            let result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide:
                guard b != 0 else { return .null }
                result = a / b
            case .remainder:
                guard b != 0 else { return .null }
                result = a.truncatingRemainder(dividingBy: b)
            default: return .null
            }
            return result.isFinite ? .number(result) : .null
        case let (.string(a), .string(b)) where op == .add:
            return .string(a + b)
        case let (.date(date), .number(days)) where op == .add || op == .subtract:
            guard days == days.rounded(), abs(days) < 3_000_000 else { return .null }
            let shifted = date.adding(days: op == .add ? Int(days) : -Int(days))
            return (1...9999).contains(shifted.year) ? .date(shifted) : .null
        case let (.date(a), .date(b)) where op == .subtract:
            return .number(Double(a.daysSinceEpoch - b.daysSinceEpoch))
        default:
            return .null
        }
    }
}
