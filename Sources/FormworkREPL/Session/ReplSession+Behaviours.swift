import Formwork

/// What `why` and selecting a row say of field behaviours: read-only fields, hidden
/// calculations, inputs and `recalculate` triggers.
extension ReplSession {
    /// Why a field is read-only (or no longer is): `readonly: true`, or its
    /// condition with the values it reads.
    func explainReadOnly(_ path: String) -> [String] {
        guard let instance = try? form.instance(path) else { return [] }
        switch definition(instance).readOnly {
        case .never:
            return []
        case .always:
            return ["\(path) is read-only."]
        case .when(let condition):
            let held = form.isReadOnly(path)
            return ["\(path) is \(held ? "read-only" : "editable") because its readonly condition is \(held):"]
                + describe(condition, key: "readonly", result: held, from: path)
        }
    }

    /// What `why` adds for a field's behaviours: an input's or a hidden calculation's
    /// nature and value, read-only, and what recalculates it.
    func explainBehaviours(_ path: String) -> [String] {
        guard let instance = try? form.instance(path) else { return [] }
        let field = definition(instance)
        var lines: [String] = []
        if field.isInput {
            let value = form.storedValue(of: instance)
            lines.append(
                "\(path) is an input of the form: the program gives it (--set, --values), it is never asked; "
                    + "$\(field.id) = \(TerminalText.escaped(value.description))")
        }
        if field.isCalculation {
            let relevant = form.isVisible(path)
            lines.append(
                "\(path) is a hidden calculation: never shown, read by expressions and in the answers"
                    + (relevant ? "" : " (not now: it is not relevant, so it reads as null)") + ":")
            if let value = field.value { lines.append("  value: \(TerminalText.escaped(value.source))") }
            lines.append("  $\(field.id) = \(TerminalText.escaped(form.effectiveValue(of: path).description))")
            if let condition = field.visible {
                lines += describe(condition, result: relevant, from: path)
            }
        }
        lines += explainReadOnly(path)
        for rule in field.trigger?.rules ?? [] {
            let sources = rule.fields.map { "$" + form.definition.fields[$0].id }.joined(separator: ", ")
            var line =
                rule.onEveryChange
                ? "\(path) is recalculated when any other field changes: "
                : "\(path) is recalculated when \(sources) change\(rule.fields.count == 1 ? "s" : ""): "
            line += "value: \(TerminalText.escaped(rule.value.source))"
            if let condition = rule.condition { line += ", when: \(TerminalText.escaped(condition.source))" }
            lines.append(line)
        }
        return lines
    }
}
