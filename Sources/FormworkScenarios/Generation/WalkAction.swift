import Formwork

/// One thing a generated walk does, as a person at the prompt would: answer, clear,
/// add an entry, remove one. Paths are the session's (`members[2].age`).
enum WalkAction: Hashable, Sendable {
    case set(path: String, text: String)
    case clear(path: String)
    case add(group: String)
    case remove(entry: String)

    /// Does the action; whether the session took it.
    func apply(to session: FormSession) -> Bool {
        switch self {
        case .set(let path, let text): return (try? session.set(path, text: text)) != nil
        case .clear(let path): return (try? session.clear(path)) != nil
        case .add(let group): return (try? session.addEntry(group)) != nil
        case .remove(let entry): return (try? session.removeEntry(entry)) != nil
        }
    }
}

extension FormTestGenerator {
    /// A seeded random fill: entries added, shown questions answered in form order
    /// (some left empty), then a few answers changed or cleared and perhaps an entry
    /// removed.
    func walk(seed: UInt64) -> Walk {
        var random = SeededGenerator(seed: seed)
        let session = session()
        var actions: [WalkAction] = []
        var coverage = emptyCoverage
        coverage.observe(session)
        var adding: [Bool] = []
        func attempt(_ action: WalkAction) {
            guard action.apply(to: session) else { return }
            actions.append(action)
            let before = coverage.coveredOutcomes
            coverage.observe(session)
            adding.append(coverage.coveredOutcomes > before)
        }
        let answerRate = Double.random(in: 0.3...0.95, using: &random)
        for pass in 0..<2 {
            for group in session.groupPaths() where session.isVisible(group) {
                let wanted = Int.random(in: 0...(pass == 0 ? 2 : 1), using: &random)
                for _ in 0..<wanted { attempt(.add(group: group)) }
            }
            for path in editablePaths(session) {
                let answered = session.isAnswered(path)
                guard Double.random(in: 0..<1, using: &random) < (answered ? 0.1 : answerRate) else { continue }
                for text in candidates.values(for: path, in: session, using: &random).prefix(3) {
                    let before = actions.count
                    attempt(.set(path: path, text: text))
                    if actions.count > before { break }
                }
            }
        }
        // Second thoughts: answers changed or cleared, an entry removed.
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let paths = editablePaths(session)
            guard let path = paths.randomElement(using: &random) else { break }
            if session.isAnswered(path), Bool.random(using: &random) {
                attempt(.clear(path: path))
            } else if let text = candidates.values(for: path, in: session, using: &random).first {
                attempt(.set(path: path, text: text))
            }
        }
        if Double.random(in: 0..<1, using: &random) < 0.25,
            let entry = session.entryPaths().filter({ session.isVisible($0) }).randomElement(using: &random)
        {
            attempt(.remove(entry: entry))
        }
        return Walk(actions: actions, coverage: coverage, accepted: session.validate().isEmpty, adding: adding)
    }

    /// The questions a person could answer now, in form order: shown, not read-only,
    /// taking a value typed at the prompt (files are left out: a case cannot bring one).
    func editablePaths(_ session: FormSession) -> [String] {
        var paths: [String] = []
        for index in definition.fields.indices {
            let field = definition.fields[index]
            guard field.kind.isEditable, !field.isInput, field.kind != .file else { continue }
            for instance in session.instances(ofField: index) {
                let path = session.path(ofInstance: instance)
                if session.isVisible(path), !session.isReadOnly(path) { paths.append(path) }
            }
        }
        return paths
    }
}
