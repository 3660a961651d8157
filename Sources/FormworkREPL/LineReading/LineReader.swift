/// What reading one line produced. End of input and interrupts are values, not errors.
public enum LineInput: Equatable, Sendable {
    /// A line, without its line break.
    case line(String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, or the end of a script.
    case endOfInput
    /// SIGTERM or SIGHUP arrived: save and exit.
    case terminated(signal: Int32)
}

/// How to ask for the next line.
public struct Prompt: Equatable, Sendable {
    /// What completion offers for this line.
    public enum Completion: Equatable, Sendable {
        /// Commands, field ids, options, file paths (the command prompt).
        case commands
        /// The option values of a field.
        case options(fieldID: String)
        /// Nothing.
        case none
    }

    /// The prompt text, e.g. `formwork> ` or `First name: `.
    public var text: String
    /// Text placed in the buffer to edit (the current value).
    public var prefill: String?
    /// Whether the input must not be echoed or remembered.
    public var isSecure: Bool
    /// What TAB completes on this line.
    public var completion: Completion
    /// Whether the line may enter the persistent history.
    public var recordsHistory: Bool

    /// A prompt showing `text`: by default nothing to edit, echoed, no completion, not
    /// remembered.
    public init(
        _ text: String, prefill: String? = nil, isSecure: Bool = false, completion: Completion = .none,
        recordsHistory: Bool = false
    ) {
        self.text = text
        self.prefill = prefill
        self.isSecure = isSecure
        self.completion = completion
        self.recordsHistory = recordsHistory
    }
}

/// Reads lines: `LineEditor` on a terminal, `ScriptReader` otherwise.
public protocol LineReader: AnyObject {
    /// Whether a person is typing (prompts, colours, confirmations make sense).
    var isInteractive: Bool { get }
    /// Reads one line for `prompt`.
    func readLine(_ prompt: Prompt) -> LineInput
    /// Remembers a line in the history (not called for secure values).
    func remember(_ line: String)
    /// Completion candidates for the text before the cursor.
    var completer: ((String, Prompt.Completion) -> [String])? { get set }
}
