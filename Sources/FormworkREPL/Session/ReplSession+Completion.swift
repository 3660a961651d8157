import Formwork
import Foundation

extension ReplSession {
    /// Completion candidates for the word being typed (each starts with that word).
    ///
    /// At the command prompt: command names, then what the command's parameter at
    /// the cursor takes (`CommandTable`): field ids (editable ones for `set`,
    /// `toggle`, `clear`; with section ids for `goto`, `why`), the ids of the sections
    /// shown (`show`), a field's options (or yes/no), file paths, command names. At a
    /// value question: the field's option values, after the last comma, file paths
    /// for a `file` field, and the guided commands after a `:`.
    public func completions(for text: String, context: Prompt.Completion) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let word = words.last ?? ""
        switch context {
        case .none:
            return guidedActive && word.hasPrefix(":") ? guidedCompletions(word) : []
        case .options(let id):
            if guidedActive, word.hasPrefix(":") { return guidedCompletions(word) }
            if let instance = lookUp(id), definition(instance).kind.question == .path {
                guard definition(instance).multipleFiles, let comma = text.lastIndex(of: ",") else {
                    return pathCompletions(text)
                }
                // Several files: the path after the last comma.
                let after = text[text.index(after: comma)...]
                let prefix = String(text[...comma]) + after.prefix(while: { $0 == " " })
                return pathCompletions(String(text.dropFirst(prefix.count))).map { prefix + $0 }
            }
            let prefix = word.contains(",") ? String(word[...word.lastIndex(of: ",")!]) : ""
            let partial = String(word.dropFirst(prefix.count))
            return optionCompletions(id, partial).map { prefix + $0 }
        case .commands:
            guard words.count > 1 else {
                return CommandTable.names(in: .prompt).filter { $0.hasPrefix(word.lowercased()) }
            }
            guard let entry = CommandTable.entry(words[0]), !entry.parameters.isEmpty else { return [] }
            let position = min(words.count - 2, entry.parameters.count - 1)
            let (parameter, _) = entry.parameters[position]
            if !parameter.takesRestOfLine, words.count - 2 >= entry.parameters.count { return [] }
            switch parameter {
            case .row: return []
            case .field(let editable): return fieldIDs(editableOnly: editable).filter { $0.hasPrefix(word) }
            case .fieldOrSection:
                return
                    (fieldIDs(editableOnly: false) + form.definition.sections.map(\.id) + form.groupPaths()
                    + form.entryPaths()).filter { $0.hasPrefix(word) }
            case .section: return shownSectionIDs().filter { $0.hasPrefix(word) }
            case .group: return addableGroups().filter { $0.hasPrefix(word) }
            case .entry: return form.entryPaths().filter { $0.hasPrefix(word) }
            case .number: return []
            case .value: return words.count == 3 ? optionCompletions(words[1], word) : []
            case .path: return pathCompletions(word)
            case .command: return CommandTable.names(in: .prompt).filter { $0.hasPrefix(word) }
            case .language: return form.definition.languages.map(\.code).filter { $0.hasPrefix(word) }
            }
        }
    }

    func guidedCompletions(_ word: String) -> [String] {
        CommandTable.names(in: .guided).filter { $0.hasPrefix(word.lowercased()) }
    }

    /// The ids of the sections shown now (those `show SECTION` shows), in form order.
    func shownSectionIDs() -> [String] {
        let shown = Set((0..<form.dataSource.numberOfSections).compactMap(form.sectionIndex(ofVisibleSection:)))
        return form.definition.sections.filter { shown.contains($0.index) }.map(\.id)
    }

    /// The repeats an entry can be added to now: those whose add row is shown.
    func addableGroups() -> [String] {
        form.groupPaths().filter { form.visibleIndexPath(ofAddRow: $0) != nil }
    }

    /// The paths of the visible fields, in table order (`age`, `members[2].age`).
    func fieldIDs(editableOnly: Bool) -> [String] {
        // Editable: a kind a person sets, and not read-only now.
        form.visibleInstances.map(name).filter {
            !editableOnly || (definition(lookUp($0)!).kind.isEditable && !form.isReadOnly($0))
        }
    }

    func optionCompletions(_ id: String, _ partial: String) -> [String] {
        guard let instance = lookUp(id) else { return [] }
        let candidates: [String]
        switch definition(instance).kind.question {
        case .path: return pathCompletions(partial)
        case .oneOption, .someOptions, .everyOption: candidates = form.visibleOptions(of: name(instance)).map(\.value)
        case .yesNo: candidates = ["yes", "no"]
        case .secret, .text: candidates = []
        }
        return candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) && $0.hasPrefix(partial) }
    }

    /// Files and directories starting with `partial` (directories end in `/`).
    func pathCompletions(_ partial: String) -> [String] {
        let directory = partial.contains("/") ? String(partial[...partial.lastIndex(of: "/")!]) : ""
        let namePrefix = String(partial.dropFirst(directory.count))
        let expanded = directory.hasPrefix("~") ? (directory as NSString).expandingTildeInPath : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded) else {
            return []
        }
        return names.filter { $0.hasPrefix(namePrefix) && !$0.hasPrefix(".") }.sorted().map { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: (expanded.isEmpty ? "." : expanded) + "/" + name, isDirectory: &isDirectory)
            return directory + name + (exists && isDirectory.boolValue ? "/" : "")
        }
    }
}
