import Formwork
import FormworkCore
import Foundation

/// One line for the terminal, on standard output or standard error.
public struct ReplLine: Equatable, Sendable {
    /// Where a line goes: standard output or standard error.
    public enum Stream: Sendable { case output, error }
    /// Where the line goes.
    public var stream: Stream
    /// The line, without its line break.
    public var text: String
    /// Part of a text a person asked to read whole (`show`): at a terminal, the
    /// driver shows such lines through the pager when they do not fit the screen.
    public var isPageable = false

    /// A line for standard output.
    public static func out(_ text: String) -> ReplLine { ReplLine(stream: .output, text: text) }
    /// A line for standard error.
    public static func err(_ text: String) -> ReplLine { ReplLine(stream: .error, text: text) }
    /// A line of a text read whole (the form, a section), which may go to the pager.
    public static func page(_ text: String) -> ReplLine { ReplLine(stream: .output, text: text, isPageable: true) }
}

/// What the session answers to one input: lines to print, and what to ask next.
public struct ReplStep: Equatable, Sendable {
    /// The lines to print, in order.
    public var lines: [ReplLine] = []
    /// The next question; `nil` when the session has finished.
    public var prompt: Prompt?
    /// Set when the session has finished: the process's exit status.
    public var exitStatus: Int32?
    /// The line just handled, when it may enter the persistent history.
    public var history: String?

    /// The standard-output lines.
    public var output: [String] { lines.filter { $0.stream == .output }.map(\.text) }
    /// The standard-error lines.
    public var errors: [String] { lines.filter { $0.stream == .error }.map(\.text) }
}

/// The REPL's behaviour, without any I/O: `(state, input) -> (state, output)`.
///
/// ```swift
/// let repl = ReplSession(form: session, options: .init(interactive: false))
/// var step = repl.start()
/// step = repl.handle(.line("set firstName Ada"))   // step.output: ["~  1  First name  Ada", "+  2  Last name"]
/// ```
public final class ReplSession {
    /// How the session behaves.
    public struct Options {
        /// A person at a terminal: prompts, confirmations, re-asking after a bad value.
        public var interactive: Bool
        /// Ask each field in order (`fill --guided`).
        public var guided: Bool
        /// The terminal's width in columns (at least 40): the table, `help` and, at a terminal, messages fit it.
        public var width: Int
        /// Whether the table is styled with ANSI colours.
        public var colors: Bool
        /// Where `submit` writes the answers (`nil`: standard output).
        public var answersPath: String?
        /// The format `submit` writes the answers in: Formwork's answers JSON unless the
        /// caller asks for another (`fill --format`, an imported form's own).
        public var answerFormat: any AnswerFormat = FormworkAnswerFormat()
        /// Writes a file atomically; replaced in tests.
        public var writeFile: (String, String) throws -> Void
        /// Where answers are kept after every change (`nil`: no draft).
        public var draft: DraftStore?
        /// Viewing only (`fill --read-only`): every command that would change an answer
        /// is refused, and nothing is saved.
        public var readOnly: Bool
        /// What to tell the person before anything else (what resuming a draft did):
        /// at a terminal the start of the conversation, in script mode on standard error.
        public var notices: [String]
        /// Given, a successful `submit` hands the session here instead of writing or
        /// printing the answers (a program that asks through the prompt: `FormPrompt`).
        public var onSubmit: ((FormSession) -> Void)?
        /// Given, `save --test FILE` hands the session and FILE here to append the fill
        /// so far to FILE as a test case, and says what it returns (`formwork fill`
        /// gives FormworkScenarios' `FormTestCaseRecorder`); a thrown error is said
        /// as the reason it was not saved.
        public var testCaseWriter: ((FormSession, String) throws -> String)?
        /// How the draft notes say to start over (`formwork fill`'s `--fresh`); `nil`
        /// for a program without such an option.
        public var freshHint: String? = "--fresh starts over"
        /// Says everything in sentences, for a screen reader (the accessible mode,
        /// `fill --accessible`): rows, changes, questions and commands' text each a plain
        /// sentence; nothing aligned, styled, wrapped or prefilled (Enter keeps a value);
        /// choices read as numbered lists.
        public var accessible = false

        /// Options for a person (`interactive`) or a script, by default filling from the table
        /// and writing the answers to standard output with no draft.
        public init(
            interactive: Bool, guided: Bool = false, width: Int = 80, colors: Bool = false, answersPath: String? = nil,
            draft: DraftStore? = nil, readOnly: Bool = false, notices: [String] = [],
            writeFile: @escaping (String, String) throws -> Void = ReplSession.writeAtomically
        ) {
            self.readOnly = readOnly
            self.notices = notices
            self.interactive = interactive
            self.guided = guided
            self.width = width
            self.colors = colors
            self.answersPath = answersPath
            self.draft = draft
            self.writeFile = writeFile
        }
    }

