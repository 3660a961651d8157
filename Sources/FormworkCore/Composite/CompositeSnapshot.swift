import FoundationEssentials

/// A key made unique per child data source, so rows and sections never pair across
/// children (whose descriptors, and so cells, may differ).
struct OwnedKey<Key: Hashable>: Hashable {
    let owner: ObjectIdentifier
    let key: Key
}

/// The visible snapshots of a composite's children, concatenated.
struct CompositeSnapshot {
    struct Part {
        let source: DataSource
        let snapshot: VisibleSnapshot
    }

    struct Location {
        let part: Int
        let section: Int
    }

    var parts: [Part] = []
    /// For each composite section: its child and the child's section index.
    var locations: [Location] = []

    init(parts: [Part] = []) {
        self.parts = parts
        for (partIndex, part) in parts.enumerated() {
            for section in part.snapshot.sections.indices {
                locations.append(Location(part: partIndex, section: section))
            }
        }
    }

    /// The child and its local index path for a composite index path.
    func locate(_ indexPath: IndexPath) -> (source: DataSource, local: IndexPath)? {
        guard indexPath.count == 2, locations.indices.contains(indexPath.section) else { return nil }
        let location = locations[indexPath.section]
        return (parts[location.part].source, IndexPath(row: indexPath.row, section: location.section))
    }

    func locate(section: Int) -> (source: DataSource, local: Int)? {
        guard locations.indices.contains(section) else { return nil }
        let location = locations[section]
        return (parts[location.part].source, location.section)
    }
}

extension CompositeSnapshot: DiffSource {
    var sectionCount: Int { locations.count }

    func sectionKey(_ section: Int) -> OwnedKey<String> {
        let location = locations[section]
        let part = parts[location.part]
        return OwnedKey(owner: ObjectIdentifier(part.source), key: part.snapshot.sectionKey(location.section))
    }

    func rowCount(_ section: Int) -> Int {
        let location = locations[section]
        return parts[location.part].snapshot.rowCount(location.section)
    }

    func rowKey(_ section: Int, _ row: Int) -> OwnedKey<RowIdentity> {
        let location = locations[section]
        let part = parts[location.part]
        return OwnedKey(owner: ObjectIdentifier(part.source), key: part.snapshot.rowKey(location.section, row))
    }

    func isSectionContentEqual(_ section: Int, to other: CompositeSnapshot, _ otherSection: Int) -> Bool {
        let mine = locations[section]
        let theirs = other.locations[otherSection]
        return parts[mine.part].snapshot.isSectionContentEqual(
            mine.section, to: other.parts[theirs.part].snapshot, theirs.section)
    }

    func isRowContentEqual(
        _ section: Int, _ row: Int, to other: CompositeSnapshot, _ otherSection: Int, _ otherRow: Int
    ) -> Bool {
        let mine = locations[section]
        let theirs = other.locations[otherSection]
        return parts[mine.part].snapshot.isRowContentEqual(
            mine.section, row, to: other.parts[theirs.part].snapshot, theirs.section, otherRow)
    }
}
