import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGTERM/SIGHUP handler (a signal handler can only store a number).
nonisolated(unsafe) private var pendingTerminationSignal: Int32 = 0
/// `/dev/null`, opened in advance: the handler puts it on standard input.
nonisolated(unsafe) private var nullDescriptor: Int32 = -1

/// Small terminal facts and settings the REPL needs beyond libedit.
public enum TerminalSupport {
    /// Whether a file descriptor is a terminal (the REPL never guesses from `TERM`).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's width in columns (80 when unknown).
    public static func width(_ descriptor: Int32 = STDOUT_FILENO) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The terminal's height in rows (0 when unknown).
    public static func height(_ descriptor: Int32 = STDOUT_FILENO) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return 0 }
        return Int(size.ws_row)
    }

    /// libedit drops every non-ASCII byte unless LC_CTYPE is a UTF-8 locale.
    static func ensureUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// SIGTERM and SIGHUP are remembered and end the current read, so the session
    /// saves and exits through its normal path, which restores the terminal.
    ///
    /// A signal can arrive while no read is blocked (libedit is handling a key), and
    /// the next read would then wait forever; so the handler also puts `/dev/null`
    /// on standard input (`dup2`, safe in a signal handler): every later read ends
    /// at once. Readers check `terminationSignal` before treating an end of input as
    /// one. `LineEditor` keeps its own descriptor of the terminal to restore it.
    public static func installTerminationHandlers() {
        if nullDescriptor < 0 { nullDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        for signal in [SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                pendingTerminationSignal = received
                if nullDescriptor >= 0 { dup2(nullDescriptor, STDIN_FILENO) }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The termination signal received, if any (it stays set: the session ends).
    public static var terminationSignal: Int32? {
        pendingTerminationSignal == 0 ? nil : pendingTerminationSignal
    }

    /// Reads a line with echo off (passwords): never shown, never in history.
    static func readSecretLine(prompt: String) -> LineInput {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        var original = termios()
        let isTTY = tcgetattr(STDIN_FILENO, &original) == 0
        if isTTY {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if isTTY { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 {
                if let signal = terminationSignal { return .terminated(signal: signal) }
                if errno == EINTR { return .interrupted }
                return .endOfInput
            }
            if count == 0 {
                if let signal = terminationSignal { return .terminated(signal: signal) }
                return bytes.isEmpty ? .endOfInput : .line(String(decoding: bytes, as: UTF8.self))
            }
            if byte == 0x0A || byte == 0x0D { return .line(String(decoding: bytes, as: UTF8.self)) }
            if byte == 0x04, bytes.isEmpty { return .endOfInput }
            if byte == 0x7F || byte == 0x08 {
                if !bytes.isEmpty { bytes.removeLast() }
                continue
            }
            if byte == 0x15 {
                bytes.removeAll()
                continue
            }  // Ctrl-U
            bytes.append(byte)
        }
    }
}
