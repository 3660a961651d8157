extension FormSession {
    /// Every stored value (hidden fields and secure ones included), the entries of
    /// every repeat, and which fields show errors: what a person could lose, for
    /// "unsaved changes", and what `restore` puts back.
    public struct Snapshot: Equatable, Sendable {
        let values: [AnsweredField]
        /// The paths of the fields whose errors are shown.
        let touched: Set<String>

        /// Whether the values and entries (not what is shown) are the same.
        public func hasSameValues(as other: Snapshot) -> Bool { values == other.values }
    }

    /// The current values and entries.
    public func snapshot() -> Snapshot {
        Snapshot(
            values: storedValues(),
            touched: Set(touched.filter { isAttached(instance: $0) }.map(path(ofInstance:))))
    }

    /// Puts back the values and entries of a snapshot taken from a session of the same
    /// definition, as one undo step: each repeat gets as many entries as it had
    /// (added or removed at the end; a repeat that follows its `count` follows it).
    public func restore(_ snapshot: Snapshot) {
        triggerState.suppressed = true  // the snapshot holds the triggered values already
        defer { triggerState.suppressed = false }
        performBatch { restore(snapshot.values, touched: snapshot.touched, in: 0) }
    }

    private func restore(_ answers: [AnsweredField], touched shown: Set<String>, in scope: Int) {
        var byID: [String: Answer] = [:]
        for answered in answers { byID[answered.id] = answered.answer }
        for instance in tree.scopes[scope].fields {
            let field = definition.fields[tree.field(ofInstance: instance)]
            guard field.kind.isEditable else { continue }
            var value: Value = if case .value(let stored)? = byID[field.id] { stored } else { .null }
            if field.kind == .switch, value.isNull { value = false }
            write(value, touched: shown.contains(path(ofInstance: instance)), at: instance)
        }
        settle()  // entries that follow a count
        for repeatIndex in tree.repeatsHeld(by: scope) {
            let wanted: [[AnsweredField]] =
                if case .entries(let entries)? = byID[definition.repeats[repeatIndex].id] { entries } else { [] }
            var list = tree.list(of: repeatIndex, in: scope)
            if definition.repeats[repeatIndex].count == nil {
                list = resizeEntries(of: repeatIndex, in: scope, to: wanted.count)
            }
            for (entry, answers) in zip(list, wanted + Array(repeating: [], count: max(0, list.count - wanted.count))) {
                restore(answers, touched: shown, in: entry)
            }
        }
    }
}
