import Formwork
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Shows text longer than the terminal through the user's pager, as git does:
/// `$PAGER` when set and not empty, else `less -FRX`; `PAGER=cat` means no pager.
///
/// The command runs through `/bin/sh -c` with the text on its standard input and
/// the terminal as its output; the session waits for it to exit and goes on.
/// `LESS` is set to `FRX` when unset (quit when the text fits, pass colours, keep
/// the screen). Colours go to the pager only when it passes them (`PagerCommand`);
/// otherwise the text is sent plain. A pager that cannot start (a shell's 126 or
/// 127) is not tried again: the text is printed directly, and a warning says why
/// once.
public final class Pager {
    /// The pager to run and whether it passes colours.
    public let command: PagerCommand
    /// Set once the pager could not start: from then on, nothing is paged.
    public private(set) var failed = false

    /// A pager running `command`; `forTerminal(environment:)` finds the user's.
    public init(command: PagerCommand) {
        self.command = command
    }

    /// The pager for this process: `nil` when standard output is not a terminal, or
    /// the environment turns paging off (`PAGER=cat`).
    public static func forTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Pager? {
        guard TerminalSupport.isTerminal(STDOUT_FILENO), let command = PagerCommand(environment: environment) else {
            return nil
        }
        return Pager(command: command)
    }

    /// Whether `lineCount` lines need the pager on a terminal of `height` rows (0:
    /// unknown): when they and the prompt under them do not fit.
    public static func isNeeded(lineCount: Int, height: Int) -> Bool {
        height > 0 && lineCount + 1 > height
    }

    /// Shows `lines` through the pager and waits for it to exit.
    ///
    /// - Returns: Whether the pager showed them; `false` when it could not start
    ///   (the caller prints them), with a warning on standard error the first time.
    public func show(_ lines: [String]) -> Bool {
        guard !failed else { return false }
        let text = lines.map { command.passesColors ? $0 : TextStyle.removingStyles($0) }.joined(separator: "\n") + "\n"
        switch run(Data(text.utf8)) {
        case .shown:
            return true
        case .couldNotStart(let reason):
            failed = true
            let message =
                "warning: the pager (\(TerminalText.escaped(command.command))) could not run: \(reason); "
                + "showing the text here (PAGER=cat turns paging off)\n"
            FileHandle.standardError.write(Data(message.utf8))
            return false
        }
    }

    enum Outcome: Equatable {
        case shown
        case couldNotStart(String)
    }

    /// Runs `/bin/sh -c COMMAND` with `data` on its standard input and waits.
    private func run(_ data: Data) -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .couldNotStart(String(cString: strerror(errno))) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // SIGPIPE is ignored here while writing; the pager gets the default back.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let environment = command.environment(ProcessInfo.processInfo.environment)
        let arguments: [String] = ["sh", "-c", command.command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        // A pager quitting before reading everything must not end the session.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var previous = sigaction()
        sigaction(SIGPIPE, &ignore, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }

        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(readEnd)
        guard status == 0 else {
            close(writeEnd)
            return .couldNotStart(String(cString: strerror(status)))
        }
        write(data, to: writeEnd, child: child)
        close(writeEnd)
        let exit = wait(for: child)
        if exit == 126 || exit == 127 { return .couldNotStart("exit status \(exit)") }
        return .shown
    }

    /// Writes everything the pager reads; stops when it quits (EPIPE), and ends the
    /// pager when the session is told to terminate.
    private func write(_ data: Data, to descriptor: Int32, child: pid_t) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    if TerminalSupport.terminationSignal != nil { kill(child, SIGTERM) }
                } else {
                    return  // EPIPE: the pager quit
                }
            }
        }
    }

    /// Waits for the pager to exit: its exit status, or -1 when a signal ended it.
    private func wait(for child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
            if TerminalSupport.terminationSignal != nil { kill(child, SIGTERM) }
        }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
