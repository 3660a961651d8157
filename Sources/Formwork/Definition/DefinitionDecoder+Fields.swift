extension DefinitionDecoder {
    static let commonFieldKeys = ["id", "kind", "label", "help", "visible"]

    /// The keys each kind accepts besides the common ones.
    static let kindKeys: [FieldKind: [String]] = [
        .text: [
            "placeholder", "default", "required", "requiredMessage", "rules", "format", "pattern", "minLength",
            "maxLength", "multiline",
        ],
        .secure: ["placeholder", "required", "requiredMessage", "rules", "pattern", "minLength", "maxLength"],
        .number: ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max", "step"],
        .switch: ["default", "required", "requiredMessage", "rules"],
        .choice: ["default", "required", "requiredMessage", "rules", "options"],
        .multichoice: ["default", "required", "requiredMessage", "rules", "options", "minSelected", "maxSelected"],
        .date: ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max"],
        .time: ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max"],
        .datetime: ["placeholder", "default", "required", "requiredMessage", "rules", "min", "max"],
        .geopoint: ["placeholder", "required", "requiredMessage", "rules"],
        .file: ["placeholder", "required", "requiredMessage", "rules", "extensions", "maxSize"],
        .rank: ["required", "requiredMessage", "rules", "options"],
        .note: ["text"],
        .computed: ["value", "rules"],
        .calculate: ["value"],
    ]

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
        let labelText = readText(reader, "label", owner: owner, required: kind != .note && kind != .calculate)
        var definition = FieldDefinition(
            id: id, kind: kind, index: index, sectionIndex: sectionIndex,
            location: node.location, label: labelText.map(defaultSource) ?? (kind == .note ? "" : id))
        if let labelText { definition.texts.label = text(labelText, for: .label(field: index)) }
        definition.kindName = kindName ?? kind.rawValue
        if let help = readText(reader, "help", owner: owner) {
            definition.help = defaultSource(help)
            definition.texts.help = text(help, for: .help(field: index))
        }
        var pending = PendingField(definition: definition)
        pending.nodes.visibleNode = reader["visible"]

        switch kind {
        case .text, .secure:
            decodeTextKeys(reader, &pending)
        case .number:
            pending.definition.step = reader.number("step", collector: &collector)
            pending.nodes.stepNode = reader["step"]
            pending.nodes.minimumNode = reader["min"]
            pending.nodes.maximumNode = reader["max"]
            if let minimum = reader.number("min", collector: &collector) {
                pending.definition.minimum = .value(.number(minimum))
            }
            if let maximum = reader.number("max", collector: &collector) {
                pending.definition.maximum = .value(.number(maximum))
            }
        case .choice, .multichoice, .rank:
            decodeOptions(reader, &pending)
            if kind == .multichoice {
                pending.definition.minSelected = reader.integer("minSelected", collector: &collector)
                pending.definition.maxSelected = reader.integer("maxSelected", collector: &collector)
                pending.nodes.selectionNodes = reader.values(for: ["minSelected", "maxSelected"])
            }
        case .date, .time, .datetime:
            pending.nodes.minimumNode = reader["min"]
            pending.nodes.maximumNode = reader["max"]
        case .file:
            decodeFileKeys(reader, &pending)
        case .note:
            if let note = readText(reader, "text", owner: owner, required: true) {
                pending.definition.text = defaultSource(note)
                pending.definition.texts.note = text(note, for: .note(field: index))
            }
        case .computed, .calculate:
            pending.nodes.valueNode = reader["value"]
            if !reader.has("value") {
                reader.reportMissing("value", context: "a \(kind.rawValue) field", collector: &collector)
            }
        case .switch, .geopoint:
            break
        }
        if kind != .text && kind != .secure { readPlaceholder(reader, &pending) }
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

    mutating func decodeTextKeys(_ reader: MappingReader, _ pending: inout PendingField) {
        readPlaceholder(reader, &pending)
        if let format = reader.text("format", collector: &collector, limits: limits) {
            if let textFormat = TextFormat(rawValue: format) {
                pending.definition.format = textFormat
            } else {
                let suggestion = Suggestions.closest(to: format, in: TextFormat.allCases.map(\.rawValue)).first
                collector.report(.unknownTextFormat(format, suggestion: suggestion), at: reader["format"]!)
            }
        }
        if let pattern = reader.text("pattern", collector: &collector, limits: limits) {
            do {
                pending.definition.pattern = try Pattern(pattern)
            } catch {
                let node = reader["pattern"]!
                collector.report(
                    .invalidPattern(pattern: pattern, reason: error.reason),
                    at: node.isBlockScalar ? node.location : node.textLocation.advanced(by: error.offset))
            }
        }
        pending.definition.minLength = reader.integer("minLength", collector: &collector)
        pending.definition.maxLength = reader.integer("maxLength", collector: &collector)
        pending.nodes.lengthNodes = reader.values(for: ["minLength", "maxLength"])
        pending.definition.multiline = reader.bool("multiline", collector: &collector) ?? false
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
            collector.report(.noOptions(kind: pending.definition.kind.rawValue), at: reader["options"]!)
        }
        var seen = SmallStringSet()
        pending.definition.options.reserveCapacity(nodes.count)
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
                option = ChoiceOption(value: value, label: label.map(defaultSource) ?? value)
                if let label {
                    option.labelText = text(
                        label,
                        for: .option(field: pending.definition.index, option: pending.definition.options.count))
                }
                visibleNode = optionReader["visible"]
                valueNode = optionReader["value"]!
            }
            guard seen.insert(option.value) else {
                collector.report(.duplicateOption(option.value), at: valueNode)
                continue
            }
            if let visibleNode {
                pending.nodes.optionVisibleNodes.append((pending.definition.options.count, visibleNode))
            }
            pending.definition.options.append(option)
        }
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
