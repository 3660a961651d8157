import ArgumentParser
import Formwork
import Foundation

/// What the commands that print a report (`lint`, `graph`, `diff`) share: where the
/// report goes, and how text from a form reaches a terminal.
enum CommandOutput {
    /// Writes `text` to the file `path`, atomically, or to standard output when `path`
    /// is `nil` or `-`; a file that cannot be written is said with the system's reason,
    /// and the command exits with `status`.
    static func write(_ text: String, to path: String?, failing status: Int32) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try AtomicFile.write(Data(text.utf8), to: path)
        } catch {
            printError("error: \(error)")
            throw ExitCode(status)
        }
    }

    /// Text from a form escaped line by line (`TerminalText.escaped`): a label cannot
    /// drive the terminal.
    static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
            .joined(separator: "\n")
    }
}
