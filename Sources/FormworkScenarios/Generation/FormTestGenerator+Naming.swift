import Formwork

extension FormTestGenerator {
    /// A case's name: the first things it covers that the cases before it did not
    /// ("shows occupation, hides school, members empty and 3 more"), else what it does.
    func name(of coverage: FormCoverage, over seen: FormCoverage, actions: [WalkAction]) -> String {
        var phrases: [String] = []
        var shown: [String] = []
        for index in coverage.items.indices {
            let new = coverage.outcomes[index].subtracting(seen.outcomes[index])
            guard !new.isEmpty else { continue }
            let item = coverage.items[index]
            if item.kind == .shown {
                shown.append(subjectName(item))
                continue
            }
            if new.contains(.sawTrue) { phrases.append(phrase(item, true)) }
            if new.contains(.sawFalse) { phrases.append(phrase(item, false)) }
        }
        if phrases.isEmpty, !shown.isEmpty { phrases = shown.map { "shows \($0)" } }
        guard !phrases.isEmpty else {
            var done: [String] = []
            for action in actions {
                let phrase: String
                switch action {
                case .set(let path, _): phrase = "answers " + names.name(for: path)
                case .clear(let path): phrase = "clears " + names.name(for: path)
                case .add(let group): phrase = "adds to " + names.name(for: group)
                case .remove(let entry): phrase = "removes " + names.name(for: entry)
                }
                if !done.contains(phrase) { done.append(phrase) }
            }
            return done.isEmpty ? "the form as it starts" : Self.list(done)
        }
        return Self.list(phrases)
    }

    /// `a, b, c and 4 more`.
    static func list(_ phrases: [String]) -> String {
        let head = phrases.prefix(3).joined(separator: ", ")
        return phrases.count > 3 ? head + " and \(phrases.count - 3) more" : head
    }

    /// An item's subject by the name people use.
    func subjectName(_ item: CoverageItem) -> String {
        switch item.kind {
        case .section, .repeatCondition, .entries: return item.subject
        default: return definition.field(item.subject)?.answerKey ?? item.subject
        }
    }

    /// What seeing an outcome of an item says: "shows age", "hides section adults".
    func phrase(_ item: CoverageItem, _ outcome: Bool) -> String {
        let subject = subjectName(item)
        switch item.kind {
        case .visible: return (outcome ? "shows " : "hides ") + subject
        case .required: return subject + (outcome ? " required" : " not required")
        case .readonly: return subject + (outcome ? " read-only" : " editable")
        case .rule: return subject + (outcome ? " keeps rule " : " breaks rule ") + (item.detail ?? "1")
        case .options: return subject + (outcome ? " offers " : " withholds ") + (item.detail ?? "options")
        case .section: return (outcome ? "shows section " : "hides section ") + subject
        case .repeatCondition: return (outcome ? "shows repeat " : "hides repeat ") + subject
        case .entries: return subject + (outcome ? " with entries" : " empty")
        case .shown: return "shows " + subject
        }
    }
}
