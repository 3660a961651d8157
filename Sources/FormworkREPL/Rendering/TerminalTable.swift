import Formwork
import FormworkCore
import Foundation

/// The form as a numbered table in the terminal: a `ListView` that mirrors what a
/// data source shows and renders from that mirror alone.
///
/// A full reload replaces the mirror; a batch applies the changeset to it and
/// renders only what changed: rows and sections that appeared (`+`), vanished (`-`,
/// with the numbers they had) and changed (`~`), in the order they appear. Rows are
/// numbered across sections, as `select N` counts them; the numbers come from each
/// section's first row number, kept as sections change, so finding row *N* or the
/// number of a row costs a binary search, and a batch costs what it changed.
///
/// ```swift
/// let table = TerminalTable(form: session.definition, renderer: TableRenderer(width: 80))
/// session.reload(table, animated: false)
/// print(table.render().joined(separator: "\n"))
/// try session.set("firstName", text: "Ada")
/// session.reload(table, animated: true)
/// print(table.changeLines)   // ["~  1  First name                 Ada", "+  2  Last name"]
/// ```
public final class TerminalTable: ListView {
    /// How the table is laid out and styled: width, colours.
    public var renderer: TableRenderer
    /// The form's title, shown above the sections.
    public var title: String
    /// The form's description, shown under the title, if any.
    public var description: String?
    /// The widest label the table may show (`TableRenderer.widestLabel(of:)`): the
    /// label column is sized for it, so it stays put as rows come and go.
    public var widestLabel: Int

    /// A section as the table shows it: its header and footer, and its cells.
    struct Titles {
        var header: String?
        var footer: String?
        /// An entry's header (numbered among those with its key, indented by depth),
        /// and its key as a small number (-1: none).
        var entry: EntryHeader?
        var group: Int32 = -1

        init(_ header: HeaderFooter, footer: HeaderFooter, table: TerminalTable) {
            if case .custom(let value) = header, let entry = value as? EntryHeader {
                self.entry = entry
                self.header = entry.title
                if let key = entry.key { group = table.group(ofKey: key) }
            } else {
                self.header = header.title
            }
            self.footer = footer.title
        }
    }

    private var mirror: [MirroredSection<Titles, FieldCell>] = []
    /// `firstNumber[s]` is the number of section `s`'s first row minus one; the last
    /// element is the number of rows.
    private var firstNumber: [Int] = [0]
    /// Lines describing the last batch; empty after `clearChanges()` until the next one.
    public private(set) var changeLines: [String] = []

    /// A table showing `title` and `description`, its label column sized for `widestLabel`.
    public init(title: String, description: String?, widestLabel: Int, renderer: TableRenderer) {
        self.title = title
        self.description = description
        self.widestLabel = widestLabel
        self.renderer = renderer
    }

    /// A table for a form: its title, description and widest label.
    public convenience init(form: FormDefinition, renderer: TableRenderer) {
        self.init(
            title: form.title, description: form.description, widestLabel: TableRenderer.widestLabel(of: form),
            renderer: renderer)
    }

    /// A table for a session: its title and description in the session's language
    /// (the table keeps no reference to the session).
    public convenience init(session: FormSession, renderer: TableRenderer) {
        self.init(
            title: session.title, description: session.formDescription,
            widestLabel: TableRenderer.widestLabel(of: session.definition), renderer: renderer)
    }

    /// Forgets the last batch's lines (an empty changeset sends no batch at all).
    public func clearChanges() { changeLines = [] }

    // MARK: Rows and numbers

    /// The number of visible rows.
    public var rowCount: Int { firstNumber.last ?? 0 }

