import Formwork
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps `formwork fill`'s draft of one form: resumed when filling starts, saved
/// after every change (before the prompt returns), removed after a successful
/// submit.
///
/// Drafts live in the `StateDirectory`'s `drafts/` (default
/// `~/.local/state/formwork/drafts/`), one per definition file, readable by the
/// user only. Secure answers are never written. A draft has one writer at a time:
/// the session that fills it holds its `DraftLock` (`takeLock()`).
///
/// Saving costs what changed: the fields changed since the last save are appended
/// as lines (`FormDraft`) and flushed to disk (`fdatasync`); the whole file is
/// rewritten atomically only when the appended lines outnumber the answers, so a
/// draft never grows beyond about twice its answers.
///
/// ```swift
/// let store = DraftStore(path: DraftStore.defaultPath(forForm: form), formPath: form, fingerprint: fingerprint)
/// try store.takeLock()                          // DraftLock.Failure.inUse: another session fills it
/// let notes = store.resume(into: session)      // what to tell the person
/// // … after each change:
/// try store.save(session)
/// ```
public final class DraftStore {
    /// Where the draft is kept.
    public let path: String
    /// The definition file's absolute path.
    public let formPath: String
    /// `FormDraft.fingerprint(of:)` of the definition file now.
    public let fingerprint: String
    private var lock: DraftLock?
    /// The session's `changeCount` at the last save; `nil`: the next save writes the
    /// whole file.
    private var savedAt: Int?
    /// The fields the file holds an answer for, and the lines appended since the file
    /// was last written whole.
    private var answered = Set<Int>()
    private var appendedLines = 0

    /// The draft at `path` of the definition at `formPath`, as it is now (`fingerprint`);
    /// nothing is read or locked until asked.
    public init(path: String, formPath: String, fingerprint: String) {
        self.path = path
        self.formPath = formPath
        self.fingerprint = fingerprint
    }

