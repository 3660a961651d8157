import Formwork
import FormworkCore
import Foundation

extension ReplSession {
    /// `show`: the whole form. `show SECTION`: one section of the definition — its
    /// fields, its entries and its add rows, as the whole table shows them — named
    /// by id, or by the number of a row in it (`show 7`). Both may go to the pager.
    func show(_ target: String?) {
        guard let target else {
            step.lines += table.render().map(ReplLine.page)
            return
        }
        let index: Int
        if let number = Int(target) {
            guard let path = table.indexPath(ofRow: number),
                let section = form.sectionIndex(ofVisibleSection: path.section)
            else { return error(.noRow(number, count: table.rowCount)) }
            index = section
        } else {
            let sections = form.definition.sections
            guard
                let section = sections.first(where: { $0.id == target })
                    ?? sections.first(where: { $0.id.lowercased() == target.lowercased() })
            else {
                let suggestions = Suggestions.closest(to: target, in: sections.map(\.id), limit: 3)
                return error(.unknownSection(target, suggestions: suggestions))
            }
            index = section.index
        }
        let shown = form.visibleSectionIndices(ofSection: index)
        guard !shown.isEmpty else { return error(.hiddenSection(form.definition.sections[index].id)) }
        step.lines += table.render(sections: shown).map(ReplLine.page)
    }
}
