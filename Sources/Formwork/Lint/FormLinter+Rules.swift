/// The rules about one field that can be shown: its conditions and rules, its
/// options, its bounds, and what it reads.
extension FormLinter {
    /// A condition that holds for every answer where it is read decides nothing; a
    /// `required` or `readonly` one that never holds does nothing.
    mutating func lintConditions(of field: FieldDefinition) {
        let shown = conditions(ofField: field.index)
        if let visible = field.visible {
            let around = shown.filter { $0.expression.identity != visible.identity }
            if let proof = alwaysHolds(visible, scope: field.repeatIndex, given: around) {
                add(
                    .conditionAlwaysHolds, subject: field.id,
                    "the condition of \(describe(field)) holds for every answer"
                        + (around.isEmpty ? "" : " where its groups are shown"),
                    at: visible, or: field.location, evidence: proof, order: field.index)
            }
        }
        for (word, requirement) in [("required", field.required), ("read-only", field.readOnly)] {
            guard case .when(let condition) = requirement else { continue }
            let outcome = solver.solve(
                goals(shown) + goals([Condition(expression: condition, scope: field.repeatIndex)]))
            if case .impossible = outcome {
                add(
                    .conditionNeverHolds, subject: field.id,
                    "\(describe(field)) is never \(word): its condition never holds where it is shown",
                    at: condition, or: field.location, evidence: evidence(outcome), order: field.index)
            } else if let proof = alwaysHolds(condition, scope: field.repeatIndex, given: shown) {
                add(
                    .conditionAlwaysHolds, subject: field.id,
                    "\(describe(field)) is \(word) for every answer: its condition always holds where it is shown",
                    at: condition, or: field.location, evidence: proof, order: field.index)
            }
        }
    }

    /// The proof that `condition` holds for every answer that meets `given`; `nil` when
    /// some answer makes it fail (or too many combinations to know).
    func alwaysHolds(_ condition: CompiledExpression, scope: Int?, given: [Condition]) -> [String]? {
        var proof: [String] = []
        var constant: [String] = []
        let conjuncts = space.conjuncts(of: condition, scope: scope)
        for conjunct in conjuncts {
            let outcome = solver.solve(goals(given) + [Goal(conjunct: conjunct, holds: false)])
            guard case .impossible(let tried, _) = outcome else { return nil }
            if tried.isEmpty { constant.append("`\(conjunct.text)` reads no answer") }
            proof += tried.map { name(of: $0.0) + ": " + Self.list($0.1) }
        }
        let texts = conjuncts.map { "`\($0.text)`" }.joined(separator: ", ")
        return constant + (proof.isEmpty ? [] : ["\(texts) holds for each of these values"] + proof.uniqued())
    }

    /// A rule no value passes refuses every answer; one every value passes checks nothing.
    mutating func lintRules(of field: FieldDefinition) {
        let shown = goals(conditions(ofField: field.index))
        let own: Set<Int> = field.kind.isEditable ? [field.index] : []
        for (number, rule) in field.rules.enumerated() {
            let conjuncts = space.conjuncts(of: rule.check, scope: field.repeatIndex)
            let name = field.rules.count == 1 ? "the rule" : "rule \(number + 1)"
            let outcome = solver.solve(shown + conjuncts.map { Goal(conjunct: $0, holds: true) }, nonEmpty: own)
            if case .impossible = outcome, !own.isEmpty {
                add(
                    .ruleNeverPasses, subject: field.id,
                    "no answer to \(describe(field)) passes \(name) (\(Self.quoted(rule.message)))", at: rule.check,
                    or: field.location, evidence: evidence(outcome), order: field.index)
                continue
            }
            var proof: [String] = []
            var passesAll = !own.isEmpty
            for conjunct in conjuncts where passesAll {
                let failing = solver.solve(shown + [Goal(conjunct: conjunct, holds: false)], nonEmpty: own)
                if case .impossible(let tried, _) = failing {
                    proof += tried.map { self.name(of: $0.0) + ": " + Self.list($0.1) }
                } else {
                    passesAll = false
                }
            }
            if passesAll {
                add(
                    .ruleAlwaysPasses, subject: field.id,
                    "every answer to \(describe(field)) passes \(name) (\(Self.quoted(rule.message)))", at: rule.check,
                    or: field.location,
                    evidence: ["`\(rule.check.source)` passes with each of these values"] + proof.uniqued(),
                    order: field.index)
            }
        }
    }

    static func quoted(_ text: String) -> String {
        text.isEmpty ? "without a message" : "\"" + (text.count > 60 ? String(text.prefix(59)) + "…" : text) + "\""
    }

    // MARK: Options

