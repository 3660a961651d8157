import Formwork
import FormworkCore
import Foundation

/// The questions of the accessible mode, said in words: where the question is
/// ("Question 5 of 40, section Household."), what it asks and holds ("E-mail,
/// required, currently ada@example.org."), how to answer ("Type a new value, or press
/// Enter to keep it."), choices as a numbered list read once ("Option 2 of 3: Pro.")
/// and again on `?`. Nothing is prefilled: Enter keeps the current value.
extension ReplSession {
    /// Whether the session speaks in sentences.
    var speaks: Bool { options.accessible }

    /// Asks for a field's value in words (`ask` in the accessible mode).
    func askInWords(_ index: Int, field: FieldDefinition, path: String, guided: Bool) {
        let value = form.value(of: path)
        let written = TableRenderer.spoken(form.label(ofInstance: index))
        let label = (written.isEmpty ? field.id : written) + (path == field.id ? "" : ", entry " + entryWords(path))
        if guided, let (number, total, section) = guidedPosition(of: index) {
            out(TableRenderer.sentence(["Question \(number) of \(total)", section.map { "section " + $0 } ?? ""]))
        }
        out(
            TableRenderer.sentence([
                label, form.isRequired(path) ? "required" : "", currentWords(field, value, instance: index),
            ]))
        if let help = form.help(ofInstance: index) {
            out(TableRenderer.sentence(["Hint: " + TableRenderer.spoken(help)]))
        }
        if let error = form.currentError(of: index), !value.isNull {
            out(TableRenderer.sentence(["Problem: " + TableRenderer.spoken(error.message)]))
        }
        let keeps = value.isNull ? "." : ", or press Enter to keep it."
        switch field.kind.question {
        case .yesNo:
            out("Answer yes or no" + (value.isNull ? "." : "; press Enter to keep \(value.isTrue ? "yes" : "no")."))
            step.prompt = Prompt("\(label), yes or no: ")
        case .oneOption:
            readOptions(index, field: field, path: path, selected: value.isNull ? [] : [value])
            out("Type the number or the value of an option" + keeps)
            step.prompt = Prompt("\(label), an option: ", completion: .options(fieldID: path))
        case .someOptions:
            let selected = if case .list(let elements) = value { elements } else { [Value]() }
            readOptions(index, field: field, path: path, selected: selected)
            out("Type the numbers or values of the options to select or unselect, separated by commas" + keeps)
            step.prompt = Prompt("\(label), options: ", completion: .options(fieldID: path))
        case .everyOption:
            readOptions(index, field: field, path: path, selected: [])
            out("Type every option in your order, numbers or values separated by commas" + keeps)
            step.prompt = Prompt("\(label), the options in order: ", completion: .options(fieldID: path))
        case .secret:
            out("Type the new value; it is not shown" + keeps)
            step.prompt = Prompt("\(label): ", isSecure: true)
        case .path:
            out("Type the path of a file" + (field.multipleFiles ? ", or several separated by commas" : "") + keeps)
            step.prompt = Prompt("\(label), a path: ", completion: .options(fieldID: path))
        case .text(let hint):
            out("Type a new value" + keeps)
            step.prompt = Prompt("\(label)\(hint): ")
        }
    }

    /// What the field holds, in words: "not answered", "currently Ada", "currently on".
    func currentWords(_ field: FieldDefinition, _ value: Value, instance: Int) -> String {
        guard !value.isNull else { return "not answered" }
        switch field.kind {
        case .switch: return value.isTrue ? "currently on" : "currently off"
        case .secure: return "currently a hidden value"
        default:
            let shown = TableRenderer.spoken(form.display(value, ofInstance: instance))
            return shown.isEmpty ? "not answered" : "currently " + shown
        }
    }

    /// The options, numbered, read in full the first time the question is asked (then
    /// on `?`): "Option 2 of 3: Pro.", with "selected" for a multichoice's.
    func readOptions(_ index: Int, field: FieldDefinition, path: String, selected: [Value]) {
        let visible = form.visibleOptions(of: path)
        guard optionsRead.insert(index).inserted else {
            return out("\(visible.count) option\(visible.count == 1 ? "" : "s"); type ? to hear them again.")
        }
        if visible.isEmpty { return out("There are no options to choose from now.") }
        for (number, option) in visible.enumerated() {
            let mark =
                field.kind.question == .someOptions
                ? (selected.contains(.string(option.value)) ? "selected" : "not selected") : ""
            out(
                TableRenderer.sentence([
                    "Option \(number + 1) of \(visible.count): " + TableRenderer.spoken(option.label), mark,
                ]))
        }
    }

