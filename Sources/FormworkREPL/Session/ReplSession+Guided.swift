import Formwork
import FormworkCore
import Foundation

/// Guided filling (`fill --guided`): each visible field is selected in form order
/// through the data source, as a row selected at the prompt is, and its question
/// asked; visibility is evaluated again after each answer, so a field that appears
/// is asked next, in its place. The commands that work at any question (`:back`,
/// `:skip`, `:goto ID`, `:review`, `:quit`, `:help`) are `CommandTable`'s guided
/// entries. It ends with the review and a question to submit.
/// Where guided filling is: at a field instance, or at a repeat's add row.
enum GuidedCursor: Equatable {
    case field(Int)
    case addRow(String)
}

extension ReplSession {
    /// Selects the first visible row after `cursor` in the order the table shows
    /// them (notes are shown, computed values passed over, a repeat's add row asks
    /// whether to add an entry), or ends with the review.
    func askNextGuided(after cursor: GuidedCursor?) {
        guard !isConfirmingRemoval else { return }
        var position: IndexPath?
        switch cursor {
        case .field(let instance)?: position = form.visibleIndexPath(ofInstance: instance)
        case .addRow(let group)?: position = form.visibleIndexPath(ofAddRow: group)
        case nil: position = nil
        }
        // A cursor no longer shown (its entry removed, say): from the start, past
        // what is answered.
        if cursor != nil, position == nil { return askNextGuided(after: nil) }
        while let next = form.visibleRow(after: position) {
            if let add = form.dataSource.row(at: next)?.item(as: EntryAddRow.self), !add.canAdd {
                position = next
                continue
            }
            return select(at: next, as: .guided)
        }
        review()
    }

    /// The end of guided filling: the whole form, its problems, and the question.
    func review() {
        shownPage = nil
        if options.interactive {
            out("")
            step.lines += table.render().map(ReplLine.out)
        }
        listErrors(form.errors())
        question = .confirmSubmit
        step.prompt = yesOrNo("Submit now?")
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
        let atAddRow: String? = if case .addAnother(let group, _) = question { group } else { nil }
        func askAgain() {
            if let atAddRow { return askAddAnother(atAddRow, guided: true) }
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
            if question == .confirmSubmit || atAddRow != nil, let index {
                return goBack(to: index)
            }
            guard goBack(from: index) else {
                say("This is the first question.")
                return askAgain()
            }
        case .skip:
            if let atAddRow { return askNextGuided(after: .addRow(atAddRow)) }
            askNextGuided(after: index.map(GuidedCursor.field))
        case .goto(let id):
            let target: Int?
            if Int(id) == nil, (try? form.instance(id)) == nil, let section = form.definition.section(id) {
                target = form.firstVisibleInstance(in: section)
                if target == nil {
                    error(.hiddenSection(id))
                    return askAgain()
                }
            } else {
                target = field(id)
            }
            guard let target else { return askAgain() }
            guard let path = form.visibleIndexPath(ofInstance: target) else {
                error(.hiddenField(name(target)))
                return askAgain()
            }
            select(at: path, as: .guided)
        case .review:
            step.lines += table.render().map(ReplLine.page)
            askAgain()
        case .quit:
            quit(confirmed: !options.interactive)
        default:  // :help
            help(nil, in: .guided)
            askAgain()
        }
    }
}
