import Formwork
import Foundation

/// The I/O loop around a `ReplSession`: reads with a `LineReader`, prints each
/// step's lines (errors on standard error), keeps the table as wide as the terminal.
public final class ReplDriver {
    let reader: any LineReader
    let session: ReplSession

    public init(reader: any LineReader, session: ReplSession) {
        self.reader = reader
        self.session = session
        reader.completer = { [unowned session] text, context in session.completions(for: text, context: context) }
    }

    /// Runs until the session ends.
    ///
    /// - Returns: The exit status (0: submitted or quit; 1: a command failed or submit
    ///   found errors).
    public func run() -> Int32 {
        var step = session.start()
        while true {
            write(step.lines)
            guard let prompt = step.prompt else { return step.exitStatus ?? 0 }
            let input = reader.readLine(prompt)
            if reader.isInteractive { session.table.renderer.width = max(40, TerminalSupport.width()) }
            step = session.handle(input)
            if prompt.recordsHistory, !prompt.isSecure, let line = step.history { reader.remember(line) }
        }
    }

    func write(_ lines: [ReplLine]) {
        for line in lines {
            let handle = line.stream == .output ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data((line.text + "\n").utf8))
        }
    }

    /// `history` in the `StateDirectory`.
    public static var defaultHistoryPath: String { StateDirectory.appending("history") }
}
