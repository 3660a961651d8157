/// The nodes of a field's behaviours, compiled once every field is known.
struct BehaviourNodes {
    var readOnly: SyntaxNode?
    var key: SyntaxNode?
    var trigger: SyntaxNode?
}

/// Field behaviours — `readonly`, `key`, `recalculate` — and the form's `inputs`.
extension DefinitionDecoder {
    static let inputKeys = ["id", "type", "label", "default", "device"]
    /// An input's `type`, and the kind of field that holds its value.
    static let inputTypes: [(name: String, kind: FieldKind)] = [
        ("text", .text), ("number", .number), ("boolean", .switch), ("date", .date),
    ]
    static let triggerKeys = ["on", "value", "when", "atStart"]

    /// The keys of behaviours a kind takes: `readonly` and `recalculate` where a
    /// person sets the value, `key` wherever there is a value to answer.
    static func behaviourKeys(for kind: FieldKind) -> [String] {
        if kind.isEditable { return ["readonly", "key", "recalculate"] }
        return kind.hasValue ? ["key"] : []
    }

    /// Every key a kind takes besides the common ones.
    static func keys(for kind: FieldKind) -> [String] {
        kind.specification.keys + behaviourKeys(for: kind)
    }

    /// Keeps a field's behaviour nodes for later passes.
    mutating func noteBehaviours(_ reader: MappingReader, field index: Int) {
        let nodes = BehaviourNodes(readOnly: reader["readonly"], key: reader["key"], trigger: reader["recalculate"])
        if nodes.readOnly != nil || nodes.key != nil || nodes.trigger != nil { behaviourNodes[index] = nodes }
    }

    // MARK: Inputs

    /// `inputs:` — a list of `{ id, type, label, default, device }`; each becomes a
    /// field of the form that is in no section (`device`: the device property it
    /// stands for, `deviceid`…).
    mutating func decodeInputs(_ node: SyntaxNode) {
        guard let elements = node.elements else {
            collector.report(
                .wrongType(key: "inputs", expected: "a list of inputs", found: node.typeDescription), at: node)
            return
        }
        for element in elements {
            guard
                let reader = MappingReader(
                    element, context: "an input", allowed: Self.inputKeys, collector: &collector)
            else { continue }
            let index = definitions.count
            let id = reader.requiredText("id", collector: &collector, limits: limits) ?? "input\(index + 1)"
            if let idNode = reader["id"] { claim(id, idNode) }
            guard let typeName = reader.requiredText("type", collector: &collector, limits: limits) else { continue }
            guard let kind = Self.inputTypes.first(where: { $0.name == typeName })?.kind else {
                let suggestion = Suggestions.closest(to: typeName, in: Self.inputTypes.map(\.name)).first
                collector.report(.unknownInputType(typeName, suggestion: suggestion), at: reader["type"]!)
                continue
            }
            var field = FieldDefinition(
                id: id, kind: kind, index: index, sectionIndex: 0, location: element.location,
                label: reader.text("label", collector: &collector, limits: limits) ?? id)
            field.isInput = true
            if let node = reader["device"], let name = reader.text("device", collector: &collector, limits: limits) {
                if let property = DeviceProperty(rawValue: name) {
                    field.deviceProperty = property
                } else {
                    let names = DeviceProperty.allCases.map(\.rawValue)
                    collector.report(
                        .wrongType(
                            key: "device", expected: Suggestions.quotedList(names), found: "'\(name)'"), at: node)
                }
            }
            definitions.append(field)
            fieldNodes.append(FieldNodes(defaultNode: reader["default"]))
        }
    }

    // MARK: Compiling

    /// Compiles `readonly` conditions and `recalculate` triggers against the full
    /// environment, in each field's scope.
    mutating func compileBehaviours(_ environment: ExpressionEnvironment) {
        for (index, nodes) in behaviourNodes.sorted(by: { $0.key < $1.key }) {
            let scoped = environment.inScope(definitions[index].repeatIndex)
            if let node = nodes.readOnly {
                if case .bool(let flag)? = node.scalar, !node.isQuoted {
                    definitions[index].readOnly = flag ? .always : .never
                } else if let condition = compile(node, key: "readonly", expecting: .bool, environment: scoped) {
                    definitions[index].readOnly = .when(condition)
                }
            }
            if let node = nodes.key {
                if let key = node.scalarText, !key.isEmpty, node.pairs == nil {
                    definitions[index].key = key == definitions[index].id ? nil : key
                } else {
                    collector.report(
                        .wrongType(key: "key", expected: "a name (text)", found: node.typeDescription), at: node)
                }
            }
            if let node = nodes.trigger {
                definitions[index].trigger = decodeTrigger(node, for: index, environment: scoped)
            }
        }
    }

