/// `submission:`: how filled forms are written as another engine's submission
/// (`SubmissionLayout`), checked against the fields and repeats once they are known.
extension DefinitionDecoder {
    static let submissionKeys = [
        "format", "root", "id", "version", "namespace", "namespaces", "paths", "instanceID", "types", "hidden",
        "kept", "dropped", "groups", "others",
    ]
    /// The JSON types `types:` may give a field's values.
    static let submissionTypes = ["number", "boolean", "numbers"]

    mutating func decodeSubmission(_ node: SyntaxNode, formID: String?) -> SubmissionLayout? {
        guard
            let reader = MappingReader(
                node, context: "submission", key: "submission", allowed: Self.submissionKeys, collector: &collector)
        else { return nil }
        var format: (any AnswerFormat)?
        if let name = reader.requiredText("format", collector: &collector, limits: limits),
            let formatNode = reader["format"]
        {
            format = formats.answerFormat(named: name)
            if format == nil {
                let names = formats.answerFormats.map(\.name).filter { $0 != FormworkAnswerFormat().name }
                collector.report(
                    .unknownAnswerFormat(
                        name, known: names, suggestion: Suggestions.closest(to: name, in: names).first),
                    at: formatNode)
            }
        }
        // A format's own rules (read only once the format is known): whether its
        // answers have a root element, how paths are written, where their id goes.
        let rules = format?.layoutRules ?? SubmissionLayout.Rules()
        let root = rules.hasRootElement ? reader.requiredText("root", collector: &collector, limits: limits) : ""
        if let root, let rootNode = reader["root"], rules.hasRootElement,
            !SubmissionLayout.isElementName(Substring(root))
        {
            collector.report(.wrongType(key: "root", expected: "an XML element name", found: "'\(root)'"), at: rootNode)
        }
        let id = reader.text("id", collector: &collector, limits: limits) ?? formID
        let version = reader.text("version", collector: &collector, limits: limits)
        // The root's namespace and prefixes, for answers that have a root element.
        let namespace = rules.hasRootElement ? reader.text("namespace", collector: &collector, limits: limits) : nil
        let namespaces = rules.hasRootElement ? decodeSubmissionNamespaces(reader["namespaces"]) : [:]
        let paths = decodeSubmissionPaths(reader["paths"], style: rules.paths)
        var instanceID = rules.defaultInstanceID
        if let written = reader.text("instanceID", collector: &collector, limits: limits) {
            instanceID = written.isEmpty ? nil : written
            let steps = written.split(separator: "/", omittingEmptySubsequences: false)
            if !written.isEmpty, !steps.allSatisfy(SubmissionLayout.isElementName), let node = reader["instanceID"] {
                collector.report(
                    .wrongType(
                        key: "instanceID", expected: "an element path (meta/instanceID), or ''", found: "'\(written)'"),
                    at: node)
            }
        }
        let types = decodeSubmissionTypes(reader["types"])
        let hiddenAnswers = decodeHiddenAnswers(reader, key: "hidden", clearedWord: "dropped")
        decodeSubmissionGroups(reader["groups"])
        guard let format, let root, let id else { return nil }
        var layout = SubmissionLayout(
            format: format, root: root, formID: id, version: version, paths: paths, instanceID: instanceID,
            types: types)
        layout.hiddenAnswers = hiddenAnswers
        layout.keptWhenHidden = decodeHiddenList(reader["kept"], key: "kept")
        layout.droppedWhenHidden = decodeHiddenList(reader["dropped"], key: "dropped")
        layout.othersAsValues = decodeOthersAsValues(reader["others"])
        layout.namespace = namespace.flatMap { $0.isEmpty ? nil : $0 }
        layout.namespaces = namespaces
        return layout
    }

