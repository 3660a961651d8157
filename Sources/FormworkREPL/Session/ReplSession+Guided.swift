import Formwork
import FormworkCore

/// Guided filling (`fill --guided`): each visible field is selected in form order
/// through the data source, as a row selected at the prompt is, and its question
/// asked; visibility is evaluated again after each answer, so a field that appears
/// is asked next, in its place. The commands that work at any question (`:back`,
/// `:skip`, `:goto ID`, `:review`, `:quit`, `:help`) are `CommandTable`'s guided
/// entries. It ends with the review and a question to submit.
extension ReplSession {
    /// Selects the first visible field after `index` in form order (notes are shown,
    /// computed values passed over), or ends with the review.
    func askNextGuided(after index: Int?) {
        guard let field = form.nextVisibleField(after: index ?? -1), let path = form.visibleIndexPath(ofField: field.id)
        else {
            return review()
        }
        select(at: path, as: .guided)
    }

    /// The end of guided filling: the whole form, its problems, and the question.
    func review() {
        if options.interactive {
            out("")
            step.lines += table.render().map(ReplLine.out)
        }
        listErrors(form.errors())
        question = .confirmSubmit
        step.prompt = Prompt("Submit now? [y/N] ")
    }

    /// A guided command (`:back`, …) typed alone, or after the prefilled value.
    func guidedCommand(in text: String, prefill: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(":") { return trimmed }
        guard !prefill.isEmpty, trimmed.hasPrefix(prefill) else { return nil }
        let rest = trimmed.dropFirst(prefill.count).trimmingCharacters(in: .whitespaces)
        let word = rest.split(separator: " ").first.map(String.init) ?? ""
        return rest.hasPrefix(":") && CommandTable.entry(word, in: .guided) != nil ? rest : nil
    }

    /// Runs a guided command typed at the question about field `index` (or at the
    /// final review when `index` is `nil`).
    func guidedCommand(_ text: String, field index: Int?) {
        func askAgain() {
            if let index, question != .confirmSubmit { ask(index, guided: true, remember: false) } else { review() }
        }
        let command: Command
        switch CommandTable.parse(text, in: .guided) {
        case .failure(let failure):
            error(failure)
            return askAgain()
        case .success(let parsed):
            command = parsed
        }
        switch command {
        case .back:
            // Never blocked by validation: the current field is left as it is.
            if question == .confirmSubmit, let index { return ask(index, guided: true, remember: false) }
            guard let previous = visited.popLast() else {
                say("This is the first question.")
                return askAgain()
            }
            ask(previous, guided: true, remember: false)
        case .skip:
            askNextGuided(after: index)
        case .goto(let id):
            let target: FieldDefinition?
            if Int(id) == nil, form.definition.field(id) == nil, let section = form.definition.section(id) {
                target = section.fieldIndices.first.map { form.definition.fields[$0] }
            } else {
                target = field(id)
            }
            guard let target else { return askAgain() }
            guard let path = form.visibleIndexPath(ofField: target.id) else {
                error(.hiddenField(target.id))
                return askAgain()
            }
            select(at: path, as: .guided)
        case .review:
            step.lines += table.render().map(ReplLine.out)
            askAgain()
        case .quit:
            quit(confirmed: !options.interactive)
        default:  // :help
            help(nil, in: .guided)
            askAgain()
        }
    }
}