    /// `drafts/NAME-XXXXXXXX.json` in the `StateDirectory`, for the definition at
    /// `formPath` (an absolute path; the suffix tells apart forms of the same name).
    public static func defaultPath(forForm formPath: String) -> String {
        let name = ((formPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let safeName = StateDirectory.safeFileName(name)
        let suffix = FormDraft.fingerprint(of: formPath.utf8).suffix(8)
        return StateDirectory.appending("drafts/\(safeName)-\(suffix).json")
    }

    /// Takes the draft for this session, until `releaseLock()` or the end of the
    /// process; do it before resuming, discarding or saving.
    ///
    /// - Throws: `DraftLock.Failure.inUse` when another session fills this draft.
    public func takeLock() throws(DraftLock.Failure) {
        if lock == nil { lock = try DraftLock.acquire(for: path) }
    }

    /// Gives the draft up (also done when the store is released).
    public func releaseLock() {
        lock?.release()
        lock = nil
    }

    /// What resuming found.
    public enum Outcome: Equatable {
        /// No draft: a fresh start.
        case none
        /// Answers were put back (and some perhaps left out).
        case resumed(DraftResume, saved: Date, definitionChanged: Bool)
        /// The draft could not be read; it was moved aside, and filling starts fresh.
        case unreadable(reason: String, movedTo: String?)
        /// The draft belongs to another form; it is left alone and not overwritten.
        case otherForm(String)
    }

    /// Reads the draft, if any, and puts back what fits into `session`.
    public func resume(into session: FormSession) -> Outcome {
        guard let data = FileManager.default.contents(atPath: path) else { return .none }
        let draft: FormDraft
        do {
            draft = try FormDraft(bytes: [UInt8](data), path: path)
        } catch {
            let aside = path + ".unreadable"
            try? FileManager.default.removeItem(atPath: aside)
            let movedTo = rename(path, aside) == 0 ? aside : nil
            return .unreadable(
                reason: error.diagnostics.first.map { DiagnosticRenderer.message(for: $0.problem) } ?? "unreadable",
                movedTo: movedTo)
        }
        guard draft.formPath == formPath else { return .otherForm(draft.formPath) }
        let report = session.resume(from: draft)
        // Appending goes on from what the file says, unless it holds answers that no
        // longer fit, or is of the former format: then the next save rewrites it.
        let saved = modificationDate() ?? draft.saved
        let clean = report.dropped.isEmpty && !draft.isFormerFormat && draft.fingerprint == fingerprint
        answered = session.instancesWithSavedValues()
        appendedLines = draft.lineCount
        savedAt = clean ? session.changeCount : nil
        return .resumed(report, saved: saved, definitionChanged: draft.fingerprint != fingerprint)
    }

    /// Saves what changed since the last save; a draft left without answers or
    /// entries is removed instead.
    public func save(_ session: FormSession) throws(AtomicFile.WriteError) {
        if let savedAt, savedAt == session.changeCount { return }
        guard let savedAt, let changes = session.changes(since: savedAt), FileManager.default.fileExists(atPath: path)
        else { return try writeWhole(session) }
        // Entry operations are appended as they happened, then the answers changed
        // since, by their paths now; a window that changed answers before an entry
        // operation (or was undone) is written whole instead.
        var operations: [EntryOperation] = []
        var changed = Set<Int>()
        var identities = Set<Int>()
        for change in changes {
            switch change {
            case .value(let instance): changed.insert(instance)
            case .identity(let entry): identities.insert(entry)
            case .entries(let operation):
                guard changed.isEmpty else { return try writeWhole(session) }
                operations.append(operation)
            case .everything: return try writeWhole(session)
            }
        }
        guard appendedLines + operations.count + changed.count + identities.count <= max(64, 2 * answered.count) else {
            return try writeWhole(session)
        }
        var lines = operations.map(FormDraft.entryLine).joined()
        for instance in changed.sorted() where session.isAttached(instance: instance) {
            let value = session.savedValue(ofInstance: instance)
            guard value != nil || answered.contains(instance) else { continue }
            if value == nil { answered.remove(instance) } else { answered.insert(instance) }
            lines += FormDraft.entryLine(id: session.path(ofInstance: instance), value: value)
        }
        // After the answers: an entry made by a `count` the answers changed exists
        // by then when the draft is replayed.
        for entry in identities.sorted() { lines += session.identityLine(ofEntry: entry) ?? "" }
        if !operations.isEmpty { answered = session.instancesWithSavedValues() }
        if answered.isEmpty, session.draftLines().isEmpty { return discard() }
        if !lines.isEmpty {
            do {
                try AtomicFile.append(Data(lines.utf8), to: path)
            } catch {
                self.savedAt = nil  // the next save rewrites the file whole
                throw error
            }
            appendedLines += lines.count { $0 == "\n" }
        }
        self.savedAt = session.changeCount
    }

    /// Writes the whole draft atomically (or removes it when it holds nothing).
    private func writeWhole(_ session: FormSession) throws(AtomicFile.WriteError) {
        let draft = FormDraft(session: session, formPath: formPath, fingerprint: fingerprint)
        if draft.isEmpty {
            discard()
        } else {
            try AtomicFile.write(Data(draft.json().utf8), to: path, permissions: 0o600, createDirectories: true)
            answered = session.instancesWithSavedValues()
            appendedLines = draft.lineCount
        }
        savedAt = session.changeCount
    }

    private func modificationDate() -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Whether the draft holds answers (as of the last save; entries without answers
    /// are not counted).
    public var holdsAnswers: Bool { !answered.isEmpty }

    /// Removes the draft (after a submit, or to start over).
    public func discard() {
        unlink(path)
        answered = []
        appendedLines = 0
    }

    /// The lines that tell a person what resuming did (`readOnly`: what viewing shows).
    ///
    /// - Parameters:
    ///   - outcome: What `resume(into:)` did.
    ///   - fresh: Whether filling starts over (`--fresh`): the note then says where answers go.
    ///   - readOnly: Whether the draft is only viewed, not filled.
    ///   - freshHint: How to start over, as the resume note ends (`nil`: not said).
    /// - Returns: The lines to show, none when there is nothing to say.
    public func notes(
        for outcome: Outcome, fresh: Bool = false, readOnly: Bool = false, freshHint: String? = "--fresh starts over"
    ) -> [String] {
        let draftPath = TerminalText.escaped(Self.abbreviated(path))
        switch outcome {
        case .none:
            if readOnly { return ["There is no draft \(draftPath): the form is shown as it starts."] }
            return fresh ? ["Starting fresh; answers will be kept in the draft \(draftPath)."] : []
        case let .resumed(report, saved, changed):
            var lines: [String] = []
            let count = report.restored.count
            if readOnly {
                lines.append(
                    "Showing \(count) answer\(count == 1 ? "" : "s") of the draft \(draftPath), as saved at "
                        + "\(Self.format(saved))."
                )
            } else {
                lines.append(
                    "Resumed \(count) answer\(count == 1 ? "" : "s") from \(Self.format(saved)) (draft \(draftPath)"
                        + (freshHint.map { "; \($0))." } ?? ").")
                )
            }
            if !report.dropped.isEmpty {
                let intro = changed ? "The form changed since then; left out" : "Left out"
                lines.append(
                    "\(intro) \(report.dropped.count) answer\(report.dropped.count == 1 ? "" : "s") that no longer "
                        + "fit\(report.dropped.count == 1 ? "s" : ""):"
                )
                for (id, reason) in report.dropped {
                    lines.append("  \(TerminalText.escaped(id)): \(TerminalText.escaped(reason))")
                }
            } else if changed {
                lines.append("The form changed since then; every answer still fits.")
            }
            return lines
        case let .unreadable(reason, movedTo):
            return [
                "warning: cannot resume the draft \(draftPath): \(TerminalText.escaped(reason)); "
                    + (movedTo.map { "it was kept as \(TerminalText.escaped(Self.abbreviated($0))); " } ?? "")
                    + "starting fresh."
            ]
        case .otherForm(let form):
            return [
                "error: the draft \(draftPath) belongs to \(TerminalText.escaped(form)); choose another --draft path."
            ]
        }
    }

    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// `~/…` for paths in the home directory.
    public static func abbreviated(_ path: String) -> String {
        let home = NSHomeDirectory()
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
