import Formwork

extension FormTestGenerator {
    /// What a session shows that a case records: which questions are shown, and the
    /// computed values.
    struct ShownState {
        var visible: [String: Bool] = [:]
        var values: [String: String?] = [:]
        /// Paths in form order.
        var order: [String] = []
    }

    /// The state of every question with a row, and every computed value.
    func state(of session: FormSession) -> ShownState {
        var state = ShownState()
        for index in definition.fields.indices {
            let field = definition.fields[index]
            guard !field.isInput else { continue }
            for instance in session.instances(ofField: index) {
                let path = session.path(ofInstance: instance)
                state.order.append(path)
                if field.kind != .calculate { state.visible[path] = session.isVisible(path) }
                if field.kind.isComputed {
                    let value = session.effectiveValue(of: path)
                    state.values[path] = value.isNull ? String?.none : FormTestValues.plain(value)
                }
            }
        }
        return state
    }

    /// Whether a question's being shown depends on a condition (its own, its
    /// section's, its repeat's): what a case's start records.
    func isConditional(_ field: FieldDefinition) -> Bool {
        if field.visible != nil || definition.sections[field.sectionIndex].visible != nil { return true }
        var group = field.repeatIndex
        while let index = group {
            if definition.repeats[index].visible != nil { return true }
            group = definition.repeats[index].parent
        }
        return false
    }

    /// A case of `actions`, with what the engine does recorded after each.
    func record(_ actions: [WalkAction]) -> GeneratedCase {
        let session = session()
        var coverage = emptyCoverage
        coverage.observe(session)
        var steps: [GeneratedStep] = []
        var before = state(of: session)
        var start = GeneratedExpectation()
        for path in before.order where before.visible[path] == true {
            if let field = definition.field(FieldPath(path)?.name ?? path), isConditional(field) {
                start.visible.append(names.name(for: path))
            }
        }
        if !start.isEmpty { steps.append(.expect(start)) }
        for action in actions {
            if case .set(let path, _) = action, let options = filteredOptions(of: path, in: session) {
                let name = names.name(for: path)
                if case .expect(var last)? = steps.last, !last.options.contains(where: { $0.name == name }) {
                    last.options.append((name, options))
                    steps[steps.count - 1] = .expect(last)
                } else {
                    steps.append(.expect(GeneratedExpectation(options: [(name, options)])))
                }
            }
            _ = action.apply(to: session)
            coverage.observe(session)
            steps.append(step(for: action))
            let after = state(of: session)
            let change = difference(from: before, to: after)
            if !change.isEmpty { steps.append(.expect(change)) }
            before = after
        }
        let problems = session.validate()
        steps.append(
            .submit(
                accepted: problems.isEmpty,
                errors: problems.prefix(5).map { GeneratedError(name: names.name(for: $0.field), rule: $0.rule.name) }))
        return GeneratedCase(name: "", steps: steps, coverage: coverage)
    }

    /// The options a choice offers now, when which it offers depends on conditions
    /// (and they are few enough to read).
    func filteredOptions(of path: String, in session: FormSession) -> [String]? {
        guard let instance = try? session.instance(path) else { return nil }
        let field = session.field(ofInstance: instance)
        guard field.options.contains(where: { $0.visible != nil }) else { return nil }
        let offered = session.visibleOptions(of: path).map(\.value)
        return offered.count <= 30 ? offered : nil
    }

    /// What appeared, vanished and was computed between two states.
    func difference(from before: ShownState, to after: ShownState) -> GeneratedExpectation {
        var change = GeneratedExpectation()
        for path in after.order {
            let shown = after.visible[path]
            if let shown, shown != (before.visible[path] ?? false) {
                if shown {
                    change.visible.append(names.name(for: path))
                } else {
                    change.hidden.append(names.name(for: path))
                }
            }
            if let value = after.values[path], before.values[path] != value {
                change.values.append((names.name(for: path), value))
            }
        }
        return change
    }

    /// The file's step for an action.
    func step(for action: WalkAction) -> GeneratedStep {
        switch action {
        case .set(let path, let text): return .set(name: names.name(for: path), text: text)
        case .clear(let path): return .clear(name: names.name(for: path))
        case .add(let group): return .add(name: names.name(for: group))
        case .remove(let entry): return .remove(name: names.name(for: entry))
        }
    }
}
