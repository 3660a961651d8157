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
    /// Kept, never called: a script has no completion.
    public var completer: ((String, Prompt.Completion) -> [String])?
    /// Always `false`: no person is typing.
    public var isInteractive: Bool { false }

    /// A reader of `handle`'s lines (standard input by default).
    public init(handle: FileHandle = .standardInput) {
        self.handle = handle
        TerminalSupport.installTerminationHandlers()
    }

    /// The next line (a carriage return before its line break dropped), the last line
    /// without a line break too; `prompt` is not shown. `.terminated` on SIGTERM or SIGHUP.
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

    /// Nothing: a script keeps no history.
    public func remember(_ line: String) {}
}
