import Foundation
import ZIPFoundation

/// The parts of an `.xlsx` archive, read within `WorkbookLimits`: an entry's
/// declared size is checked before inflating it, and the bytes are counted as they
/// inflate (a declared size can lie), so a ZIP bomb stops at the limit.
final class WorkbookParts {
    let archive: Archive
    let limits: WorkbookLimits
    /// Bytes inflated so far, all parts together.
    private var total = 0

    init(archive: Archive, limits: WorkbookLimits) throws(WorkbookError) {
        self.archive = archive
        self.limits = limits
        var count = 0
        for _ in archive {
            count += 1
            if count > limits.maximumEntries { throw .tooManyEntries(limit: limits.maximumEntries) }
        }
    }

    /// A relationship's target as an archive path: `worksheets/sheet1.xml` is under
    /// `xl/`, `/xl/worksheets/sheet1.xml` is absolute.
    static func resolve(_ target: String) -> String {
        if target.hasPrefix("/") { return String(target.dropFirst()) }
        var parts = ["xl"]
        for component in target.split(separator: "/") {
            if component == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if component != "." {
                parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The part at `path`, inflated.
    func read(_ path: String) throws(WorkbookError) -> Data {
        guard let data = try readIfPresent(path) else { throw .missingPart(path) }
        return data
    }

    /// The part at `path`, inflated, or `nil` when the archive has none.
    func readIfPresent(_ path: String) throws(WorkbookError) -> Data? {
        guard let entry = archive[path] ?? archive.first(where: { $0.path.lowercased() == path.lowercased() })
        else { return nil }
        guard entry.type == .file else { return nil }
        if entry.uncompressedSize > UInt64(limits.maximumPartSize) {
            throw .partTooLarge(part: path, limit: limits.maximumPartSize)
        }
        var data = Data()
        let partLimit = limits.maximumPartSize
        let totalLimit = limits.maximumTotalSize
        var overflow: WorkbookError?
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                data.append(chunk)
                self.total += chunk.count
                if data.count > partLimit {
                    overflow = .partTooLarge(part: path, limit: partLimit)
                    throw CancellationError()
                }
                if self.total > totalLimit {
                    overflow = .workbookTooLarge(limit: totalLimit)
                    throw CancellationError()
                }
            }
        } catch {
            if let overflow { throw overflow }
            throw .notAWorkbook("\(path) cannot be inflated (\(error))")
        }
        return data
    }
}
