/// The nodes of a repeat still to compile once every field is known.
struct RepeatNodes {
    var count: SyntaxNode?
    var visible: SyntaxNode?
}

/// Repeating groups: a section with `repeat:`, or an item with `repeat:` and
/// `fields:` inside a section or an entry.
extension DefinitionDecoder {
    static let groupKeys = ["id", "label", "visible", "repeat", "fields"]
    static let repeatOptionKeys = ["min", "max", "start", "count", "addLabel", "entryLabel"]

    /// A section's or an entry's items, in order: fields, and groups (an item with
    /// `repeat:`). `owner` is the repeat whose template they are, if any.
    mutating func decodeItems(_ nodes: [SyntaxNode], sectionIndex: Int, owner: Int?) -> [FormItem] {
        var items: [FormItem] = []
        for node in nodes {
            var repeatKey: SyntaxNode?
            var kind: SyntaxNode?
            var hasFields = false
            for (key, value) in node.pairs ?? [] {
                switch key.scalarText {
                case "repeat": repeatKey = key
                case "kind": kind = value
                case "fields": hasFields = true
                default: break
                }
            }
            // A field with `repeat` (say `repeat: false`): the key does not apply to it.
            if let repeatKey, let kind, !hasFields {
                collector.report(.keyNotApplicable(key: "repeat", kind: kind.scalarText ?? "this"), at: repeatKey)
                continue
            }
            if repeatKey != nil {
                if let group = decodeRepeatGroup(node, sectionIndex: sectionIndex, parent: owner) {
                    items.append(.repeatGroup(group))
                }
                continue
            }
            guard var field = decodeField(node, sectionIndex: sectionIndex) else { continue }
            field.definition.repeatIndex = owner
            items.append(.field(field.definition.index))
            if let owner { repeats[owner].fieldIndices.append(field.definition.index) }
            definitions.append(field.definition)
            fieldNodes.append(field.nodes)
        }
        return items
    }

    /// A group item: `{ id, label, repeat: {…}, fields: […] }`.
    mutating func decodeRepeatGroup(_ node: SyntaxNode, sectionIndex: Int, parent: Int?) -> Int? {
        guard
            let reader = MappingReader(
                node, context: "a repeating group", allowed: Self.groupKeys, collector: &collector)
        else { return nil }
        let id = reader.requiredText("id", collector: &collector, limits: limits) ?? "group\(repeats.count + 1)"
        if let idNode = reader["id"] { claim(id, idNode) }
        let label = readText(reader, "label", owner: "group '\(id)'", required: true)
        let index = beginRepeat(
            id: id, label: label.map { defaultSource($0) } ?? id, node: node, options: reader["repeat"]!,
            sectionIndex: sectionIndex, parent: parent)
        if let label { repeats[index].labelText = text(label, for: .repeatLabel(index)) }
        repeatNodes[index].visible = reader["visible"]
        if let items = reader.list("fields", collector: &collector) {
            if items.isEmpty {
                collector.report(.empty(context: "group '\(id)'", missing: "fields"), at: reader["fields"]!)
            }
            repeats[index].items = decodeItems(items, sectionIndex: sectionIndex, owner: index)
        } else if !reader.has("fields") {
            reader.reportMissing("fields", context: "group '\(id)'", collector: &collector)
        }
        return index
    }

