/// A finished response loaded into a store (the `AnswerLoader`'s sink for
/// `ResponseValidator`): each answer stored as given, with nothing observing it; a
/// value against its field's constant bounds refused at once, one whose bounds are
/// expressions checked once every answer is in (they may read answers given later);
/// repeats that follow a `count` take the entries their count says, evaluated with
/// the answers read so far.
final class ResponseLoad: AnswerLoadSink {
    let store: AnswerStore
    let recorder: ResponseRecorder
    let today: LocalDate
    let now: LocalDateTime
    let seed: UInt64

    init(store: AnswerStore, recorder: ResponseRecorder, today: LocalDate, now: LocalDateTime, seed: UInt64) {
        self.store = store
        self.definition = store.definition
        self.recorder = recorder
        self.today = today
        self.now = now
        self.seed = seed
    }

    /// The store's definition, held here (read for every answer: see `AnswerLoader`).
    private let definition: FormDefinition

    /// A new evaluation of the answers as they stand.
    func evaluation() -> Evaluation {
        Evaluation(answers: store, today: today, now: now, seed: seed, language: definition.defaultLanguage)
    }

    func accept(
        _ value: Value, at instance: Int, name: String, node: SyntaxNode, collector: inout DiagnosticCollector
    ) {
        // The field is read in place: a copy of a whole definition costs more than
        // loading a simple value.
        let field = store.tree.field(ofInstance: instance)
        if case .expression? = definition.fields[field].minimum {
            recorder.unchecked.append((instance, node, name, value))
        } else if case .expression? = definition.fields[field].maximum {
            recorder.unchecked.append((instance, node, name, value))
        } else if let error = FieldValues.check(
            value, for: definition.fields[field], minimum: Self.constant(definition.fields[field].minimum),
            maximum: Self.constant(definition.fields[field].maximum), limits: definition.limits,
            filesAreAttachments: true)
        {
            collector.report(.invalidValue(field: name, reason: error), at: node)
            return
        }
        store.place(value, at: instance)
    }

    /// A bound that is a value (`.null` for none); not for an expression.
    static func constant(_ bound: Bound?) -> Value {
        if case .value(let value)? = bound { return value }
        return .null
    }

    func prepareEntries(of repeats: [Int], in scope: Int) {
        let counted = repeats.filter { definition.repeats[$0].count != nil }
        guard !counted.isEmpty else { return }
        let evaluation = evaluation()
        for repeatIndex in counted { follow(repeatIndex, in: scope, evaluation) }
    }

    func resize(_ repeatIndex: Int, in scope: Int, to count: Int) -> [Int] {
        store.resize(repeatIndex, in: scope, to: count)
    }

    /// The response's evaluation once every repeat that follows a `count` has as many
    /// entries as its count now says (a response may leave a counted repeat out, and
    /// one count may read another's entries): evaluated again until nothing changes.
    func evaluationFollowingCounts() -> Evaluation {
        var evaluation = evaluation()
        guard definition.repeats.contains(where: { $0.count != nil }) else { return evaluation }
        var changed = true
        var rounds = 0
        while changed, rounds < 16 {
            changed = false
            rounds += 1
            for scope in store.tree.scopes.indices where store.tree.isAttached(scope) {
                for repeatIndex in store.tree.repeatsHeld(by: scope) where definition.repeats[repeatIndex].count != nil
                {
                    let before = store.tree.list(of: repeatIndex, in: scope)
                    follow(repeatIndex, in: scope, evaluation)
                    if store.tree.list(of: repeatIndex, in: scope) != before { changed = true }
                }
            }
            if changed { evaluation = self.evaluation() }
        }
        return evaluation
    }

    private func follow(_ repeatIndex: Int, in holder: Int, _ evaluation: Evaluation) {
        guard store.tree.isAttached(holder) else { return }
        store.followCount(of: repeatIndex, in: holder, wanted: evaluation.wantedEntries(of: repeatIndex, in: holder))
    }
}
