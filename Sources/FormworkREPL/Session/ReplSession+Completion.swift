import Formwork
import Foundation

extension ReplSession {
    /// Completion candidates for the word being typed (each starts with that word).
    ///
    /// At the command prompt: command names first, then field ids after `set`,
    /// `toggle`, `clear`, `goto`, `why` (and section ids for `goto`, `why`), then a
    /// field's options (or yes/no) after `set ID` and `toggle ID`, and file paths after
    /// `save`. At an options prompt: the field's option values, after the last comma.
    public func completions(for text: String, context: Prompt.Completion) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let word = words.last ?? ""
        switch context {
        case .none:
            return []
        case .options(let id):
            let prefix = word.contains(",") ? String(word[...word.lastIndex(of: ",")!]) : ""
            let partial = String(word.dropFirst(prefix.count))
            return optionCompletions(id, partial).map { prefix + $0 }
        case .commands:
            guard words.count > 1 else { return CommandHelp.names.filter { $0.hasPrefix(word.lowercased()) } }
            let command = CommandHelp.entry(words[0])?.name ?? words[0]
            switch (command, words.count) {
            case ("set", 2), ("toggle", 2), ("clear", 2):
                return fieldIDs(editableOnly: true).filter { $0.hasPrefix(word) }
            case ("goto", 2), ("why", 2):
                return (fieldIDs(editableOnly: false) + form.definition.sections.map(\.id)).filter { $0.hasPrefix(word) }
            case ("set", 3), ("toggle", 3):
                return optionCompletions(words[1], word)
            case ("save", _):
                return pathCompletions(word)
            case ("help", 2):
                return CommandHelp.names.filter { $0.hasPrefix(word) }
            default:
                return []
            }
        }
    }

    func fieldIDs(editableOnly: Bool) -> [String] {
        form.visibleFields.filter { !editableOnly || $0.kind.isEditable }.map(\.id)
    }

    func optionCompletions(_ id: String, _ partial: String) -> [String] {
        guard let field = form.definition.field(id) else { return [] }
        let candidates: [String]
        switch field.kind {
        case .choice, .multichoice: candidates = form.visibleOptions(of: id).map(\.value)
        case .switch: candidates = ["yes", "no"]
        default: candidates = []
        }
        return candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) && $0.hasPrefix(partial) }
    }

    /// Files and directories starting with `partial` (directories end in `/`).
    func pathCompletions(_ partial: String) -> [String] {
        let directory = partial.contains("/") ? String(partial[...partial.lastIndex(of: "/")!]) : ""
        let namePrefix = String(partial.dropFirst(directory.count))
        let expanded = directory.hasPrefix("~") ? (directory as NSString).expandingTildeInPath : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded) else { return [] }
        return names.filter { $0.hasPrefix(namePrefix) && !$0.hasPrefix(".") }.sorted().map { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (expanded.isEmpty ? "." : expanded) + "/" + name, isDirectory: &isDirectory)
            return directory + name + (exists && isDirectory.boolValue ? "/" : "")
        }
    }
}
