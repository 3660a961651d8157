/// What an expression may know about a field it reads.
public struct FieldSignature: Sendable, Hashable {
    /// The field's id.
    public var id: String
    /// The field's position in the form, used to read its value quickly.
    public var index: Int
    /// The type of the field's value; `nil` for fields without a value (notes).
    public var type: ValueType?
    /// For choice and multichoice fields: the option values, which compared
    /// literals must be one of.
    public var options: [String]?
    /// The repeat whose entries each hold one of this field (`nil`: the form has one).
    public var scope: Int?

    /// A field `id` at `index` whose value is of `type`, limited to `options` when it is a
    /// choice, held by the entries of the repeat at `scope` (`nil`: the form).
    public init(id: String, index: Int, type: ValueType?, options: [String]? = nil, scope: Int? = nil) {
        self.id = id
        self.index = index
        self.type = type
        self.options = options
        self.scope = scope
    }
}

/// What an expression may know about a repeat it reads (`count($members)`,
/// `$members.age`).
public struct RepeatSignature: Sendable, Hashable {
    /// The repeat's id, as `$id` names it.
    public var id: String
    /// The repeat's position among the form's repeats, as fields' `scope` gives it.
    public var index: Int
    /// The repeats it is nested in, outermost first, itself last.
    public var ancestry: [Int]

    /// A repeat `id` at `index`, nested in the repeats `ancestry` lists (outermost first, itself last).
    public init(id: String, index: Int, ancestry: [Int]) {
        self.id = id
        self.index = index
        self.ancestry = ancestry
    }

    /// The repeat whose entries hold this one's entries, if any.
    public var parent: Int? { ancestry.dropLast().last }
}

/// The names an expression can use: fields, repeats and functions, and where the
/// expression is (`scope`): in an entry of a repeat, `$age` is that entry's age.
public struct ExpressionEnvironment: Sendable {
    /// The fields by id.
    public var fields: [String: FieldSignature]
    /// The repeats by id.
    public var repeats: [String: RepeatSignature]
    /// The functions calls may name, by name.
    public var functions: [String: FunctionDefinition]
    /// The bounds on an expression's length and depth.
    public var limits: Limits
    /// The form's data tables (`data:`) by name, which `lookup()` reads.
    public var tables: [String: DataTable] = [:]
    /// The repeat whose entries the expression is evaluated in; `nil`: the form.
    public var scope: Int?
    /// In the condition of a `lookup()`: the table whose rows it is read in, whose
    /// cells `cell('column')` reads.
    var rowTable: String?
    /// Repeats by index.
    var repeatsByIndex: [Int: RepeatSignature]
    /// Where the expression is written (`line:column` in its file), so each `uuid()`
    /// call has an identity of its own.
    var site = ""