    /// Records a repeat and reads its options (`min`, `max`, `count`, `addLabel`,
    /// `entryLabel`); returns its index.
    mutating func beginRepeat(
        id: String, label: String, node: SyntaxNode, options: SyntaxNode, sectionIndex: Int,
        parent: Int?
    ) -> Int {
        let index = repeats.count
        let ancestry = (parent.map { repeats[$0].ancestry } ?? []) + [index]
        var definition = RepeatDefinition(
            id: id, index: index, location: node.location, sectionIndex: sectionIndex, parent: parent,
            ancestry: ancestry,
            label: label, maximum: limits.maximumEntries)
        var nodes = RepeatNodes()
        if ancestry.count > limits.maximumRepeatDepth {
            collector.report(.repeatTooDeep(limit: limits.maximumRepeatDepth), at: node)
        }
        if case .bool(true)? = options.scalar, !options.isQuoted {
            // `repeat: true`: a repeat with no options.
        } else if options.scalar == .null, !options.isQuoted {
            // `repeat:` with nothing: the same.
        } else if let reader = MappingReader(
            options, context: "'repeat'", allowed: Self.repeatOptionKeys, collector: &collector)
        {
            let minimum = entryCount("min", reader)
            let maximum = entryCount("max", reader)
            if let minimum, minimum < 0 {
                collector.report(.notPositive(key: "min", value: "\(minimum)", allowZero: true), at: reader["min"]!)
            }
            if let maximum, maximum < 1 {
                collector.report(.notPositive(key: "max", value: "\(maximum)", allowZero: false), at: reader["max"]!)
            }
            if let minimum, let maximum, minimum > maximum {
                collector.report(
                    .rangeInverted(lowerKey: "min", lower: "\(minimum)", upperKey: "max", upper: "\(maximum)"),
                    at: reader["min"]!)
            }
            definition.minimum = max(0, minimum ?? 0)
            definition.maximum = min(max(1, maximum ?? limits.maximumEntries), limits.maximumEntries)
            definition.start = startCount(reader, minimum: definition.minimum, maximum: definition.maximum)
            nodes.count = reader["count"]
            repeats.append(definition)
            repeatNodes.append(nodes)
            if let addLabel = readText(reader, "addLabel", owner: "group '\(id)'") {
                repeats[index].addLabel = defaultSource(addLabel)
                repeats[index].addLabelText = text(addLabel, for: .addLabel(index))
            }
            if let entryLabel = readText(reader, "entryLabel", owner: "group '\(id)'") {
                // Compiled with the others even when constant: it is the entry's title.
                pendingTexts.append((.entryLabel(index), entryLabel))
                repeats[index].entryLabel = FormText(defaultSource(entryLabel))
            }
            return index
        }
        repeats.append(definition)
        repeatNodes.append(nodes)
        return index
    }

    /// `start`: how many entries a new group begins with, from `min` to `max`, and
    /// not beside `count` (`min` when not given).
    mutating func startCount(_ reader: MappingReader, minimum: Int, maximum: Int) -> Int {
        guard let start = entryCount("start", reader), let node = reader["start"] else { return minimum }
        if start < 0 {
            collector.report(.notPositive(key: "start", value: "\(start)", allowZero: true), at: node)
        } else if reader["count"] != nil {
            collector.report(
                .keysExclusive(key: "start", other: "count", reason: "the count decides how many entries there are"),
                at: node)
        } else if start < minimum {
            collector.report(
                .rangeInverted(lowerKey: "min", lower: "\(minimum)", upperKey: "start", upper: "\(start)"), at: node)
        } else if start > maximum {
            collector.report(
                .rangeInverted(lowerKey: "start", lower: "\(start)", upperKey: "max", upper: "\(maximum)"), at: node)
        } else {
            return start
        }
        return minimum
    }

    /// `min`, `max` or `start`: a whole number within `Limits.maximumEntries`.
    mutating func entryCount(_ key: String, _ reader: MappingReader) -> Int? {
        guard let node = reader[key], let number = reader.number(key, collector: &collector) else { return nil }
        guard number == number.rounded() else {
            collector.report(.wrongType(key: key, expected: "a whole number", found: JSONText.format(number)), at: node)
            return nil
        }
        guard number <= Double(limits.maximumEntries) else {
            collector.report(.tooManyEntries(Int(min(number, 1e15)), limit: limits.maximumEntries), at: node)
            return nil
        }
        return Int(number)
    }

    /// Compiles each repeat's `count` and `visible` (in the scope that holds its
    /// entries) and `entryLabel` (in an entry's scope).
    mutating func compileRepeats(_ environment: ExpressionEnvironment) {
        for index in repeats.indices {
            let outside = environment.inScope(repeats[index].parent)
            if let node = repeatNodes[index].count {
                if case .number(let number, _)? = node.scalar {
                    repeats[index].count = compile(node, key: "count", expecting: .number, environment: outside)
                    if number != number.rounded() {
                        collector.report(
                            .wrongType(key: "count", expected: "a whole number", found: JSONText.format(number)),
                            at: node)
                    } else if number < 0 || number > Double(limits.maximumEntries) {
                        collector.report(
                            .tooManyEntries(Int(max(-1e15, min(number, 1e15))), limit: limits.maximumEntries),
                            at: node)
                    }
                } else {
                    repeats[index].count = compile(node, key: "count", expecting: .number, environment: outside)
                }
            }
            if let node = repeatNodes[index].visible {
                repeats[index].visible = compileCondition(node, key: "visible", environment: outside)
            }
        }
    }

}
