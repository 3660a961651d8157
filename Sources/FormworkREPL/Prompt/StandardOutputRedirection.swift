import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Sends standard output to another descriptor (the terminal on standard error)
/// while the prompt runs, and puts it back: a tool whose output goes to a pipe
/// (`deploy | jq`) still asks at the terminal, and its own output stays clean.
/// Everything the process writes to standard output meanwhile goes to the
/// terminal too (the caller waits for the answers).
final class StandardOutputRedirection {
    private let saved: Int32

    init?(to descriptor: Int32) {
        fflush(nil)  // every stream: what the tool printed before goes where it was going
        saved = dup(STDOUT_FILENO)
        guard saved >= 0 else { return nil }
        guard dup2(descriptor, STDOUT_FILENO) >= 0 else {
            close(saved)
            return nil
        }
    }

    /// Standard output as it was.
    func restore() {
        fflush(nil)  // every stream: what the tool printed before goes where it was going
        dup2(saved, STDOUT_FILENO)
        close(saved)
    }
}
