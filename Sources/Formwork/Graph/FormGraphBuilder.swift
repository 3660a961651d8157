/// Builds a `FormGraph` from a definition: a node per field (and per section or
/// repeat that an expression decides), an edge per field each expression reads.
struct FormGraphBuilder {
    let definition: FormDefinition
    var nodes: [FormGraph.Node] = []
    var clusters: [FormGraph.Cluster] = []
    var edges: [FormGraph.Edge] = []
    /// Node ids by the names expressions read (a field's id, a repeat's id).
    private var fieldNodes: [String: String] = [:]
    private var repeatNodes: [String: String] = [:]
    private var repeatIndices: [String: Int] = [:]
    /// Each node's own name (a field's id, a repeat's), by node id.
    private var nodeNames: [String: String] = [:]

    init(_ definition: FormDefinition) {
        self.definition = definition
        for field in definition.fields { fieldNodes[field.id] = field.id }
        for (index, repeatGroup) in definition.repeats.enumerated() where repeatIndices[repeatGroup.id] == nil {
            repeatIndices[repeatGroup.id] = index
        }
    }

    mutating func build() {
        for section in definition.sections {
            let cluster = "section:" + section.id
            clusters.append(FormGraph.Cluster(id: cluster, label: section.header ?? section.id, parent: nil))
            if let visible = section.visible {
                let node = addNode(
                    "section:" + section.id, kind: .section, name: section.id, label: section.header ?? section.id,
                    cluster: cluster, location: section.location)
                addEdges(.shows, from: visible, to: node)
            }
            addItems(section.items, cluster: cluster)
        }
        // Fields in no section (device metadata, inputs a program sets) where
        // expressions read them.
        let placed = Set(nodes.map(\.id))
        let unplaced = definition.fields.filter { !placed.contains($0.id) }
        if !unplaced.isEmpty {
            clusters.append(FormGraph.Cluster(id: "inputs", label: "Set from outside the form", parent: nil))
            for field in unplaced { addField(field, cluster: "inputs") }
        }
    }

    private mutating func addItems(_ items: [FormItem], cluster: String) {
        for item in items {
            switch item {
            case .field(let index): addField(definition.fields[index], cluster: cluster)
            case .repeatGroup(let index):
                let repeatDefinition = definition.repeats[index]
                let inner = "repeat:" + repeatDefinition.id
                let label = repeatDefinition.label.isEmpty ? repeatDefinition.id : repeatDefinition.label
                clusters.append(FormGraph.Cluster(id: inner, label: label, parent: cluster))
                if repeatDefinition.visible != nil || repeatDefinition.count != nil {
                    let node = repeatNode(index)
                    if let visible = repeatDefinition.visible { addEdges(.shows, from: visible, to: node) }
                    if let count = repeatDefinition.count { addEdges(.counts, from: count, to: node) }
                }
                addItems(repeatDefinition.items, cluster: inner)
            }
        }
    }

    private mutating func addField(_ field: FieldDefinition, cluster: String) {
        let kind: FormGraph.NodeKind =
            field.isInput ? .input : field.kind == .note ? .note : field.value != nil ? .calculation : .question
        let node = addNode(
            field.id, kind: kind, name: field.id, label: field.label.isEmpty ? field.id : field.label,
            cluster: cluster, location: field.location)
        if let visible = field.visible { addEdges(.shows, from: visible, to: node) }
        if case .when(let condition) = field.required { addEdges(.requires, from: condition, to: node) }
        if let value = field.value { addEdges(.computes, from: value, to: node) }
        for rule in field.trigger?.rules ?? [] {
            addEdges(.computes, from: rule.value, to: node)
            if let condition = rule.condition { addEdges(.computes, from: condition, to: node) }
        }
        // A cascade's options share a few conditions: each is drawn once.
        var seen = Set<ObjectIdentifier>()
        for option in field.options {
            if let visible = option.visible, seen.insert(visible.identity).inserted {
                addEdges(.filters, from: visible, to: node)
            }
        }
        for rule in field.rules { addEdges(.constrains, from: rule.check, to: node) }
        for bound in [field.minimum, field.maximum] {
            if case .expression(let expression)? = bound { addEdges(.constrains, from: expression, to: node) }
        }
        if case .when(let condition) = field.readOnly { addEdges(.locks, from: condition, to: node) }
    }

    /// The node of a repeat (made the first time something decides it or reads it,
    /// as `count($members)` does).
    private mutating func repeatNode(_ index: Int) -> String {
        let repeatDefinition = definition.repeats[index]
        if let node = repeatNodes[repeatDefinition.id] { return node }
        let id = "repeat:" + repeatDefinition.id
        let node = addNode(
            id, kind: .repeat, name: repeatDefinition.id,
            label: repeatDefinition.label.isEmpty ? repeatDefinition.id : repeatDefinition.label, cluster: id,
            location: repeatDefinition.location)
        repeatNodes[repeatDefinition.id] = node
        return node
    }

    private mutating func addNode(
        _ id: String, kind: FormGraph.NodeKind, name: String, label: String, cluster: String,
        location: SourceLocation
    ) -> String {
        nodes.append(
            FormGraph.Node(
                id: id, kind: kind, name: name, label: label, cluster: cluster,
                place: definition.placeName(of: location)))
        nodeNames[id] = name
        return id
    }

    /// An edge from each node `expression` reads to `node` (once each; a field's
    /// expression reading the field itself, as a rule does, draws no edge).
    private mutating func addEdges(_ relation: FormGraph.Relation, from expression: CompiledExpression, to node: String)
    {
        let written = expression.location.flatMap { definition.place(of: $0) }?.quote
        let place = expression.location.map { definition.placeName(of: $0) } ?? nil
        var seen = Set<String>()
        for reference in expression.references {
            guard let source = self.node(reading: reference), source != node, seen.insert(source).inserted else {
                continue
            }
            // As the form writes it (the XPath, the cell) when that text reads the field;
            // else as Formwork reads it: a group's condition joined with those of the
            // groups around it is written in more than one place.
            let name = nodeNames[source] ?? source
            let text = written.flatMap { Self.mentions($0, name) ? $0 : nil } ?? expression.source
            edges.append(FormGraph.Edge(from: source, to: node, relation: relation, expression: text, place: place))
        }
    }

    /// Whether `text` holds `name` as a whole name (`${age}`, `/data/age`, `$age`), not
    /// inside a longer one (`agent`).
    static func mentions(_ text: String, _ name: String) -> Bool { mention(of: name, in: text) != nil }

    /// Where `text` first holds `name` as a whole name.
    static func mention(of name: String, in text: String) -> Range<String.Index>? {
        func isNameCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
        }
        guard !name.isEmpty else { return nil }
        var searched = text[...]
        while let found = searched.range(of: name) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            if !isNameCharacter(before), !isNameCharacter(after) { return found }
            searched = text[found.upperBound...]
        }
        return nil
    }

    /// The node a reference reads: a field by its id (`age`, or `members.age` in a
    /// repeat), else a repeat (`count($members)`).
    private mutating func node(reading reference: String) -> String? {
        let name = reference.split(separator: ".").last.map(String.init) ?? reference
        if let node = fieldNodes[name] ?? repeatNodes[name] { return node }
        return repeatIndices[name].map { repeatNode($0) }
    }
}
