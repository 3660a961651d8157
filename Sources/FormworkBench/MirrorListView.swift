import Formwork
import FormworkCore
import Foundation

/// A `ListView` that keeps what a screen would: a header and a configured cell per
/// visible row, so timing a reload into it times what a view does with the changes
/// too.
///
/// A batch without moves is applied in place, in the order `Changeset` documents
/// (deletions in old coordinates, highest first; insertions in new ones, lowest
/// first; updated cells are already refreshed by the data source), so it costs what
/// changed; a batch with moves goes through `Changeset.apply`, which carries every
/// section over (O(sections)). A batch that does not fit is recorded in `errors` and
/// the mirror is rebuilt.
final class MirrorListView: ListView {
    private(set) var mirror: [MirroredSection<HeaderFooter, Any>] = []
    private(set) var errors: [String] = []

    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { FieldCell() }

    func cellForRow(at indexPath: IndexPath) -> Any? { mirror.cell(at: indexPath) }

    func reloadData(from dataSource: any ListDataSource) {
        mirror = (0..<dataSource.numberOfSections).map { section($0, of: dataSource) }
    }

    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        guard changeset.sections.moved.isEmpty, changeset.rows.moved.isEmpty else {
            do {
                try changeset.apply(
                    to: &mirror,
                    insertedSection: { section($0, of: dataSource) },
                    insertedRow: { cell(at: $0, of: dataSource) },
                    updatedSection: { header, section in header = dataSource.header(inSection: section) })
            } catch {
                failed("\(error)", dataSource)
            }
            return
        }
        if let problem = applyInPlace(changeset, from: dataSource) { failed(problem, dataSource) }
    }

    /// Applies a batch without moves in place; returns what did not fit, if anything.
    private func applyInPlace(_ changeset: Changeset, from dataSource: any ListDataSource) -> String? {
        for path in changeset.rows.deleted.sorted(by: >) {
            guard mirror.indices.contains(path.section), mirror[path.section].cells.indices.contains(path.row) else {
                return "deleted row \(path) out of range"
            }
            mirror[path.section].cells.remove(at: path.row)
        }
        for index in changeset.sections.deleted.sorted(by: >) {
            guard mirror.indices.contains(index) else { return "deleted section \(index) out of range" }
            mirror.remove(at: index)
        }
        for index in changeset.sections.inserted.sorted() {
            guard index <= mirror.count else { return "inserted section \(index) out of range" }
            mirror.insert(section(index, of: dataSource), at: index)
        }
        for path in changeset.rows.inserted.sorted() {
            guard mirror.indices.contains(path.section), path.row <= mirror[path.section].cells.count else {
                return "inserted row \(path) out of range"
            }
            mirror[path.section].cells.insert(cell(at: path, of: dataSource), at: path.row)
        }
        for update in changeset.sections.updated {
            guard mirror.indices.contains(update.to) else { return "updated section \(update.to) out of range" }
            mirror[update.to].header = dataSource.header(inSection: update.to)
        }
        guard mirror.count == dataSource.numberOfSections else {
            return "\(mirror.count) sections after the batch, \(dataSource.numberOfSections) in the data source"
        }
        return nil
    }

    private func failed(_ problem: String, _ dataSource: any ListDataSource) {
        errors.append(problem)
        reloadData(from: dataSource)
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
