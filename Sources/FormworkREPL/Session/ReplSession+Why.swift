import Formwork

extension ReplSession {
    /// Why a field or section is shown or hidden: its condition, its result, and the
    /// current value of everything the condition reads.
    func explain(_ id: String) -> [String] {
        let definition = form.definition
        if let number = Int(id) {
            guard let field = field(atRow: number) else { return [] }
            return explain(field.id)
        }
        if let field = definition.field(id) {
            let section = definition.sections[field.sectionIndex]
            var lines: [String] = []
            if !form.isVisible(section.id) {
                lines.append("\(id) is hidden because its section '\(section.id)' is hidden:")
                lines += describe(section.visible, result: false)
                return lines
            }
            guard let condition = field.visible else {
                return [
                    "\(id) is always shown" + (section.visible == nil ? "." : " while its section '\(section.id)' is.")
                ]
            }
            let shown = form.isVisible(id)
            lines.append("\(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):")
            lines += describe(condition, result: shown)
            return lines
        }
        if let section = definition.section(id) {
            guard let condition = section.visible else {
                return ["section \(id) is always shown (when any of its fields is)."]
            }
            let shown = form.isVisible(id)
            return ["section \(id) is \(shown ? "shown" : "hidden") because its condition is \(shown):"]
                + describe(condition, result: shown)
        }
        error(.session(.unknownFieldOrSection(id, suggestions: definition.suggestions(for: id))))
        return []
    }

    private func describe(_ condition: CompiledExpression?, result: Bool) -> [String] {
        guard let condition else { return [] }
        var lines = ["  visible: \(TerminalText.escaped(condition.source))"]
        for reference in condition.references {
            guard let field = form.definition.field(reference) else { continue }
            let read = form.effectiveValue(of: reference)
            var note = ""
            if !form.isVisible(reference) {
                note = " (hidden, so it reads as null)"
            } else if read.isNull {
                note = " (unanswered)"
            }
            let shown =
                field.kind == .secure && !read.isNull ? FormSession.secureMask : TerminalText.escaped(read.description)
            lines.append("  $\(reference) = \(shown)\(note)")
        }
        return lines
    }
}