    /// `kept: [id, …]`: fields whose answers are written while they are hidden, and
    /// `dropped: [id, …]`: fields whose answers are left out while they are hidden where
    /// the others' are written (`hidden: kept`); an entry `{ id, while: condition }` only
    /// while the condition holds (compiled with the form's conditions,
    /// `compileHiddenListConditions`).
    private mutating func decodeHiddenList(_ node: SyntaxNode?, key: String) -> Set<String> {
        guard let node else { return [] }
        guard let elements = node.elements else {
            collector.report(
                .wrongType(key: key, expected: "a list of field ids", found: node.typeDescription), at: node)
            return []
        }
        let known = Set(definitions.map(\.id))
        var listed = Set<String>()
        for element in elements {
            var idNode = element
            if element.pairs != nil {
                guard
                    let reader = MappingReader(
                        element, context: key, key: key, allowed: ["id", "while"], collector: &collector),
                    let node = reader["id"]
                else { continue }
                idNode = node
                if let condition = reader["while"], let id = node.scalarText {
                    hiddenListConditionNodes[key, default: []].append((id, condition))
                }
            }
            guard let id = idNode.scalarText, known.contains(id) else {
                let written = idNode.scalarText ?? ""
                collector.report(
                    .unknownField(written, suggestion: Suggestions.closest(to: written, in: Array(known)).first),
                    at: idNode)
                continue
            }
            listed.insert(id)
        }
        return listed
    }

    /// The conditions of `kept` (or `dropped`) entries, compiled in the form's scope.
    mutating func compileHiddenListConditions(
        _ key: String, _ environment: ExpressionEnvironment
    ) -> [String: CompiledExpression] {
        var result: [String: CompiledExpression] = [:]
        for (id, node) in hiddenListConditionNodes[key] ?? [] {
            if let condition = compileCondition(node, key: "while", environment: environment) { result[id] = condition }
        }
        return result
    }

    /// `others: { choice: text }`: choice fields (with an `other` option) whose other
    /// text, held by a text field, is written as their value.
    private mutating func decodeOthersAsValues(_ node: SyntaxNode?) -> [String: String] {
        guard let node else { return [:] }
        guard let pairs = node.pairs else {
            collector.report(
                .wrongType(
                    key: "others", expected: "a mapping of choice fields to text fields", found: node.typeDescription),
                at: node)
            return [:]
        }
        let byID = Dictionary(definitions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: String] = [:]
        for (key, value) in pairs {
            guard let choice = key.scalarText, let text = value.scalarText else { continue }
            for (id, node, kinds) in [(choice, key, [FieldKind.choice, .multichoice]), (text, value, [.text])] {
                guard let field = byID[id] else {
                    collector.report(
                        .unknownField(id, suggestion: Suggestions.closest(to: id, in: Array(byID.keys)).first), at: node
                    )
                    continue
                }
                if !kinds.contains(field.kind) {
                    let expected = kinds.count > 1 ? "a choice or multichoice field" : "a text field"
                    collector.report(
                        .wrongType(key: id, expected: expected, found: "a \(field.kind.rawValue) field"), at: node)
                }
            }
            if byID[choice] != nil, byID[text] != nil { result[choice] = text }
        }
        return result
    }

    /// `namespaces: { prefix: URI }`: the prefixes declared on the root element.
    private mutating func decodeSubmissionNamespaces(_ node: SyntaxNode?) -> [String: String] {
        guard let node else { return [:] }
        guard let pairs = node.pairs else {
            collector.report(
                .wrongType(key: "namespaces", expected: "URIs by prefix", found: node.typeDescription), at: node)
            return [:]
        }
        var namespaces: [String: String] = [:]
        for (key, value) in pairs {
            guard let prefix = key.scalarText, SubmissionLayout.isElementName(Substring(prefix)),
                !prefix.lowercased().hasPrefix("xml")
            else {
                collector.report(
                    .wrongType(
                        key: "namespaces", expected: "a namespace prefix (jr, orx)",
                        found: key.scalarText.map { "'\($0)'" } ?? key.typeDescription),
                    at: key)
                continue
            }
            guard let uri = value.scalarText, !uri.isEmpty else {
                collector.report(
                    .wrongType(key: prefix, expected: "a namespace URI", found: value.typeDescription), at: value)
                continue
            }
            namespaces[prefix] = uri
        }
        return namespaces
    }

