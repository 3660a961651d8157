import Formwork
import FormworkCore
import Foundation

/// The form as a numbered table in the terminal: a `ListView` over a session's
/// data source.
///
/// It keeps a mirror of the visible sections and cells. A full reload renders the
/// whole table; a batch renders only what changed: rows and sections that appeared
/// (`+`), vanished (`-`, with the numbers they had) and changed (`~`), in the order
/// they appear. Rows are numbered across sections, as `select N` counts them.
public final class TerminalTable: ListView {
    public var renderer: FormTextRenderer
    private var mirror: [MirroredSection<String?, FieldCell>] = []
    /// Lines describing the last batch; empty after `clearChanges()` until the next one.
    public private(set) var changeLines: [String] = []

    /// Forgets the last batch's lines (an empty changeset sends no batch at all).
    public func clearChanges() { changeLines = [] }
    private weak var session: FormSession?

    public init(session: FormSession, renderer: FormTextRenderer) {
        self.session = session
        self.renderer = renderer
    }

    /// The number of visible rows.
    public var rowCount: Int { mirror.reduce(0) { $0 + $1.cells.count } }

    /// The index path of row `number` (1-based), if it exists.
    public func indexPath(ofRow number: Int) -> IndexPath? {
        var remaining = number - 1
        guard remaining >= 0 else { return nil }
        for (section, content) in mirror.enumerated() {
            if remaining < content.cells.count { return IndexPath(row: remaining, section: section) }
            remaining -= content.cells.count
        }
        return nil
    }

    /// The number (1-based) of the row showing `fieldID`, if visible.
    public func number(ofField fieldID: String) -> Int? {
        var number = 0
        for section in mirror {
            for cell in section.cells {
                number += 1
                if cell.field?.id == fieldID { return number }
            }
        }
        return nil
    }

    /// The lines of one visible field's row, as the table shows it.
    public func rowLines(forField fieldID: String, marker: String = " ") -> [String] {
        guard let number = number(ofField: fieldID), let path = indexPath(ofRow: number) else { return [] }
        return renderer.rowLines(number: number, cell: mirror[path.section].cells[path.row], labelWidth: labelWidth, marker: marker)
    }

    /// The whole table: title, description, sections with headers and footers.
    public func render() -> [String] {
        guard let session else { return [] }
        return renderer.render(session).components(separatedBy: "\n")
    }

    var labelWidth: Int { session.map { renderer.labelWidth($0) } ?? 20 }

    // MARK: ListView

    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { FieldCell() }

    public func cellForRow(at indexPath: IndexPath) -> Any? {
        mirror.cell(at: indexPath)
    }

    public func reloadData(from dataSource: any ListDataSource) {
        mirror = (0..<dataSource.numberOfSections).map { section in
            MirroredSection(header: dataSource.header(inSection: section).title,
                            cells: (0..<dataSource.numberOfRows(inSection: section)).compactMap {
                                dataSource.cellForRow(at: IndexPath(row: $0, section: section), in: self) as? FieldCell
                            })
        }
        changeLines = []
    }

    public func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        let width = labelWidth
        var lines: [String] = []
        // What vanishes, with the numbers it had.
        let oldNumbers = numbers()
        for section in changeset.sections.deleted {
            let cells = mirror[section].cells
            let title = mirror[section].header.map { TerminalText.escaped($0) } ?? "section"
            lines.append(renderer.style.dim("-     \(title) (\(cells.count) field\(cells.count == 1 ? "" : "s") hidden)"))
        }
        for path in changeset.rows.deleted {
            lines += renderer.rowLines(number: oldNumbers[path]!, cell: mirror[path.section].cells[path.row],
                                       labelWidth: width, marker: "-").map(renderer.style.dim)
        }
        do {
            try changeset.apply(
                to: &mirror,
                insertedSection: { section in
                    MirroredSection(header: dataSource.header(inSection: section).title,
                                    cells: (0..<dataSource.numberOfRows(inSection: section)).compactMap {
                                        dataSource.cellForRow(at: IndexPath(row: $0, section: section), in: self) as? FieldCell
                                    })
                },
                insertedRow: { dataSource.cellForRow(at: $0, in: self) as? FieldCell ?? FieldCell() },
                updatedSection: { header, section in header = dataSource.header(inSection: section).title })
        } catch {
            reloadData(from: dataSource)
            changeLines = render()
            return
        }
        // What appeared or changed, in the order it now appears.
        let newNumbers = numbers()
        let insertedSections = Set(changeset.sections.inserted)
        var marks: [IndexPath: String] = [:]
        for path in changeset.rows.inserted { marks[path] = "+" }
        for move in changeset.rows.moved where marks[move.to] == nil { marks[move.to] = "~" }
        for update in changeset.rows.updated where marks[update.to] == nil { marks[update.to] = "~" }
        for (section, content) in mirror.enumerated() {
            if insertedSections.contains(section) {
                lines.append("+     " + renderer.style.header(content.header.map { TerminalText.escaped($0) } ?? "section"))
                for row in content.cells.indices {
                    let path = IndexPath(row: row, section: section)
                    lines += renderer.rowLines(number: newNumbers[path]!, cell: content.cells[row], labelWidth: width, marker: "+")
                }
                continue
            }
            for row in content.cells.indices {
                let path = IndexPath(row: row, section: section)
                if let mark = marks[path] {
                    lines += renderer.rowLines(number: newNumbers[path]!, cell: content.cells[row], labelWidth: width, marker: mark)
                }
            }
        }
        changeLines = lines
    }

    private func numbers() -> [IndexPath: Int] {
        var numbers: [IndexPath: Int] = [:]
        var number = 0
        for (section, content) in mirror.enumerated() {
            for row in content.cells.indices {
                number += 1
                numbers[IndexPath(row: row, section: section)] = number
            }
        }
        return numbers
    }
}
