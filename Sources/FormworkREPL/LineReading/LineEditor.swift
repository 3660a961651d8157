@preconcurrency import CEditLine
import CKeyReader
import Foundation

/// Line editing on a terminal with libedit: Emacs keys, history kept across runs,
/// TAB completion, and editing a value prefilled in the buffer.
///
/// The only importer of the C module. The editor is created once and ended in
/// `deinit`; libedit's callbacks reach this object through its client data.
///
/// - Ctrl-C abandons the line (`.interrupted`), Ctrl-D on an empty line ends input.
/// - Prefilling pushes a private key sequence bound to a function that inserts the
///   value literally (so a tab in a value is text, not completion).
/// - Secure prompts bypass libedit: echo is turned off and nothing enters history.
public final class LineEditor: LineReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private var prefill: String?
    private var currentCompletion: Prompt.Completion = .commands
    /// Completion candidates for the text before the cursor, asked at TAB; `nil`: no completion.
    public var completer: ((String, Prompt.Completion) -> [String])?
    /// Always `true`: a person is at the terminal.
    public var isInteractive: Bool { true }
    /// The terminal as it was before libedit, on a descriptor of its own (standard
    /// input may be replaced by `/dev/null` on SIGTERM): put back in `deinit`.
    private let terminal: Int32
    private var originalSettings = termios()
    private let hasOriginalSettings: Bool

    /// An editor of the terminal's lines, with the history saved at `historyPath` loaded.
    ///
    /// - Parameter historyPath: Where history persists (`nil`: not kept).
    public init(historyPath: String?) {
        terminal = dup(STDIN_FILENO)
        hasOriginalSettings = terminal >= 0 && tcgetattr(terminal, &originalSettings) == 0
        TerminalSupport.ensureUTF8Locale()
        fw_install_interrupt_handler()  // CKeyReader: Ctrl-C ends the read, never lost
        TerminalSupport.installTerminationHandlers()
        editLine = el_init("formwork", stdin, stdout, stderr)
        history = history_init()
        self.historyPath = historyPath
        promptBuffer = strdup("> ")
        fw_history_set_size(history, 1000)
        fw_history_set_unique(history, 1)
        fw_el_set_history(editLine, history)
        fw_el_set_editor(editLine, "emacs")
        fw_el_set_signal(editLine, 1)
        fw_el_read_keys_with_interrupts(editLine)
        fw_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        fw_el_set_prompt(editLine) { editLine in
            guard let editLine, let data = fw_el_get_client_data(editLine) else { return nil }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }
        fw_el_add_function(editLine, "fw-complete", "Complete the word") { editLine, _ in
            guard let editLine, let data = fw_el_get_client_data(editLine) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
        }
        fw_el_add_function(editLine, "fw-prefill", "Insert the value being edited") { editLine, _ in
            guard let editLine, let data = fw_el_get_client_data(editLine) else { return UInt8(CC_ERROR) }
            let editor = Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
            if let value = editor.prefill { el_insertstr(editLine, value) }
            editor.prefill = nil
            return UInt8(CC_REFRESH)
        }
        fw_el_bind(editLine, "^I", "fw-complete")
        fw_el_bind(editLine, "^X^P", "fw-prefill")
        fw_el_source_defaults(editLine)  // ~/.editrc, if any
        if let historyPath {
            try? FileManager.default.createDirectory(
                atPath: (historyPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            fw_history_load(history, historyPath)
        }
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptBuffer)
        if hasOriginalSettings { tcsetattr(terminal, TCSANOW, &originalSettings) }
        if terminal >= 0 { close(terminal) }
    }

    /// Reads a line with libedit, `prompt.prefill` in the buffer to edit, TAB completing
    /// with `completer`; a secure prompt reads without echo, outside libedit.
    public func readLine(_ prompt: Prompt) -> LineInput {
        if let signal = TerminalSupport.terminationSignal { return .terminated(signal: signal) }
        if prompt.isSecure { return TerminalSupport.readSecretLine(prompt: prompt.text) }
        free(promptBuffer)
        promptBuffer = strdup(prompt.text)
        currentCompletion = prompt.completion
        prefill = prompt.prefill.flatMap { $0.isEmpty ? nil : $0 }
        if prefill != nil { el_push(editLine, "\u{18}\u{10}") }
        fw_forget_interrupts()  // a Ctrl-C pressed while a command ran does not end this line
        var count: Int32 = 0
        errno = 0
        guard let raw = el_gets(editLine, &count) else {
            if let signal = TerminalSupport.terminationSignal {
                FileHandle.standardOutput.write(Data("\n".utf8))
                return .terminated(signal: signal)
            }
            if count == -1 || errno == EINTR {
                FileHandle.standardOutput.write(Data("^C\n".utf8))
                return .interrupted
            }
            FileHandle.standardOutput.write(Data("\n".utf8))
            return .endOfInput
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Adds a line that is not blank to the history, and saves the history to its file.
    public func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        fw_history_enter(history, line)
        if let historyPath { fw_history_save(history, historyPath) }
    }

    /// TAB: complete a unique candidate, extend to the common prefix, or list them.
    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let completer else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let before = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: length), as: UTF8.self)
        let word = String(before.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let candidates = completer(before, currentCompletion)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = candidates.dropFirst().reduce(candidates[0]) { $0.commonPrefix(with: $1) }
        if candidates.count == 1 {
            el_insertstr(editLine, String(common.dropFirst(word.count)) + (common.hasSuffix("/") ? "" : " "))
            return UInt8(CC_REFRESH)
        }
        if common.count > word.count {
            el_insertstr(editLine, String(common.dropFirst(word.count)))
            return UInt8(CC_REFRESH)
        }
        let width = TerminalSupport.width()
        let columnWidth = (candidates.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / columnWidth)
        var listing = "\n"
        for (index, candidate) in candidates.enumerated() {
            listing += candidate.padding(toLength: columnWidth, withPad: " ", startingAt: 0)
            if (index + 1) % perLine == 0 || index == candidates.count - 1 { listing += "\n" }
        }
        FileHandle.standardOutput.write(Data(listing.utf8))
        return UInt8(CC_REDISPLAY)
    }
}
