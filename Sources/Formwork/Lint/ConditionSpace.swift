/// A form's conditions taken apart for reasoning: each condition split into its
/// conjuncts (the operands of its top-level `and`s), and each conjunct rewritten so
/// that what can be decided exactly stays and the rest becomes a free variable.
///
/// An *exact atom* compares one field with a value that reads no field (`$age < 18`,
/// `$region == 'north'`, `'chest' in $pain`, `count($pain) >= 2`, `empty($name)`, a
/// switch by itself). Over such atoms a field's values fall into a few regions (below
/// 18, 18, above 18, empty), and one value of each region, its *candidate*, stands for
/// all of it. Anything else that decides (`$a > $b`, `regex($id, '…')`, a count of a
/// repeat) is an *opaque* atom: replaced by a variable that may be true, false or
/// empty, whatever the fields it reads. So every claim made from the candidates —
/// "no answer shows this", "every answer passes this rule" — holds for every answer:
/// the engine's own evaluator decides each candidate combination, and an opaque atom
/// can only make a claim weaker, never wrong.
final class ConditionSpace {
    /// One operand of a condition's top-level `and`, ready to evaluate over candidates.
    struct Conjunct {
        /// The rewritten conjunct, compiled against the form's fields and the opaque
        /// variables; `nil` when even an opaque variable did not compile, which leaves
        /// whatever reads the conjunct undecided.
        let compiled: CompiledExpression?
        /// The conjunct as the form writes it (as Formwork reads it).
        let text: String
        /// The variables it reads, each once.
        let variables: [Variable]
        /// The values each field is compared with in it.
        let constants: [Int: [Value]]
    }

    /// What a candidate combination assigns: a field's value, or an opaque atom's outcome.
    enum Variable: Hashable, Comparable {
        case field(Int)
        case opaque(Int)
    }

