import Formwork

/// Reading SurveyJS's data (`survey.data`) as Formwork's answers, so `--values`,
/// `session.load`, `loadValues` and `formwork validate` take what SurveyJS wrote.
extension SurveyJSAnswerFormat {
    /// SurveyJS's data as Formwork's answers, by the form's layout (its own paths when
    /// it is a SurveyJS survey's; each field under its answer key otherwise).
    public func answersTree(_ data: SyntaxNode, of definition: FormDefinition) -> SyntaxNode {
        let layout = Self.layout(of: definition)
        return Flattening(
            paths: layout?.paths ?? [:], types: layout?.types ?? [:], othersAsValues: layout?.othersAsValues ?? [:]
        ).flattening(data, in: definition)
    }
}

/// SurveyJS's nested data, flattened to answer keys by data path.
struct Flattening {
    let paths: [String: String]
    /// The JSON types of fields' values that are not text (`numbers`: `[20, 80]` is
    /// read as the text `20, 80`).
    var types: [String: String] = [:]
    /// Choice fields whose other text is their value (a value that is no option is
    /// read as `other`, and the text field gets it).
    var othersAsValues: [String: String] = [:]

    /// `root` (SurveyJS's data) as a values mapping: a value at a field's data path
    /// (`quality: { service: 4 }` for `quality/service`) is read under the field's id,
    /// a dynamic panel's entries under its repeat's id, each entry the same way;
    /// computed values (an expression question's) are left out, as they are computed
    /// again; a file's `[{ "name", "content" }]` is read as its first content. Keys
    /// that are ids or answer keys pass as they are; a key no field has
    /// stays, with its path, for the loader to report.
    func flattening(_ root: SyntaxNode, in definition: FormDefinition) -> SyntaxNode {
        var scopes: [Int?: Scope] = [:]
        return flatten(root, scope: nil, definition, &scopes)
    }

    /// What a scope's objects hold: each data path of its fields and repeats.
    private struct Scope {
        var idsByPath: [String: String] = [:]
        /// Paths that lead to a data path (`quality` for `quality/service`).
        var prefixes: Set<String> = []
    }

    private func scope(_ repeatIndex: Int?, _ definition: FormDefinition) -> Scope {
        var scope = Scope()
        let owners =
            definition.fields.filter { $0.repeatIndex == repeatIndex }.map(\.id)
            + definition.repeats.filter { $0.parent == repeatIndex }.map(\.id)
        for id in owners {
            guard let path = paths[id], !path.isEmpty else { continue }
            scope.idsByPath[path] = id
            var steps = path.split(separator: "/").dropLast()
            while !steps.isEmpty {
                scope.prefixes.insert(steps.joined(separator: "/"))
                steps = steps.dropLast()
            }
        }
        return scope
    }

    private func flatten(
        _ node: SyntaxNode, scope repeatIndex: Int?, _ definition: FormDefinition, _ scopes: inout [Int?: Scope]
    ) -> SyntaxNode {
        guard let pairs = node.pairs else { return node }
        if scopes[repeatIndex] == nil { scopes[repeatIndex] = scope(repeatIndex, definition) }
        let scope = scopes[repeatIndex]!
        var result: [(key: SyntaxNode, value: SyntaxNode)] = []

        func emit(_ id: String, _ key: SyntaxNode, _ value: SyntaxNode) {
            let renamed = SyntaxNode(content: .scalar(id, style: .plain), location: key.location)
            if let index = definition.repeatGroup(id)?.index, definition.repeats[index].parent == repeatIndex,
                let entries = value.elements
            {
                let flattened = entries.map { flatten($0, scope: index, definition, &scopes) }
                result.append((renamed, SyntaxNode(content: .sequence(flattened), location: value.location)))
                return
            }
            var value = value
            if let textID = othersAsValues[id], let field = definition.field(named: id, in: repeatIndex) {
                let options = Set(definition.fields[field].options.map(\.value))
                func isOption(_ node: SyntaxNode) -> Bool { node.scalarText.map(options.contains) ?? true }
                var text: SyntaxNode?
                if value.scalarText != nil, !isOption(value) {
                    text = value
                    value = SyntaxNode(content: .scalar("other", style: .plain), location: value.location)
                } else if let elements = value.elements, let other = elements.first(where: { !isOption($0) }) {
                    text = other
                    let chosen = elements.map {
                        isOption($0) ? $0 : SyntaxNode(content: .scalar("other", style: .plain), location: $0.location)
                    }
                    value = SyntaxNode(content: .sequence(chosen), location: value.location)
                }
                if let text {
                    result.append((SyntaxNode(content: .scalar(textID, style: .plain), location: key.location), text))
                }
            }
            if let field = definition.field(named: id, in: repeatIndex) {
                switch definition.fields[field].kind {
                case .computed, .calculate: return
                case .file:  // [{ "name", "content" }]: each file's content
                    if let files = value.elements {
                        let contents = files.map(Self.fileContent)
                        value =
                            definition.fields[field].multipleFiles
                            ? SyntaxNode(content: .sequence(contents), location: value.location)
                            : contents.first ?? value
                    }
                default:
                    if types[id] == "numbers", let numbers = value.elements,
                        numbers.allSatisfy({ $0.scalarText != nil })
                    {
                        let text = numbers.compactMap(\.scalarText).joined(separator: ", ")
                        value = SyntaxNode(content: .scalar(text, style: .plain), location: value.location)
                    }
                }
            }
            result.append((renamed, value))
        }

        func walk(_ pairs: [(key: SyntaxNode, value: SyntaxNode)], prefix: String) {
            for (key, value) in pairs {
                guard let name = key.scalarText else {
                    result.append((key, value))
                    continue
                }
                let path = prefix.isEmpty ? name : prefix + "/" + name
                if let id = scope.idsByPath[path] {
                    emit(id, key, value)
                } else if scope.prefixes.contains(path), let inner = value.pairs {
                    walk(inner, prefix: path)
                } else {
                    emit(path, key, value)
                }
            }
        }
        walk(pairs, prefix: "")
        return SyntaxNode(content: .mapping(result), location: node.location)
    }

    /// A file of SurveyJS's data (`{ "name", "type", "content" }`) as a `file` field's
    /// value: its content; a data URL with the name inside it (`;name=…`), so that
    /// writing the data again gives the file its name back.
    private static func fileContent(_ file: SyntaxNode) -> SyntaxNode {
        guard let pairs = file.pairs,
            let content = pairs.first(where: { $0.key.scalarText == "content" })?.value
        else { return file }
        guard let text = content.scalarText, var url = DataURL(text),
            let name = pairs.first(where: { $0.key.scalarText == "name" })?.value.scalarText, !name.isEmpty
        else { return content }
        url.name = name
        return SyntaxNode(content: .scalar(url.text(), style: .plain), location: content.location)
    }
}
