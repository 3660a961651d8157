import Formwork
import FormworkCore
import Foundation

/// Repeats at the prompt: `add`, `remove`, `move`, the add row, guided filling's
/// "Add another member? [y/N]", and the question before a change that removes
/// entries with answers in them (a `count` that dropped).
extension ReplSession {
    /// `add GROUP`, or the add row selected: adds an entry and shows it; at a
    /// terminal, asks the new entry's first question.
    func addEntry(_ group: String, guided: Bool = false) {
        var added: String?
        let accepted = mutate { () throws(SessionError) in added = try form.addEntry(group) }
        guard accepted, let added else { return guided ? askNextGuided(after: .addRow(group)) : askCommand() }
        if isConfirmingRemoval { return }
        guard guided || options.interactive, let first = firstField(in: added) else {
            return guided ? askNextGuided(after: .addRow(group)) : askCommand()
        }
        if let path = form.visibleIndexPath(ofInstance: first) {
            select(at: path, as: guided ? .guided : .focus)
        } else {
            askCommand()
        }
    }

    /// The first visible field of an entry (or of an entry nested in it) that asks
    /// for a value, in the order the table shows them.
    func firstField(in entry: String) -> Int? {
        form.firstEditableField(inEntry: entry)
    }

    /// `remove ENTRY`.
    func removeEntry(_ entry: String) {
        if let current, name(current).hasPrefix(entry + ".") { self.current = nil }
        mutate { () throws(SessionError) in try form.removeEntry(entry) }
        visited.removeAll { !form.isAttached(instance: $0) }
        askCommand()
    }

    /// `move ENTRY TO`.
    func moveEntry(_ entry: String, to position: Int) {
        mutate { () throws(SessionError) in try form.moveEntry(entry, to: position) }
        askCommand()
    }

    // MARK: Guided filling

    /// "Add a member? [y/N]", then "Add another member? [y/N]" once there is one.
    func askAddAnother(_ group: String, guided: Bool) {
        guard !isConfirmingRemoval, let entries = try? form.entries(of: group),
            let repeatDefinition = form.definition.repeatGroup(Self.repeatID(of: group))
        else { return askNextGuided(after: .addRow(group)) }
        question = .addAnother(group: group, guided: guided)
        let label = TerminalText.escaped(form.addLabel(of: group) ?? repeatDefinition.addLabel)
        var text = label
        if !entries.isEmpty {
            for article in ["Add a ", "Add an "] where label.hasPrefix(article) {
                text = "Add another " + label.dropFirst(article.count)
            }
        }
        let status = entries.isEmpty ? "" : " (\(entries.count) so far)"
        step.prompt = yesOrNo("\(text)?\(status)")
    }

    /// The answer to "Add another …?": yes adds an entry and asks its fields; no
    /// goes on after the repeat.
    func answerAddAnother(_ line: String, group: String, guided: Bool) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if guided, trimmed.hasPrefix(":") { return guidedCommand(trimmed, field: current) }
        guard Self.isYes(trimmed) else { return guided ? askNextGuided(after: .addRow(group)) : askCommand() }
        addEntry(group, guided: guided)
    }

    /// `members` of `members[1].visits` is `visits`: the repeat's id is the last
    /// segment, without its position.
    static func repeatID(of group: String) -> String {
        FieldPath(group)?.name ?? group
    }

    // MARK: Entries removed by a count

    /// A change removed entries that hold answers (their repeat's `count` dropped):
    /// at a terminal, asks before showing it; in a script, says what went (undo
    /// puts it back). Returns whether the change stands for now.
    func removedEntries() -> Bool {
        let removed = form.removedByCount.map { TerminalText.escaped($0.path) }
        let list = Self.joined(removed)
        guard options.interactive else {
            showChanges()
            message(
                "note: this removed \(list) with \(removed.count == 1 ? "its" : "their") answers "
                    + "(the repeat follows its count; undo puts \(removed.count == 1 ? "it" : "them") back)",
                to: .error, hangingIndent: 6)
            return true
        }
        let guided: Bool
        if case .value(_, let isGuided) = question { guided = isGuided } else { guided = guidedActive }
        question = .confirmRemoval(guided: guided, field: current)
        step.prompt = yesOrNo("This removes \(list), with answers in \(removed.count == 1 ? "it" : "them"). Go ahead?")
        return true
    }

    /// Yes: the change stands and is shown.
    func confirmRemoval(guided: Bool, field: Int?) {
        question = .command
        showChanges()
        if guided { return askNextGuided(after: field.map(GuidedCursor.field)) }
        askCommand()
    }

    /// No: the change is undone, entries and answers as they were.
    func keepRemovedEntries(guided: Bool, field: Int?) {
        question = .command
        form.undo()
        showChanges()
        out("Kept the entries; the change was undone.")
        if guided, let field { return ask(field, guided: true, remember: false) }
        askCommand()
    }

    /// `a`, `a and b`, `a, b and c`.
    static func joined(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
