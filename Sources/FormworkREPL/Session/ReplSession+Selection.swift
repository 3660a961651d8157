import Formwork
import FormworkCore
import Foundation

extension ReplSession {
    /// Why a row is selected: what the REPL does with the interaction the row asks for.
    enum SelectionContext {
        /// `N`, `select N`: a switch toggles at once.
        case pick
        /// `goto`, `next`, `back`, `set ID`: the field's question is asked (a switch too).
        case focus
        /// Guided filling: the question is asked; notes are shown and computed values
        /// passed over on the way to the next question.
        case guided
    }

    /// Selects the row at a visible index path through the data source, so the row's
    /// descriptor decides (its `didSelect`, or the form's default by kind), and does
    /// what the row asks for.
    func select(at path: IndexPath, as context: SelectionContext, remember: Bool = true) {
        let instance = self.instance(at: path)
        if remember, let instance, let current, current != instance, visited.last != current { visited.append(current) }
        if let instance { current = instance }
        if context == .guided, let instance { showPage(of: instance) }
        switch form.dataSource.selectRow(at: path) {
        case .request(let request)?:
            if let interaction = request.value(as: FieldInteraction.self) {
                if case .addEntry(let group) = interaction { return selectAddRow(group, as: context) }
                if let target = try? form.instance(interaction.field) {
                    return perform(interaction, on: target, as: context)
                }
            }
            fallthrough
        default:
            // A descriptor of the embedder's handled the selection itself: show what it changed.
            showChanges()
            if context == .guided, let instance { return askNextGuided(after: .field(instance)) }
            askCommand()
        }
    }

    /// The add row: guided filling asks whether to add an entry; selected at the
    /// prompt, it adds one.
    func selectAddRow(_ group: String, as context: SelectionContext) {
        if context == .guided { return askAddAnother(group, guided: true) }
        addEntry(group)
    }

    /// What a field's row asked for, in the context it was selected in.
    func perform(_ interaction: FieldInteraction, on instance: Int, as context: SelectionContext) {
        let path = name(instance)
        switch (interaction, context) {
        case (.toggle, .pick):
            mutate { () throws(SessionError) in try form.toggle(path) }
            askCommand()
        case (.showNote, .guided):
            // A note on a page was shown with the page.
            if options.interactive, form.page(ofInstance: instance) == nil {
                step.lines += rowLines(ofInstance: instance)
            }
            askNextGuided(after: .field(instance))
        case (.showComputed, .guided):
            askNextGuided(after: .field(instance))  // shown by the change lines and the review
        case (.showNote, .pick):
            let note = form.display(.null, ofInstance: instance)
            for line in TextLayout.safe(note).components(separatedBy: "\n") { out("  " + line) }
            askCommand()
        case (.showComputed, .pick):
            describeComputed(instance)
            askCommand()
        case (.showReadOnly, .guided):
            askNextGuided(after: .field(instance))  // nothing to ask: the review shows it
        case (.showReadOnly, _):
            step.lines += rowLines(ofInstance: instance)
            for line in explainReadOnly(path) { out(line) }
            askCommand()
        case (.showNote, .focus), (.showComputed, .focus):
            step.lines += rowLines(ofInstance: instance)
            askCommand()
        case (.addEntry, _):
            selectAddRow(interaction.field, as: context)
        case (.toggle, _), (.edit, _), (.chooseOne, _), (.chooseMany, _):
            ask(instance, guided: context == .guided, remember: false)
        }
    }

    /// What a command does to a row's value.
    enum RowChange {
        /// `set ID VALUE`: the value as typed.
        case set(String)
        /// `toggle ID [OPTION]`: a switch, or an option of a multichoice.
        case toggle(option: String?)
        /// `clear ID`.
        case clear
    }

    /// `set ID VALUE`, `toggle ID [OPTION]`, `clear ID`: the row is selected through
    /// the data source first (shown or hidden), so its descriptor decides, as for
    /// `select N`: a form's row asks for its interaction and the change is made; a
    /// descriptor of the embedder's that answers otherwise has acted on the row
    /// itself, and what it changed is shown.
    func change(_ instance: Int, _ change: RowChange) {
        switch form.selectRow(ofInstance: instance) {
        case .request(let request)? where request.value(as: FieldInteraction.self) == nil:
            return showChanges()
        case .deselect?, .keepSelected?:
            return showChanges()
        case .request?, nil:
            break  // the form's interaction (or a field without a row: the session says why)
        }
        let path = name(instance)
        mutate { () throws(SessionError) in
            switch change {
            case .set(let text): try form.set(path, text: text)
            case .toggle(let option): try form.toggle(path, option: option)
            case .clear: try form.clear(path)
            }
        }
    }

    /// Moves to a field instance and asks for its value (`goto`, `next`, `back`, `set
    /// ID`), by selecting its row.
    func focus(_ instance: Int, remember: Bool = true) {
        guard let path = form.visibleIndexPath(ofInstance: instance) else {
            error(.hiddenField(name(instance)))
            return askCommand()
        }
        select(at: path, as: .focus, remember: remember)
    }
}
