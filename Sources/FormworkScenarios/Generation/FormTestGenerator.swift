import Formwork

/// Writes a regression suite for a form: random fills of it, each kept as a case with
/// what the engine did recorded as its expectations, shrunk to the fewest steps that
/// see as much of the form's logic, and named by what they cover.
///
/// How it goes (`formwork test --generate N FORM`):
/// 1. **Walks.** Seeded random fills, as different people would fill the form: each
///    shown question answered or not (with values its field takes, the constants its
///    conditions compare it with and the neighbours of each, its bounds), entries
///    added and removed, some answers changed or cleared; a question a repeat's `count`
///    reads is given a few entries' worth. Up to three times as many walks as cases
///    are made, fewer once they stop seeing anything new.
/// 2. **Choice.** The walk that adds the most coverage (`FormCoverage`: conditions
///    seen true and false, questions shown, repeats empty and not) is taken, then the
///    next, until there are N; then walks that answer a question or choose an option
///    no case has yet (so that a dropped option or a changed calculation shows too).
/// 3. **Shrinking.** Each chosen walk loses every step it can while it still sees all
///    it saw, answers what only it answers, and ends with submit saying the same: the
///    steps that added nothing at once, then each other step in turn. A case that
///    adds nothing to the ones before it is left out.
/// 4. **Recording.** Each case is run again and the engine's answers written down: at
///    its start, the questions shown whose showing depends on a condition; after each
///    step, what appeared, what vanished, what computed values became, the options a
///    filtered choice offers before it is answered; at its end, whether submit is
///    accepted and the problems it names. Nothing is compared with another engine: a
///    generated suite says what the form does now, so that a change shows.
///
/// ```swift
/// let generator = FormTestGenerator(definition, form: "household.xlsx", now: moment, seed: 1)
/// let suite = generator.generate(cases: 20)
/// try suite.text.write(toFile: "household.test.yaml", atomically: true, encoding: .utf8)
/// print(suite.coverage.percent)
/// ```
public struct FormTestGenerator: Sendable {
    /// The form.
    public let definition: FormDefinition
    /// The form's path as the test file names it (relative to the test file).
    public let form: String
    /// The moment `today()` and `now()` read, written in the file as `now:`.
    public let now: LocalDateTime
    /// The seed of the walks: the same seed, form and moment give the same file.
    public let seed: UInt64
    let names: FormTestNames
    let candidates: WalkCandidates
    /// A coverage of the form with nothing seen: its items are listed once, and each
    /// walk starts from a copy.
    let emptyCoverage: FormCoverage

    /// A generator of cases for `definition`, named `form` in the file it writes.
    public init(_ definition: FormDefinition, form: String, now: LocalDateTime, seed: UInt64 = 1) {
        self.definition = definition
        self.form = form
        self.now = now
        self.seed = seed
        names = FormTestNames(definition)
        candidates = WalkCandidates(definition, today: now.date)
        emptyCoverage = FormCoverage(definition)
    }

    /// A fresh session as `FormTestRunner` starts each case: at the moment, with the
    /// same identifiers.
    func session() -> FormSession {
        (try? FormSession(definition: definition, today: now.date, now: now, uuidSeed: 1))
            ?? FormSession(definition: definition)
    }

    /// `count` cases, chosen, shrunk, recorded and named; with the file's text.
    public func generate(cases count: Int) -> GeneratedTestFile {
        var random = SeededGenerator(seed: seed)
        // Walks until there are `count`, then on (up to three times as many) while each
        // still sees something the others have not.
        var pool: [Walk] = []
        var union = emptyCoverage
        var answered = Set<String>()
        while pool.count < count * 3 {
            let walk = self.walk(seed: random.next())
            let tally = self.tally(walk.actions)
            let adds = union.wouldGrow(with: walk.coverage) || !tally.isSubset(of: answered)
            union.merge(walk.coverage)
            answered.formUnion(tally)
            pool.append(walk)
            if pool.count >= count, !adds { break }
        }
        // The walk that adds most, then the next; then those that add nothing, those
        // that can be submitted first.
        var chosen: [Walk] = []
        var total = emptyCoverage
        var chosenTally = Set<String>()
        while chosen.count < count, !pool.isEmpty {
            var best = 0
            var bestGain = -1
            for (index, walk) in pool.enumerated() {
                let gain =
                    Self.gain(of: walk.coverage, over: total) * 4 + tally(walk.actions).subtracting(chosenTally).count
                    + (walk.accepted ? 1 : 0)
                if gain > bestGain { (best, bestGain) = (index, gain) }
            }
            let walk = pool.remove(at: best)
            chosen.append(walk)
            total.merge(walk.coverage)
            chosenTally.formUnion(tally(walk.actions))
        }
        // Shrunk (the same case twice is kept once), then named by what each adds to
        // the cases before it.
        var seen = emptyCoverage
        var cases: [GeneratedCase] = []
        var kept: Set<[WalkAction]> = []
        var keptTally = Set<String>()
        var usedNames: [String: Int] = [:]
        for walk in chosen {
            let answers = tally(walk.actions).subtracting(keptTally)
            let actions = shrink(walk, answering: answers)
            var recorded = record(actions)
            // A case that sees nothing the others have not, and answers nothing new, is
            // left out (a form with little logic gives fewer cases than asked for).
            let addsNothing = !seen.wouldGrow(with: recorded.coverage) && answers.isEmpty
            guard !(addsNothing && !cases.isEmpty), kept.insert(actions).inserted else { continue }
            keptTally.formUnion(tally(actions))
            var name = self.name(of: recorded.coverage, over: seen, actions: actions)
            usedNames[name, default: 0] += 1
            if let times = usedNames[name], times > 1 { name += " (\(times))" }
            recorded.name = name
            seen.merge(recorded.coverage)
            cases.append(recorded)
        }
        return GeneratedTestFile(form: form, now: now, cases: cases, coverage: seen)
    }

