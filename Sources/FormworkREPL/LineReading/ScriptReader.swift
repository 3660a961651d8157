import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
        TerminalSupport.installTerminationHandlers()
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
            if let signal = TerminalSupport.terminationSignal { return .terminated(signal: signal) }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(handle.fileDescriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }  // a signal: checked above
            if count <= 0 { finished = true } else { buffer.append(contentsOf: chunk[0..<count]) }
        }
    }

    public func remember(_ line: String) {}
}