    /// The names of `fields`, `repeats` and `functions` (a name given twice: its first),
    /// seen from the entries of the repeat at `scope` (`nil`: the form).
    public init(
        fields: [FieldSignature] = [], repeats: [RepeatSignature] = [],
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns, limits: Limits = .default,
        scope: Int? = nil,
        tables: [String: DataTable] = [:]
    ) {
        self.tables = tables
        self.fields = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.repeats = Dictionary(repeats.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.repeatsByIndex = Dictionary(repeats.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        self.functions = functions
        self.limits = limits
        self.scope = scope
    }

    /// The same names, seen from the entries of `scope`.
    public func inScope(_ scope: Int?) -> ExpressionEnvironment {
        var copy = self
        copy.scope = scope
        return copy
    }

    /// The repeats the expression is inside, outermost first.
    var scopeAncestry: [Int] { scope.flatMap { repeatsByIndex[$0]?.ancestry } ?? [] }

    /// Whether something held by the entries of `repeatIndex` (or by the form, when
    /// `nil`) can be read from here: the expression is in such an entry, or in one
    /// nested in it.
    func canRead(within repeatIndex: Int?) -> Bool {
        guard let repeatIndex else { return true }
        return scopeAncestry.contains(repeatIndex)
    }

    /// The index of the field `name` names, when an expression here reads it whole (the
    /// form's, or its own entry's): `nil` for another entry's field, a repeat, or an
    /// input the form does not hold.
    func readableField(_ name: String) -> Int? {
        guard let signature = fields[name], canRead(within: signature.scope) else { return nil }
        return signature.index
    }
}

/// Checks an expression against an environment: every reference exists and has a
/// value, functions exist with the right arity and argument types, operators get
/// operands they accept, comparisons are between compatible types, compared choice
/// values are options, and `matches` patterns compile.
///
/// It also rewrites what it can decide now: a string literal compared with a date
/// becomes a date literal (`$born < '2000-01-01'`).
struct TypeChecker {
    var environment: ExpressionEnvironment
    private(set) var errors: [ExpressionError] = []
    /// Whether the expression calls `valid(…)` (its dependencies then reach further).
    var callsValid = false

    init(environment: ExpressionEnvironment) {
        self.environment = environment
    }

    /// The checked (possibly rewritten) expression and its type; `nil` type after an
    /// error, which is recorded in `errors` (no cascade of follow-up errors).
    mutating func check(_ expression: Expression) -> (Expression, ValueType?) {
        var expression = expression
        let type = check(&expression)
        return (expression, type)
    }

    mutating func fail(_ problem: Problem, _ expression: Expression) -> ValueType? {
        errors.append(ExpressionError(problem, offset: expression.offset, length: expression.length))
        return nil
    }

    mutating func check(_ expression: inout Expression) -> ValueType? {
        switch expression.kind {
        case .literal(let value):
            return value.type
        case .reference(let name):
            return checkReference(name, expression)
        case .list(var elements):
            var elementType: ValueType = .null
            var failed = false
            for index in elements.indices {
                guard let type = check(&elements[index]), rejectEntries(type, elements[index]) else {
                    failed = true
                    continue
                }
                guard let unified = elementType.unified(with: type) else {
                    _ = fail(.mixedList(first: elementType.description, other: type.description), elements[index])
                    failed = true
                    continue
                }
                elementType = unified
            }
            expression.kind = .list(elements)
            return failed ? nil : .list(elementType)
        case .unary(let op, var operand):
            let type = check(&operand)
            expression.kind = .unary(op, operand)
            guard let type, rejectEntries(type, operand) else { return nil }
            let expected: ValueType = op == .not ? .bool : .number
            guard type == expected || type == .null else {
                return fail(
                    .operandType(operator: op.rawValue, expected: expected.description, found: type.description),
                    operand)
            }
            return expected
        case .binary(let op, var left, var right):
            let leftType = check(&left)
            let rightType = check(&right)
            defer { expression.kind = .binary(op, left, right) }
            guard let leftType, let rightType, rejectEntries(leftType, left), rejectEntries(rightType, right) else {
                return nil
            }
            return checkBinary(op, &left, leftType, &right, rightType, whole: expression)
        case .call(let name, var arguments):
            defer { expression.kind = .call(name, arguments) }
            return checkCall(name, &arguments, whole: expression)
        }
    }

    /// False (after an error) when `type` is a repeat's entries: they are read
    /// through `count`, `any`, `all` or a field path, never as a value.
    mutating func rejectEntries(_ type: ValueType, _ expression: Expression) -> Bool {
        guard case .entries(let id) = type else { return true }
        _ = fail(.entriesAsValue(id), expression)
        return false
    }

    // MARK: Operators

    private mutating func checkBinary(
        _ op: BinaryOperator, _ left: inout Expression, _ leftType: ValueType,
        _ right: inout Expression, _ rightType: ValueType, whole: Expression
    ) -> ValueType? {
        switch op {
        case .and, .or:
            for (side, type) in [(left, leftType), (right, rightType)] where type != .bool && type != .null {
                return fail(.operandType(operator: op.rawValue, expected: "a boolean", found: type.description), side)
            }
            return .bool
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            var leftType = leftType, rightType = rightType
            guard coerceDate(&left, &leftType, &right, &rightType) else { return nil }
            guard leftType.isCompatible(with: rightType) else {
                return fail(
                    .incompatibleComparison(
                        operator: op.rawValue, left: leftType.description, right: rightType.description), whole)
            }
            if op != .equal, op != .notEqual {
                let ordered = leftType.unified(with: rightType) ?? .null
                guard [.null, .number, .string, .date, .time, .dateTime].contains(ordered) else {
                    return fail(
                        .incompatibleComparison(
                            operator: op.rawValue, left: leftType.description, right: rightType.description), whole)
                }
            }
            checkOptions(left, against: right)
            checkOptions(right, against: left)
            return .bool
        case .in:
            var elementType: ValueType
            switch rightType {
            case .list(let element): elementType = element
            case .null: elementType = .null
            default:
                return fail(
                    .operandType(operator: "in", expected: "a list on the right", found: rightType.description), right)
            }
            if leftType == .date, elementType == .string, case .list(var elements) = right.kind {
                for index in elements.indices {
                    guard case .literal(.string(let text)) = elements[index].kind else { continue }
                    guard let date = LocalDate(text) else { return fail(.invalidDate(text), elements[index]) }
                    elements[index].kind = .literal(.date(date))
                }
                right.kind = .list(elements)
                elementType = .date
            }
            guard leftType.isCompatible(with: elementType) else {
                return fail(
                    .incompatibleComparison(
                        operator: "in", left: leftType.description,
                        right: ValueType.list(elementType).description), whole)
            }
            if case .list(let elements) = right.kind {
                for element in elements { checkOptions(left, against: element) }
            }
            checkOptions(right, against: left)
            return .bool
        case .add, .subtract, .multiply, .divide, .remainder:
            return checkArithmetic(op, left, leftType, right, rightType)
        }
    }

    private mutating func checkArithmetic(
        _ op: BinaryOperator, _ left: Expression, _ leftType: ValueType, _ right: Expression, _ rightType: ValueType
    ) -> ValueType? {
        switch (op, leftType, rightType) {
        case (_, .number, .number), (_, .number, .null), (_, .null, .number), (_, .null, .null): return .number
        case (.add, .string, .string), (.add, .string, .null), (.add, .null, .string): return .string
        case (.add, .date, .number), (.add, .date, .null), (.subtract, .date, .number), (.subtract, .date, .null):
            return .date
        case (.subtract, .date, .date): return .number
        default:
            let expected: String
            switch op {
            case .add: expected = "numbers, text and text, or a date and a number of days"
            case .subtract: expected = "numbers, a date and a number of days, or two dates"
            default: expected = "numbers"
            }
            let offending = leftType == .number || (leftType == .date && op != .multiply) ? right : left
            let found = offending.offset == right.offset ? rightType : leftType
            return fail(.operandType(operator: op.rawValue, expected: expected, found: found.description), offending)
        }
    }

    /// Turns a string literal compared with a date, time or datetime into a literal of
    /// that type (`$born < '2000-01-01'`, `$start < '12:00'`); false after an error.
    private mutating func coerceDate(
        _ left: inout Expression, _ leftType: inout ValueType, _ right: inout Expression, _ rightType: inout ValueType
    ) -> Bool {
        func coerce(_ literal: inout Expression, _ type: inout ValueType, to target: ValueType) -> Bool {
            guard case .literal(.string(let text)) = literal.kind else { return true }
            let value: Value?
            let problem: Problem
            switch target {
            case .time: (value, problem) = (LocalTime(text).map { .time($0) }, .invalidTime(text))
            case .dateTime: (value, problem) = (LocalDateTime(text).map { .dateTime($0) }, .invalidDateTime(text))
            default: (value, problem) = (LocalDate(text).map { .date($0) }, .invalidDate(text))
            }
            guard let value else {
                _ = fail(problem, literal)
                return false
            }
            literal.kind = .literal(value)
            type = target
            return true
        }
        let temporal: [ValueType] = [.date, .time, .dateTime]
        if temporal.contains(leftType), rightType == .string { return coerce(&right, &rightType, to: leftType) }
        if temporal.contains(rightType), leftType == .string { return coerce(&left, &leftType, to: rightType) }
        return true
    }

    /// A string literal compared with a choice field must be one of its options.
    private mutating func checkOptions(_ reference: Expression, against literal: Expression) {
        guard case .reference(let name) = reference.kind, let options = environment.fields[name]?.options,
            case .literal(.string(let value)) = literal.kind, !options.contains(value)
        else { return }
        _ = fail(
            .notAnOption(value: value, field: name, suggestion: Suggestions.closest(to: value, in: options).first),
            literal)
    }

    // MARK: Calls

    private mutating func checkCall(_ name: String, _ arguments: inout [Expression], whole: Expression) -> ValueType? {
        if let aggregate = checkAggregate(name, &arguments, whole: whole) { return aggregate }
        var types: [ValueType] = []
        var failed = false
        for index in arguments.indices {
            if let type = check(&arguments[index]), rejectEntries(type, arguments[index]) {
                types.append(type)
            } else {
                failed = true
            }
        }
        guard let function = environment.functions[name] else {
            let suggestion = Suggestions.closest(to: name, in: environment.functions.keys).first
            return fail(
                .unknownFunction(name, suggestion: suggestion),
                Expression(kind: .literal(.null), offset: whole.offset, length: name.count))
        }
        guard function.arity.contains(arguments.count) else {
            let range = function.arity
            let count =
                range.lowerBound == range.upperBound
                ? "\(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)"
            let noun = range.upperBound == 1 && range.lowerBound == 1 ? "argument" : "arguments"
            return fail(
                .wrongArity(
                    function: name, expected: "\(count) \(noun)", found: arguments.count, usage: function.signature),
                whole)
        }
        guard !failed else { return nil }
        if name == "min" || name == "max", arguments.count == 2 {
            var (first, second) = (arguments[0], arguments[1])
            var (firstType, secondType) = (types[0], types[1])
            guard coerceDate(&first, &firstType, &second, &secondType) else { return nil }
            (arguments[0], arguments[1], types[0], types[1]) = (first, second, firstType, secondType)
        }
        switch function.check(types) {
        case .failure(let mismatch):
            return fail(
                .argumentType(
                    function: name, position: mismatch.index + 1, expected: mismatch.expected,
                    found: types[mismatch.index].description, usage: function.signature),
                arguments[mismatch.index])
        case .success(let type):
            if name == "matches" { return checkPattern(arguments[1]) ? type : nil }
            if name == "date", case .literal(.string(let text)) = arguments[0].kind, LocalDate(text) == nil {
                return fail(.invalidDate(text), arguments[0])
            }
            if name == "contains", arguments.count == 2 { checkOptions(arguments[0], against: arguments[1]) }
            if name == "date-diff", case .literal(.string(let unit)) = arguments[2].kind,
                !FunctionLibrary.dateDiffUnits.contains(unit)
            {
                return fail(
                    .argumentType(
                        function: name, position: 3, expected: Suggestions.quotedList(FunctionLibrary.dateDiffUnits),
                        found: "'\(unit)'", usage: function.signature), arguments[2])
            }
            return type
        }
    }

    private mutating func checkPattern(_ argument: Expression) -> Bool {
        guard case .literal(.string(let pattern)) = argument.kind else {
            _ = fail(.patternNotLiteral, argument)
            return false
        }
        do {
            _ = try Pattern(pattern)
            return true
        } catch {
            _ = fail(.invalidPattern(pattern: pattern, reason: error.reason), argument)
            return false
        }
    }
}
