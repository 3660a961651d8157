import Formwork

extension ReplSession {
    /// Why a field, an entry, a repeat or a section is shown or hidden: its condition,
    /// its result, and the current value of everything the condition reads, as it
    /// reads them (in an entry, that entry's fields).
    func explain(_ id: String) -> [String] {
        let definition = form.definition
        if let number = Int(id) {
            guard let instance = field(atRow: number) else { return [] }
            return explain(name(instance))
        }
        if let instance = try? form.instance(id) {
            let field = self.definition(instance)
            if field.isInput || field.isCalculation { return explainBehaviours(id) }
            let section = definition.sections[field.sectionIndex]
            if !form.isVisible(section.id) {
                return ["\(id) is hidden because its section '\(section.id)' is hidden:"]
                    + describe(section.visible, result: false, from: nil)
            }
            if let enclosing = form.enclosingRepeat(of: id), !form.isVisible(enclosing.group) {
                return ["\(id) is hidden because its repeat '\(enclosing.group)' is hidden:"]
                    + explainRepeat(enclosing.group, alone: false)
            }
            guard let condition = field.visible else {
                return [
                    "\(id) is always shown" + (section.visible == nil ? "." : " while its section '\(section.id)' is.")
                ] + explainBehaviours(id)
            }
            let shown = form.isVisible(id)
            return ["\(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):"]
                + describe(condition, result: shown, from: id) + explainBehaviours(id)
        }
        if form.enclosingRepeat(of: id) != nil {
            return explainRepeat(id, alone: true)
        }
        if let section = definition.section(id) {
            guard let condition = section.visible else {
                return ["section \(id) is always shown (when any of its fields is)."]
            }
            let shown = form.isVisible(id)
            return ["section \(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):"]
                + describe(condition, result: shown, from: nil)
        }
        do {
            _ = try form.instance(id)
        } catch {
            // A path into entries that do not exist says so.
            if case .unknownField = error {
            } else if case .fieldInEntries = error {
            } else {
                self.error(.session(error))
                return []
            }
        }
        error(.session(.unknownFieldOrSection(id, suggestions: definition.suggestions(for: id))))
        return []
    }

    /// A repeat's entries (or one entry): its own condition, in what holds it, or the
    /// entry or section that hides it.
    private func explainRepeat(_ path: String, alone: Bool) -> [String] {
        guard let (id, group, holder) = form.enclosingRepeat(of: path),
            let repeatDefinition = form.definition.repeatGroup(id)
        else { return [] }
        let section = form.definition.sections[repeatDefinition.sectionIndex]
        if !form.isVisible(section.id) {
            return (alone ? ["\(path) is hidden because its section '\(section.id)' is hidden:"] : [])
                + describe(section.visible, result: false, from: nil)
        }
        if let holder, !form.isVisible(holder) {
            return (alone ? ["\(path) is hidden because its entry '\(holder)' is hidden:"] : [])
                + explainRepeat(holder, alone: false)
        }
        guard let condition = repeatDefinition.visible else {
            return alone ? ["\(path) is always shown" + (holder.map { " while '\($0)' is." } ?? ".")] : []
        }
        let shown = form.isVisible(group)
        return
            (alone ? ["\(path) is \(shown ? "shown" : "hidden") because the condition of '\(group)' is \(shown):"] : [])
            + describe(condition, result: shown, from: holder)
    }

    func describe(
        _ condition: CompiledExpression?, key: String = "visible", result: Bool, from path: String?
    ) -> [String] {
        guard let condition else { return [] }
        var lines = ["  \(key): \(TerminalText.escaped(condition.source))"]
        for reference in condition.references {
            switch form.reading(reference, from: path) {
            case .entries(let count):
                lines.append("  $\(reference) = \(count) entr\(count == 1 ? "y" : "ies")")
            case let .value(read, hidden):
                let secure = form.definition.field(reference)?.kind == .secure
                var note = ""
                if hidden {
                    note = " (hidden, so it reads as null)"
                } else if read.isNull {
                    note = " (unanswered)"
                }
                let shown = secure && !read.isNull ? FormSession.secureMask : TerminalText.escaped(read.description)
                lines.append("  $\(reference) = \(shown)\(note)")
            }
        }
        return lines
    }
}