    /// `recalculate: { on, value, when }`, or a list of such rules.
    mutating func decodeTrigger(
        _ node: SyntaxNode, for index: Int, environment: ExpressionEnvironment
    )
        -> ValueTrigger?
    {
        guard let elements = node.elements else {
            return decodeTriggerRule(node, for: index, environment: environment).map { ValueTrigger(rules: [$0]) }
        }
        guard !elements.isEmpty else {
            collector.report(
                .wrongType(key: "recalculate", expected: "a rule { on, value, when } or a list of rules", found: "[]"),
                at: node)
            return nil
        }
        let rules = elements.map { decodeTriggerRule($0, for: index, environment: environment) }
        guard rules.allSatisfy({ $0 != nil }) else { return nil }
        return ValueTrigger(rules: rules.compactMap { $0 })
    }

    /// One rule of `recalculate`: `on` (field ids, or `any`: every change), `value`, `when`,
    /// `atStart` (the rule runs when the form starts too).
    mutating func decodeTriggerRule(
        _ node: SyntaxNode, for index: Int, environment: ExpressionEnvironment
    ) -> ValueTrigger.Rule? {
        guard
            let reader = MappingReader(
                node, context: "'recalculate'", key: "recalculate", allowed: Self.triggerKeys, collector: &collector)
        else { return nil }
        guard let onNode = reader["on"] else {
            reader.reportMissing("on", collector: &collector)
            return nil
        }
        var sources: [Int] = []
        let everyChange = onNode.elements == nil && onNode.scalarText == "any"
        for element in everyChange ? [] : onNode.elements ?? [onNode] {
            guard let name = element.scalarText else {
                collector.report(
                    .wrongType(key: "on", expected: "a field id, or any", found: element.typeDescription), at: element)
                continue
            }
            if let source = triggerSource(name, element, for: index) { sources.append(source) }
        }
        guard let valueNode = reader["value"] else {
            reader.reportMissing("value", collector: &collector)
            return nil
        }
        let value = compile(
            valueNode, key: "value", expecting: definitions[index].valueType, environment: environment,
            nullAllowed: true)
        let condition = reader["when"].flatMap { compileCondition($0, key: "when", environment: environment) }
        guard let value, everyChange || !sources.isEmpty, reader["when"] == nil || condition != nil else { return nil }
        var rule = ValueTrigger.Rule(fields: sources, onEveryChange: everyChange, value: value, condition: condition)
        rule.atStart = reader.bool("atStart", collector: &collector) ?? false
        return rule
    }

    /// A field named in `on`: one that exists, that something sets, and that the
    /// field's scope sees (a field of the form, or of an entry that holds it).
    mutating func triggerSource(_ name: String, _ node: SyntaxNode, for index: Int) -> Int? {
        let id = name.hasPrefix("$") ? String(name.dropFirst()) : name
        guard let source = definitions.firstIndex(where: { $0.id == id }) else {
            // `any` (every change) is a word `on` takes too.
            let suggestion = Suggestions.closest(to: id, in: definitions.map(\.id) + ["any"]).first
            collector.report(.unknownTriggerField(id, suggestion: suggestion), at: node)
            return nil
        }
        if source == index {
            collector.report(.invalidTrigger(field: id, reason: .itself), at: node)
            return nil
        }
        // A computed field triggers when its value changes with what it reads.
        guard definitions[source].kind.isEditable || definitions[source].kind.isComputed else {
            collector.report(
                .invalidTrigger(field: id, reason: .notSettable(kind: definitions[source].kindName)), at: node)
            return nil
        }
        if let scope = definitions[source].repeatIndex,
            !(definitions[index].repeatIndex.map { repeats[$0].ancestry.contains(scope) } ?? false)
        {
            collector.report(.invalidTrigger(field: id, reason: .outsideEntries(repeat: repeats[scope].id)), at: node)
            return nil
        }
        return source
    }

    // MARK: Answer keys

    /// Checks that no object of the answers holds a name twice: the form's fields and
    /// repeats, and each repeat's entries' fields and nested repeats, by answer key.
    mutating func checkAnswerKeys() {
        guard !behaviourNodes.isEmpty else { return }
        var seen: [Int?: [String: Int]] = [:]  // by level (nil: the form), the line of each name
        for repeatDefinition in repeats {
            seen[repeatDefinition.parent, default: [:]][repeatDefinition.id] = repeatDefinition.location.line
        }
        for index in definitions.indices where definitions[index].kind.hasValue && !definitions[index].isInput {
            let level = definitions[index].repeatIndex
            let keyNode = behaviourNodes[index]?.key
            let name = definitions[index].answerKey
            let line = keyNode?.location.line ?? definitions[index].location.line
            if let first = seen[level]?[name] {
                if let keyNode {
                    collector.report(.duplicateAnswerKey(name, firstLine: first), at: keyNode)
                } else {
                    collector.report(.duplicateAnswerKey(name, firstLine: first), at: definitions[index].location)
                }
            } else {
                seen[level, default: [:]][name] = line
            }
        }
    }
}