    /// Options: the same value twice, the same label among options offered together,
    /// a filter that leaves none, a required question with none at all.
    mutating func lintOptions(of field: FieldDefinition) {
        guard field.kind.hasOptions else { return }
        var values: [String: Int] = [:]
        var labels: [String: Int] = [:]
        for (position, option) in field.options.enumerated() {
            if values.updateValue(position, forKey: option.value) != nil {
                add(
                    .duplicateChoiceValue, subject: field.id,
                    "\(describe(field)) has two options with the value '\(option.value)'", at: option.visible,
                    or: field.location, order: field.index)
            }
            let group = option.visible.map { "\($0.source)" } ?? ""
            let label = option.label.trimmingCharacters(in: .whitespaces).lowercased()
            if !label.isEmpty, labels.updateValue(position, forKey: group + "\u{0}" + label) != nil {
                add(
                    .duplicateChoiceLabel, subject: field.id,
                    "\(describe(field)) offers two options labelled \"\(option.label)\" together",
                    at: option.visible, or: field.location, order: field.index)
            }
        }
        if field.options.isEmpty || (field.kind == .note) {
            return
        }
        lintFilter(of: field)
    }

    /// The answers of what a choice filter reads for which the question is shown with
    /// no option to choose.
    private mutating func lintFilter(of field: FieldDefinition) {
        // An option offered whatever the answers keeps the question answerable.
        guard !field.options.contains(where: { $0.visible == nil }) else { return }
        let filters = field.options.compactMap(\.visible)
        guard var read = analyzableFields(read: filters, from: field.repeatIndex) else { return }
        // What the read choices' own filters read too, so that each is one of its own
        // options offered (a cascade's city one of its country's).
        var next = 0
        while next < read.count {
            let own = definition.fields[read[next]]
            guard let more = analyzableFields(read: own.options.compactMap(\.visible), from: own.repeatIndex) else {
                return
            }
            read += more.filter { !read.contains($0) }
            next += 1
        }
        guard !read.isEmpty, read.count <= 4 else { return }
        // The values each read field is compared with in the filters, as their candidates.
        var filterGoals: [Goal] = []
        var seen = Set<ObjectIdentifier>()
        for filter in filters where seen.insert(filter.identity).inserted {
            filterGoals += space.conjuncts(of: filter, scope: field.repeatIndex).map { Goal(conjunct: $0, holds: true) }
        }
        var choices: [[Value]] = []
        for index in read {
            guard let values = solver.candidates(of: .field(index), in: filterGoals, nonEmpty: [index]) else { return }
            choices.append(values)
        }
        guard choices.reduce(1, { $0 * $1.count }) <= 5_000 else { return }
        let shown = goals(conditions(ofField: field.index))
        var empty: [String] = []
        var combination = Array(repeating: Value.null, count: read.count)
        // A cascade's options share a few conditions: each is read once per combination.
        var seenFilters = Set<ObjectIdentifier>()
        let distinctFilters = filters.filter { seenFilters.insert($0.identity).inserted }
        func visit(_ depth: Int) {
            if depth == read.count {
                guard solver.spend(distinctFilters.count) else { return }
                let context = EvaluationContext(today: space.today) { index in
                    read.firstIndex(of: index).map { combination[$0] } ?? .null
                }
                guard !distinctFilters.contains(where: { $0.isSatisfied(context) }) else { return }
                // A choice read is one of its own options offered for the others (a
                // cascade's city is one of its country's).
                for (index, value) in zip(read, combination) {
                    guard case .string(let chosen) = value,
                        let condition = definition.fields[index].option(withValue: chosen)?.visible
                    else { continue }
                    if !condition.isSatisfied(context) { return }
                }
                let fixed = zip(read, combination).map { "$" + definition.fields[$0].id + " = " + Self.show($1) }
                if canShow(shown, fixing: Dictionary(uniqueKeysWithValues: zip(read, combination))) {
                    empty.append(fixed.joined(separator: ", "))
                }
                return
            }
            for value in choices[depth] {
                combination[depth] = value
                visit(depth + 1)
            }
        }
        visit(0)
        guard !empty.isEmpty else { return }
        let shownCases =
            empty.prefix(5).joined(separator: "; ") + (empty.count > 5 ? "; and \(empty.count - 5) more" : "")
        add(
            .filterLeavesNoOption, subject: field.id,
            "\(describe(field)) is shown with no option to choose when \(shownCases)", at: filters.first,
            or: field.location, evidence: empty.map { "no option's condition holds when " + $0 }, order: field.index)
    }

    /// Whether the field can be shown with some fields' values fixed.
    private func canShow(_ shown: [Goal], fixing values: [Int: Value]) -> Bool {
        solver.fixed = values
        defer { solver.fixed = [:] }
        if case .impossible = solver.solve(shown) { return false }
        return true
    }

    // MARK: Bounds

