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
        let field = form.field(at: path)
        if remember, let field, let current, current != field.index, visited.last != current { visited.append(current) }
        if let field { current = field.index }
        switch form.dataSource.selectRow(at: path) {
        case .request(let request)?:
            if let interaction = request.value(as: FieldInteraction.self),
                let field = form.definition.field(interaction.field)
            {
                return perform(interaction, on: field, as: context)
            }
            fallthrough
        default:
            // A descriptor of the embedder's handled the selection itself: show what it changed.
            showChanges()
            if context == .guided, let field { return askNextGuided(after: field.index) }
            askCommand()
        }
    }

    /// What a field's row asked for, in the context it was selected in.
    func perform(_ interaction: FieldInteraction, on field: FieldDefinition, as context: SelectionContext) {
        switch (interaction, context) {
        case (.toggle, .pick):
            mutate { () throws(SessionError) in try form.toggle(field.id) }
            askCommand()
        case (.showNote, .guided):
            if options.interactive { step.lines += rowLines(ofField: field.id) }
            askNextGuided(after: field.index)
        case (.showComputed, .guided):
            askNextGuided(after: field.index)  // shown by the change lines and the review
        case (.showNote, .pick):
            for line in TextLayout.safe(field.text ?? "").components(separatedBy: "\n") { out("  " + line) }
            askCommand()
        case (.showComputed, .pick):
            describeComputed(field)
            askCommand()
        case (.showNote, .focus), (.showComputed, .focus):
            step.lines += rowLines(ofField: field.id)
            askCommand()
        case (.toggle, _), (.edit, _), (.chooseOne, _), (.chooseMany, _):
            ask(field.index, guided: context == .guided, remember: false)
        }
    }

    /// Moves to a field and asks for its value (`goto`, `next`, `back`, `set ID`), by
    /// selecting its row.
    func focus(_ field: FieldDefinition, remember: Bool = true) {
        guard let path = form.visibleIndexPath(ofField: field.id) else {
            error(.hiddenField(field.id))
            return askCommand()
        }
        select(at: path, as: .focus, remember: remember)
    }
}