    /// How many outcomes `coverage` saw that `total` has not.
    static func gain(of coverage: FormCoverage, over total: FormCoverage) -> Int {
        zip(coverage.outcomes, total.outcomes).reduce(0) { $0 + $1.0.subtracting($1.1).rawValue.nonzeroBitCount }
    }

    /// Actions done on a fresh session: what they saw (of `goal` alone, when given:
    /// once all of it is seen, nothing more is looked at), and whether submit would be
    /// accepted then; `nil` when one is refused.
    func replay(_ actions: [WalkAction], seeking goal: FormCoverage? = nil) -> Walk? {
        let session = session()
        var coverage = emptyCoverage
        if let goal { coverage.seek(goal) }
        coverage.observe(session)
        var done = goal.map { coverage.contains($0) } ?? false
        for action in actions {
            guard action.apply(to: session) else { return nil }
            guard !done else { continue }
            coverage.observe(session)
            if let goal { done = coverage.contains(goal) }
        }
        return Walk(actions: actions, coverage: coverage, accepted: session.validate().isEmpty)
    }

    /// The fewest actions, found greedily, that still see everything the walk saw,
    /// give the answers in `answers` (see `tally(_:)`: what no case before gave), and
    /// end where submit says the same.
    func shrink(_ walk: Walk, answering answers: Set<String>) -> [WalkAction] {
        // Seeing more is allowed; seeing less is not.
        func keeps(_ candidate: [WalkAction]) -> Bool {
            guard answers.isSubset(of: tally(candidate)), let shrunk = replay(candidate, seeking: walk.coverage) else {
                return false
            }
            return shrunk.accepted == walk.accepted && shrunk.coverage.contains(walk.coverage)
        }
        // First every action that saw nothing new, at once.
        var current = walk.actions
        let contributing = zip(walk.actions, walk.adding).filter { action, adds in
            adds || !tally([action]).isDisjoint(with: answers)
        }.map(\.0)
        if contributing.count < current.count, keeps(contributing) { current = contributing }
        // Then each action in turn, last first (later ones depend on earlier ones).
        var index = current.count - 1
        while index >= 0 {
            var candidate = current
            candidate.remove(at: index)
            if keeps(candidate) { current = candidate }
            index -= 1
        }
        return current
    }
}

extension FormTestGenerator {
    /// What actions answer: each question answered (`age`), each option chosen
    /// (`district=north`). The cases keep one of each between them, so that a suite
    /// sets every value it met (a dropped option, a changed calculation then shows),
    /// not only those that moved a condition.
    func tally(_ actions: [WalkAction]) -> Set<String> {
        var tally = Set<String>()
        for action in actions {
            guard case .set(let path, let text) = action else { continue }
            let id = FieldPath(path)?.name ?? path
            tally.insert(id)
            guard let field = definition.field(id), !field.options.isEmpty else { continue }
            for value in text.split(separator: ",") { tally.insert(id + "=" + value.trimmed(.whitespaces)) }
        }
        return tally
    }
}

/// A walk: its actions, what it saw, which actions saw something new, and whether
/// submit would be accepted at its end.
struct Walk: Sendable {
    var actions: [WalkAction]
    var coverage: FormCoverage
    var accepted: Bool
    /// Per action, whether it saw something the walk had not seen before it.
    var adding: [Bool] = []
}

/// A test file written by `FormTestGenerator`: its cases, their coverage, and the
/// text of the file.
public struct GeneratedTestFile: Sendable {
    /// The form, as the file names it.
    public var form: String
    /// The moment the cases were recorded at.
    public var now: LocalDateTime
    /// The cases, in the order chosen (most coverage first).
    public var cases: [GeneratedCase]
    /// What the cases see of the form's logic, together.
    public var coverage: FormCoverage

    /// A file of `cases` for `form`, recorded at `now`, seeing `coverage` together.
    public init(form: String, now: LocalDateTime, cases: [GeneratedCase], coverage: FormCoverage) {
        self.form = form
        self.now = now
        self.cases = cases
        self.coverage = coverage
    }
}