    /// What the next line answers.
    enum Question: Equatable {
        case command
        /// A field instance's value.
        case value(field: Int, guided: Bool)
        /// Guided filling reached a repeat's add row: "Add another member? [y/N]".
        case addAnother(group: String, guided: Bool)
        /// A change removed entries with answers (a `count` dropped): keep it?
        /// `field` is the instance whose change it was.
        case confirmRemoval(guided: Bool, field: Int?)
        case confirmQuit
        case confirmSubmit
    }

    /// The form being filled.
    public let form: FormSession
    /// The table the session prints, mirroring the form's data source.
    public let table: TerminalTable
    let options: Options
    var question: Question = .command
    var savedSnapshot: FormSession.Snapshot
    /// Field instances visited, for `back` and `:back`.
    var visited: [Int] = []
    /// The field instance being edited or last edited.
    var current: Int?
    var guidedActive: Bool
    var failed = false
    var step = ReplStep()
    /// The last draft-saving failure reported (each is reported once).
    var draftFailure: String?
    /// Set after a submit removed the draft: nothing more is saved.
    var draftDiscarded = false
    /// Guided filling: the page whose fields were shown last (`nil`: a question not
    /// on a page), so a page is shown once as its questions are asked.
    var shownPage: FormPage?
    /// The section of the last question asked in guided filling, whose header was
    /// said when the filling came into it.
    var guidedSection: Int?
    /// The questions whose options were read out in words (once each, then on `?`).
    var optionsRead = Set<Int>()
    /// The progress said last in words (it is said again only when it changes).
    var spokenProgress: (Int, Int)?
    /// Whether the prompt shows progress through the required fields (the form has
    /// some).
    let showsProgress: Bool

    /// A session filling `form` as `options` say; nothing is printed until `start()`.
    public init(form: FormSession, options: Options) {
        self.form = form
        self.options = options
        self.guidedActive = options.guided
        self.table = TerminalTable(
            session: form,
            renderer: TableRenderer(
                width: options.width, style: options.colors ? .ansi : .plain,
                voice: options.accessible ? .sentences : .table))
        self.savedSnapshot = form.snapshot()
        self.showsProgress = form.hasRequiredFields
    }

    // MARK: Steps

    /// Shows the form (on a terminal) and asks the first question.
    public func start() -> ReplStep {
        step = ReplStep()
        form.reload(table, animated: false)
        for notice in options.notices { message(notice, to: options.interactive ? .output : .error) }
        if options.interactive, options.readOnly {
            out(
                "Viewing \"\(TerminalText.escaped(form.title))\" read-only: nothing can be changed. "
                    + "'show', 'why', 'values' and 'errors' work; 'quit' leaves."
            )
            out("")
            step.lines += table.render().map(ReplLine.out)
        } else if options.interactive {
            out("Filling \"\(TerminalText.escaped(form.title))\". Type a row number to edit it, or 'help'.")
            if guidedActive, speaks {
                // Heard through espeak-ng, ":back, :skip" is "colon back, colon skip": the
                // colon is said once.
                let commands = CommandTable.entries(in: .guided).map { entry in
                    TableRenderer.spoken(entry.usage.replacingOccurrences(of: ":", with: ""))
                }
                out(
                    "Guided: each question is asked in turn. At any question, type a colon and one of these: "
                        + commands.dropLast().joined(separator: ", ") + " or " + (commands.last ?? "") + ".")
            } else if guidedActive {
                let commands = CommandTable.entries(in: .guided).map(\.usage).joined(separator: ", ")
                out("Guided: answer each field in turn; \(commands) work at any question.")
            } else {
                out("")
                step.lines += table.render().map(ReplLine.out)
            }
        }
        if guidedActive { askNextGuided(after: nil) } else { askCommand() }
        return finish()
    }

