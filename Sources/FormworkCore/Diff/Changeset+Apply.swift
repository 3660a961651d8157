import FoundationEssentials

/// A section as a view mirrors it: a header value and one value per row.
public struct MirroredSection<Header, Cell> {
    public var header: Header
    public var cells: [Cell]

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

    public var description: String {
        switch self {
        case let .sectionOutOfRange(change, index, count):
            return "\(change): section \(index) is out of range (count \(count))"
        case let .rowOutOfRange(change, indexPath):
            return "\(change): row \(indexPath.section).\(indexPath.row) is out of range"
        case let .listedTwice(change, position):
            return "\(change): \(position) is listed twice"
        case let .rowInReplacedSection(change, indexPath):
            return "\(change): row \(indexPath.section).\(indexPath.row) is in a deleted, inserted or moved-away section"
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
    public func apply<Header, Cell>(
        to list: inout [MirroredSection<Header, Cell>],
        insertedSection: (Int) -> MirroredSection<Header, Cell>,
        insertedRow: (IndexPath) -> Cell,
        updatedSection: (inout Header, Int) -> Void = { _, _ in },
        updatedRow: (inout Cell, IndexPath) -> Void = { _, _ in }
    ) throws(ChangesetError) {
        typealias Pending = MirrorPlacement<Header, Cell>
        let oldCount = list.count

        // 1. Remove, in old coordinates.
        var deletedSections = Set<Int>()
        for index in sections.deleted {
            guard index >= 0, index < oldCount else {
                throw .sectionOutOfRange(change: "deleted section", index: index, count: oldCount)
            }
            guard deletedSections.insert(index).inserted else { throw .listedTwice(change: "deleted section", position: "\(index)") }
        }
        var movedAwaySections = [Int: Int]()
        for move in sections.moved {
            guard move.from >= 0, move.from < oldCount else {
                throw .sectionOutOfRange(change: "moved section", index: move.from, count: oldCount)
            }
            guard !deletedSections.contains(move.from), movedAwaySections.updateValue(move.to, forKey: move.from) == nil else {
                throw .listedTwice(change: "moved section", position: "\(move.from)")
            }
        }
        var removedRows = [IndexPath: Cell?]()  // deleted: nil; moved: the cell
        func checkOldRow(_ path: IndexPath, _ change: String) throws(ChangesetError) {
            guard path.count == 2, path.section >= 0, path.section < oldCount else {
                throw .rowOutOfRange(change: change, indexPath: path)
            }
            guard !deletedSections.contains(path.section) else { throw .rowInReplacedSection(change: change, indexPath: path) }
            guard path.row >= 0, path.row < list[path.section].cells.count else {
                throw .rowOutOfRange(change: change, indexPath: path)
            }
            guard removedRows[path] == nil else { throw .listedTwice(change: change, position: "row \(path.section).\(path.row)") }
        }
        for path in rows.deleted {
            try checkOldRow(path, "deleted row")
            removedRows[path] = .some(nil)
        }
        for move in rows.moved {
            try checkOldRow(move.from, "moved row")
            removedRows[move.from] = .some(list[move.from.section].cells[move.from.row])
        }
        var remaining: [Pending] = []
        var movedSections = [Int: Pending]()
        for (index, section) in list.enumerated() where !deletedSections.contains(index) {
            var pending = Pending(header: section.header, origin: index)
            for (row, cell) in section.cells.enumerated() where removedRows[IndexPath(row: row, section: index)] == nil {
                pending.cells.append(cell)
                pending.origins.append(IndexPath(row: row, section: index))
            }
            if let to = movedAwaySections[index] { movedSections[to] = pending } else { remaining.append(pending) }
        }

        // 2. Place sections, then rows, in new coordinates.
        let newCount = oldCount - sections.deleted.count + sections.inserted.count
        var placed = [Pending?](repeating: nil, count: max(newCount, 0))
        for index in sections.inserted {
            guard index >= 0, index < newCount else {
                throw .sectionOutOfRange(change: "inserted section", index: index, count: newCount)
            }
            guard placed[index] == nil else { throw .listedTwice(change: "inserted section", position: "\(index)") }
            let section = insertedSection(index)
            placed[index] = Pending(header: section.header, origin: nil, cells: section.cells,
                                    origins: Array(repeating: nil, count: section.cells.count))
        }
        for (to, pending) in movedSections {
            guard to >= 0, to < newCount else { throw .sectionOutOfRange(change: "moved section", index: to, count: newCount) }
            guard placed[to] == nil else { throw .listedTwice(change: "moved section", position: "\(to)") }
            placed[to] = pending
        }
        var fill = remaining.makeIterator()
        for index in placed.indices where placed[index] == nil {
            guard let next = fill.next() else { throw .incomplete(what: "sections") }
            placed[index] = next
        }
        guard fill.next() == nil else { throw .incomplete(what: "sections") }
        var result = placed.map { $0! }

        var arrivals = [Int: [(row: Int, cell: Cell, origin: IndexPath?)]]()
        for path in rows.inserted {
            guard path.count == 2, path.section >= 0, path.section < newCount else {
                throw .rowOutOfRange(change: "inserted row", indexPath: path)
            }
            guard result[path.section].origin != nil else {
                throw .rowInReplacedSection(change: "inserted row", indexPath: path)
            }
            arrivals[path.section, default: []].append((path.row, insertedRow(path), nil))
        }
        for move in rows.moved {
            let path = move.to
            guard path.count == 2, path.section >= 0, path.section < newCount else {
                throw .rowOutOfRange(change: "moved row", indexPath: path)
            }
            guard result[path.section].origin != nil else {
                throw .rowInReplacedSection(change: "moved row", indexPath: path)
            }
            arrivals[path.section, default: []].append((path.row, removedRows[move.from]!!, move.from))
        }
        for (section, incoming) in arrivals {
            let pending = result[section]
            let count = pending.cells.count + incoming.count
            var cells = [Cell?](repeating: nil, count: count)
            var origins = [IndexPath?](repeating: nil, count: count)
            var taken = [Bool](repeating: false, count: count)
            for arrival in incoming {
                guard arrival.row >= 0, arrival.row < count else {
                    throw .rowOutOfRange(change: "inserted or moved row", indexPath: IndexPath(row: arrival.row, section: section))
                }
                guard !taken[arrival.row] else {
                    throw .listedTwice(change: "inserted or moved row", position: "row \(section).\(arrival.row)")
                }
                taken[arrival.row] = true
                cells[arrival.row] = arrival.cell
                origins[arrival.row] = arrival.origin
            }
            var next = 0
            for row in 0..<count where !taken[row] {
                cells[row] = pending.cells[next]
                origins[row] = pending.origins[next]
                next += 1
            }
            result[section].cells = cells.map { $0! }
            result[section].origins = origins
        }

        // 3. Refresh in place.
        for update in sections.updated {
            guard update.to >= 0, update.to < newCount else {
                throw .sectionOutOfRange(change: "updated section", index: update.to, count: newCount)
            }
            guard result[update.to].origin == update.from else {
                throw .updateMismatch(change: "updated section", from: "\(update.from)", to: "\(update.to)")
            }
            updatedSection(&result[update.to].header, update.to)
        }
        for update in rows.updated {
            let to = update.to
            guard to.count == 2, to.section >= 0, to.section < newCount, to.row >= 0,
                to.row < result[to.section].cells.count
            else { throw .rowOutOfRange(change: "updated row", indexPath: to) }
            guard result[to.section].origins[to.row] == update.from else {
                throw .updateMismatch(
                    change: "updated row", from: "\(update.from.section).\(update.from.row)", to: "\(to.section).\(to.row)")
            }
            updatedRow(&result[to.section].cells[to.row], to)
        }
        list = result.map { MirroredSection(header: $0.header, cells: $0.cells) }
    }
}

/// A section being rebuilt by `Changeset.apply`: where it and each cell came from.
struct MirrorPlacement<Header, Cell> {
    var header: Header
    /// The old section index; `nil` for an inserted section.
    var origin: Int?
    var cells: [Cell] = []
    /// The old index path of each cell; `nil` for an inserted one.
    var origins: [IndexPath?] = []
}
