extension DefinitionDecoder {
    static let commonFieldKeys = ["id", "kind", "label", "help", "visible"]

    static let allFieldKeys: [String] = {
        var keys = commonFieldKeys
        for kind in FieldKind.allCases {
            for key in DefinitionDecoder.keys(for: kind) where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }()

    mutating func decodeField(_ node: SyntaxNode, sectionIndex: Int) -> PendingField? {
        guard let reader = fieldReader(node) else { return nil }
        let index = definitions.count
        let id = reader.requiredText("id", collector: &collector, limits: limits) ?? "field\(index + 1)"
        if let idNode = reader["id"] { claim(id, idNode) }

        var kind: FieldKind?
        var kindName: String?
        if let kindText = reader.requiredText("kind", collector: &collector, limits: limits) {
            kind = FieldKind(rawValue: kindText) ?? customKinds[kindText]?.base
            kindName = kindText
            if kind == nil {
                let known = FieldKind.allCases.map(\.rawValue) + customKinds.keys.sorted()
                let suggestion = Suggestions.closest(to: kindText, in: known).first
                collector.report(.unknownKind(kindText, suggestion: suggestion), at: reader["kind"]!)
            }
        }
        guard let kind else { return nil }
        for key in reader.keys where !Self.commonFieldKeys.contains(key) && !Self.keys(for: kind).contains(key) {
            collector.report(
                .keyNotApplicable(key: key, kind: kind.rawValue),
                at: reader.node.pairs!.first { $0.key.scalarText == key }!.key)
        }

        let owner = "field '\(id)'"
        let specification = kind.specification
        let labelText = readText(reader, "label", owner: owner, required: specification.requiredKeys.contains("label"))
        // A field with no value (a note) has nothing to name by its id.
        var definition = FieldDefinition(
            id: id, kind: kind, index: index, sectionIndex: sectionIndex,
            location: node.location, label: labelText.map { defaultSource($0) } ?? (specification.hasValue ? id : ""))
        if let labelText { definition.texts.label = text(labelText, for: .label(field: index)) }
        definition.kindName = kindName ?? kind.rawValue
        if let help = readText(reader, "help", owner: owner) {
            definition.help = defaultSource(help)
            definition.texts.help = text(help, for: .help(field: index))
        }
        var pending = PendingField(definition: definition)
        pending.nodes.visibleNode = reader["visible"]
        specification.decode(reader, into: &pending, decoder: &self)
        pending.nodes.defaultNode = reader["default"]
        pending.nodes.requiredNode = reader["required"]
        decodeRequiredMessage(reader, &pending)
        decodeRules(reader, &pending)
        noteBehaviours(reader, field: index)
        return pending
    }

    /// A reader for a field mapping; unknown keys get "did you mean" from edit
    /// distance or from usual misnamings.
    mutating func fieldReader(_ node: SyntaxNode) -> MappingReader? {
        var scratch = DiagnosticCollector()
        guard var reader = MappingReader(node, context: "a field", allowed: Self.allFieldKeys, collector: &scratch)
        else {
            collector.report(
                .wrongType(
                    key: nil, expected: "a field (a mapping with 'id', 'kind' and 'label')",
                    found: node.typeDescription), at: node)
            return nil
        }
        for diagnostic in scratch.diagnostics {
            if case let .unknownKey(key, context, nil) = diagnostic.problem, let synonym = Self.synonyms[key] {
                reader.suggestedKeys.insert(synonym)
                collector.report(
                    .unknownKey(key, context: context, suggestion: synonym), at: diagnostic.location,
                    length: diagnostic.length)
            } else {
                collector.report(diagnostic)
            }
        }
        return reader
    }

    mutating func readPlaceholder(_ reader: MappingReader, _ pending: inout PendingField) {
        let field = pending.definition.index
        guard let placeholder = readText(reader, "placeholder", owner: "field '\(pending.definition.id)'") else {
            return
        }
        pending.definition.placeholder = defaultSource(placeholder)
        pending.definition.texts.placeholder = text(placeholder, for: .placeholder(field: field))
    }

    mutating func decodeOptions(_ reader: MappingReader, _ pending: inout PendingField) {
        guard let nodes = reader.list("options", collector: &collector) else {
            if !reader.has("options") {
                collector.report(.noOptions(kind: pending.definition.kind.rawValue), at: reader.location)
            }
            return
        }
        if nodes.isEmpty {
            var warning = Diagnostic(.emptyOptions(field: pending.definition.id), at: reader["options"]!.location)
            warning.severity = .warning
            warnings.append(warning)
        }
        // A list written as one decoded before is that list's options.
        let key = nodes.first.map(Self.optionListKey)
        if let key, let known = decodedOptionLists[key]?.first(where: { SyntaxNode.sameContent($0.nodes, nodes) }) {
            pending.definition.options = known.options
            return
        }
        let before = (collector.diagnostics.count, warnings.count, pendingTexts.count)
        let options = decodeOptionList(nodes, &pending)
        pending.definition.options = options
        // A few lists per first value: a form of thousands of lists that all start
        // alike is not compared with each of them for every select.
        if let key, pending.nodes.optionVisibleNodes.isEmpty,
            before == (collector.diagnostics.count, warnings.count, pendingTexts.count),
            decodedOptionLists[key, default: []].count < Self.optionListsPerKey
        {
            decodedOptionLists[key, default: []].append((nodes, options))
        }
    }

    /// How many decoded option lists are kept under one first value.
    static let optionListsPerKey = 8

    /// What option lists are filed under: the first option's value, or its text.
    static func optionListKey(_ first: SyntaxNode) -> String {
        first.scalarText ?? first.pairs?.first { $0.key.scalarText == "value" }?.value.scalarText ?? ""
    }

    /// The options of `nodes`, each checked.
    private mutating func decodeOptionList(_ nodes: [SyntaxNode], _ pending: inout PendingField) -> [ChoiceOption] {
        var seen = SmallStringSet()
        // Built apart and stored once: appending through the definition's shared
        // storage would copy the options read so far each time.
        var options: [ChoiceOption] = []
        options.reserveCapacity(nodes.count)
        for node in nodes {
            var option: ChoiceOption
            var visibleNode: SyntaxNode?
            let valueNode: SyntaxNode
            if let text = node.scalarText {
                option = ChoiceOption(value: text, label: text)
                valueNode = node
            } else {
                guard
                    let optionReader = MappingReader(
                        node, context: "an option", allowed: Self.optionKeys, collector: &collector),
                    let value = optionReader.requiredText("value", collector: &collector, limits: limits)
                else { continue }
                let label = readText(
                    optionReader, "label", owner: "option '\(value)' of field '\(pending.definition.id)'")
                option = ChoiceOption(value: value, label: label.map { defaultSource($0) } ?? value)
                if let label {
                    option.labelText = text(
                        label,
                        for: .option(field: pending.definition.index, option: options.count))
                }
                visibleNode = optionReader["visible"]
                valueNode = optionReader["value"]!
                option.isExclusive = optionReader.bool("exclusive", collector: &collector) ?? false
            }
            guard seen.insert(option.value) else {
                collector.report(.duplicateOption(option.value), at: valueNode)
                continue
            }
            if let visibleNode {
                pending.nodes.optionVisibleNodes.append((options.count, visibleNode))
            }
            options.append(option)
        }
        return options
    }

    /// `requiredMessage`: a text, like a rule's message, shown when the field is
    /// required and left empty; without `required` beside it, it could never show.
    mutating func decodeRequiredMessage(_ reader: MappingReader, _ pending: inout PendingField) {
        guard Self.keys(for: pending.definition.kind).contains("requiredMessage"),
            let message = readText(reader, "requiredMessage", owner: "field '\(pending.definition.id)'")
        else { return }
        if !reader.has("required") {
            collector.report(
                .requiredMessageWithoutRequired,
                at: reader.node.pairs!.first { $0.key.scalarText == "requiredMessage" }!.key)
        }
        pending.nodes.requiredMessage = message
    }

    mutating func decodeRules(_ reader: MappingReader, _ pending: inout PendingField) {
        guard let nodes = reader.list("rules", collector: &collector) else { return }
        for node in nodes {
            guard let ruleReader = MappingReader(node, context: "a rule", allowed: Self.ruleKeys, collector: &collector)
            else { continue }
            let message = readText(
                ruleReader, "message", owner: "field '\(pending.definition.id)'", required: true)
            guard ruleReader.has("check") else {
                ruleReader.reportMissing("check", collector: &collector)
                continue
            }
            if let message { pending.nodes.ruleNodes.append((ruleReader["check"]!, message)) }
        }
    }
}