    /// Handles one input and says what to print and ask next.
    public func handle(_ input: LineInput) -> ReplStep {
        step = ReplStep()
        switch (question, input) {
        case (_, .terminated(let signal)):
            terminated(by: signal)
        case (_, .interrupted):
            interrupted()
        case (.command, .endOfInput), (.confirmSubmit, .endOfInput):
            quit(confirmed: !options.interactive)
        case (.confirmQuit, .endOfInput):
            quit(confirmed: true)
        case (.confirmRemoval(let guided, let field), .endOfInput):
            keepRemovedEntries(guided: guided, field: field)
        case (.confirmRemoval(let guided, let field), .line(let line)):
            if Self.isYes(line) {
                confirmRemoval(guided: guided, field: field)
            } else {
                keepRemovedEntries(guided: guided, field: field)
            }
        case (.addAnother(_, let guided), .endOfInput):
            if guided { quit(confirmed: !options.interactive) } else { askCommand() }
        case (.addAnother(let group, let guided), .line(let line)):
            answerAddAnother(line, group: group, guided: guided)
        case (.value(_, let guided), .endOfInput):
            if guided || !options.interactive { quit(confirmed: !options.interactive) } else { askCommand() }
        case (.command, .line(let line)):
            command(line)
        case (.value(let field, let guided), .line(let line)):
            answer(line, field: field, guided: guided)
        case (.confirmQuit, .line(let line)):
            if Self.isYes(line) {
                quit(confirmed: true)
            } else {
                out("Not quitting.")
                askCommand()
            }
        case (.confirmSubmit, .line(let line)) where line.trimmingCharacters(in: .whitespaces).hasPrefix(":"):
            guidedCommand(line.trimmingCharacters(in: .whitespaces), field: current)
        case (.confirmSubmit, .line(let line)):
            guidedActive = false
            if Self.isYes(line) {
                submit()
            } else {
                out("Not submitted. Keep editing; type 'submit' when ready.")
                askCommand()
            }
        }
        return finish()
    }

    func finish() -> ReplStep {
        saveDraft()
        let result = step
        step = ReplStep()
        return result
    }

    func interrupted() {
        switch question {
        case .value(let field, true):
            ask(field, guided: true)
        case .addAnother(let group, true):
            askAddAnother(group, guided: true)
        case .confirmRemoval(let guided, let field):
            keepRemovedEntries(guided: guided, field: field)
        case .command:
            askCommand()
        default:
            out("(cancelled)")
            askCommand()
        }
    }

    // MARK: Output helpers

    /// The one way messages reach the terminal (`TerminalMessage`): at a terminal (but
    /// in the accessible mode) wrapped at word boundaries to the table's width, continuation lines indented
    /// by `hangingIndent` (default: the message's own leading spaces); in script mode
    /// one line, for scripts that read it.
    func message(_ text: String, to stream: ReplLine.Stream = .output, hangingIndent: Int? = nil) {
        // A screen reader reads a line whole: the accessible mode wraps nothing.
        let width = options.interactive && !options.accessible ? table.renderer.width : nil
        step.lines += TerminalMessage.lines(text, width: width, hangingIndent: hangingIndent).map {
            ReplLine(stream: stream, text: $0)
        }
    }

    func out(_ text: String) { message(text) }

    /// An error (`ReplError.message` says it); in script mode it makes the exit status
    /// 1. Errors quote what was typed, so control characters in it are shown escaped.
    /// The accessible mode says it as a sentence: "Problem: …".
    func error(_ error: ReplError) {
        if speaks {
            // A refused value names its field by the label a person hears, not its id.
            var text = error.message
            if case .session(.rejected(let refused)) = error, let instance = try? form.instance(refused.field) {
                let label = form.label(ofInstance: instance)
                if !label.isEmpty {
                    text = label + ": " + refused.message + " (rule: \(refused.rule.name))"
                }
            }
            message(TableRenderer.sentence(["Problem: " + TableRenderer.spoken(text)]), to: .error)
        } else {
            message("error: " + TerminalText.escaped(error.message), to: .error, hangingIndent: 7)
        }
        failed = true
    }

    /// A note for people at a terminal only (silent in script mode).
    func say(_ text: String) {
        if options.interactive { out(text) }
    }

    func askCommand() {
        guard !isConfirmingRemoval else { return }
        question = .command
        step.prompt = Prompt(
            options.interactive ? (speaks ? "Command: " : progress + "formwork> ") : "", completion: .commands,
            recordsHistory: true)
    }

    /// `[120/212] `: the visible required fields answered, of all of them (entries'
    /// included); empty for a form without required fields.
    var progress: String {
        guard showsProgress else { return "" }
        let progress = form.requiredProgress
        return "[\(progress.answered)/\(progress.required)] "
    }

    /// Whether this step asks to confirm removed entries (the next question waits).
    var isConfirmingRemoval: Bool {
        if case .confirmRemoval = question { return true }
        return false
    }

    /// Ends the session: in script mode, 1 if any command failed; at a terminal the
    /// person saw and fixed each error, so 0.
    func end() {
        step.prompt = nil
        step.exitStatus = failed && !options.interactive ? 1 : 0
    }

