/// Decides whether some answers make conditions hold, by trying every combination of
/// candidates (`ValueCandidates`) of the variables they read, with the engine's own
/// evaluator, conjunct by conjunct, and cutting a branch as soon as one conjunct
/// fails. Conjuncts that share no variable are decided apart, so a long chain of
/// group conditions costs the sum of its parts, not their product.
final class ConditionSolver {
    typealias Variable = ConditionSpace.Variable

    /// One thing asked of a conjunct: that it holds, or that it does not.
    struct Goal {
        let conjunct: ConditionSpace.Conjunct
        let holds: Bool
    }

    /// What the candidates show.
    enum Outcome {
        /// These values meet every goal.
        case found([Variable: Value])
        /// No combination does: the variables of the goals that fail, each with the
        /// candidates tried, and those goals' texts.
        case impossible(tried: [(Variable, [Value])], conjuncts: [String])
        /// Too many combinations to try.
        case undecided
    }

    let space: ConditionSpace
    /// Fields proven never shown: read as empty where the form clears hidden answers.
    var neverShown: Set<Int> = []
    let clearsHidden: Bool
    /// Fields given one value each for the next questions (the rest are tried over their candidates).
    var fixed: [Int: Value] = [:]
    /// The most combinations tried for one group of conjuncts.
    var budget = 100_000
    /// The most conjunct evaluations over the whole lint: a form written to make lint
    /// try combinations for ever gets the findings found until then, never a hang.
    var totalBudget = FormLint.defaultBudget
    /// The evaluations made so far.
    private(set) var spent = 0
    /// Whether a question was left undecided because the total budget ran out.
    /// (`spend(_:)` counts the evaluations made outside `solve`.)
    private(set) var ranOut = false
    private var slots: [Value] = []
    private lazy var context = EvaluationContext(
        today: space.today, now: LocalDateTime(date: space.today, time: LocalTime(hour: 12, minute: 0)!)
    ) { [unowned self] index in index < slots.count ? slots[index] : .null }

    init(space: ConditionSpace) {
        self.space = space
        clearsHidden = space.definition.hiddenAnswers == .cleared
    }

    /// The candidates of a variable for `goals` (a field's without empty when it is in `nonEmpty`).
    func candidates(of variable: Variable, in goals: [Goal], nonEmpty: Set<Int> = []) -> [Value]? {
        switch variable {
        case .opaque: return [.bool(true), .bool(false), .null]
        case .field(let index):
            if let value = fixed[index] { return [value] }
            let constants = goals.flatMap { $0.conjunct.constants[index] ?? [] }
            let field = space.definition.fields[index]
            guard
                var values = ValueCandidates.of(
                    field, constants: constants, neverShown: neverShown.contains(index), clearsHidden: clearsHidden)
            else { return nil }
            if nonEmpty.contains(index) {
                values.removeAll { value in
                    switch value {
                    case .null, .string(""), .list([]): true
                    default: false
                    }
                }
            }
            return values
        }
    }

    /// Counts `count` evaluations made by a rule itself; `false` once the total budget
    /// is spent (the rule then stops, and says nothing).
    func spend(_ count: Int) -> Bool {
        spent += count
        if spent > totalBudget { ranOut = true }
        return !ranOut
    }

    /// Whether some candidate values meet every goal.
    func solve(_ goals: [Goal], nonEmpty: Set<Int> = []) -> Outcome {
        guard spent <= totalBudget else { return .undecided }
        slots = Array(repeating: .null, count: space.definition.fields.count + space.opaqueTexts.count)
        var witness: [Variable: Value] = [:]
        var undecided = false
        for component in Self.components(of: goals) {
            switch search(component, nonEmpty: nonEmpty) {
            case .found(let values): witness.merge(values) { first, _ in first }
            case .impossible(let tried, let conjuncts): return .impossible(tried: tried, conjuncts: conjuncts)
            case .undecided: undecided = true
            }
        }
        return undecided ? .undecided : .found(witness)
    }

    /// Goals grouped so that no two groups read a variable in common.
    static func components(of goals: [Goal]) -> [[Goal]] {
        var groups: [(variables: Set<Variable>, goals: [Goal])] = []
        for goal in goals {
            var variables = Set(goal.conjunct.variables)
            var members = [goal]
            groups.removeAll { group in
                guard !group.variables.isDisjoint(with: variables) else { return false }
                variables.formUnion(group.variables)
                members = group.goals + members
                return true
            }
            groups.append((variables, members))
        }
        return groups.map(\.goals)
    }

    private func search(_ goals: [Goal], nonEmpty: Set<Int>) -> Outcome {
        guard goals.allSatisfy({ $0.conjunct.compiled != nil }) else { return .undecided }
        var variables: [Variable] = []
        for goal in goals {
            for variable in goal.conjunct.variables where !variables.contains(variable) {
                variables.append(variable)
            }
        }
        var choices: [[Value]] = []
        var combinations = 1
        for variable in variables {
            guard let values = candidates(of: variable, in: goals, nonEmpty: nonEmpty), !values.isEmpty else {
                return .undecided
            }
            choices.append(values)
            combinations = combinations.multipliedReportingOverflow(by: values.count).partialValue
            if combinations > budget || combinations <= 0 { return .undecided }
        }
        // Each goal is checked as soon as the last variable it reads has a value.
        var due = Array(repeating: [Goal](), count: variables.count + 1)
        for goal in goals {
            let last = goal.conjunct.variables.map { variables.firstIndex(of: $0)! + 1 }.max() ?? 0
            due[last].append(goal)
        }
        let positions = variables.map(space.index(of:))
        func met(_ goal: Goal) -> Bool { goal.conjunct.compiled?.evaluate(context).isTrue == goal.holds }
        var stopped = false
        func descend(_ depth: Int) -> Bool {
            spent += due[depth].count
            if spent > totalBudget {
                stopped = true
                return true
            }
            guard due[depth].allSatisfy(met) else { return false }
            if depth == variables.count { return true }
            for value in choices[depth] {
                slots[positions[depth]] = value
                if descend(depth + 1) { return true }
            }
            return false
        }
        let held = descend(0)
        if stopped {
            ranOut = true
            return .undecided
        }
        if held {
            var found: [Variable: Value] = [:]
            for (variable, position) in zip(variables, positions) { found[variable] = slots[position] }
            return .found(found)
        }
        return .impossible(tried: Array(zip(variables, choices)), conjuncts: goals.map(\.conjunct.text))
    }
}
