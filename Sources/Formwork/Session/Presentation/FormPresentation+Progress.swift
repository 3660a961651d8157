import FormworkCore
import Foundation

/// How far filling has come: the visible required fields, and how many of them
/// are answered.
public struct RequiredProgress: Equatable, Sendable {
    /// The visible required field instances that hold an answer (as `required`
    /// counts answers).
    public let answered: Int
    /// The visible required field instances, entries' included.
    public let required: Int

    /// Progress of `answered` out of `required` fields.
    public init(answered: Int, required: Int) {
        self.answered = answered
        self.required = required
    }
}

extension FormPresentation {
    /// See `FormSession.hasRequiredFields`.
    var hasRequiredFields: Bool {
        definition.fields.contains { field in
            if case .never = field.required { return false }
            return true
        }
    }

    /// See `FormSession.requiredProgress`.
    var requiredProgress: RequiredProgress {
        if let requiredTally {
            assert(requiredTally == requiredProgress(of: source.visibleSections), "required tally out of date")
            return requiredTally
        }
        let progress = requiredProgress(of: source.visibleSections)
        requiredTally = progress
        return progress
    }

    /// Every visible row counted.
    func requiredProgress(of shown: VisibleSections) -> RequiredProgress {
        var tally = Tally()
        for section in shown { for row in section.rows { tally.add(row.row) } }
        return RequiredProgress(answered: tally.answered, required: tally.required)
    }

    /// Brings the tally up to date after a reload: the rows the changeset touched are
    /// taken out as they were and put back as they are (rows it does not name are
    /// shown as they were, by the changeset's contract). Without a changeset (a full
    /// reload) the tally is counted again when next read.
    func updateRequiredTally(shownBefore: VisibleSections?, changeset: Changeset?) {
        guard let current = requiredTally, let shownBefore, let changeset else {
            requiredTally = nil
            return
        }
        guard !changeset.isEmpty else { return }
        let shownAfter = source.visibleSections
        let sections = changeset.sections, rows = changeset.rows
        let sectionsBefore: [Int] = sections.deleted + sections.moved.map(\.from) + sections.updated.map(\.from)
        let rowsBefore: [IndexPath] = rows.deleted + rows.moved.map(\.from) + rows.updated.map(\.from)
        let sectionsAfter: [Int] = sections.inserted + sections.moved.map(\.to) + sections.updated.map(\.to)
        let rowsAfter: [IndexPath] = rows.inserted + rows.moved.map(\.to) + rows.updated.map(\.to)
        let removed = tally(of: shownBefore, sections: sectionsBefore, rows: rowsBefore)
        let added = tally(of: shownAfter, sections: sectionsAfter, rows: rowsAfter)
        requiredTally = RequiredProgress(
            answered: current.answered - removed.answered + added.answered,
            required: current.required - removed.required + added.required)
    }

    /// The tally of whole sections and of single rows of a snapshot, each row once.
    private func tally(of shown: VisibleSections, sections: [Int], rows: [IndexPath]) -> Tally {
        var tally = Tally()
        let whole = Set(sections)
        for section in whole where shown.indices.contains(section) {
            for row in shown[section].rows { tally.add(row.row) }
        }
        for path in Set(rows) where !whole.contains(path.section) && shown.indices.contains(path.section) {
            let sectionRows = shown[path.section].rows
            if sectionRows.indices.contains(path.row) { tally.add(sectionRows[path.row].row) }
        }
        return tally
    }
}

/// Counts required rows and answered ones.
private struct Tally {
    var answered = 0
    var required = 0

    mutating func add(_ row: Row) {
        guard let field = row.item(as: FieldRow.self), field.isRequired else { return }
        required += 1
        if field.isAnswered { answered += 1 }
    }
}