    static func isYes(_ line: String) -> Bool {
        ["y", "yes"].contains(line.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The field instance with `id` (a path: `age`, `members[2].age`) — or shown at
    /// row `id`, when it is a row number — or an error with suggestions.
    func field(_ id: String) -> Int? {
        if let number = Int(id) { return field(atRow: number) }
        do {
            return try form.instance(id)
        } catch {
            self.error(.session(error))
            return nil
        }
    }

    /// The field instance named by `id` or shown at row `id`, if any, without
    /// reporting anything.
    func lookUp(_ id: String) -> Int? {
        if let number = Int(id) { return table.indexPath(ofRow: number).flatMap(instance(at:)) }
        return try? form.instance(id)
    }

    /// The field instance shown at row `number` of the table, or an error naming the
    /// rows.
    func field(atRow number: Int) -> Int? {
        guard let path = table.indexPath(ofRow: number), let instance = instance(at: path) else {
            if let path = table.indexPath(ofRow: number), let group = form.path(at: path) {
                error(.addRow(number, group: group))
            } else {
                error(.noRow(number, count: table.rowCount))
            }
            return nil
        }
        return instance
    }

    /// The field instance shown at a visible index path (`nil` for an add row).
    func instance(at path: IndexPath) -> Int? {
        form.dataSource.row(at: path)?.item(as: FieldRow.self)?.index
    }

    /// The definition of a field instance.
    func definition(_ instance: Int) -> FieldDefinition { form.field(ofInstance: instance) }

    /// How a field instance is named in messages and commands: `age`, `members[2].age`.
    func name(_ instance: Int) -> String { form.path(ofInstance: instance) }

    /// The lines of a visible field instance's row, as the table shows it.
    func rowLines(ofInstance instance: Int) -> [ReplLine] {
        form.visibleIndexPath(ofInstance: instance).map { table.rowLines(at: $0).map(ReplLine.out) } ?? []
    }

    // MARK: Changing values

    /// Runs a change (one undo step, however many values it sets) and prints what
    /// changed.
    @discardableResult
    func mutate(_ change: () throws(SessionError) -> Void) -> Bool {
        guard !options.readOnly else {
            error(.readOnly)
            return false
        }
        do {
            try form.performBatch(change)
        } catch {
            self.error(.session(error))
            return false
        }
        if !form.removedByCount.isEmpty { return removedEntries() }
        showChanges()
        if table.changeLines.isEmpty, !guidedActive { say("No change.") }
        return true
    }

    /// Reloads (animated) and prints what appeared, vanished or changed.
    func showChanges() {
        table.clearChanges()
        form.reload(table, animated: true)
        step.lines += table.changeLines.map(ReplLine.out)
        // The accessible mode says the progress after a change, as a sentence (the
        // prompt holds none: "[3/11]" reads as symbols).
        if speaks, showsProgress, options.interactive {
            let progress = form.requiredProgress
            if spokenProgress.map({ $0 != (progress.answered, progress.required) }) ?? true {
                spokenProgress = (progress.answered, progress.required)
                out("\(progress.answered) of \(progress.required) required answered.")
            }
        }
    }

    /// Writes `contents` to `path` atomically: a temporary file, flushed, then
    /// renamed; a failed write leaves the old file as it was.
    public static func writeAtomically(_ path: String, _ contents: String) throws {
        try AtomicFile.write(Data(contents.utf8), to: path)
    }

    // MARK: Drafts and signals

    /// Saves the draft when answers changed (before the prompt returns). A failure
    /// is reported once per reason; filling goes on.
    func saveDraft() {
        guard let draft = options.draft, !draftDiscarded else { return }
        do {
            try draft.save(form)
            draftFailure = nil
        } catch {
            if draftFailure != error.reason {
                message(
                    "warning: cannot save the draft: " + TerminalText.escaped(error.description), to: .error,
                    hangingIndent: 9)
                draftFailure = error.reason
            }
        }
    }

    /// SIGTERM or SIGHUP: the draft is saved (by `finish`) and the session ends.
    func terminated(by signal: Int32) {
        let name = signal == SIGHUP ? "SIGHUP" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
        let kept =
            options.draft.map {
                " Answers are kept in the draft \(TerminalText.escaped(DraftStore.abbreviated($0.path)))."
            } ?? ""
        message("formwork: \(name) received; exiting.\(kept)", to: .error, hangingIndent: 2)
        step.prompt = nil
        step.exitStatus = 128 + signal
    }
}
