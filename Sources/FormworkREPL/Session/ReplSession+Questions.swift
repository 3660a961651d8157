import Formwork
import FormworkCore
import Foundation

extension ReplSession {
    /// Asks for a field's value with a prompt suited to its kind, prefilled with the
    /// current value (choices list their options first).
    func ask(_ index: Int, guided: Bool, remember: Bool = true, retry: String? = nil) {
        let field = form.definition.fields[index]
        if options.readOnly {  // show the row instead of asking
            step.lines += rowLines(ofField: field.id)
            current = index
            error(.readOnly)
            return askCommand()
        }
        if remember, let current, current != index, visited.last != current { visited.append(current) }
        current = index
        question = .value(field: index, guided: guided)
        let label = TerminalText.escaped(field.label) + (form.isRequired(field.id) ? " *" : "")
        let value = form.value(of: field.id)
        if options.interactive {
            if let help = field.help { out("  " + TerminalText.escaped(help)) }
            if let error = form.errors().first(where: { $0.field == field.id }), !value.isNull {
                out("  ! " + TerminalText.escaped(error.message))
            }
        }
        switch field.kind {
        case .switch:
            // Not prefilled (typing y after a prefilled "no" would give "noy"): the
            // current value is the capital letter, and Enter keeps it.
            step.prompt = Prompt("\(label) [\(value.isTrue ? "Y/n" : "y/N")]: ")
        case .choice:
            listOptions(field, selected: value.isNull ? [] : [value])
            let current = if case .string(let selected) = value { " [\(TerminalText.escaped(selected))]" } else { "" }
            step.prompt = Prompt("\(label)\(current) (number or value): ", completion: .options(fieldID: field.id))
        case .multichoice:
            let selected = if case .list(let elements) = value { elements } else { [Value]() }
            listOptions(field, selected: selected)
            step.prompt = Prompt(
                "\(label) (numbers or values to toggle, comma-separated): ",
                completion: .options(fieldID: field.id))
        case .secure:
            step.prompt = Prompt("\(label): ", isSecure: true)
        default:
            let hint = field.kind == .date ? " (YYYY-MM-DD)" : ""
            step.prompt = Prompt("\(label)\(hint): ", prefill: retry ?? value.plainText)
        }
    }

    func listOptions(_ field: FieldDefinition, selected: [Value]) {
        guard options.interactive else { return }
        for (number, option) in form.visibleOptions(of: field.id).enumerated() {
            let mark = field.kind == .multichoice ? (selected.contains(.string(option.value)) ? "[x] " : "[ ] ") : ""
            let label = TerminalText.escaped(option.label)
            let value = option.label == option.value ? "" : "  (\(TerminalText.escaped(option.value)))"
            out(String(format: "  %2d) ", number + 1) + mark + label + value)
        }
    }

    /// The answer to a value question.
    func answer(_ line: String, field index: Int, guided: Bool) {
        let field = form.definition.fields[index]
        let text = field.kind == .secure || field.kind == .text ? line : line.trimmingCharacters(in: .whitespaces)
        if guided, let command = guidedCommand(in: text, prefill: form.value(of: field.id).plainText) {
            return guidedCommand(command, field: index)
        }
        if !guided, field.kind != .secure { step.history = nil }
        let accepted: Bool
        switch field.kind {
        case .switch where text.isEmpty, .choice where text.isEmpty:
            accepted = true  // Enter keeps the current value
        case .choice:
            let visibleOptions = form.visibleOptions(of: field.id)
            let value =
                Int(text).flatMap {
                    (1...max(1, visibleOptions.count)).contains($0) && $0 <= visibleOptions.count
                        ? visibleOptions[$0 - 1].value : nil
                } ?? text
            accepted = mutate { () throws(SessionError) in try form.set(field.id, text: value) }
        case .multichoice:
            let visibleOptions = form.visibleOptions(of: field.id)
            let tokens = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            accepted = mutate { () throws(SessionError) in
                for token in tokens {
                    let option =
                        Int(token).flatMap {
                            (1...max(1, visibleOptions.count)).contains($0) && $0 <= visibleOptions.count
                                ? visibleOptions[$0 - 1].value : nil
                        } ?? token
                    try form.toggle(field.id, option: option)
                }
            }
        default:
            accepted = mutate { () throws(SessionError) in try form.set(field.id, text: text) }
        }
        let retry = field.kind == .secure ? nil : text
        if guided {
            if accepted, form.errors().first(where: { $0.field == field.id })?.rule == .required {
                error(.requiredInGuided(field: field.id))
                return ask(index, guided: true, remember: false)
            }
            return accepted ? askNextGuided(after: index) : ask(index, guided: true, remember: false, retry: retry)
        }
        if !accepted, options.interactive { return ask(index, guided: false, remember: false, retry: retry) }
        askCommand()
    }
}
