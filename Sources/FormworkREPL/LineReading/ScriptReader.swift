import Foundation

/// Reads commands from a pipe or a file, one per line: no prompts, no echo, no
/// colours, no completion (script mode).
public final class ScriptReader: LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var finished = false
    public var completer: ((String, Prompt.Completion) -> [String])?
    public var isInteractive: Bool { false }

    public init(handle: FileHandle = .standardInput) {
        self.handle = handle
    }

    public func readLine(_ prompt: Prompt) -> LineInput {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if finished {
                guard !buffer.isEmpty else { return .endOfInput }
                defer { buffer.removeAll() }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            let data = handle.availableData
            if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
        }
    }

    public func remember(_ line: String) {}
}
