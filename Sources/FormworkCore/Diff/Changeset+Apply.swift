import FoundationEssentials

/// A section as a view mirrors it: a header value and one value per row.
public struct MirroredSection<Header, Cell> {
    /// What the view keeps for the section's header (and footer).
    public var header: Header
    /// What the view keeps for each row, in row order.
    public var cells: [Cell]

    /// A mirrored section with `header` and one value per row in `cells`.
    public init(header: Header, cells: [Cell]) {
        self.header = header
        self.cells = cells
    }
}

extension MirroredSection: Equatable where Header: Equatable, Cell: Equatable {}

extension Array {
    /// The cell at `indexPath` in a mirror of sections, or `nil` when out of range
    /// (what a `ListView`'s `cellForRow(at:)` answers).
    public func cell<Header, Cell>(at indexPath: IndexPath) -> Cell? where Element == MirroredSection<Header, Cell> {
        guard indexPath.count == 2, indices.contains(indexPath.section),
            self[indexPath.section].cells.indices.contains(indexPath.row)
        else { return nil }
        return self[indexPath.section].cells[indexPath.row]
    }
}

/// Why a changeset could not be applied to a list: it does not fit the list.
public enum ChangesetError: Error, Equatable, CustomStringConvertible {
    /// A section index outside the list it refers to.
    case sectionOutOfRange(change: String, index: Int, count: Int)
    /// A row index path outside the section it refers to.
    case rowOutOfRange(change: String, indexPath: IndexPath)
    /// The same position listed twice.
    case listedTwice(change: String, position: String)
    /// A row listed inside a deleted or inserted section, or a moved section's source.
    case rowInReplacedSection(change: String, indexPath: IndexPath)
    /// The positions listed do not add up to a complete list.
    case incomplete(what: String)
    /// An update whose `from` is not what ended up at `to`.
    case updateMismatch(change: String, from: String, to: String)

    /// The change and the position that do not fit, in one line.
    public var description: String {
        switch self {
        case let .sectionOutOfRange(change, index, count):
            return "\(change): section \(index) is out of range (count \(count))"
        case let .rowOutOfRange(change, indexPath):
            return "\(change): row \(indexPath.section).\(indexPath.row) is out of range"
        case let .listedTwice(change, position):
            return "\(change): \(position) is listed twice"
        case let .rowInReplacedSection(change, indexPath):
            return
                "\(change): row \(indexPath.section).\(indexPath.row) is in a deleted, inserted or moved-away section"
        case let .incomplete(what):
            return "the changeset leaves \(what) unfilled or overfilled"
        case let .updateMismatch(change, from, to):
            return "\(change): what arrived at \(to) did not come from \(from)"
        }
    }
}