    /// Literal bounds that leave no value; a required question with nothing to answer.
    mutating func lintBounds(of field: FieldDefinition) {
        func bound(_ bound: Bound?) -> Value? {
            if case .value(let value)? = bound { return value }
            return nil
        }
        var crossed: String?
        switch (bound(field.minimum), bound(field.maximum)) {
        case (.number(let low)?, .number(let high)?) where low > high:
            crossed = "min \(JSONText.format(low)) is above max \(JSONText.format(high))"
        case (.date(let low)?, .date(let high)?) where high < low: crossed = "min \(low) is after max \(high)"
        default: break
        }
        if let low = field.minLength, let high = field.maxLength, low > high {
            crossed = "minLength \(low) is above maxLength \(high)"
        }
        if let low = field.minSelected, let high = field.maxSelected, low > high {
            crossed = "minSelected \(low) is above maxSelected \(high)"
        }
        if crossed == nil { crossed = crossedExpressionBounds(of: field) }
        if let crossed {
            add(
                .minAboveMax, subject: field.id, "\(describe(field)) accepts no value: \(crossed)", at: nil,
                or: field.location, order: field.index)
        }
        let nothingToAnswer =
            (field.kind.hasOptions && field.options.isEmpty) || (field.kind == .note && field.value == nil)
        guard nothingToAnswer, isAlwaysRequired(field),
            conditions(ofField: field.index).allSatisfy({
                alwaysHolds($0.expression, scope: $0.scope, given: []) != nil
            })
        else { return }
        // A required note shown on a condition is ODK's blocking note, meant to stop a
        // submission while the answers disagree; shown always, it stops every one.
        add(
            .requiredNeverAnswerable, subject: field.id,
            "\(describe(field)) is required and always shown, but has nothing to answer with"
                + (field.kind == .note ? "" : " (no options)") + ": the form can never be submitted",
            at: nil, or: field.location, order: field.index)
    }

    /// A `min` above the `max` whatever the fields they read (`min: today()` with a
    /// `max` in the past; `min: $start` over a `$start` that is always after `max`).
    private func crossedExpressionBounds(of field: FieldDefinition) -> String? {
        guard let low = field.minimum, let high = field.maximum else { return nil }
        var expressions: [CompiledExpression] = []
        for bound in [low, high] { if case .expression(let expression) = bound { expressions.append(expression) } }
        guard !expressions.isEmpty else { return nil }
        guard let read = analyzableFields(read: expressions, from: field.repeatIndex), read.count <= 3 else {
            return nil
        }
        var choices: [[Value]] = []
        for index in read {
            guard let values = solver.candidates(of: .field(index), in: [], nonEmpty: [index]) else { return nil }
            choices.append(values)
        }
        var combination = Array(repeating: Value.null, count: read.count)
        let moment = LocalDateTime(date: space.today, time: LocalTime(hour: 12, minute: 0)!)
        let context = EvaluationContext(today: space.today, now: moment) { index in
            read.firstIndex(of: index).map { combination[$0] } ?? .null
        }
        func value(_ bound: Bound) -> Value {
            switch bound {
            case .value(let value): value
            case .expression(let expression): expression.evaluate(context)
            }
        }
        var example: (Value, Value)?
        func crossedEverywhere(_ depth: Int) -> Bool {
            if depth == read.count {
                guard solver.spend(2) else { return false }
                let (lowValue, highValue) = (value(low), value(high))
                switch (lowValue, highValue) {
                case (.number(let a), .number(let b)) where a > b: break
                case (.date(let a), .date(let b)) where b < a: break
                default: return false
                }
                if example == nil { example = (lowValue, highValue) }
                return true
            }
            for candidate in choices[depth] {
                combination[depth] = candidate
                if !crossedEverywhere(depth + 1) { return false }
            }
            return true
        }
        guard crossedEverywhere(0), let (lowValue, highValue) = example else { return nil }
        return "its min (\(Self.show(lowValue)) here) is above its max (\(Self.show(highValue)))"
            + (read.isEmpty
                ? "" : " whatever " + read.map { "$" + definition.fields[$0].id }.joined(separator: ", ") + " holds")
    }

    /// The fields `expressions` read from the entries of `scope`, each once; `nil` when
    /// one of them cannot be listed by region (its values could not all be tried).
    func analyzableFields(read expressions: [CompiledExpression], from scope: Int?) -> [Int]? {
        let environment = definition.environment.inScope(scope)
        var read: [Int] = []
        for name in expressions.flatMap(\.references) {
            guard let index = space.field(name, in: environment, where: ValueCandidates.isAnalyzable) else {
                return nil
            }
            if !read.contains(index) { read.append(index) }
        }
        return read
    }

    /// Whether the field is required for every answer.
    private func isAlwaysRequired(_ field: FieldDefinition) -> Bool {
        switch field.required {
        case .never: false
        case .always: true
        case .when(let condition): alwaysHolds(condition, scope: field.repeatIndex, given: []) != nil
        }
    }

    mutating func lintRepeatBounds() {
        for repeatDefinition in definition.repeats where repeatDefinition.minimum > repeatDefinition.maximum {
            add(
                .minAboveMax, subject: repeatDefinition.id,
                "repeat '\(repeatDefinition.id)' accepts no number of entries: "
                    + "min \(repeatDefinition.minimum) is above max \(repeatDefinition.maximum)",
                at: nil, or: repeatDefinition.location, order: firstIndex(of: repeatDefinition))
        }
    }

    private func firstIndex(of repeatDefinition: RepeatDefinition) -> Int { repeatDefinition.fieldIndices.first ?? 0 }
}

extension Array where Element: Hashable {
    /// The elements, each once, in order.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
