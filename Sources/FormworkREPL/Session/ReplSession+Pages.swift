import Formwork
import FormworkCore
import Foundation

/// Pages in guided filling: a section with `page: true` (each entry of one that
/// repeats) is shown whole as its first question is asked — its visible rows as a
/// small table — and its questions are then asked in turn, without showing it again.
/// `:back` goes back a page: on a page, to the start of the page before (or to the
/// question before, when that was not on a page); at a question not on a page, to
/// the question before, or the start of its page.
extension ReplSession {
    /// Guided filling reached a field instance: if it is on a page not shown yet,
    /// shows the page (at a terminal).
    func showPage(of instance: Int) {
        let page = form.page(ofInstance: instance)
        guard page != shownPage else { return }
        shownPage = page
        guard let page, options.interactive else { return }
        out("")
        step.lines += table.render(sections: form.visibleSectionIndices(of: page)).map(ReplLine.out)
    }

    /// `:back` at the question about `index` (or where none was asked): to the
    /// previous page, passing over what was asked on this one, hidden since, or
    /// removed with its entry.
    ///
    /// - Returns: `false` when there is nothing to go back to.
    func goBack(from index: Int?) -> Bool {
        let page = index.flatMap(form.page(ofInstance:))
        while let previous = visited.popLast() {
            guard previous != index, canAskAgain(previous) else { continue }
            if let page, form.page(ofInstance: previous) == page { continue }
            goBack(to: previous)
            return true
        }
        return false
    }

    /// Asks `instance` again, or when it is on a page, the page from its start
    /// (shown again); what was asked on that page is dropped from `visited`.
    func goBack(to instance: Int) {
        guard let page = form.page(ofInstance: instance) else { return ask(instance, guided: true, remember: false) }
        while let last = visited.last, !canAskAgain(last) || form.page(ofInstance: last) == page {
            visited.removeLast()
        }
        shownPage = nil
        guard
            let first = form.visibleSectionIndices(of: page).first(where: {
                form.dataSource.numberOfRows(inSection: $0) > 0
            })
        else { return ask(instance, guided: true, remember: false) }
        select(at: IndexPath(row: 0, section: first), as: .guided, remember: false)
    }

    /// Whether `instance` can be asked again: in its entry still, shown, and a
    /// question (not a note or a computed value).
    func canAskAgain(_ instance: Int) -> Bool {
        form.isAttached(instance: instance) && form.visibleIndexPath(ofInstance: instance) != nil
            && definition(instance).kind.isEditable
    }
}
