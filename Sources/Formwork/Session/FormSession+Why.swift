/// Why a field, an entry, a repeat or a section is shown or hidden, read-only, or
/// computed as it is: the words `why` prints at the prompt and `formwork test` prints
/// for a failed expectation. Lines are plain text (condition sources and values as the
/// form and the person wrote them); a terminal escapes them (`TerminalText.escaped`).
extension FormSession {
    /// Why `id` (a field, a path into entries, a repeat's entries, a section) is shown
    /// or hidden: its condition, its result, and the current value of everything the
    /// condition reads, as it reads them (in an entry, that entry's fields); for an
    /// input, a hidden calculation or a read-only field, what it is and what it holds.
    ///
    /// ```swift
    /// try session.explanation(of: "clinic_card")
    /// // ["clinic_card is hidden because its condition is false:",
    /// //  "  visible: $age < 5", "  $age = 7"]
    /// ```
    ///
    /// - Throws: `SessionError.unknownFieldOrSection` (with suggestions) for a name
    ///   the form does not have; the path's own error for an entry that does not exist.
    public func explanation(of id: String) throws(SessionError) -> [String] {
        if let instance = try? instance(id) {
            let field = self.field(ofInstance: instance)
            if field.isInput || field.isCalculation { return behaviourExplanation(of: id) }
            let section = definition.sections[field.sectionIndex]
            if !isVisible(section.id) {
                return ["\(id) is hidden because its section '\(section.id)' is hidden:"]
                    + describe(section.visible, from: nil)
            }
            if let enclosing = enclosingRepeat(of: id), !isVisible(enclosing.group) {
                return ["\(id) is hidden because its repeat '\(enclosing.group)' is hidden:"]
                    + repeatExplanation(enclosing.group, alone: false)
            }
            guard let condition = field.visible else {
                return [
                    "\(id) is always shown" + (section.visible == nil ? "." : " while its section '\(section.id)' is.")
                ] + behaviourExplanation(of: id)
            }
            let shown = isVisible(id)
            return ["\(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):"]
                + describe(condition, from: id) + behaviourExplanation(of: id)
        }
        if enclosingRepeat(of: id) != nil {
            return repeatExplanation(id, alone: true)
        }
        if let section = definition.section(id) {
            guard let condition = section.visible else {
                return ["section \(id) is always shown (when any of its fields is)."]
            }
            let shown = isVisible(id)
            return ["section \(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):"]
                + describe(condition, from: nil)
        }
        do {
            _ = try instance(id)
        } catch {
            // A path into entries that do not exist says so.
            switch error {
            case .unknownField, .fieldInEntries: break
            default: throw error
            }
        }
        throw .unknownFieldOrSection(id, suggestions: definition.suggestions(for: id))
    }

    /// A repeat's entries (or one entry): its own condition, in what holds it, or the
    /// entry or section that hides it.
    private func repeatExplanation(_ path: String, alone: Bool) -> [String] {
        guard let (id, group, holder) = enclosingRepeat(of: path),
            let repeatDefinition = definition.repeatGroup(id)
        else { return [] }
        let section = definition.sections[repeatDefinition.sectionIndex]
        if !isVisible(section.id) {
            return (alone ? ["\(path) is hidden because its section '\(section.id)' is hidden:"] : [])
                + describe(section.visible, from: nil)
        }
        if let holder, !isVisible(holder) {
            return (alone ? ["\(path) is hidden because its entry '\(holder)' is hidden:"] : [])
                + repeatExplanation(holder, alone: false)
        }
        guard let condition = repeatDefinition.visible else {
            return alone ? ["\(path) is always shown" + (holder.map { " while '\($0)' is." } ?? ".")] : []
        }
        let shown = isVisible(group)
        return
            (alone ? ["\(path) is \(shown ? "shown" : "hidden") because the condition of '\(group)' is \(shown):"] : [])
            + describe(condition, from: holder)
    }

    /// An expression and the value of everything it reads, seen from `path` (the
    /// form's scope when `nil`): `  visible: $age < 5` then `  $age = 7`, a hidden
    /// field's value as null, a secure one masked.
    ///
    /// ```swift
    /// session.describe(field.visible, from: "school")
    /// // ["  visible: $age >= 6", "  $age = 4"]
    /// ```
    public func describe(
        _ condition: CompiledExpression?, key: String = "visible", from path: String?
    ) -> [String] {
        guard let condition else { return [] }
        var lines = ["  \(key): \(condition.source)"]
        for reference in condition.references {
            var shownName = reference
            var read = reading(reference, from: path)
            // A field of a repeat read from outside its entries (`count($members, $age < 5)`)
            // is shown as the list of its entries' values (`$members.age`).
            if case .value(.null, hidden: false) = read, let field = definition.field(reference),
                let repeatIndex = field.repeatIndex, definition.repeats[repeatIndex].parent == nil,
                scope(of: path) == 0
            {
                shownName = definition.repeats[repeatIndex].id + "." + reference
                read = reading(shownName, from: path)
            }
            switch read {
            case .entries(let count):
                lines.append("  $\(shownName) = \(count) entr\(count == 1 ? "y" : "ies")")
            case let .value(read, hidden):
                let secure = definition.field(reference)?.kind == .secure
                var note = ""
                if hidden {
                    note = " (hidden, so it reads as null)"
                } else if read.isNull {
                    note = " (unanswered)"
                }
                let shown = secure && !read.isNull ? FormSession.secureMask : read.description
                lines.append("  $\(shownName) = \(shown)\(note)")
            }
        }
        return lines
    }

    /// Why a field is read-only (or no longer is): `readonly: true`, or its
    /// condition with the values it reads.
    public func readOnlyExplanation(of path: String) -> [String] {
        guard let instance = try? instance(path) else { return [] }
        switch field(ofInstance: instance).readOnly {
        case .never:
            return []
        case .always:
            return ["\(path) is read-only."]
        case .when(let condition):
            let held = isReadOnly(path)
            return ["\(path) is \(held ? "read-only" : "editable") because its readonly condition is \(held):"]
                + describe(condition, key: "readonly", from: path)
        }
    }

    /// A field's behaviours: an input's or a hidden calculation's nature and value,
    /// read-only, and what recalculates it.
    public func behaviourExplanation(of path: String) -> [String] {
        guard let instance = try? instance(path) else { return [] }
        let field = self.field(ofInstance: instance)
        var lines: [String] = []
        if field.isInput {
            lines.append(
                "\(path) is an input of the form: the program gives it (--set, --values), it is never asked; "
                    + "$\(field.id) = \(storedValue(of: instance).description)")
        }
        if field.isCalculation {
            let relevant = isVisible(path)
            lines.append(
                "\(path) is a hidden calculation: never shown, read by expressions and in the answers"
                    + (relevant ? "" : " (not now: it is not relevant, so it reads as null)") + ":")
            if let value = field.value { lines.append("  value: \(value.source)") }
            lines.append("  $\(field.id) = \(effectiveValue(of: path).description)")
            if let condition = field.visible {
                lines += describe(condition, from: path)
            }
        }
        lines += readOnlyExplanation(of: path)
        for rule in field.trigger?.rules ?? [] {
            let sources = rule.fields.map { "$" + definition.fields[$0].id }.joined(separator: ", ")
            var line =
                rule.onEveryChange
                ? "\(path) is recalculated when any other field changes: "
                : "\(path) is recalculated when \(sources) change\(rule.fields.count == 1 ? "s" : ""): "
            line += "value: \(rule.value.source)"
            if let condition = rule.condition { line += ", when: \(condition.source)" }
            lines.append(line)
        }
        return lines
    }
}
