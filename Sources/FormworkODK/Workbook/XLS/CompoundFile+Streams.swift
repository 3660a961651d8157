/// An entry of a compound file's directory: the root, a storage or a stream, with its
/// place in its parent's tree of children (a red-black tree: left, right, child).
struct DirectoryEntry {
    /// "No entry", as a sibling or child.
    static let none: UInt32 = 0xFFFF_FFFF

    let name: String
    /// 1 a storage, 2 a stream, 5 the root; 0 an unused entry.
    let type: UInt8
    let left: UInt32
    let right: UInt32
    let child: UInt32
    /// The first sector (of the mini stream when the stream is small).
    let start: UInt32
    let size: UInt64

    var isStream: Bool { type == 2 }

    /// The entries of the directory's bytes, 128 each.
    static func entries(in data: [UInt8], largeSizes: Bool) -> [DirectoryEntry] {
        stride(from: 0, to: data.count - 127, by: 128).map { base in
            let units = min(32, Int(data.uint16(at: base + 64)) / 2)
            let name = (0..<units).map { data.uint16(at: base + 2 * $0) }.prefix { $0 != 0 }
            let size = largeSizes ? data.uint64(at: base + 120) : UInt64(data.uint32(at: base + 120))
            return DirectoryEntry(
                name: String(decoding: name, as: UTF16.self), type: data[base + 66],
                left: data.uint32(at: base + 68), right: data.uint32(at: base + 72), child: data.uint32(at: base + 76),
                start: data.uint32(at: base + 116), size: size)
        }
    }
}

extension CompoundFile {
    /// The streams directly under the root storage, by name in upper case (compound
    /// files compare names without case), found by walking the root's tree of
    /// children with each entry marked as it is reached.
    ///
    /// - Throws: `WorkbookError.unreadableXLS` when there is no root, when an entry
    ///   names one beyond the directory, or when the tree comes back to an entry.
    func rootStreams() throws(WorkbookError) -> [String: DirectoryEntry] {
        guard let root = directory.first, root.type == 5 else { throw .unreadableXLS(.missingRoot) }
        var streams: [String: DirectoryEntry] = [:]
        var visited = SectorSet(count: directory.count)
        _ = visited.insert(0)
        var pending = [root.child]
        while let index = pending.popLast() {
            guard index != DirectoryEntry.none else { continue }
            guard Int(index) < directory.count else {
                throw .unreadableXLS(.entryOutOfRange(entry: index, entries: directory.count))
            }
            guard visited.insert(Int(index)) else { throw .unreadableXLS(.directoryLoop(entry: Int(index))) }
            let entry = directory[Int(index)]
            if entry.isStream, streams[entry.name.uppercased()] == nil { streams[entry.name.uppercased()] = entry }
            pending.append(entry.left)
            pending.append(entry.right)
        }
        return streams
    }

    /// A stream's bytes, from the sectors or, under the cutoff, from the mini stream.
    ///
    /// - Throws: `WorkbookError.partTooLarge` past `limits.maximumPartSize`, and
    ///   `WorkbookError.unreadableXLS` when the stream declares more bytes than the file
    ///   holds or its chain is broken.
    func read(_ entry: DirectoryEntry, limits: WorkbookLimits) throws(WorkbookError) -> [UInt8] {
        let name = "stream '\(entry.name)'"
        guard entry.size >= UInt64(miniStreamCutoff) else {
            let mini = try miniStream()
            guard entry.size <= UInt64(mini.count) else {
                throw .unreadableXLS(.streamSizeTooLarge(stream: name, declared: entry.size, available: mini.count))
            }
            let miniFAT = Self.words(try chain(from: firstMiniFATSector, table: fat, name: "the mini FAT"))
            return try Self.follow(
                entry.start, table: miniFAT, in: mini, origin: 0, sectorSize: 64, sectorCount: (mini.count + 63) / 64,
                name: name, limit: Int(entry.size))
        }
        guard entry.size <= UInt64(bytes.count) else {
            throw .unreadableXLS(.streamSizeTooLarge(stream: name, declared: entry.size, available: bytes.count))
        }
        guard entry.size <= UInt64(limits.maximumPartSize) else {
            throw .partTooLarge(part: "the \(entry.name) stream", limit: limits.maximumPartSize)
        }
        return try chain(from: entry.start, table: fat, name: name, limit: Int(entry.size))
    }

    /// The mini stream: the root entry's stream, in ordinary sectors.
    private func miniStream() throws(WorkbookError) -> [UInt8] {
        guard let root = directory.first else { throw .unreadableXLS(.missingRoot) }
        guard root.size <= UInt64(bytes.count) else {
            throw .unreadableXLS(
                .streamSizeTooLarge(stream: "the mini stream", declared: root.size, available: bytes.count))
        }
        return try chain(from: root.start, table: fat, name: "the mini stream", limit: Int(root.size))
    }

    /// The little-endian words of `data`.
    static func words(_ data: [UInt8]) -> [UInt32] {
        stride(from: 0, to: data.count - 3, by: 4).map { data.uint32(at: $0) }
    }
}
