import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks a `file` field's path without opening it.
///
/// Only `stat` is called (it follows symbolic links and never blocks), so a FIFO, a
/// socket or a device such as `/dev/zero` is refused before anything could read from
/// it; `access` checks that the file is readable. Nothing here opens a file.
enum FileCheck {
    /// Why `path` cannot be a `file` field's value, or `nil` when it can.
    static func problem(_ path: String, for field: FieldDefinition) -> FieldError? {
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        if path.hasPrefix("data:") { return dataProblem(path, for: field) }
        if let problem = nameProblem(path, for: field) { return problem }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == EACCES ? "cannot be reached (permission denied)" : "does not exist"
            return error(.file(path: path, reason: reason))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return error(.file(path: path, reason: "is a directory, not a file"))
        case S_IFIFO: return error(.file(path: path, reason: "is a FIFO (a pipe), not a regular file"))
        case S_IFCHR, S_IFBLK: return error(.file(path: path, reason: "is a device, not a regular file"))
        case S_IFSOCK: return error(.file(path: path, reason: "is a socket, not a regular file"))
        default: return error(.file(path: path, reason: "is not a regular file"))
        }
        guard access(path, R_OK) == 0 else { return error(.file(path: path, reason: "is not readable")) }
        if let maxSize = field.maxSize, Int(info.st_size) > maxSize { return error(.maxSize(maxSize)) }
        return nil
    }

    /// Why a file's name cannot be the field's (an extension it does not accept),
    /// whether or not the file is at hand.
    static func nameProblem(_ path: String, for field: FieldDefinition) -> FieldError? {
        guard !field.extensions.isEmpty else { return nil }
        if path.hasPrefix("data:") { return dataProblem(path, for: field) }
        let name = (path as NSString).lastPathComponent.lowercased()
        guard !field.extensions.contains(where: { name.hasSuffix("." + $0.lowercased()) }) else { return nil }
        return FieldError(field: field.id, rule: .extensions(field.extensions))
    }

    /// A path as typed: `~` and `~/…` expanded to the home directory.
    static func expanded(_ path: String) -> String {
        path == "~" || path.hasPrefix("~/") ? (path as NSString).expandingTildeInPath : path
    }

    /// Why a data URL cannot be a `file` field's value: not a data URL, an ending the
    /// field does not accept (by its name, else its media type), or too large.
    static func dataProblem(_ text: String, for field: FieldDefinition) -> FieldError? {
        guard let url = DataURL(text), let size = url.byteCount else {
            return FieldError(
                field: field.id,
                rule: .file(path: text, reason: "is not a well-formed data URL (data:<type>;base64,<data>)"))
        }
        if !field.extensions.isEmpty {
            let accepted = Set(field.extensions.map { $0.lowercased() })
            if accepted.isDisjoint(with: url.extensions) {
                return FieldError(field: field.id, rule: .extensions(field.extensions))
            }
        }
        if let maxSize = field.maxSize, size > maxSize { return FieldError(field: field.id, rule: .maxSize(maxSize)) }
        return nil
    }

    /// The largest file an `inline` field reads into its answer when it sets no `maxSize`.
    static let inlineLimit = 10 * 1024 * 1024

    /// The file at `path` as a data URL, for an `inline` field: checked as a path first
    /// (a regular, readable file, within `maxSize` or 10 MiB), then read.
    static func inlined(_ path: String, for field: FieldDefinition) -> Result<Value, FieldError> {
        if path.hasPrefix("data:") {
            return dataProblem(path, for: field).map { .failure($0) } ?? .success(.string(path))
        }
        var limited = field
        if limited.maxSize == nil { limited.maxSize = inlineLimit }
        if let problem = problem(path, for: limited) { return .failure(problem) }
        guard let data = FileManager.default.contents(atPath: path), data.count <= limited.maxSize! else {
            return .failure(FieldError(field: field.id, rule: .file(path: path, reason: "cannot be read")))
        }
        let name = (path as NSString).lastPathComponent
        let url = DataURL(bytes: [UInt8](data), mediaType: DataURL.mediaType(ofFileNamed: name), name: name)
        return .success(.string(url.text()))
    }
}
