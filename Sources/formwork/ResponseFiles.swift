import Formwork
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The responses `formwork validate` is given, one at a time: a JSON file is one
/// response; a JSON Lines file (`.jsonl`, `.ndjson`, or `-` for standard input) one
/// a line, streamed (a line is held at most `Limits.maximumRequestLength` bytes; a
/// longer one is skipped); a file in another answer format (an ODK instance, `.xml`)
/// one; a directory, every such file under it (as ODK Briefcase and Central exports
/// lay instances out), sorted.
struct ResponseFiles {
    /// One response, or why a file gives none.
    enum Item {
        /// A response: its name (`file`, `file:LINE` for a line), the line its text
        /// starts on in the file, and its bytes.
        case response(name: String, path: String, firstLine: Int, bytes: [UInt8])
        /// A line of a JSON Lines file longer than the limit.
        case tooLong(name: String, path: String, line: Int, bytes: Int)
        /// A file that cannot be read (exit status 2).
        case unreadable(path: String, reason: String)
    }

    /// The extensions of response files: JSON Lines', and each answer format's.
    let extensions: [String]
    let limits: Limits

    init(limits: Limits, formats: FormatRegistry) {
        self.limits = limits
        var extensions = ["jsonl", "ndjson"]
        for format in formats.answerFormats where !extensions.contains(format.fileExtension) {
            extensions.append(format.fileExtension)
        }
        self.extensions = extensions
    }

    /// Calls `body` for each response of each argument, in order.
    func forEach(_ arguments: [String], _ body: (Item) -> Void) {
        for argument in arguments {
            if argument == "-" {
                lines(of: STDIN_FILENO, path: "<stdin>", body)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                body(.unreadable(path: argument, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                let files = files(under: argument)
                if files.isEmpty {
                    let kinds = extensions.sorted().map { "." + $0 }.joined(separator: ", ")
                    body(.unreadable(path: argument, reason: "no responses (\(kinds)) in it"))
                }
                for file in files { read(file, body) }
            } else {
                read(argument, body)
            }
        }
    }

    /// Every response file under a directory, its folders included, hidden ones not.
    func files(under directory: String) -> [String] {
        FileSearch.files(under: directory) { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
    }

    private func read(_ path: String, _ body: (Item) -> Void) {
        let fileExtension = (path as NSString).pathExtension.lowercased()
        if fileExtension == "jsonl" || fileExtension == "ndjson" {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                body(.unreadable(path: path, reason: String(cString: strerror(errno))))
                return
            }
            defer { close(descriptor) }
            lines(of: descriptor, path: path, body)
            return
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > limits.maximumFileSize {
            body(
                .unreadable(
                    path: path,
                    reason: "the file is \(FileSize.describe(size)), more than a response may be "
                        + "(\(FileSize.describe(limits.maximumFileSize)))"))
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            body(.unreadable(path: path, reason: "cannot be read"))
            return
        }
        body(.response(name: path, path: path, firstLine: 1, bytes: [UInt8](data)))
    }

    /// Each non-blank line of a stream, as a response.
    private func lines(of descriptor: Int32, path: String, _ body: (Item) -> Void) {
        var reader = RequestLineReader(maximumLength: limits.maximumRequestLength) { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 || errno != EINTR { return count }
            }
        }
        var number = 0
        while let line = reader.next() {
            number += 1
            switch line {
            case .text(let text):
                guard text.contains(where: { !$0.isWhitespace }) else { continue }
                body(
                    .response(
                        name: "\(path):\(number)", path: path, firstLine: number, bytes: Array(text.utf8)))
            case .tooLong(let bytes):
                body(.tooLong(name: "\(path):\(number)", path: path, line: number, bytes: bytes))
            }
        }
    }
}
