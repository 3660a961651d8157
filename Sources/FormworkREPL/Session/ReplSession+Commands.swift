import Formwork
import FormworkCore
import Foundation

extension ReplSession {
    /// Runs one command line.
    func command(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return askCommand() }
        switch CommandTable.parse(trimmed) {
        case .failure(let failure):
            error(failure)
            askCommand()
        case .success(let command):
            if case .set(let id, _) = command, lookUp(id)?.kind == .secure {
                step.history = nil  // a secure value never enters history
            } else {
                step.history = trimmed
            }
            run(command)
        }
    }

    func run(_ command: Command) {
        if options.readOnly, command.changesAnswers {
            error(.readOnly)
            return askCommand()
        }
        switch command {
        case .show:
            step.lines += table.render().map(ReplLine.out)
        case .select(let number):
            guard let path = table.indexPath(ofRow: number) else {
                error(.noRow(number, count: table.rowCount))
                break
            }
            return select(at: path, as: .pick)
        case let .set(id, value):
            guard let field = field(id) else { break }
            guard let value else { return focus(field) }
            mutate { () throws(SessionError) in try form.set(field.id, text: value) }
            current = field.index
        case let .toggle(id, option):
            guard let field = field(id) else { break }
            mutate { () throws(SessionError) in try form.toggle(field.id, option: option) }
        case .clear(let id):
            guard let field = field(id) else { break }
            mutate { () throws(SessionError) in try form.clear(field.id) }
        case .next:
            return next()
        case .back:
            guard let previous = visited.popLast() else {
                say("Nothing to go back to.")
                break
            }
            return focus(form.definition.fields[previous], remember: false)
        case .goto(let id):
            return goto(id)
        case .why(let id):
            step.lines += explain(id).map(ReplLine.out)
        case .errors:
            listErrors(form.errors())
        case .undo:
            if form.undo() { showChanges() } else { error(.nothingToUndo) }
        case .redo:
            if form.redo() { showChanges() } else { error(.nothingToRedo) }
        case .values:
            let presented = form.answers().map { answer -> (key: String, value: Value) in
                (
                    answer.id,
                    form.definition.field(answer.id).map { FormSession.presented(answer.value, of: $0) } ?? answer.value
                )
            }
            step.lines += JSONText.object(presented).components(separatedBy: "\n").map(ReplLine.out)
        case .save(let path):
            save(to: path)
        case .submit:
            return submit()
        case .help(let name):
            help(name)
        case .quit:
            return quit(confirmed: !options.interactive)
        case .skip, .review:
            break  // guided filling only; the command table offers them only there
        }
        askCommand()
    }

    func describeComputed(_ field: FieldDefinition) {
        let shown = TerminalText.escaped(FormSession.display(form.value(of: field.id), of: field))
        out("  \(TerminalText.escaped(field.label)) = \(shown.isEmpty ? "(nothing yet)" : shown)")
        if let value = field.value { out("  computed as: \(TerminalText.escaped(value.source))") }
    }

    func goto(_ id: String) {
        if Int(id) == nil, form.definition.field(id) == nil, let section = form.definition.section(id) {
            guard let first = form.firstVisibleField(in: section) else {
                error(.hiddenSection(id))
                return askCommand()
            }
            return focus(first)
        }
        guard let field = field(id) else { return askCommand() }
        focus(field)
    }

    /// The next visible field after the current one that is unanswered and required,
    /// else the next unanswered one.
    func next() {
        let fields = form.visibleFields.filter { $0.kind.isEditable }
        let start = current ?? -1
        let ordered = fields.filter { $0.index > start } + fields.filter { $0.index <= start }
        let unanswered = ordered.filter { !form.isAnswered($0.id) && ($0.kind != .switch || form.isRequired($0.id)) }
        guard let target = unanswered.first(where: { form.isRequired($0.id) }) ?? unanswered.first else {
            say("Every field is answered. Type 'submit' to finish.")
            return askCommand()
        }
        focus(target)
    }

    func listErrors(_ errors: [FieldError]) {
        guard !errors.isEmpty else {
            say("No problems.")
            return
        }
        for error in errors {
            let number =
                form.visibleIndexPath(ofField: error.field).flatMap(table.number(at:)).map { String(format: "%3d", $0) }
                ?? "  -"
            let label = form.definition.field(error.field).map { TerminalText.escaped($0.label) } ?? error.field
            message(
                "\(number)  \(label): \(TerminalText.escaped(error.message)) (rule: \(error.rule.name))", to: .error,
                hangingIndent: 5)
        }
    }

    func save(to path: String?) {
        let path = path ?? "\(form.definition.id).values.json"
        let values = form.storedValues().filter { form.definition.field($0.id)?.kind != .secure }
        do {
            try options.writeFile(path, JSONText.object(values.map { (key: $0.id, value: $0.value) }) + "\n")
            savedSnapshot = form.snapshot()
            say(
                "Saved \(values.count) answer\(values.count == 1 ? "" : "s") to \(TerminalText.escaped(path)) "
                    + "(secure values are never saved)."
            )
        } catch {
            self.error(.writeFailed(Self.writeFailure(path, error)))
        }
    }

    /// Validates every visible field; on success writes the answers and ends.
    func submit() {
        let errors = form.validate()
        showChanges()
        guard errors.isEmpty else {
            message(
                "error: \(errors.count) problem\(errors.count == 1 ? "" : "s") to fix before submitting:", to: .error,
                hangingIndent: 7)
            failed = true
            listErrors(errors)
            if options.interactive, let first = form.definition.field(errors[0].field) {
                return focus(first)
            }
            return askCommand()
        }
        let answers = form.answersJSON() + "\n"
        if let path = options.answersPath {
            do {
                try options.writeFile(path, answers)
                say("Submitted. The answers are in \(TerminalText.escaped(path)).")
            } catch {
                self.error(.writeFailed(Self.writeFailure(path, error)))
                return askCommand()
            }
        } else {
            say("Submitted.")
            step.lines += answers.dropLast().components(separatedBy: "\n").map(ReplLine.out)
        }
        savedSnapshot = form.snapshot()
        if let draft = options.draft {
            draft.discard()
            draftDiscarded = true
        }
        end()
    }

    /// `help` (the prompt's commands, or guided filling's when `scope` says so) and
    /// `help COMMAND`.
    func help(_ name: String?, in scope: CommandSpec.Scope = .prompt) {
        guard let name else {
            step.lines += CommandTable.overview(of: scope, width: table.renderer.width).map(ReplLine.out)
            return
        }
        guard let entry = CommandTable.entry(name) ?? CommandTable.entry(name, in: .guided) else {
            error(
                .unknownCommand(
                    name, suggestion: Suggestions.closest(to: name, in: CommandTable.names(in: .prompt)).first,
                    scope: .prompt))
            return
        }
        step.lines += CommandTable.details(of: entry).map(ReplLine.out)
    }

    /// Leaves; on a terminal, asks first when there are unsaved changes.
    func quit(confirmed: Bool) {
        if let draft = options.draft {
            // Nothing is lost: the draft holds every answer but secure ones, which are
            // never written anywhere; say which of those will have to be typed again.
            let secure = form.definition.fields.filter { $0.kind == .secure && !form.value(of: $0.id).isNull }
            if !confirmed, !secure.isEmpty {
                question = .confirmQuit
                let names = secure.map { TerminalText.escaped($0.label.isEmpty ? $0.id : $0.label) }.joined(
                    separator: ", ")
                step.prompt = Prompt("Secure answers (\(names)) are never kept in drafts. Quit anyway? [y/N] ")
                return
            }
            if draft.holdsAnswers {
                say(
                    "Your answers are kept in the draft \(TerminalText.escaped(DraftStore.abbreviated(draft.path))); "
                        + "filling this form again resumes them (--fresh starts over).")
            }
            return end()
        }
        if !confirmed, !form.snapshot().hasSameValues(as: savedSnapshot) {
            question = .confirmQuit
            step.prompt = Prompt("Discard unsaved answers? [y/N] ")
            return
        }
        end()
    }

    /// "cannot write PATH: reason", with the system's reason when there is one.
    static func writeFailure(_ path: String, _ error: any Error) -> String {
        if let failure = error as? AtomicFile.WriteError { return failure.description }
        return "cannot write \(path): \(error.localizedDescription)"
    }
}