extension Changeset {
    /// Applies the changeset to a view's mirror of the old list, by the semantics
    /// documented on `Changeset`, checking that it fits.
    ///
    /// - Parameters:
    ///   - list: The old list; becomes the new one. Left unchanged when this throws.
    ///   - insertedSection: The new section (with its rows) at a new section index.
    ///   - insertedRow: The new cell at a new index path.
    ///   - updatedSection: Refreshes the header that is now at a new section index.
    ///   - updatedRow: Refreshes the cell that is now at a new index path.
    /// - Throws: `ChangesetError` when an index is out of range, listed twice, or the
    ///   positions do not add up.
    ///
    /// - Complexity: O(*c* + *r*) for *c* changes and *r* rows in the sections that
    ///   lose or gain rows, plus a few integer operations per section: without
    ///   section moves the list is edited in place, and a section that does not change
    ///   is not touched.
    public func apply<Header, Cell>(
        to list: inout [MirroredSection<Header, Cell>],
        insertedSection: (Int) -> MirroredSection<Header, Cell>,
        insertedRow: (IndexPath) -> Cell,
        updatedSection: (inout Header, Int) -> Void = { _, _ in },
        updatedRow: (inout Cell, IndexPath) -> Void = { _, _ in }
    ) throws(ChangesetError) {
        let oldCount = list.count
        let newCount = oldCount - sections.deleted.count + sections.inserted.count

        // 1. Sections: the old index each new section comes from (-1: inserted).
        var deletedSections = Set<Int>()
        for index in sections.deleted {
            guard index >= 0, index < oldCount else {
                throw .sectionOutOfRange(change: "deleted section", index: index, count: oldCount)
            }
            guard deletedSections.insert(index).inserted else {
                throw .listedTwice(change: "deleted section", position: "\(index)")
            }
        }
        var source = [Int?](repeating: nil, count: max(newCount, 0))
        var movedAway = Set<Int>()
        for index in sections.inserted {
            guard index >= 0, index < newCount else {
                throw .sectionOutOfRange(change: "inserted section", index: index, count: newCount)
            }
            guard source[index] == nil else { throw .listedTwice(change: "inserted section", position: "\(index)") }
            source[index] = -1
        }
        for move in sections.moved {
            guard move.from >= 0, move.from < oldCount else {
                throw .sectionOutOfRange(change: "moved section", index: move.from, count: oldCount)
            }
            guard !deletedSections.contains(move.from), movedAway.insert(move.from).inserted else {
                throw .listedTwice(change: "moved section", position: "\(move.from)")
            }
            guard move.to >= 0, move.to < newCount else {
                throw .sectionOutOfRange(change: "moved section", index: move.to, count: newCount)
            }
            guard source[move.to] == nil else { throw .listedTwice(change: "moved section", position: "\(move.to)") }
            source[move.to] = move.from
        }
        var gone = [Bool](repeating: false, count: oldCount)
        for index in deletedSections { gone[index] = true }
        for index in movedAway { gone[index] = true }
        var staying = 0
        for index in source.indices where source[index] == nil {
            while staying < oldCount, gone[staying] { staying += 1 }
            guard staying < oldCount else { throw .incomplete(what: "sections") }
            source[index] = staying
            staying += 1
        }
        while staying < oldCount, gone[staying] { staying += 1 }
        guard staying == oldCount else { throw .incomplete(what: "sections") }
        let origin = source.map { $0! }

        // 2. Rows leaving old sections (deleted, or moved away with their cell) and
        // arriving in new ones.
        var leaving = [Int: [Int: Cell?]]()
        func checkOld(_ path: IndexPath, _ change: String) throws(ChangesetError) {
            guard path.count == 2, path.section >= 0, path.section < oldCount else {
                throw .rowOutOfRange(change: change, indexPath: path)
            }
            guard !deletedSections.contains(path.section) else {
                throw .rowInReplacedSection(change: change, indexPath: path)
            }
            guard path.row >= 0, path.row < list[path.section].cells.count else {
                throw .rowOutOfRange(change: change, indexPath: path)
            }
            guard leaving[path.section]?[path.row] == nil else {
                throw .listedTwice(change: change, position: "row \(path.section).\(path.row)")
            }
        }
        for path in rows.deleted {
            try checkOld(path, "deleted row")
            leaving[path.section, default: [:]][path.row] = .some(nil)
        }
        for move in rows.moved {
            try checkOld(move.from, "moved row")
            leaving[move.from.section, default: [:]][move.from.row] = .some(
                list[move.from.section].cells[move.from.row])
        }
        var arriving = [Int: [(row: Int, cell: Cell, origin: IndexPath?)]]()
        func checkNew(_ path: IndexPath, _ change: String) throws(ChangesetError) {
            guard path.count == 2, path.section >= 0, path.section < newCount else {
                throw .rowOutOfRange(change: change, indexPath: path)
            }
            guard origin[path.section] >= 0 else { throw .rowInReplacedSection(change: change, indexPath: path) }
        }
        for path in rows.inserted {
            try checkNew(path, "inserted row")
            arriving[path.section, default: []].append((path.row, insertedRow(path), nil))
        }
        for move in rows.moved {
            try checkNew(move.to, "moved row")
            arriving[move.to.section, default: []].append(
                (move.to.row, leaving[move.from.section]![move.from.row]!!, move.from))
        }

        // 3. Inserted sections made, and the sections that lose or gain rows rebuilt
        // (remembering where each row was), before the list is touched.
        var created: [Int: MirroredSection<Header, Cell>] = [:]
        for index in sections.inserted.sorted() { created[index] = insertedSection(index) }
        var rebuilt: [Int: [Cell]] = [:]
        var origins = [Int: [IndexPath?]]()
        var newIndexOfOld: [Int: Int] = [:]
        if !leaving.isEmpty {
            for (index, old) in origin.enumerated() where old >= 0 && leaving[old] != nil { newIndexOfOld[old] = index }
        }
        for section in Set(arriving.keys).union(leaving.keys.compactMap { newIndexOfOld[$0] }) {
            let old = origin[section]
            guard old >= 0 else { continue }
            let removed = leaving[old], incoming = arriving[section]
            var stayers: [(Cell, IndexPath)] = []
            stayers.reserveCapacity(list[old].cells.count)
            for (row, cell) in list[old].cells.enumerated() where removed?[row] == nil {
                stayers.append((cell, IndexPath(row: row, section: old)))
            }
            let total = stayers.count + (incoming?.count ?? 0)
            var cells = [Cell?](repeating: nil, count: total)
            var from = [IndexPath?](repeating: nil, count: total)
            var taken = [Bool](repeating: false, count: total)
            for arrival in incoming ?? [] {
                guard arrival.row >= 0, arrival.row < total else {
                    throw .rowOutOfRange(
                        change: "inserted or moved row", indexPath: IndexPath(row: arrival.row, section: section))
                }
                guard !taken[arrival.row] else {
                    throw .listedTwice(change: "inserted or moved row", position: "row \(section).\(arrival.row)")
                }
                taken[arrival.row] = true
                cells[arrival.row] = arrival.cell
                from[arrival.row] = arrival.origin
            }
            var next = 0
            for row in 0..<total where !taken[row] {
                cells[row] = stayers[next].0
                from[row] = stayers[next].1
                next += 1
            }
            rebuilt[section] = cells.map { $0! }
            origins[section] = from
        }

        // 4. The updates must fit what ends up where.
        func cellCount(_ section: Int) -> Int {
            rebuilt[section]?.count ?? created[section]?.cells.count ?? list[origin[section]].cells.count
        }
        for update in sections.updated {
            guard update.to >= 0, update.to < newCount else {
                throw .sectionOutOfRange(change: "updated section", index: update.to, count: newCount)
            }
            guard origin[update.to] == update.from else {
                throw .updateMismatch(change: "updated section", from: "\(update.from)", to: "\(update.to)")
            }
        }
        for update in rows.updated {
            let to = update.to
            guard to.count == 2, to.section >= 0, to.section < newCount, to.row >= 0, to.row < cellCount(to.section)
            else { throw .rowOutOfRange(change: "updated row", indexPath: to) }
            let from =
                origins[to.section].map { $0[to.row] }
                ?? (origin[to.section] >= 0 ? IndexPath(row: to.row, section: origin[to.section]) : nil)
            guard from == update.from else {
                throw .updateMismatch(
                    change: "updated row", from: "\(update.from.section).\(update.from.row)",
                    to: "\(to.section).\(to.row)")
            }
        }

        // 5. The new list: without moves, the old one edited in place (sections out,
        // sections in: what did not change is not copied); with moves, rebuilt.
        if sections.moved.isEmpty, sections.deleted.count + sections.inserted.count <= 32 {
            for index in sections.deleted.sorted(by: >) { list.remove(at: index) }
            for index in sections.inserted.sorted() { list.insert(created[index]!, at: index) }
        } else {
            var result: [MirroredSection<Header, Cell>] = []
            result.reserveCapacity(newCount)
            for (index, old) in origin.enumerated() { result.append(old < 0 ? created[index]! : list[old]) }
            list = result
        }
        for (section, cells) in rebuilt { list[section].cells = cells }
        for update in sections.updated { updatedSection(&list[update.to].header, update.to) }
        for update in rows.updated { updatedRow(&list[update.to.section].cells[update.to.row], update.to) }
    }
}
