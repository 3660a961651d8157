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
            if case .set(let id, _) = command, let instance = lookUp(id), definition(instance).kind == .secure {
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
        case .show(let section):
            show(section)
        case .select(let number):
            guard let path = table.indexPath(ofRow: number) else {
                error(.noRow(number, count: table.rowCount))
                break
            }
            return select(at: path, as: .pick)
        case let .set(id, value):
            guard let instance = field(id) else { break }
            guard let value else { return focus(instance) }
            change(instance, .set(value))
            current = instance
        case let .toggle(id, option):
            guard let instance = field(id) else { break }
            change(instance, .toggle(option: option))
        case .clear(let id):
            guard let instance = field(id) else { break }
            change(instance, .clear)
        case .add(let group):
            return addEntry(group)
        case .remove(let entry):
            return removeEntry(entry)
        case let .move(entry, position):
            return moveEntry(entry, to: position)
        case .next:
            return next()
        case .back:
            while let previous = visited.popLast() {
                if form.isAttached(instance: previous) { return focus(previous, remember: false) }
            }
            say("Nothing to go back to.")
        case .goto(let id):
            return goto(id)
        case .why(let id):
            step.lines += explain(id).map(ReplLine.out)
        case .errors:
            listErrors(form.errors())
        case .language(let code):
            switchLanguage(code)
        case .undo:
            if form.undo() { showChanges() } else { error(.nothingToUndo) }
        case .redo:
            if form.redo() { showChanges() } else { error(.nothingToRedo) }
        case .values where speaks:
            valuesInWords()
        case .values:
            let answers = JSONText.answers(form.answers(maskingSecure: true))
            step.lines += answers.components(separatedBy: "\n").map(ReplLine.out)
        case .save(let path):
            save(to: path)
        case .saveTest(let path):
            saveTest(to: path)
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

    func describeComputed(_ instance: Int) {
        let field = definition(instance)
        let shown = TerminalText.escaped(form.display(form.value(of: name(instance)), ofInstance: instance))
        out("  \(TerminalText.escaped(form.label(ofInstance: instance))) = \(shown.isEmpty ? "(nothing yet)" : shown)")
        if let value = field.value { out("  computed as: \(TerminalText.escaped(value.source))") }
    }

    func goto(_ id: String) {
        if Int(id) == nil, (try? form.instance(id)) == nil, let section = form.definition.section(id) {
            guard let first = form.firstVisibleInstance(in: section) else {
                error(.hiddenSection(id))
                return askCommand()
            }
            return focus(first)
        }
        guard let instance = field(id) else { return askCommand() }
        focus(instance)
    }

    /// The next visible field after the current one that is unanswered and required,
    /// else the next unanswered one (entries' fields included, in table order).
    func next() {
        let instances = form.visibleInstances.filter { definition($0).kind.isEditable && !form.isReadOnly(name($0)) }
        let start = current.flatMap { instances.firstIndex(of: $0) } ?? -1
        let ordered = Array(instances[(start + 1)...] + instances[...max(-1, start)].prefix(max(0, start + 1)))
        let unanswered = ordered.filter { instance in
            let path = name(instance)
            return !form.isAnswered(path) && (definition(instance).kind != .switch || form.isRequired(path))
        }
        guard let target = unanswered.first(where: { form.isRequired(name($0)) }) ?? unanswered.first else {
            say("Every field is answered. Type 'submit' to finish.")
            return askCommand()
        }
        focus(target)
    }

    func listErrors(_ errors: [FieldError]) {
        if speaks { return listErrorsInWords(errors) }
        guard !errors.isEmpty else {
            say("No problems.")
            return
        }
        for error in errors {
            let path = form.visibleIndexPath(ofField: error.field) ?? form.visibleIndexPath(ofAddRow: error.field)
            let number = path.flatMap(table.number(at:)).map { String(format: "%3d", $0) } ?? "  -"
            let instance = try? form.instance(error.field)
            // A note (a blocking one, required while shown) is named by its text.
            let written = instance.map { form.label(ofInstance: $0) }.flatMap { label in
                label.isEmpty ? try? form.display(.null, of: error.field) : label
            }
            var label = TerminalText.escaped(written ?? error.field)
            if let instance, name(instance) != definition(instance).id {
                label += " (\(TerminalText.escaped(name(instance))))"
            }
            message(
                "\(number)  \(label): \(TerminalText.escaped(error.message)) (rule: \(error.rule.name))", to: .error,
                hangingIndent: 5)
        }
    }

    /// `save --test FILE`: the fill so far, as a test case appended to FILE, by the
    /// program's `testCaseWriter` (`formwork fill` gives it).
    func saveTest(to path: String?) {
        guard let path else { return error(.writeFailed("usage: save --test FILE (the test file to add the case to)")) }
        guard let writer = options.testCaseWriter else {
            return error(.writeFailed("save --test is not available in this program"))
        }
        do {
            say(TerminalText.escaped(try writer(form, path)))
        } catch {
            self.error(.writeFailed(TerminalText.escaped("\(error)")))
        }
    }

    func save(to path: String?) {
        let path = path ?? "\(form.definition.id).values.json"
        let values = form.storedValues(includingSecure: false)
        do {
            try options.writeFile(path, JSONText.answers(values) + "\n")
            savedSnapshot = form.snapshot()
            let count = Self.answerCount(values)
            say(
                "Saved \(count) answer\(count == 1 ? "" : "s") to \(TerminalText.escaped(path)) "
                    + "(secure values are never saved)."
            )
        } catch {
            self.error(.writeFailed(Self.writeFailure(path, error)))
        }
    }

    /// How many values answers hold, entries' included.
    static func answerCount(_ answers: [AnsweredField]) -> Int {
        answers.reduce(0) { total, answered in
            switch answered.answer {
            case .value: return total + 1
            case .entries(let entries): return total + entries.reduce(0) { $0 + answerCount($1) }
            }
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
            if options.interactive, let first = try? form.instance(errors[0].field) {
                return focus(first)
            }
            return askCommand()
        }
        if let onSubmit = options.onSubmit {
            say("Submitted.")
            onSubmit(form)
        } else if let path = options.answersPath {
            let answers = options.answerFormat.write(form, options: AnswerWriting())
            let attachments = options.answerFormat.sendsFilesBeside ? form.attachments : []
            let copied: [String]
            do {
                // The files travel with the answers, beside them, by name.
                let directory = (path as NSString).deletingLastPathComponent
                copied = try Attachment.copy(attachments, into: directory.isEmpty ? "." : directory)
            } catch {
                self.error(.writeFailed(TerminalText.escaped(error.description)))
                return askCommand()
            }
            do {
                try options.writeFile(path, answers)
            } catch {
                self.error(.writeFailed(Self.writeFailure(path, error)))
                return askCommand()
            }
            let files = copied.isEmpty ? "" : ", with \(copied.count) file\(copied.count == 1 ? "" : "s") beside them"
            say("Submitted. The answers are in \(TerminalText.escaped(path))\(files).")
        } else {
            say("Submitted.")
            let answers = options.answerFormat.write(form, options: AnswerWriting())
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
            if speaks { return helpInWords(scope) }
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
            let secure = form.definition.fields.filter { field in
                field.kind == .secure
                    && form.instances(ofField: field.index).contains { !form.storedValue(of: $0).isNull }
            }
            if !confirmed, !secure.isEmpty {
                question = .confirmQuit
                // Labels as shown, in the session's language (a field's first instance).
                let names = secure.map { field in
                    let label = form.instances(ofField: field.index).first.map(form.label(ofInstance:)) ?? field.label
                    return TerminalText.escaped(label.isEmpty ? field.id : label)
                }.joined(separator: ", ")
                step.prompt = yesOrNo("Secure answers (\(names)) are never kept in drafts. Quit anyway?")
                return
            }
            if draft.holdsAnswers {
                say(
                    "Your answers are kept in the draft \(TerminalText.escaped(DraftStore.abbreviated(draft.path))); "
                        + "filling this form again resumes them\(options.freshHint.map { " (\($0))" } ?? "").")
            }
            return end()
        }
        if !confirmed, !form.snapshot().hasSameValues(as: savedSnapshot) {
            question = .confirmQuit
            step.prompt = yesOrNo("Discard unsaved answers?")
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

extension ReplSession {
    /// `language`: lists the form's languages (the current one marked); `language
    /// CODE` shows the form in it, with a `~` for every row whose text changed.
    func switchLanguage(_ code: String?) {
        let languages = form.definition.languages
        guard let code else {
            guard !languages.isEmpty else { return out("This form is written in one language only.") }
            for language in languages where speaks {
                out(
                    TableRenderer.sentence([
                        "Language " + TableRenderer.spoken(language.code),
                        language.name == language.code ? "" : TableRenderer.spoken(language.name),
                        language.code == form.language ? "shown now" : "",
                    ]))
            }
            for language in languages where !speaks {
                let mark = language.code == form.language ? "*" : " "
                let name = language.name == language.code ? "" : "  " + TerminalText.escaped(language.name)
                out("  \(mark) \(TerminalText.escaped(language.code))\(name)")
            }
            return
        }
        let match = languages.first { $0.code.lowercased() == code.lowercased() }?.code ?? code
        do {
            try form.setLanguage(match)
        } catch {
            return self.error(.session(error))
        }
        table.title = form.title
        table.description = form.formDescription
        showChanges()
    }
}
