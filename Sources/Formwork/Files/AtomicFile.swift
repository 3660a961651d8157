import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a crash, a full disk or a kill at any moment leaves either
/// the old file or the new one, never a truncated mix.
///
/// The data goes to a temporary file in the same directory, which is flushed to disk
/// (`fsync`) and then renamed over the target; the directory is flushed too, so the
/// rename itself survives a power cut. When anything fails, the temporary file is
/// removed and the existing file is untouched.
///
/// ```swift
/// try AtomicFile.write(Data(answers.utf8), to: "answers.json")
/// try AtomicFile.write(draft, to: path, permissions: 0o600)   // private to the user
/// ```
public enum AtomicFile {
    /// Why a write failed: the step and the system's reason.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file that was to be written.
        public let path: String
        /// What failed, in words (`it is a directory`, `no space left on device`).
        public let reason: String
        /// `cannot write PATH: REASON`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces (or creates) the file at `path` with `data`.
    ///
    /// - Parameters:
    ///   - data: The file's new content.
    ///   - path: The file to replace or create.
    ///   - permissions: The new file's mode (before the umask), `0o644` by default.
    ///   - createDirectories: Create missing parent directories first.
    /// - Throws: `WriteError`; the file at `path` is then as it was.
    public static func write(
        _ data: Data, to path: String, permissions: mode_t = 0o644,
        createDirectories: Bool = false
    ) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        if createDirectories {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create \(directory) (\(FormDefinition.reason(error)))")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a directory")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: Self.systemReason()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer { if !committed { unlink(temporary) } }

        guard fchmod(descriptor, permissions & ~currentUmask()) == 0 else {
            let reason = Self.systemReason()
            close(descriptor)
            throw WriteError(path: path, reason: reason)
        }
        let written = writeAll(data, to: descriptor)
        guard written, fsync(descriptor) == 0 else {
            let reason = Self.systemReason()
            close(descriptor)
            throw WriteError(path: path, reason: reason)
        }
        guard close(descriptor) == 0 else { throw WriteError(path: path, reason: Self.systemReason()) }
        guard rename(temporary, path) == 0 else { throw WriteError(path: path, reason: Self.systemReason()) }
        committed = true
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Appends `data` to the existing file at `path` and flushes it to disk
    /// (`fdatasync`) before returning: a journal's durable append. A crash may leave
    /// the appended data cut short, never the rest of the file changed.
    ///
    /// - Throws: `WriteError` (no such file, a full disk, …).
    public static func append(_ data: Data, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: systemReason()) }
        defer { close(descriptor) }
        let written = writeAll(data, to: descriptor)
        guard written, fdatasync(descriptor) == 0 else { throw WriteError(path: path, reason: systemReason()) }
    }

    /// Writes all of `data` to an open file, going on after interruptions.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }

    /// The process's umask (read by setting it and putting it back).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    static func systemReason() -> String { String(cString: strerror(errno)).lowercased() }
}