    /// `paths: { id: path }`, each path as the format writes them (element paths, or
    /// data keys where `''` leaves a value out).
    private mutating func decodeSubmissionPaths(
        _ node: SyntaxNode?, style: SubmissionLayout.Rules.PathStyle
    ) -> [String: String] {
        guard let node else { return [:] }
        guard let pairs = node.pairs else {
            collector.report(.wrongType(key: "paths", expected: "a mapping", found: node.typeDescription), at: node)
            return [:]
        }
        var paths: [String: String] = [:]
        let owners = Set(definitions.map(\.id)).union(repeats.map(\.id))
        for (key, value) in pairs {
            guard let owner = key.scalarText, let path = value.scalarText else {
                collector.report(
                    .wrongType(key: "paths", expected: "element paths by id", found: value.typeDescription), at: value)
                continue
            }
            if !owners.contains(owner) {
                let known = definitions.map(\.id) + repeats.map(\.id)
                collector.report(
                    .unknownReference(owner, suggestion: Suggestions.closest(to: owner, in: known).first), at: key)
            }
            let steps = path.split(separator: "/", omittingEmptySubsequences: false)
            let isWellFormed =
                switch style {
                case .dataKeys: !steps.contains(where: \.isEmpty) || path.isEmpty
                case .elements:
                    // The last step may be an attribute of the element before it (`meta/entity/@id`).
                    steps.count > (steps.last?.hasPrefix("@") == true ? 1 : 0)
                        && steps.dropLast().allSatisfy(SubmissionLayout.isElementName)
                        && SubmissionLayout.isElementName(
                            steps.last.map { $0.hasPrefix("@") ? $0.dropFirst() : $0 } ?? "")
                }
            if !isWellFormed {
                let expected =
                    style == .dataKeys
                    ? "a data path (matrix/row/column)" : "an element path (group/question, or group/@attribute)"
                collector.report(.wrongType(key: owner, expected: expected, found: "'\(path)'"), at: value)
            }
            paths[owner] = path
        }
        return paths
    }

    /// `hiddenAnswers: blank | kept` (the form) or `hidden: dropped | kept` (its
    /// submission): one rule, two words for `.cleared`.
    mutating func decodeHiddenAnswers(_ reader: MappingReader, key: String, clearedWord: String) -> HiddenAnswers {
        guard let node = reader[key], let written = reader.text(key, collector: &collector, limits: limits) else {
            return .cleared
        }
        guard let value = HiddenAnswers(word: written, clearedWord: clearedWord) else {
            collector.report(
                .wrongType(
                    key: key, expected: key == "hiddenAnswers" ? "blank, kept or erased" : "\(clearedWord) or kept",
                    found: "'\(written)'"), at: node)
            return .cleared
        }
        return value
    }

    /// `numbersInText: plain | java | javascript`: how expressions write a number as text.
    mutating func decodeNumbersInText(_ reader: MappingReader) -> NumbersInText {
        decodeWord("numbersInText", in: reader, absent: .plain)
    }

    /// `defaults: start | whenShown` (`DefaultsTiming`).
    mutating func decodeDefaultsTiming(_ reader: MappingReader) -> DefaultsTiming {
        decodeWord("defaults", in: reader, absent: .start)
    }

    /// A form-level key whose value is one of a few words (an enumeration's raw
    /// values): `absent` when it is not there; another word is an error listing them.
    private mutating func decodeWord<Word: RawRepresentable & CaseIterable>(
        _ key: String, in reader: MappingReader, absent: Word
    ) -> Word where Word.RawValue == String {
        guard let node = reader[key], let written = reader.text(key, collector: &collector, limits: limits) else {
            return absent
        }
        guard let value = Word(rawValue: written) else {
            let words = Word.allCases.map(\.rawValue)
            collector.report(
                .wrongType(key: key, expected: words.joined(separator: " or "), found: "'\(written)'"), at: node)
            return absent
        }
        return value
    }

