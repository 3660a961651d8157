import Formwork
import Foundation

/// `formwork validate --clean OUT`: each response written again as the fill would
/// have submitted it — answers to hidden questions dropped, computed values computed
/// again, in the response's own answer format (Formwork's answers, SurveyJS's data,
/// an ODK instance keeping its `instanceID`). OUT is a file when one response file is
/// checked and OUT ends in its extension; otherwise a directory, where each response
/// file is written under its own name (a JSON Lines file line by line, a directory's
/// files at their paths within it). An input is never written over.
final class CleanWriter {
    let output: String
    /// The validator the responses were read by (their formats, their form).
    let validator: ResponseValidator
    /// Whether OUT names one file (one response file checked, same extension).
    let isFile: Bool
    private var lines: [String: FileHandle] = [:]
    private var inputs: Set<String>
    /// The directory arguments, for keeping a file's path within its directory.
    private let directories: [String]

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    init(output: String, validator: ResponseValidator, arguments: [String]) throws {
        self.output = output
        self.validator = validator
        let files = arguments.filter { !Self.isDirectory($0) }
        directories = arguments.filter { Self.isDirectory($0) }
        let outputExtension = (output as NSString).pathExtension.lowercased()
        isFile =
            files.count == 1 && directories.isEmpty && !outputExtension.isEmpty
            && outputExtension == (files[0] as NSString).pathExtension.lowercased()
        inputs = Set(files.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        if isFile {
            guard !inputs.contains(URL(fileURLWithPath: output).standardizedFileURL.path) else {
                throw Failure(
                    message: "--clean \(output): that is the response itself; the input is never written over")
            }
        } else {
            for directory in directories {
                let resolved = URL(fileURLWithPath: directory).standardizedFileURL.path
                let out = URL(fileURLWithPath: output).standardizedFileURL.path
                guard out != resolved, !out.hasPrefix(resolved + "/") else {
                    throw Failure(message: "--clean \(output): inside the responses' directory \(directory)")
                }
            }
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Writes one response, cleaned. `line`: its line in a JSON Lines file.
    func write(_ session: FormSession, path: String, line: Int?, source: [UInt8]) throws {
        let format = validator.formats.responseFormat(of: source, path: path, for: validator.definition)
        let text = format.write(session, options: AnswerWriting(pretty: line == nil, original: source))
        let target = destination(of: path)
        if line != nil {
            if lines[target] == nil {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target, contents: nil),
                    let handle = FileHandle(forWritingAtPath: target)
                else { throw Failure(message: "\(target) cannot be written") }
                lines[target] = handle
            }
            lines[target]?.write(Data((text + "\n").utf8))
        } else {
            try AtomicFile.write(Data(text.utf8), to: target, createDirectories: true)
        }
    }

    /// Where a response file's cleaned version goes.
    func destination(of path: String) -> String {
        if isFile { return output }
        if path == "<stdin>" { return (output as NSString).appendingPathComponent("stdin.jsonl") }
        for directory in directories {
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            if path.hasPrefix(prefix) {
                return (output as NSString).appendingPathComponent(String(path.dropFirst(prefix.count)))
            }
        }
        return (output as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    func close() {
        for handle in lines.values { try? handle.close() }
    }
}
