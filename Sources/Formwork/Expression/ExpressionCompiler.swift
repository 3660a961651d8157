/// Turns a checked expression into nested closures. References become direct reads
/// by field index; `and`/`or` and `if` evaluate lazily; `matches` compiles its
/// pattern once.
///
/// The last stage of `CompiledExpression.init` (in CompiledExpression.swift), after
/// `Parser` and `TypeChecker`: it trusts the checker (every reference and function
/// exists), and the closures it builds follow the runtime rules in `Semantics`.
struct ExpressionCompiler {
    typealias Code = @Sendable (EvaluationContext) -> Value
    let environment: ExpressionEnvironment

    func compile(_ expression: Expression) -> Code {
        switch expression.kind {
        case .literal(let value):
            return { _ in value }
        case .reference(let name):
            if let field = environment.fields[name] {
                let index = field.index
                return { $0.read(index) }
            }
            guard let path = repeatPath(name) else { return { _ in .null } }  // entries: only inside aggregates
            let entries = path.entries
            guard let field = path.field else { return { _ in .null } }
            return { context in .list(context.scopes.readEach(field, inEntries: entries(context))) }
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
            // One draw per call: where the expression is, and where in it.
            if let chance = compileChance(name, arguments, offset: expression.offset) { return chance }
            return compileCall(name, arguments)
        }
    }

    func compileBinary(_ op: BinaryOperator, _ left: @escaping Code, _ right: @escaping Code) -> Code {
        switch op {
        case .and: return { .bool(left($0).isTrue && right($0).isTrue) }
        case .or: return { .bool(left($0).isTrue || right($0).isTrue) }
        case .equal:
            return { .bool(Semantics.equal(left($0), right($0), javaNumbers: $0.numbersInText.javaArithmetic)) }
        case .notEqual:
            return { .bool(!Semantics.equal(left($0), right($0), javaNumbers: $0.numbersInText.javaArithmetic)) }
        case .less: return { .bool(Semantics.order(left($0), right($0)).map { $0 < 0 } ?? false) }
        case .lessOrEqual: return { .bool(Semantics.order(left($0), right($0)).map { $0 <= 0 } ?? false) }
        case .greater: return { .bool(Semantics.order(left($0), right($0)).map { $0 > 0 } ?? false) }
        case .greaterOrEqual: return { .bool(Semantics.order(left($0), right($0)).map { $0 >= 0 } ?? false) }
        case .in: return { .bool(Semantics.isElement(left($0), of: right($0))) }
        case .add, .subtract, .multiply, .divide, .remainder:
            return { context in
                Semantics.arithmetic(
                    op, left(context), right(context), javaArithmetic: context.numbersInText.javaArithmetic,
                    correctsDecimals: context.numbersInText.correctsDecimals)
            }
        }
    }

    /// A path into repeats (`$members`, `$members.visits.date`): the scopes of the
    /// entries it reaches (flattened across enclosing entries) and the field it ends
    /// with, if any.
    func repeatPath(_ name: String) -> (entries: @Sendable (EvaluationContext) -> [Int], field: Int?)? {
        let segments = name.split(separator: ".").map(String.init)
        guard let head = environment.repeats[segments[0]] else { return nil }
        var steps = [head.index]
        var field: Int?
        for segment in segments.dropFirst() {
            if let nested = environment.repeats[segment] {
                steps.append(nested.index)
            } else {
                field = environment.fields[segment]?.index
            }
        }
        let path = steps
        return (
            { context in
                var scopes = context.entries(of: path[0])
                for step in path.dropFirst() {
                    scopes = scopes.flatMap { context.scopes.entries(of: step, in: $0) }
                }
                return scopes
            }, field
        )
    }

    /// `count`, `any` and `all` over entries (the condition read in each entry), and
    /// `index()`; `nil` for other calls.
    func compileAggregate(_ name: String, _ arguments: [Expression]) -> Code? {
        if name == "index" { return { $0.position } }
        if name == "label" { return compileLabel(arguments) }
        if name == "valid" { return compileValid(arguments) }
        if name == "lookup" || name == "lookup-all" { return compileLookup(name, arguments) }
        if name == "cell" { return compileCell(arguments) }
        if name == "row" { return { .number(Double($0.tableRow + 1)) } }
        guard ["count", "any", "all"].contains(name), case .reference(let reference) = arguments.first?.kind,
            environment.fields[reference] == nil, let path = repeatPath(reference), path.field == nil
        else { return nil }
        let entries = path.entries
        let condition = arguments.count > 1 ? compile(arguments[1]) : nil
        switch (name, condition) {
        case ("count", nil): return { .number(Double(entries($0).count)) }
        case ("count", let condition?):
            return { context in .number(Double(entries(context).count { condition(context.entered($0)).isTrue })) }
        case ("any", let condition?):
            return { context in .bool(entries(context).contains { condition(context.entered($0)).isTrue }) }
        case ("all", let condition?):
            return { context in .bool(entries(context).allSatisfy { condition(context.entered($0)).isTrue }) }
        default: return nil
        }
    }

    func compileCall(_ name: String, _ arguments: [Expression]) -> Code {
        if let aggregate = compileAggregate(name, arguments) { return aggregate }
        let codes = arguments.map(compile)
        switch name {
        case "if":
            let (condition, then, otherwise) = (codes[0], codes[1], codes[2])
            return { condition($0).isTrue ? then($0) : otherwise($0) }
        case "now":
            return { .dateTime($0.now) }
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
            if let writing = function.evaluateWritingNumbers {
                return { context in writing(codes.map { $0(context) }, context.numbersInText) }
            }
            let evaluate = function.evaluate
            return { context in
                let value = evaluate(codes.map { $0(context) }, context.today)
                // Functions keep an infinity (`log(0)`); a form that does not is given null.
                if case .number(let number) = value, number.isInfinite, !context.numbersInText.javaArithmetic {
                    return .null
                }
                return value
            }
        }
    }
}