    /// `groups: [{ path, in, visible }]`: the ODK groups, each compiled later in the
    /// form's scope or in its repeat's entries (`compileSubmissionGroups`).
    private mutating func decodeSubmissionGroups(_ node: SyntaxNode?) {
        guard let node else { return }
        guard let elements = node.elements else {
            collector.report(
                .wrongType(key: "groups", expected: "a list of { path, in, visible }", found: node.typeDescription),
                at: node)
            return
        }
        for element in elements {
            guard
                let reader = MappingReader(
                    element, context: "a group", key: "groups", allowed: ["path", "in", "visible"],
                    collector: &collector)
            else { continue }
            guard let path = reader.requiredText("path", collector: &collector, limits: limits) else { continue }
            guard Self.isElementPath(path) else {
                collector.report(
                    .wrongType(key: "path", expected: "an element path (group/inner)", found: "'\(path)'"),
                    at: reader["path"] ?? element)
                continue
            }
            var repeatIndex: Int?
            if let owner = reader.text("in", collector: &collector, limits: limits) {
                repeatIndex = repeats.firstIndex { $0.id == owner }
                guard repeatIndex != nil else {
                    let known = repeats.map(\.id)
                    collector.report(
                        .unknownReference(owner, suggestion: Suggestions.closest(to: owner, in: known).first),
                        at: reader["in"] ?? element)
                    continue
                }
            }
            submissionGroupNodes.append((repeatIndex, path, reader["visible"]))
        }
    }

    static func isElementPath(_ path: String) -> Bool {
        !path.isEmpty
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy(SubmissionLayout.isElementName)
    }

    /// Compiles each group's condition in the form's scope or its repeat's entries.
    mutating func compileSubmissionGroups(_ environment: ExpressionEnvironment) -> [SubmissionGroup] {
        submissionGroupNodes.map { repeatIndex, path, node in
            let visible = node.flatMap {
                compileCondition($0, key: "visible", environment: environment.inScope(repeatIndex))
            }
            return SubmissionGroup(path: path, repeatID: repeatIndex.map { repeats[$0].id }, visible: visible)
        }
    }

    /// `types: { id: number|boolean|numbers }`: `number` and `boolean` for choice fields,
    /// `numbers` for text fields.
    private mutating func decodeSubmissionTypes(_ node: SyntaxNode?) -> [String: String] {
        guard let node else { return [:] }
        guard let pairs = node.pairs else {
            collector.report(.wrongType(key: "types", expected: "a mapping", found: node.typeDescription), at: node)
            return [:]
        }
        var types: [String: String] = [:]
        let choiceIDs = Set(definitions.filter(\.kind.hasOptions).map(\.id))
        let textIDs = Set(definitions.filter { $0.kind == .text }.map(\.id))
        for (key, value) in pairs {
            guard let owner = key.scalarText, let type = value.scalarText, Self.submissionTypes.contains(type) else {
                collector.report(
                    .wrongType(
                        key: key.scalarText ?? "types", expected: "number, boolean or numbers",
                        found: value.scalarText.map { "'\($0)'" } ?? value.typeDescription),
                    at: value)
                continue
            }
            let owners = type == "numbers" ? textIDs : choiceIDs
            guard owners.contains(owner) else {
                if let field = definitions.first(where: { $0.id == owner }) {
                    let expected = type == "numbers" ? "a text field" : "a choice field"
                    collector.report(
                        .wrongType(key: owner, expected: expected, found: "a \(field.kind.rawValue) field"), at: key)
                } else {
                    let known = definitions.map(\.id)
                    collector.report(
                        .unknownReference(owner, suggestion: Suggestions.closest(to: owner, in: known).first), at: key)
                }
                continue
            }
            types[owner] = type
        }
        return types
    }
}
