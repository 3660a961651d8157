import Formwork
import FormworkCore
import Foundation

extension ReplSession {
    /// Asks for a field's value with a prompt suited to its kind, prefilled with the
    /// current value (choices list their options first).
    func ask(_ index: Int, guided: Bool, remember: Bool = true, retry: String? = nil) {
        guard !isConfirmingRemoval else { return }
        let field = definition(index)
        let path = name(index)
        if options.readOnly {  // show the row instead of asking
            step.lines += rowLines(ofInstance: index)
            current = index
            error(.readOnly)
            return askCommand()
        }
        if remember, let current, current != index, visited.last != current { visited.append(current) }
        current = index
        question = .value(field: index, guided: guided)
        if guided { showPage(of: index) }
        // Coming into another section (not a page, which is shown whole): its header,
        // so a question is read under it ("Paid Work", then "Frequency").
        // The header is the data source's (its section descriptor's), as the table shows it.
        if guided, options.interactive, !speaks, form.page(ofInstance: index) == nil,
            field.sectionIndex != guidedSection
        {
            guidedSection = field.sectionIndex
            if let visible = form.visibleSectionIndices(ofSection: field.sectionIndex).first,
                let header = form.dataSource.header(inSection: visible).title, !header.isEmpty
            {
                out("")
                out(TerminalText.escaped(header))
            }
        }
        if speaks { return askInWords(index, field: field, path: path, guided: guided) }
        // In an entry, the question says which: "Age (members[2])".
        let place = path == field.id ? "" : " (\(TerminalText.escaped(path)))"
        // A label of several lines (ODK's "Question\nInstructions"): all but the last
        // are printed above the prompt, which holds one line.
        var labelLines = TextLayout.safe(form.label(ofInstance: index)).split(
            separator: "\n", omittingEmptySubsequences: false)
        let lastLine = labelLines.popLast().map(String.init) ?? ""
        for line in labelLines { out(String(line)) }
        let label = lastLine + place + (form.isRequired(path) ? " *" : "")
        let value = form.value(of: path)
        if options.interactive {
            if let help = form.help(ofInstance: index) { out("  " + TerminalText.escaped(help)) }
            if let error = form.currentError(of: index), !value.isNull {
                out("  ! " + TerminalText.escaped(error.message))
            }
        }
        switch field.kind.question {
        case .yesNo:
            // Not prefilled (typing y after a prefilled "no" would give "noy"): the
            // current value is the capital letter, and Enter keeps it.
            step.prompt = Prompt("\(label) [\(value.isTrue ? "Y/n" : "y/N")]: ")
        case .oneOption:
            listOptions(field, at: path, selected: value.isNull ? [] : [value])
            let current = if case .string(let selected) = value { " [\(TerminalText.escaped(selected))]" } else { "" }
            step.prompt = Prompt("\(label)\(current) (number or value): ", completion: .options(fieldID: path))
        case .someOptions:
            let selected = if case .list(let elements) = value { elements } else { [Value]() }
            listOptions(field, at: path, selected: selected)
            step.prompt = Prompt(
                "\(label) (numbers or values to toggle, comma-separated): ",
                completion: .options(fieldID: path))
        case .secret:
            step.prompt = Prompt("\(label): ", isSecure: true)
        case .everyOption:
            listOptions(field, at: path, selected: [])
            step.prompt = Prompt(
                "\(label) (every option, in order: numbers or values): ", prefill: retry ?? value.plainText,
                completion: .options(fieldID: path))
        case .path:
            step.prompt = Prompt(
                "\(label) (\(field.multipleFiles ? "paths, comma-separated" : "a path"); Tab completes): ",
                prefill: retry ?? field.inputText(for: value),
                completion: .options(fieldID: path))
        case .text(let hint):
            step.prompt = Prompt("\(label)\(hint): ", prefill: retry ?? value.plainText)
        }
    }

    /// A rank's numbers are those of the options listed (the visible ones).
    func rankText(_ text: String, at path: String) -> String {
        let visibleOptions = form.visibleOptions(of: path)
        let separator: Character = text.contains(",") ? "," : " "
        return text.split(separator: separator).map { token in
            let trimmed = token.trimmingCharacters(in: .whitespaces)
            guard let number = Int(trimmed), (1...max(1, visibleOptions.count)).contains(number),
                number <= visibleOptions.count
            else { return trimmed }
            return visibleOptions[number - 1].value
        }.joined(separator: ", ")
    }

    func listOptions(_ field: FieldDefinition, at path: String, selected: [Value]) {
        guard options.interactive else { return }
        for (number, option) in form.visibleOptions(of: path).enumerated() {
            let mark =
                field.kind.question == .someOptions ? (selected.contains(.string(option.value)) ? "[x] " : "[ ] ") : ""
            let label = TerminalText.escaped(option.label)
            let value = option.label == option.value ? "" : "  (\(TerminalText.escaped(option.value)))"
            out(String(format: "  %2d) ", number + 1) + mark + label + value)
        }
    }

    /// The answer to a value question.
    func answer(_ line: String, field index: Int, guided: Bool) {
        let field = definition(index)
        let path = name(index)
        let text = field.kind.readsTextAsTyped ? line : line.trimmingCharacters(in: .whitespaces)
        if guided, let command = guidedCommand(in: text, prefill: speaks ? "" : form.value(of: path).plainText) {
            return guidedCommand(command, field: index)
        }
        if speaks, answerInWords(text, field: index, guided: guided) { return }
        if !guided, field.kind != .secure { step.history = nil }
        let accepted: Bool
        switch field.kind.question {
        case .yesNo where text.isEmpty, .oneOption where text.isEmpty:
            accepted = true  // Enter keeps the current value
        case .oneOption:
            let visibleOptions = form.visibleOptions(of: path)
            let value =
                Int(text).flatMap {
                    (1...max(1, visibleOptions.count)).contains($0) && $0 <= visibleOptions.count
                        ? visibleOptions[$0 - 1].value : nil
                } ?? text
            accepted = mutate { () throws(SessionError) in try form.set(path, text: value) }
        case .someOptions:
            let visibleOptions = form.visibleOptions(of: path)
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
                    try form.toggle(path, option: option)
                }
            }
        case .everyOption:
            let ranked = rankText(text, at: path)
            accepted = mutate { () throws(SessionError) in try form.set(path, text: ranked) }
        default:
            accepted = mutate { () throws(SessionError) in try form.set(path, text: text) }
        }
        let retry = field.kind == .secure ? nil : text
        if isConfirmingRemoval { return }
        if guided {
            if accepted, let rule = form.currentError(of: index)?.rule, rule.name == ValidationRule.required.name {
                error(.requiredInGuided(field: path, message: rule == .required ? nil : rule.message))
                return ask(index, guided: true, remember: false)
            }
            return accepted
                ? askNextGuided(after: .field(index)) : ask(index, guided: true, remember: false, retry: retry)
        }
        if !accepted, options.interactive { return ask(index, guided: false, remember: false, retry: retry) }
        askCommand()
    }
}
