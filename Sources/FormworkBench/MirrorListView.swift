import Formwork
import FormworkCore
import Foundation

/// A `ListView` that keeps what a screen would: a header and a configured cell per
/// visible row. Batches are applied with `Changeset.apply` (only the sections they
/// touch are rebuilt), so timing a reload into it times what a view does with the
/// changes too; a batch that does not fit is counted in `errors`.
final class MirrorListView: ListView {
    private(set) var mirror: [MirroredSection<HeaderFooter, Any>] = []
    private(set) var errors: [ChangesetError] = []
    /// The changeset of the last batch.
    private(set) var lastChangeset: Changeset?

    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { FieldCell() }

    func cellForRow(at indexPath: IndexPath) -> Any? { mirror.cell(at: indexPath) }

    func reloadData(from dataSource: any ListDataSource) {
        lastChangeset = nil
        mirror = (0..<dataSource.numberOfSections).map { section($0, of: dataSource) }
    }

    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        lastChangeset = changeset
        do {
            try changeset.apply(
                to: &mirror,
                insertedSection: { section($0, of: dataSource) },
                insertedRow: { cell(at: $0, of: dataSource) },
                updatedSection: { header, section in header = dataSource.header(inSection: section) })
        } catch {
            errors.append(error)
        }
    }

    /// Whether the mirror shows what a full reload of `dataSource` would: the same
    /// headers and the same cell texts.
    func matches(_ dataSource: any ListDataSource) -> Bool {
        let fresh = (0..<dataSource.numberOfSections).map { section($0, of: dataSource) }
        return fresh.count == mirror.count
            && zip(fresh, mirror).allSatisfy { new, old in
                Self.text(new.header) == Self.text(old.header)
                    && new.cells.map { "\($0)" } == old.cells.map { "\($0)" }
            }
    }

    private func section(_ index: Int, of dataSource: any ListDataSource) -> MirroredSection<HeaderFooter, Any> {
        MirroredSection(
            header: dataSource.header(inSection: index),
            cells: (0..<dataSource.numberOfRows(inSection: index)).map {
                cell(at: IndexPath(row: $0, section: index), of: dataSource)
            })
    }

    private func cell(at indexPath: IndexPath, of dataSource: any ListDataSource) -> Any {
        dataSource.cellForRow(at: indexPath, in: self) ?? FieldCell()
    }

    private static func text(_ header: HeaderFooter) -> String {
        switch header {
        case .none: return ""
        case .title(let title): return title
        case .custom(let value): return "\(value)"
        }
    }
}