    let definition: FormDefinition
    /// The moment `today()` and `now()` are read at (constant over one lint).
    let today: LocalDate
    /// The text of each opaque atom, by its number.
    private(set) var opaqueTexts: [String] = []
    private var opaqueNumbers: [String: Int] = [:]
    private var conjuncts: [ObjectIdentifier: [Conjunct]] = [:]
    private let constantEnvironment: ExpressionEnvironment
    /// The calls whose value changes from one evaluation to the next.
    static let volatileCalls: Set<String> = ["random", "uuid", "randomize", "now", "today", "once"]
    static let comparisons: Set<BinaryOperator> = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]

    init(_ definition: FormDefinition, today: LocalDate) {
        self.definition = definition
        self.today = today
        constantEnvironment = definition.environment
    }

    /// The variable number the opaque atom `number` is read at.
    func index(of variable: Variable) -> Int {
        switch variable {
        case .field(let index): index
        case .opaque(let number): definition.fields.count + number
        }
    }

    /// The conjuncts of `expression`, written in the entries of `scope` (`nil`: the form).
    func conjuncts(of expression: CompiledExpression, scope: Int?) -> [Conjunct] {
        if let known = conjuncts[expression.identity] { return known }
        let scalars = Array(expression.source.unicodeScalars)
        var parts: [Expression] = []
        func flatten(_ node: Expression) {
            if case .binary(.and, let left, let right) = node.kind {
                flatten(left)
                flatten(right)
            } else {
                parts.append(node)
            }
        }
        flatten(expression.expression)
        let environment = definition.environment.inScope(scope)
        var made: [Conjunct] = []
        for part in parts {
            if let conjunct = rewrite(part, scalars: scalars, environment: environment) {
                made.append(conjunct)
            } else {
                // What cannot be compiled again is one opaque atom, as a whole.
                let text = Self.text(of: part, in: scalars)
                made.append(opaqueConjunct(text, scope: scope))
            }
        }
        conjuncts[expression.identity] = made
        return made
    }

    // MARK: Rewriting

    private func rewrite(
        _ node: Expression, scalars: [Unicode.Scalar], environment: ExpressionEnvironment
    )
        -> Conjunct?
    {
        var constants: [Int: [Value]] = [:]
        var variables: [Variable] = []
        var opaque: [Int] = []
        func note(_ variable: Variable) { if !variables.contains(variable) { variables.append(variable) } }
        func rewritten(_ node: Expression) -> String {
            switch node.kind {
            case .binary(let op, let left, let right) where op == .and || op == .or:
                return "(" + rewritten(left) + ") " + op.rawValue + " (" + rewritten(right) + ")"
            case .unary(.not, let operand):
                return "not (" + rewritten(operand) + ")"
            default:
                let text = Self.text(of: node, in: scalars)
                if node.references.isEmpty, node.calledFunctions.isDisjoint(with: Self.volatileCalls) {
                    return "(" + text + ")"
                }
                if let (field, values) = exactAtom(node, scalars: scalars, environment: environment) {
                    note(.field(field))
                    constants[field, default: []].append(contentsOf: values)
                    return "(" + text + ")"
                }
                let number = opaqueNumber(text, scope: environment.scope)
                opaque.append(number)
                note(.opaque(number))
                return "$" + Self.opaqueName(number)
            }
        }
        let source = rewritten(node)
        var compiledEnvironment = environment
        for number in opaque {
            let name = Self.opaqueName(number)
            compiledEnvironment.fields[name] = FieldSignature(
                id: name, index: definition.fields.count + number, type: .bool, scope: environment.scope)
        }
        guard let compiled = try? CompiledExpression(source, environment: compiledEnvironment) else { return nil }
        return Conjunct(
            compiled: compiled, text: Self.text(of: node, in: scalars), variables: variables.sorted(),
            constants: constants)
    }

    private func opaqueConjunct(_ text: String, scope: Int?) -> Conjunct {
        let number = opaqueNumber(text, scope: scope)
        let name = Self.opaqueName(number)
        var environment = definition.environment.inScope(scope)
        environment.fields[name] = FieldSignature(
            id: name, index: definition.fields.count + number, type: .bool, scope: scope)
        let compiled = try? CompiledExpression("$" + name, environment: environment)
        return Conjunct(compiled: compiled, text: text, variables: [.opaque(number)], constants: [:])
    }

    private func opaqueNumber(_ text: String, scope: Int?) -> Int {
        let key = (scope.map(String.init) ?? "") + "|" + text
        if let number = opaqueNumbers[key] { return number }
        opaqueNumbers[key] = opaqueTexts.count
        opaqueTexts.append(text)
        return opaqueTexts.count - 1
    }

    static func opaqueName(_ number: Int) -> String { "__lint_atom_\(number)" }

    static func text(of node: Expression, in scalars: [Unicode.Scalar]) -> String {
        let start = max(0, min(node.offset, scalars.count))
        let end = max(start, min(node.offset + node.length, scalars.count))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    // MARK: Exact atoms

    /// The field an exact atom compares, with the values it compares it with.
    private func exactAtom(
        _ node: Expression, scalars: [Unicode.Scalar], environment: ExpressionEnvironment
    )
        -> (Int, [Value])?
    {
        // A field whose every value is a candidate (a switch, a choice's options, a few
        // options' subsets) decides exactly whatever is computed from it alone
        // (`string($smokes) == 'maybe'`, `selected-at($pain, 0) = 'head'`).
        let names = node.references
        if names.count == 1, node.calledFunctions.isDisjoint(with: Self.volatileCalls),
            let index = field(names[0], in: environment, where: ValueCandidates.listsEveryValue)
        {
            return (index, [])
        }
        switch node.kind {
        case .reference:
            guard let (field, counted) = fieldOperand(node, environment), !counted else { return nil }
            return (field, [])
        case .call("empty", let arguments) where arguments.count == 1:
            guard let (field, counted) = fieldOperand(arguments[0], environment), !counted else { return nil }
            return (field, [])
        case .binary(let op, let left, let right) where Self.comparisons.contains(op):
            for (operand, other) in [(left, right), (right, left)] {
                guard let (field, counted) = fieldOperand(operand, environment),
                    let value = constant(other, scalars: scalars, environment: environment)
                else { continue }
                if counted || value.isNull || op == .equal || op == .notEqual { return (field, [value]) }
                // Order is decided exactly for numbers and dates alone.
                switch definition.fields[field].valueType {
                case .number?, .date?: return (field, [value])
                default: return nil
                }
            }
            return nil
        case .binary(.in, let left, let right):
            if let (field, counted) = fieldOperand(right, environment), !counted,
                definition.fields[field].kind == .multichoice,
                let value = constant(left, scalars: scalars, environment: environment)
            {
                return (field, [value])
            }
            if let (field, counted) = fieldOperand(left, environment), !counted,
                definition.fields[field].kind != .multichoice,
                case .list(let values)? = constant(right, scalars: scalars, environment: environment)
            {
                return (field, values)
            }
            return nil
        default:
            return nil
        }
    }

    /// A field read whole (`$age`), or a multichoice field's count (`count($pain)`),
    /// where the field's values can be listed by region.
    private func fieldOperand(_ node: Expression, _ environment: ExpressionEnvironment) -> (Int, Bool)? {
        switch node.kind {
        case .reference(let name):
            guard let index = field(name, in: environment, where: ValueCandidates.isAnalyzable) else { return nil }
            return (index, false)
        case .call("count", let arguments) where arguments.count == 1:
            guard let (field, counted) = fieldOperand(arguments[0], environment), !counted,
                definition.fields[field].kind == .multichoice
            else { return nil }
            return (field, true)
        default:
            return nil
        }
    }

    /// The index of the field `name` reads whole from `environment`, when `test` holds of it.
    func field(_ name: String, in environment: ExpressionEnvironment, where test: (FieldDefinition) -> Bool) -> Int? {
        guard let index = environment.readableField(name), index < definition.fields.count,
            test(definition.fields[index])
        else { return nil }
        return index
    }

    /// The value of an operand that reads no field and changes with nothing but the
    /// day (`18`, `'yes'`, `date('2020-01-01')`, `today()`).
    private func constant(
        _ node: Expression, scalars: [Unicode.Scalar], environment: ExpressionEnvironment
    )
        -> Value?
    {
        guard node.references.isEmpty,
            node.calledFunctions.isDisjoint(with: ["random", "uuid", "randomize", "once"])
        else { return nil }
        if case .literal(let value) = node.kind { return value }
        guard let compiled = try? CompiledExpression(Self.text(of: node, in: scalars), environment: environment)
        else { return nil }
        return compiled.evaluate(
            EvaluationContext(today: today, now: LocalDateTime(date: today, time: LocalTime(hour: 12, minute: 0)!)) {
                _ in .null
            })
    }
}
