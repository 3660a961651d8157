import Foundation

#if canImport(Glibc)
import Glibc

/// Runs a program on a new pseudo-terminal, as a person at a terminal would: the
/// program's standard streams are the terminal, which is also its controlling
/// terminal (so Ctrl-C sent as a byte becomes SIGINT).
///
/// ```swift
/// let terminal = try PseudoTerminal(executable: path, arguments: ["fill", "Forms/seed.yaml"])
/// try terminal.waitFor("formwork> ")
/// terminal.send("set fir\t")
/// try terminal.waitFor("firstName ")
/// ```
///
/// Waiting is for output to appear (with a deadline), never for a fixed time.
public final class PseudoTerminal {
    /// Why waiting failed.
    public struct Timeout: Error, CustomStringConvertible {
        /// What did not happen in time: a text to appear, a terminal mode (`"hidden input"`), or `"exit"`.
        public let expected: String
        /// Everything the program had written when the wait gave up.
        public let transcript: String
        /// What was awaited, then what the screen had instead, on the lines after.
        public var description: String {
            "timed out waiting for \(expected.debugDescription); the screen had:\n\(transcript)"
        }
    }

    private let master: Int32
    /// The program's process id.
    public let pid: pid_t
    /// Everything the program wrote so far.
    public private(set) var transcript = ""
    /// Where the next `waitFor` starts looking.
    private var consumed: String.Index

    // Linux ioctls and glibc's flag, which Swift's Glibc module does not export.
    private static let unlockPseudoTerminal: UInt = 0x4004_5431  // TIOCSPTLCK
    private static let pseudoTerminalNumber: UInt = 0x8004_5430  // TIOCGPTN
    private static let spawnSetSessionID: Int16 = 0x80  // POSIX_SPAWN_SETSID
    private static let spawnSetSignalDefaults: Int16 = 0x04  // POSIX_SPAWN_SETSIGDEF
    private static let spawnSetSignalMask: Int16 = 0x08  // POSIX_SPAWN_SETSIGMASK

    /// Starts `executable` with `arguments` on a new `columns`×`rows` terminal.
    public init(
        executable: String, arguments: [String], environment: [String: String] = [:],
        columns: UInt16 = 100, rows: UInt16 = 40
    ) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw POSIXError(.ENODEV) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.unlockPseudoTerminal, &unlock) == 0,
            ioctl(master, Self.pseudoTerminalNumber, &number) == 0
        else {
            close(master)
            throw POSIXError(.ENOTTY)
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slavePath = "/dev/pts/\(number)"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)  // becomes the controlling terminal
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A clean signal state: test runners block or ignore signals the child needs.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGWINCH, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Self.spawnSetSessionID | Self.spawnSetSignalDefaults | Self.spawnSetSignalMask)

        let environment = ProcessInfo.processInfo.environment.merging([
            "TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
        ]) { $1 }
        .merging(CommandRunner.neutralSettings) { $1 }
        .merging(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.pid = pid
        consumed = transcript.startIndex
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Waits until the program reads keys one by one (line editing: canonical mode
    /// off), so what is sent next reaches the editor, not the kernel's line buffer.
    public func waitForLineEditing(timeout: Duration = .seconds(10)) throws {
        try waitForMode("line editing", timeout: timeout) { $0.c_lflag & tcflag_t(ICANON) == 0 }
    }

    /// Waits until the terminal stops echoing (a password prompt).
    public func waitForHiddenInput(timeout: Duration = .seconds(10)) throws {
        try waitForMode("hidden input", timeout: timeout) { $0.c_lflag & tcflag_t(ECHO) == 0 }
    }

    private func waitForMode(_ name: String, timeout: Duration, _ condition: (termios) -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        var settings = termios()
        while ContinuousClock.now < deadline {
            if tcgetattr(master, &settings) == 0, condition(settings) { return }
            _ = readAvailable(until: .milliseconds(5))
        }
        throw Timeout(expected: name, transcript: transcript)
    }

    /// Waits for line editing, then types `text`.
    public func type(_ text: String) throws {
        try waitForLineEditing()
        send(text)
    }

    /// Types `text` (control characters as bytes: "\u{3}" is Ctrl-C, "\t" TAB, "\r" Enter).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends a signal to the program (`SIGTERM`, `SIGHUP`, `SIGKILL`, …).
    public func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Whether the terminal is back in its normal mode: lines edited by the kernel
    /// (canonical) and typed keys echoed, as a shell expects after a program exits.
    public var isInNormalMode: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Waits until the program has written `text` (after what earlier waits matched).
    ///
    /// - Returns: The output from the previous match up to and including `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = transcript.range(of: text, range: consumed..<transcript.endIndex) {
                let chunk = String(transcript[consumed..<range.upperBound])
                consumed = range.upperBound
                return chunk
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, readAvailable(until: remaining) else {
                throw Timeout(expected: text, transcript: transcript)
            }
        }
    }

    /// Reads what is available, waiting up to `limit`; false at end of output or timeout.
    private func readAvailable(until limit: Duration) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            min(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000, 60_000))
        guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        let offset = transcript.distance(from: transcript.startIndex, to: consumed)
        transcript += String(decoding: buffer[0..<count], as: UTF8.self)
        consumed = transcript.index(transcript.startIndex, offsetBy: offset)
        return true
    }

    /// Waits for the program to exit and returns its status (or the signal, negated).
    public func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : -signal
            }
            // Drain output so the program never blocks writing; this waits on the terminal.
            _ = readAvailable(until: .milliseconds(20))
        }
        throw Timeout(expected: "exit", transcript: transcript)
    }
}
#endif
