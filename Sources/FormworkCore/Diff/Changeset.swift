import FoundationEssentials

/// The difference between two visible snapshots, as one batch of updates.
///
/// The semantics are those of UIKit's batch updates
/// (`performBatchUpdates`), so a view applies a changeset in three steps:
///
/// 1. **Remove**, in *old* coordinates: the sections in `sections.deleted` (with
///    their rows), the rows in `rows.deleted`, and the sources of every move
///    (`sections.moved[].from`, `rows.moved[].from`), which are kept aside.
/// 2. **Place**, in *new* coordinates, lowest index first: inserted sections
///    (`sections.inserted`, with all their rows) and moved sections at
///    `sections.moved[].to`; then inserted rows (`rows.inserted`) and moved rows at
///    `rows.moved[].to`. Everything not listed keeps its relative order and fills
///    the remaining positions.
/// 3. **Refresh** in place what `updated` lists: the element that was at `from` (old
///    coordinates) is now at `to` (new coordinates) and its content changed.
///
/// Further guarantees:
/// - Rows of inserted or deleted sections are not listed separately.
/// - A row or section that stays but whose content changed is an update, never a
///   delete plus insert; it may also be moved (then it is listed in both).
/// - Moves are minimal: within a section, only rows outside a longest run of rows
///   that kept their relative order are moved; a row that changed section is always
///   moved. A lone insert or delete causes no move.
/// - A row can move between sections only when both survive; a row leaving a deleted
///   section or entering an inserted one is deleted and inserted instead.
/// - Section updates mean the section's own content (header, footer) changed; its rows
///   are diffed one by one.
/// - Duplicate identifiers never trap. Where the old and new rows of a section agree
///   at the start and at the end, occurrences pair by position. In a section whose
///   remaining old rows (up to 4,096) repeat no identifier, rows pair within the
///   section first. The rest pair in order of appearance (first with first).
///   Surplus occurrences are deleted or inserted.
/// - `deleted` lists ascend in old coordinates, `inserted`, `moved` and `updated` in
///   new coordinates (by `to`).
public struct Changeset: Hashable, Sendable {
    /// Changes of sections, by section index.
    public var sections: Changes<Int>
    /// Changes of rows, by index path.
    public var rows: Changes<IndexPath>

    /// A changeset listing `sections` and `rows`; by default, nothing.
    public init(sections: Changes<Int> = Changes(), rows: Changes<IndexPath> = Changes()) {
        self.sections = sections
        self.rows = rows
    }

    /// No change at all.
    public static let empty = Changeset()

    /// Whether nothing changed.
    public var isEmpty: Bool { sections.isEmpty && rows.isEmpty }
}

/// Insertions, deletions, moves and updates of one kind of element.
public struct Changes<Position: Hashable & Sendable>: Hashable, Sendable {
    /// Removed elements, in old coordinates.
    public var deleted: [Position]
    /// Added elements, in new coordinates.
    public var inserted: [Position]
    /// Elements that changed their relative order: old position → new position.
    public var moved: [PositionPair<Position>]
    /// Elements whose content changed: old position → new position.
    public var updated: [PositionPair<Position>]

    /// The changes listed; by default, none.
    public init(
        deleted: [Position] = [], inserted: [Position] = [],
        moved: [PositionPair<Position>] = [], updated: [PositionPair<Position>] = []
    ) {
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.updated = updated
    }

    /// Whether nothing is listed.
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }

    /// The number of listed changes.
    public var count: Int { deleted.count + inserted.count + moved.count + updated.count }
}

/// An element's old and new position.
public struct PositionPair<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the batch (old coordinates).
    public var from: Position
    /// The position after the batch (new coordinates).
    public var to: Position

    /// The pair of an element's position before the batch, `from`, and after it, `to`.
    public init(from: Position, to: Position) {
        self.from = from
        self.to = to
    }
}

extension Changeset: CustomStringConvertible {
    /// A compact listing, e.g. `sections: +[1]; rows: -[0.1] ~[0.0→0.0]`.
    public var description: String {
        if isEmpty { return "no changes" }
        var parts: [String] = []
        if !sections.isEmpty { parts.append("sections: " + sections.describe { "\($0)" }) }
        if !rows.isEmpty { parts.append("rows: " + rows.describe { "\($0.section).\($0.row)" }) }
        return parts.joined(separator: "; ")
    }
}

extension Changes {
    func describe(_ show: (Position) -> String) -> String {
        var parts: [String] = []
        if !deleted.isEmpty { parts.append("-[" + deleted.map(show).joined(separator: ", ") + "]") }
        if !inserted.isEmpty { parts.append("+[" + inserted.map(show).joined(separator: ", ") + "]") }
        if !moved.isEmpty {
            parts.append("↕[" + moved.map { "\(show($0.from))→\(show($0.to))" }.joined(separator: ", ") + "]")
        }
        if !updated.isEmpty {
            parts.append("~[" + updated.map { "\(show($0.from))→\(show($0.to))" }.joined(separator: ", ") + "]")
        }
        return parts.joined(separator: " ")
    }
}
