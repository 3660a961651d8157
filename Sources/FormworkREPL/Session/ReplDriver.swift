import Formwork
import Foundation

/// The I/O loop around a `ReplSession`: reads with a `LineReader`, prints each
/// step's lines (errors on standard error), keeps the table as wide as the terminal,
/// and shows a text read whole (`show`) through the pager when it does not fit.
public final class ReplDriver {
    let reader: any LineReader
    let session: ReplSession
    /// The pager for texts longer than the terminal: at a terminal only (never in
    /// script mode, nor in the accessible mode, where a full-screen pager is what a
    /// screen reader follows worst), unless `PAGER=cat`.
    public var pager: Pager?

    /// A loop reading from `reader` for `session`: TAB completes through the session, and
    /// an interactive reader pages through the user's pager.
    public init(reader: any LineReader, session: ReplSession) {
        self.reader = reader
        self.session = session
        self.pager = reader.isInteractive && !session.options.accessible ? Pager.forTerminal() : nil
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
        var start = lines.startIndex
        while start < lines.endIndex {
            // A run of pageable lines goes to the pager when it does not fit.
            let end = lines[start...].firstIndex { $0.isPageable != lines[start].isPageable } ?? lines.endIndex
            let run = lines[start..<end]
            if lines[start].isPageable, let pager,
                Pager.isNeeded(lineCount: run.count, height: TerminalSupport.height()),
                pager.show(run.map(\.text))
            {
                start = end
                continue
            }
            for line in run {
                let handle = line.stream == .output ? FileHandle.standardOutput : FileHandle.standardError
                handle.write(Data((line.text + "\n").utf8))
            }
            start = end
        }
    }

    /// `history` in the `StateDirectory`.
    public static var defaultHistoryPath: String { StateDirectory.appending("history") }
}
