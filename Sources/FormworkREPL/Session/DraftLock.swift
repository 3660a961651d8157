import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One writer per draft: an advisory lock (`flock`) on `DRAFT.lock`, beside the
/// draft, held for the life of the session that fills it.
///
/// The kernel releases the lock when its holder dies, however it dies (`kill -9`
/// included), so a crash never leaves a stale lock; the lock file then left behind
/// is taken by the next session as it is. A session that ends normally removes the
/// file while it still holds the lock, and a session that took the lock checks that
/// the file it locked is still the one at the path, so two sessions never both
/// believe they own a draft.
///
/// ```swift
/// let lock = try DraftLock.acquire(for: draftPath)   // throws DraftLock.Failure.inUse
/// // … fill, saving the draft …
/// lock.release()
/// ```
public final class DraftLock {
    /// Why the lock was not taken.
    public enum Failure: Error, Equatable, Sendable {
        /// Another live session holds it: its process id, as it wrote it in the lock
        /// file (when readable).
        case inUse(holder: Int32?)
        /// The lock file cannot be created (why, in the system's words).
        case unavailable(String)
    }

    /// The lock file (`DRAFT.lock`).
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Takes the lock of the draft at `draftPath`, creating its directory if needed.
    ///
    /// - Throws: `Failure.inUse` when another live process holds it.
    public static func acquire(for draftPath: String) throws(Failure) -> DraftLock {
        let path = draftPath + ".lock"
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unavailable("cannot create \(directory)")
            }
        }
        // A holder that ends removes the file while holding the lock: whoever locked
        // the removed file tries again on the new one.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw .unavailable("cannot open \(path): " + String(cString: strerror(errno)))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let holder = readHolder(descriptor)
                close(descriptor)
                throw .inUse(holder: holder)
            }
            var locked = stat(), current = stat()
            if fstat(descriptor, &locked) == 0, stat(path, &current) == 0, locked.st_ino == current.st_ino,
                locked.st_dev == current.st_dev
            {
                let lock = DraftLock(path: path, descriptor: descriptor)
                lock.writeHolder()
                return lock
            }
            close(descriptor)
        }
        throw .inUse(holder: nil)
    }

    /// Gives the lock up and removes the lock file (also done when the lock is
    /// released from memory, and by the kernel when the process dies).
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    /// Writes this process's id into the lock file, for the message another session
    /// shows.
    private func writeHolder() {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private static func readHolder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