    /// The index path of row `number` (1-based), if it exists.
    public func indexPath(ofRow number: Int) -> IndexPath? {
        guard number >= 1, number <= rowCount else { return nil }
        // The last section whose first number is below `number`.
        var low = 0, high = mirror.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstNumber[middle] < number { low = middle } else { high = middle - 1 }
        }
        return IndexPath(row: number - 1 - firstNumber[low], section: low)
    }

    /// The number (1-based) of the row at `indexPath`, if it is shown.
    public func number(at indexPath: IndexPath) -> Int? {
        guard mirror.cell(at: indexPath) != nil else { return nil }
        return firstNumber[indexPath.section] + indexPath.row + 1
    }

    /// The lines of the row at `indexPath`, as the table shows it.
    public func rowLines(at indexPath: IndexPath, marker: String = " ") -> [String] {
        guard let cell = mirror.cell(at: indexPath), let number = number(at: indexPath) else { return [] }
        return renderer.rowLines(number: number, cell: cell, labelWidth: labelWidth, marker: marker)
    }

    /// The whole table: title, description, sections with headers and footers.
    public func render() -> [String] {
        let sections = render(sections: mirror.indices)
        return renderer.titleLines(title: title, description: description) + (mirror.isEmpty ? [] : [""] + sections)
    }

    /// Some sections of the table (`show SECTION`), as the whole table shows them:
    /// each with its header, rows (numbered as in the whole table) and footer, a
    /// blank line between sections.
    public func render(sections: some Sequence<Int>) -> [String] {
        let labelWidth = self.labelWidth
        var lines: [String] = []
        for (position, section) in sections.filter(mirror.indices.contains).enumerated() {
            if position > 0 { lines.append("") }
            let content = mirror[section]
            let rows = content.cells.count
            if let entry = content.header.entry, let text = headerText(ofSection: section) {
                lines.append(
                    (renderer.voice == .table ? Self.indent(entry) : "") + renderer.headerLine(text, rows: rows))
            } else if let header = content.header.header {
                lines.append(renderer.headerLine(header, rows: rows))
            }
            for (row, cell) in content.cells.enumerated() {
                lines += renderer.rowLines(number: firstNumber[section] + row + 1, cell: cell, labelWidth: labelWidth)
            }
            if let footer = content.header.footer { lines += renderer.footerLines(footer) }
        }
        return lines
    }

    var labelWidth: Int { renderer.labelWidth(widestLabel: widestLabel) }

    /// Nested entries' headers are indented, two spaces a level.
    static func indent(_ entry: EntryHeader) -> String { String(repeating: "  ", count: max(0, entry.depth - 1)) }

    /// A section's header as the table shows it now (an entry's with its number:
    /// its place among the sections with its key).
    func headerText(ofSection index: Int) -> String? {
        guard let entry = mirror[index].header.entry else { return mirror[index].header.header }
        guard entry.key != nil else { return entry.title }
        if headerNumbers == nil {
            // Every numbered header's number, in one pass over the table (kept until the
            // table changes).
            headerNumbers = mirror.withUnsafeBufferPointer { sections in
                var counts: [Int32: Int32] = [:]
                return sections.map { section in
                    guard section.header.group >= 0 else { return 0 }
                    counts[section.header.group, default: 0] += 1
                    return counts[section.header.group]!
                }
            }
        }
        return entry.text(number: Int(headerNumbers![index]))
    }

    /// The numbers of numbered headers, by section; `nil` when the table changed since.
    private var headerNumbers: [Int32]?

    private func renumber() {
        headerNumbers = nil
        firstNumber = mirror.withUnsafeBufferPointer { sections in
            var numbers = [Int](repeating: 0, count: sections.count + 1)
            for index in sections.indices { numbers[index + 1] = numbers[index] + sections[index].cells.count }
            return numbers
        }
    }

    /// A small number for each numbering key, so that counting headers compares
    /// integers.
    private var groups: [String: Int32] = [:]

    func group(ofKey key: String) -> Int32 {
        if let group = groups[key] { return group }
        let group = Int32(groups.count)
        groups[key] = group
        return group
    }

    // MARK: ListView

    /// A new, empty cell: the data source's descriptors configure it.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { FieldCell() }

    /// The cell the mirror holds at `indexPath`, if any.
    public func cellForRow(at indexPath: IndexPath) -> Any? {
        mirror.cell(at: indexPath)
    }

    /// Replaces the mirror with everything `dataSource` shows, and forgets the last batch's lines.
    public func reloadData(from dataSource: any ListDataSource) {
        mirror = (0..<dataSource.numberOfSections).map { section($0, of: dataSource) }
        renumber()
        changeLines = []
    }

    private func section(_ index: Int, of dataSource: any ListDataSource) -> MirroredSection<Titles, FieldCell> {
        MirroredSection(
            header: Titles(
                dataSource.header(inSection: index), footer: dataSource.footer(inSection: index), table: self),
            cells: (0..<dataSource.numberOfRows(inSection: index)).map {
                dataSource.cellForRow(at: IndexPath(row: $0, section: index), in: self) as? FieldCell ?? FieldCell()
            })
    }

    /// Applies `changeset` to the mirror, asking `dataSource` for what appeared, and sets
    /// `changeLines` to what vanished, appeared and changed; a changeset that does not
    /// apply reloads the whole table instead.
    public func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        let width = labelWidth
        var lines: [String] = []
        // What vanishes, in the order it was shown: a section with a header as one
        // line, the rows of one without (an add row goes with its entries).
        var vanished: [(IndexPath, [String])] = []
        for section in changeset.sections.deleted {
            let cells = mirror[section].cells
            guard let title = headerText(ofSection: section).map({ TerminalText.escaped($0) }) else {
                for row in cells.indices where cells[row].addRow == nil {
                    let path = IndexPath(row: row, section: section)
                    vanished.append((path, rowLines(at: path, marker: "-").map(renderer.style.dim)))
                }
                continue
            }
            let what = mirror[section].header.entry == nil ? " hidden" : ""
            let line =
                renderer.voice == .sentences
                ? renderer.spokenSection(title, rows: cells.count, change: .disappeared)
                : renderer.style.dim("-     \(title) (\(cells.count) field\(cells.count == 1 ? "" : "s")\(what))")
            vanished.append((IndexPath(row: -1, section: section), [line]))
        }
        for path in changeset.rows.deleted {
            vanished.append((path, rowLines(at: path, marker: "-").map(renderer.style.dim)))
        }
        vanished.sort { ($0.0.section, $0.0.row) < ($1.0.section, $1.0.row) }
        lines += vanished.flatMap(\.1)
        // Headers that change or move: what they said before.
        var oldHeaders: [Int: String?] = [:]
        for pair in changeset.sections.updated { oldHeaders[pair.from] = headerText(ofSection: pair.from) }
        do {
            try changeset.apply(
                to: &mirror, insertedSection: { section($0, of: dataSource) },
                insertedRow: { dataSource.cellForRow(at: $0, in: self) as? FieldCell ?? FieldCell() },
                updatedSection: { titles, section in
                    titles = Titles(
                        dataSource.header(inSection: section), footer: dataSource.footer(inSection: section),
                        table: self)
                })
        } catch {
            reloadData(from: dataSource)
            changeLines = render()
            return
        }
        renumber()
        // What appeared or changed, in the order it now appears.
        let insertedSections = Set(changeset.sections.inserted)
        var headerMarks: [Int: String] = [:]
        for pair in changeset.sections.updated {
            let now = headerText(ofSection: pair.to)
            if let now, oldHeaders[pair.from] != now { headerMarks[pair.to] = TerminalText.escaped(now) }
        }
        for pair in changeset.sections.moved where mirror[pair.to].header.entry != nil {
            if let now = headerText(ofSection: pair.to) {
                headerMarks[pair.to] = TerminalText.escaped(now) + " (moved)"
            }
        }
        var marks: [IndexPath: String] = [:]
        for path in changeset.rows.inserted { marks[path] = "+" }
        for move in changeset.rows.moved where marks[move.to] == nil { marks[move.to] = "~" }
        for update in changeset.rows.updated where marks[update.to] == nil { marks[update.to] = "~" }
        // Row -1 of an inserted section is its header line.
        var shown: [(section: Int, row: Int, mark: String)] = marks.map { ($0.key.section, $0.key.row, $0.value) }
        for section in insertedSections {
            shown.append((section, -1, "+"))
            shown += mirror[section].cells.indices.map { (section, $0, "+") }
        }
        for (section, text) in headerMarks where !insertedSections.contains(section) {
            shown.append((section, -1, "~" + text))
        }
        shown.sort { ($0.section, $0.row) < ($1.section, $1.row) }
        for (section, row, mark) in shown {
            guard row >= 0 else {
                let indent = mirror[section].header.entry.map(Self.indent) ?? ""
                let rows = mirror[section].cells.count
                if mark.hasPrefix("~") {  // a header that changed or moved
                    lines.append(
                        renderer.voice == .sentences
                            ? TableRenderer.sentence(["Changed: section " + String(mark.dropFirst())])
                            : "~     " + indent + renderer.style.header(String(mark.dropFirst())))
                    continue
                }
                // A section without a header (an add row's) shows only its rows.
                guard let header = headerText(ofSection: section) else { continue }
                lines.append(
                    renderer.voice == .sentences
                        ? renderer.spokenSection(header, rows: rows, change: .appeared)
                        : "+     " + indent + renderer.style.header(TerminalText.escaped(header)))
                continue
            }
            lines += renderer.rowLines(
                number: firstNumber[section] + row + 1, cell: mirror[section].cells[row],
                labelWidth: width, marker: mark)
        }
        changeLines = lines
    }
}
