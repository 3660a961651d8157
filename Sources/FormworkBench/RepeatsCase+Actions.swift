import Formwork
import FormworkCore
import FormworkREPL
import Foundation

/// One change to a form with entries, as the engine takes it and as a command at the
/// prompt.
enum EntryStep: Sendable {
    case set(path: String, text: String)
    case add(group: String)
    /// The entry at a position (from 1): `remove items 1001`.
    case remove(group: String, position: Int)

    var line: String {
        switch self {
        case let .set(path, text): return "set \(path) \(text)"
        case let .add(group): return "add \(group)"
        case let .remove(group, position): return "remove \(group) \(position)"
        }
    }

    func apply(to session: FormSession) throws(SessionError) {
        switch self {
        case let .set(path, text): try session.set(path, text: text)
        case let .add(group): try session.addEntry(group)
        case let .remove(group, position): try session.removeEntry("\(group)[\(position)]")
        }
    }
}

/// An action the case times on a form of `entries` entries: the step timed (at its
/// `call`th time), and the untimed steps before and after it that put the form back
/// as it was, so that every repetition measures the same form.
struct EntryAction: Sendable {
    let name: String
    /// Its name for `formwork-bench --profile`.
    let profile: String
    var before: (@Sendable (_ entries: Int) -> EntryStep)?
    let timed: @Sendable (_ entries: Int, _ call: Int) -> EntryStep
    var after: (@Sendable (_ entries: Int) -> EntryStep)?

    /// The actions, in the order of the report.
    static let all: [EntryAction] = [
        EntryAction(
            name: "set a field in an entry", profile: "repeat-set",
            timed: { entries, call in .set(path: "items[\(entries / 2)].a0", text: call % 2 == 0 ? "alpha" : "beta") }
        ),
        EntryAction(
            name: "set a field the total sums", profile: "repeat-set-summed",
            timed: { entries, call in .set(path: "items[\(entries / 2)].a3", text: call % 2 == 0 ? "1" : "2") }),
        EntryAction(
            name: "add an entry", profile: "repeat-add", timed: { _, _ in .add(group: "items") },
            after: { .remove(group: "items", position: $0 + 1) }),
        EntryAction(
            name: "remove an entry", profile: "repeat-remove", before: { _ in .add(group: "items") },
            timed: { entries, _ in .remove(group: "items", position: entries + 1) }),
    ]

    /// The action a profile name names, and whether through the REPL (`repeat-add-repl`).
    static func named(_ profile: String) -> (EntryAction, throughREPL: Bool)? {
        let throughREPL = profile.hasSuffix("-repl")
        let name = throughREPL ? String(profile.dropLast("-repl".count)) : profile
        return all.first { $0.profile == name }.map { ($0, throughREPL) }
    }

    static var profileNames: [String] { all.map(\.profile) + all.map { $0.profile + "-repl" } }
}

/// A session of `entries` entries and what shows it: a `MirrorListView`, or a
/// `ReplSession` in script mode with its `TerminalTable`.
///
/// It is rebuilt, untimed, after every 200 entries added: a removed entry is kept
/// for undo and its ids are never reused (`EntryTree`), and `addEntry` counts them
/// against `Limits.maximumFieldInstances`, so tens of thousands of add-and-remove
/// cycles would end in `tooManyInstances` with 1,000 entries in the form.
final class EntryForm {
    let entries: Int
    let throughREPL: Bool
    private let definition = RepeatsCase.definition()
    private(set) var session: FormSession
    private(set) var view = MirrorListView()
    private var repl: ReplSession?
    private var calls = 0
    private var added = 0
    /// The changeset of the last timed step's reload (engine only).
    private(set) var timedChanges: Changeset?
    /// Steps rejected and commands answered with an error (the first few).
    private(set) var problems: [String] = []

    init(entries: Int, throughREPL: Bool) {
        self.entries = entries
        self.throughREPL = throughREPL
        session = RepeatsCase.session(entries: entries, definition: definition)
        show()
    }

    private func show() {
        if throughREPL {
            let repl = ReplSession(form: session, options: .init(interactive: false))
            _ = repl.start()
            self.repl = repl
        } else {
            view = MirrorListView()
            session.reload(view, animated: false)
        }
    }

    /// Does the action once; returns how long its timed step took.
    func time(_ action: EntryAction) -> Duration {
        calls += 1
        if let before = action.before { run(before(entries), timed: false) }
        let clock = ContinuousClock()
        let start = clock.now
        run(action.timed(entries, calls), timed: true)
        let elapsed = start.duration(to: clock.now)
        if let after = action.after { run(after(entries), timed: false) }
        if added >= 200 {
            added = 0
            session = RepeatsCase.session(entries: entries, definition: definition)
            show()
        }
        return elapsed
    }

    /// Runs a step and shows it: the engine's change and an animated reload into the
    /// view, or the command through the REPL (parse, change, reload, change lines).
    func run(_ step: EntryStep, timed: Bool) {
        if case .add = step { added += 1 }
        if let repl {
            let reply = repl.handle(.line(step.line))
            if !reply.errors.isEmpty, problems.count < 3 {
                problems.append("'\(step.line)': \(reply.errors.joined(separator: " "))")
            }
            consume(reply)
            return
        }
        do {
            try step.apply(to: session)
        } catch {
            if problems.count < 3 { problems.append("\(step): \(error)") }
        }
        let changes = session.reload(view, animated: true)
        if timed { timedChanges = changes }
    }

    /// What the last timed reload reported and whether the view still shows the form
    /// as a full reload would; for the REPL, what the command went through.
    func summary() -> String {
        guard !throughREPL else { return "ReplSession + TerminalTable, script mode; output discarded" }
        var parts = [timedChanges.map(describe) ?? "no changes"]
        if !view.errors.isEmpty { parts.append("BATCH DID NOT FIT: \(view.errors[0])") }
        if !view.matches(session.dataSource) { parts.append("VIEW DIFFERS from a full reload") }
        return parts.joined(separator: "; ")
    }

    /// Whether the view took every batch and shows what a full reload would.
    var viewIsRight: Bool { throughREPL || (view.errors.isEmpty && view.matches(session.dataSource)) }
}

/// `sections: 1 inserted, 1 updated; rows: 1 updated`.
func describe(_ changeset: Changeset) -> String {
    func counts<P>(_ changes: Changes<P>) -> String? {
        let parts = [
            (changes.inserted.count, "inserted"), (changes.deleted.count, "deleted"), (changes.moved.count, "moved"),
            (changes.updated.count, "updated"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
    let parts = [counts(changeset.sections).map { "sections: " + $0 }, counts(changeset.rows).map { "rows: " + $0 }]
    let text = parts.compactMap { $0 }.joined(separator: "; ")
    return text.isEmpty ? "no changes" : text
}
