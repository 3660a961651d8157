/// Turns a syntax tree into a `FormDefinition`, collecting every problem.
///
/// Phases: (1) structure (keys, types, ids) into `PendingField`s; (2) computed
/// fields' values, in dependency order, so their types are known; (3) every other
/// expression against the full environment; (4) cycles and literal constraints
/// (ranges, defaults). A phase's errors do not stop the next one, so a user sees
/// every problem of the file at once.
struct DefinitionDecoder {
    let limits: Limits
    let functions: [String: FunctionDefinition]
    /// Kinds of the embedder's, by name.
    let customKinds: [String: CustomFieldKind]
    var collector = DiagnosticCollector()

    var fields: [PendingField] = []
    var sections: [SectionDefinition] = []
    var sectionVisibleNodes: [Int: SyntaxNode] = [:]
    /// First declaration of each id (fields and sections share one namespace).
    var idLines: [String: Int] = [:]
    /// Cycles already reported (as sorted field indices), so each is reported once.
    var reportedCycles = Set<[Int]>()

    init(limits: Limits, functions: [String: FunctionDefinition], customKinds: [CustomFieldKind] = []) {
        self.limits = limits
        self.functions = functions
        self.customKinds = Dictionary(customKinds.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    static let formKeys = ["id", "title", "description", "version", "sections"]
    static let sectionKeys = ["id", "header", "footer", "visible", "fields"]
    static let optionKeys = ["value", "label", "visible"]
    static let ruleKeys = ["check", "message"]

    /// Usual misnamings, suggested when edit distance finds nothing.
    static let synonyms = [
        "type": "kind", "name": "id", "title": "label", "choices": "options", "values": "options", "items": "options",
        "condition": "visible", "if": "visible", "show_if": "visible", "showIf": "visible", "when": "visible",
        "regex": "pattern", "minimum": "min", "maximum": "max", "expression": "value", "compute": "value",
        "validations": "rules", "validation": "rules", "description": "help", "hint": "help",
    ]

    // MARK: Entry

    mutating func decode(_ root: SyntaxNode) -> FormDefinition? {
        guard let form = MappingReader(root, context: "the form", allowed: Self.formKeys, collector: &collector) else { return nil }
        let id = form.requiredText("id", collector: &collector, limits: limits)
        if let id, let node = form["id"] { checkIdentifier(id, node) }
        let title = form.requiredText("title", collector: &collector, limits: limits)
        let description = form.text("description", collector: &collector, limits: limits)
        let version = form.text("version", collector: &collector, limits: limits)
        if let sectionNodes = form.list("sections", collector: &collector) {
            if sectionNodes.isEmpty { collector.report(.empty(context: "the form", missing: "sections"), at: form["sections"]!) }
            for node in sectionNodes { decodeSection(node) }
        } else if !form.has("sections") {
            form.reportMissing("sections", collector: &collector)
        }
        guard fields.count <= limits.maximumFields else {
            collector.report(.tooManyFields(count: fields.count, limit: limits.maximumFields), at: form.location)
            return nil
        }

        compileComputedValues()
        let environment = makeEnvironment()
        compileConditions(environment)
        let order = checkDependencies()
        checkConstraints(environment)

        guard collector.isEmpty, let id, let title else { return nil }
        return FormDefinition(id: id, title: title, description: description, version: version, sections: sections,
                              fields: fields.map(\.definition), evaluationOrder: order, environment: environment)
    }

    // MARK: Sections

    mutating func decodeSection(_ node: SyntaxNode) {
        let index = sections.count
        guard let reader = MappingReader(node, context: "a section", allowed: Self.sectionKeys, collector: &collector) else { return }
        let id = reader.requiredText("id", collector: &collector, limits: limits) ?? "section\(index + 1)"
        if let idNode = reader["id"] { claim(id, idNode) }
        var section = SectionDefinition(id: id, index: index, location: node.location)
        section.header = reader.text("header", collector: &collector, limits: limits)
        section.footer = reader.text("footer", collector: &collector, limits: limits)
        if let visible = reader["visible"] { sectionVisibleNodes[index] = visible }
        sections.append(section)
        if let fieldNodes = reader.list("fields", collector: &collector) {
            if fieldNodes.isEmpty { collector.report(.empty(context: "section '\(id)'", missing: "fields"), at: reader["fields"]!) }
            for fieldNode in fieldNodes {
                if let field = decodeField(fieldNode, sectionIndex: index) {
                    sections[index].fieldIndices.append(field.definition.index)
                    fields.append(field)
                }
            }
        } else if !reader.has("fields") {
            reader.reportMissing("fields", context: "section '\(id)'", collector: &collector)
        }
    }

    // MARK: Ids

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    mutating func checkIdentifier(_ id: String, _ node: SyntaxNode) {
        if !Self.isIdentifier(id) { collector.report(.invalidID(id), at: node) }
    }

    /// Checks that `id` is valid and unused; records it.
    mutating func claim(_ id: String, _ node: SyntaxNode) {
        checkIdentifier(id, node)
        if let line = idLines[id] {
            collector.report(.duplicateID(id, firstLine: line), at: node)
        } else {
            idLines[id] = node.location.line
        }
    }

    // MARK: Environment

    /// Every field with its type as known after computed values were typed.
    func makeEnvironment() -> ExpressionEnvironment {
        ExpressionEnvironment(
            fields: fields.map { field in
                let definition = field.definition
                let options = definition.kind == .choice || definition.kind == .multichoice ? definition.options.map(\.value) : nil
                return FieldSignature(id: definition.id, index: definition.index, type: definition.valueType, options: options)
            },
            functions: functions, limits: limits)
    }

    /// Compiles `node`'s text (a scalar; `true`/`false` allowed) and checks its type;
    /// reports problems at their place in the file.
    mutating func compile(
        _ node: SyntaxNode, key: String, expecting expected: ValueType?, environment: ExpressionEnvironment
    ) -> CompiledExpression? {
        guard let source = node.scalarText else {
            collector.report(.wrongType(key: key, expected: "an expression in text", found: node.typeDescription), at: node)
            return nil
        }
        do {
            let compiled = try CompiledExpression(source, environment: environment)
            if let expected, compiled.type != expected,
                compiled.type == .null || compiled.type.unified(with: expected) != expected
            {
                collector.report(.resultType(context: "'\(key)'", expected: expected.description, found: compiled.type.description),
                                 at: node)
                return nil
            }
            return compiled
        } catch {
            collector.report(error.errors, in: node)
            return nil
        }
    }
}

/// A field while its definition is being decoded: the parts known so far and the
/// nodes still to compile.
struct PendingField {
    var definition: FieldDefinition
    var visibleNode: SyntaxNode?
    var valueNode: SyntaxNode?
    var requiredNode: SyntaxNode?
    var minimumNode: SyntaxNode?
    var maximumNode: SyntaxNode?
    var defaultNode: SyntaxNode?
    var optionVisibleNodes: [(index: Int, node: SyntaxNode)] = []
    var ruleNodes: [(check: SyntaxNode, message: String)] = []
    var stepNode: SyntaxNode?
    var lengthNodes: [String: SyntaxNode] = [:]
    var selectionNodes: [String: SyntaxNode] = [:]
}