    /// An answer the accessible mode reads itself: `?` reads the options again, and
    /// Enter keeps the current value. `true` when it was one.
    func answerInWords(_ text: String, field index: Int, guided: Bool) -> Bool {
        let field = definition(index)
        let path = name(index)
        let listsOptions = [.oneOption, .someOptions, .everyOption].contains(field.kind.question)
        if listsOptions, text == "?" {
            optionsRead.remove(index)
            ask(index, guided: guided, remember: false)
            return true
        }
        guard text.isEmpty, !form.value(of: path).isNull else { return false }
        say("Kept.")
        if guided { askNextGuided(after: .field(index)) } else { askCommand() }
        return true
    }

    /// "members, 2" for `members[2]`, and so on for entries in entries.
    func entryWords(_ path: String) -> String {
        TableRenderer.spoken(
            path.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: "")
                .replacingOccurrences(of: ".", with: ", "))
    }

    /// Where a question is among those guided filling asks now: its number, how many,
    /// and its section's header.
    func guidedPosition(of index: Int) -> (Int, Int, String?)? {
        var number = 0
        var total = 0
        var position: IndexPath?
        var section: String?
        while let next = form.visibleRow(after: position) {
            position = next
            guard let row = form.dataSource.row(at: next)?.item(as: FieldRow.self), row.kind.isEditable else {
                continue
            }
            total += 1
            if row.index == index {
                number = total
                section = form.dataSource.header(inSection: next.section).title.flatMap { $0.isEmpty ? nil : $0 }
            }
        }
        guard number > 0 else { return nil }
        return (number, total, section.map(TableRenderer.spoken))
    }
}

/// The commands' own text in words: `help`, `errors` and `values`; and the prompts.
extension ReplSession {
    /// A question answered yes or no, no by default: `Submit now? [y/N] `, or in the
    /// accessible mode `Submit now? Answer yes or no: `.
    func yesOrNo(_ question: String) -> Prompt {
        Prompt(question + (speaks ? " Answer yes or no: " : " [y/N] "))
    }

    /// `help` in the accessible mode: one sentence per command ("Command clear ID: empty
    /// a field (a switch turns off).").
    func helpInWords(_ scope: CommandSpec.Scope) {
        out(scope == .prompt ? "Commands, one per line:" : "Commands that work at any question:")
        for entry in CommandTable.entries(in: scope) {
            out(TableRenderer.sentence(["Command " + TableRenderer.spoken(entry.usage) + ": " + entry.summary]))
        }
        guard scope == .prompt else { return }
        out("Type a row number to edit that row; wherever a command takes an ID, a row number works too.")
        out("Fields in entries are named by their path, such as members[2].age.")
    }

    /// `errors` in the accessible mode: how many, then each as "Row 2, Last name: is
    /// required (rule: required)."
    func listErrorsInWords(_ errors: [FieldError]) {
        guard !errors.isEmpty else { return say("No problems.") }
        message("\(errors.count) problem\(errors.count == 1 ? "" : "s").", to: .error)
        for error in errors {
            let path = form.visibleIndexPath(ofField: error.field) ?? form.visibleIndexPath(ofAddRow: error.field)
            let row = path.flatMap(table.number(at:)).map { "Row \($0)" } ?? "Not in the table"
            let instance = try? form.instance(error.field)
            let written = instance.map { form.label(ofInstance: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            let label = TableRenderer.spoken(written ?? error.field)
            message(
                TableRenderer.sentence([
                    row, label + ": " + TableRenderer.spoken(error.message) + " (rule: \(error.rule.name))",
                ]), to: .error)
        }
    }

    /// `values` in the accessible mode: each answered row as the table says it.
    func valuesInWords() {
        var answered = 0
        for number in 1...max(1, table.rowCount) {
            guard let path = table.indexPath(ofRow: number), let cell = table.cellForRow(at: path) as? FieldCell,
                let row = cell.row, !row.value.isNull, row.kind != .note
            else { continue }
            answered += 1
            step.lines += table.renderer.spokenRow(number: number, cell: cell).prefix(1).map(ReplLine.out)
        }
        if answered == 0 { out("Nothing is answered yet.") }
    }
}
