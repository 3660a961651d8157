/// What fills of a form exercised of its logic: every condition (a field's
/// `visible`, `required`, `readonly`, rules, choice filters; sections' and repeats'
/// conditions) seen true and seen false, every question seen shown, every repeat
/// seen empty and with entries.
///
/// A coverage is made once for a form (`init(_:)` lists its items and their places
/// in the form's own file), copied for each fill, told of each state the fill
/// passes through (`observe(_:)`), and the copies merged. `formwork test --coverage`
/// reports it; `--generate` keeps the fewest steps that see as much.
///
/// ```swift
/// var coverage = FormCoverage(definition)
/// let session = FormSession(definition: definition)
/// coverage.observe(session)
/// try session.set("age", text: "3")
/// coverage.observe(session)
/// print(coverage.percent, coverage.uncovered.map(\.item.title))
/// ```
public struct FormCoverage: Sendable {
    let plan: CoveragePlan
    /// What was seen of each item, in the order of `items`.
    public private(set) var outcomes: [CoverageOutcomes]
    /// The session observed last and its change count then: observing it again after
    /// a few answers visits only what those answers can change.
    var lastObserved: (session: UInt64, changes: Int)?
    /// What is sought, when less than everything (`seek(_:)`): per item, the outcomes.
    private var sought: [CoverageOutcomes]?

    /// A coverage of `definition` with nothing seen yet.
    public init(_ definition: FormDefinition) {
        plan = CoveragePlan(definition)
        outcomes = Array(repeating: [], count: plan.items.count)
    }

    /// Every item of the form's logic, in the form's order.
    public var items: [CoverageItem] { plan.items }

    /// The outcomes there are to see: two per condition and repeat, one per question.
    public var totalOutcomes: Int { plan.items.reduce(0) { $0 + ($1.hasTwoOutcomes ? 2 : 1) } }

    /// The outcomes seen (kept as they are recorded: asking costs nothing).
    public private(set) var coveredOutcomes = 0

    /// The share of outcomes seen, from 0 to 100 (100 for a form without logic).
    public var percent: Double {
        let total = totalOutcomes
        return total == 0 ? 100 : Double(coveredOutcomes) * 100 / Double(total)
    }

    /// The items not seen every way, each with the outcomes missing (`["false"]`,
    /// `["true", "false"]` for a condition never evaluated, `["shown"]`).
    public var uncovered: [(item: CoverageItem, missing: [String])] {
        plan.items.indices.compactMap { index in
            let item = plan.items[index]
            let names = item.outcomeNames
            var missing: [String] = []
            if !outcomes[index].contains(.sawTrue) { missing.append(names.seen) }
            if item.hasTwoOutcomes, !outcomes[index].contains(.sawFalse) { missing.append(names.unseen) }
            return missing.isEmpty ? nil : (item, missing)
        }
    }

    /// Whether `other` saw something this coverage has not.
    public func wouldGrow(with other: FormCoverage) -> Bool { !contains(other) }

    /// Whether `other` is a coverage of the same form (loaded once, or loaded again
    /// from the same definition), so that the two can be merged.
    public func isOfSameForm(as other: FormCoverage) -> Bool {
        other.plan === plan || other.plan.items == plan.items
    }

    /// Adds what `other` (a coverage of the same form: `isOfSameForm(as:)`) saw.
    public mutating func merge(_ other: FormCoverage) {
        precondition(isOfSameForm(as: other), "coverages of different forms cannot be merged")
        for index in outcomes.indices { outcomes[index].formUnion(other.outcomes[index]) }
        coveredOutcomes = outcomes.reduce(0) {
            $0 + ($1.contains(.sawTrue) ? 1 : 0) + ($1.contains(.sawFalse) ? 1 : 0)
        }
    }

    /// Records an outcome of item `index`.
    @inline(__always)
    mutating func record(_ index: Int, _ holds: Bool) {
        if outcomes[index].insert(holds ? .sawTrue : .sawFalse).inserted { coveredOutcomes += 1 }
    }

    /// Whether item `index` has been seen every way sought (so need not be evaluated).
    @inline(__always)
    func isComplete(_ index: Int) -> Bool {
        if let sought { return outcomes[index].isSuperset(of: sought[index]) }
        return outcomes[index].rawValue == 3 || (outcomes[index].rawValue == 1 && !plan.items[index].hasTwoOutcomes)
    }

    /// From now on, looks only for what `goal` (a coverage of the same form) saw:
    /// items and outcomes it did not see are not evaluated. For asking, cheaply,
    /// whether fills see at least what others did (`contains(_:)`), as shrinking a
    /// case does.
    public mutating func seek(_ goal: FormCoverage) {
        precondition(isOfSameForm(as: goal), "coverages of different forms cannot be compared")
        sought = goal.outcomes
    }

    /// Whether this coverage saw everything `other` (of the same form) saw.
    public func contains(_ other: FormCoverage) -> Bool {
        zip(outcomes, other.outcomes).allSatisfy { $0.isSuperset(of: $1) }
    }
}
