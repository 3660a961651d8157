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
    /// The answer formats a `submission:` layout may name.
    let formats: FormatRegistry
    /// Kinds of the embedder's, by name.
    let customKinds: [String: CustomFieldKind]
    var collector = DiagnosticCollector()

    /// The fields decoded so far, in form order, and their nodes still to compile.
    var definitions: [FieldDefinition] = []
    var fieldNodes: [FieldNodes] = []
    var sections: [SectionDefinition] = []
    var sectionVisibleNodes: [Int: SyntaxNode] = [:]
    /// The repeating groups decoded so far, and their nodes still to compile.
    var repeats: [RepeatDefinition] = []
    var repeatNodes: [RepeatNodes] = []
    /// First declaration of each id (fields and sections share one namespace).
    var idLines: [String: Int] = [:]
    /// Cycles already reported (as sorted field indices), so each is reported once.
    var reportedCycles = Set<[Int]>()
    /// The form's languages (`languages:`), its default, and the warnings (texts
    /// missing in a language).
    var languages: [FormLanguage] = []
    /// The codes of `languages`.
    var languageCodes: Set<String> = []
    var defaultLanguage: String?
    var warnings: [Diagnostic] = []
    /// Texts with expressions or languages, compiled once the environment is known.
    var pendingTexts: [(TextTarget, PendingText)] = []
    var titleText: FormText?
    var descriptionText: FormText?
    /// Fields' `readonly`, `key` and `recalculate` nodes, by field index.
    var behaviourNodes: [Int: BehaviourNodes] = [:]
    /// The data tables (`data:`) by name.
    var tables: [String: DataTable] = [:]
    /// `submission.groups`, compiled once the environment is known.
    var submissionGroupNodes: [(repeatIndex: Int?, path: String, visible: SyntaxNode?)] = []
    /// `submission: { kept: [{ id, while }] }`: each condition, compiled once fields are known.
    /// The conditions of `submission`'s `kept` and `dropped` entries, by key.
    var hiddenListConditionNodes: [String: [(id: String, condition: SyntaxNode)]] = [:]
    /// Option lists decoded whole (no problem found, no text left to compile, no
    /// option condition), by their first option's node: the selects of a form over one
    /// list (258 of the WHO verbal autopsy form's 360 offer yes, no and don't know)
    /// share its decoding when their options are written alike.
    var decodedOptionLists: [String: [(nodes: [SyntaxNode], options: [ChoiceOption])]] = [:]

    init(
        limits: Limits, functions: [String: FunctionDefinition], customKinds: [CustomFieldKind] = [],
        formats: FormatRegistry = .formwork
    ) {
        self.limits = limits
        self.functions = functions
        self.formats = formats
        self.customKinds = Dictionary(customKinds.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    static let formKeys = [
        "id", "title", "description", "version", "languages", "defaultLanguage", "sections", "inputs", "submission",
        "hiddenAnswers", "numbersInText", "defaults", "data",
    ]
    static let sectionKeys = ["id", "header", "footer", "visible", "page", "fields", "repeat"]
    static let optionKeys = ["value", "label", "visible", "exclusive"]
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
        guard let form = MappingReader(root, context: "the form", allowed: Self.formKeys, collector: &collector) else {
            return nil
        }
        let id = form.requiredText("id", collector: &collector, limits: limits)
        if let id, let node = form["id"] { checkIdentifier(id, node) }
        decodeLanguages(form)
        if let data = form["data"] { decodeData(data) }
        let titleSource = readText(form, "title", owner: "the form", required: true)
        let title = titleSource.map(defaultSource)
        if let titleSource { titleText = text(titleSource, for: .title) }
        let descriptionSource = readText(form, "description", owner: "the form")
        let description = descriptionSource.map(defaultSource)
        if let descriptionSource { descriptionText = text(descriptionSource, for: .description) }
        let version = form.text("version", collector: &collector, limits: limits)
        // Inputs are decoded in file order with the sections, so a duplicate id is
        // reported at the later one.
        let inputsFirst = form.keys.firstIndex(of: "inputs").map { $0 < (form.keys.firstIndex(of: "sections") ?? 0) }
        if inputsFirst == true, let inputs = form["inputs"] { decodeInputs(inputs) }
        if let sectionNodes = form.list("sections", collector: &collector) {
            if sectionNodes.isEmpty {
                collector.report(.empty(context: "the form", missing: "sections"), at: form["sections"]!)
            }
            let expectedFields = sectionNodes.reduce(0) {
                $0 + ($1.pairs?.first { $0.key.scalarText == "fields" }?.value.elements?.count ?? 0)
            }
            definitions.reserveCapacity(min(expectedFields, limits.maximumFields))
            fieldNodes.reserveCapacity(min(expectedFields, limits.maximumFields))
            for node in sectionNodes { decodeSection(node) }
        } else if !form.has("sections") {
            form.reportMissing("sections", collector: &collector)
        }
        if inputsFirst == false, let inputs = form["inputs"] { decodeInputs(inputs) }
        var submission = form["submission"].flatMap { decodeSubmission($0, formID: id) }
        // `erased`: read as `blank`, and cleared as the question is hidden.
        let erasesHiddenAnswers = form["hiddenAnswers"]?.scalarText == "erased"
        let hiddenAnswers =
            erasesHiddenAnswers ? .cleared : decodeHiddenAnswers(form, key: "hiddenAnswers", clearedWord: "blank")
        let numbersInText = decodeNumbersInText(form)
        let defaults = decodeDefaultsTiming(form)
        guard definitions.count <= limits.maximumFields else {
            collector.report(.tooManyFields(count: definitions.count, limit: limits.maximumFields), at: form.location)
            return nil
        }

        compileComputedValues()
        let environment = makeEnvironment()
        compileConditions(environment)
        compileBehaviours(environment)
        compileRepeats(environment)
        compileTexts(environment)
        submission?.groups = compileSubmissionGroups(environment)
        submission?.keptWhile = compileHiddenListConditions("kept", environment)
        submission?.droppedWhile = compileHiddenListConditions("dropped", environment)
        let fieldIndex = environment.fields.mapValues(\.index)
        let graph = DependencyGraph(
            fields: definitions, sections: sections, repeats: repeats, environment: environment,
            keepsHiddenAnswers: hiddenAnswers == .kept)
        let order = checkDependencies(graph)
        checkConstraints(environment)
        checkAnswerKeys()

        guard collector.isEmpty, let id, let title else { return nil }
        var definition = FormDefinition(
            id: id, title: title, description: description, version: version, sections: sections,
            fields: definitions, fieldIndex: fieldIndex, repeats: repeats, graph: graph, evaluationOrder: order,
            environment: environment, limits: limits)
        definition.titleText = titleText ?? FormText(title)
        definition.descriptionText = descriptionText ?? description.map(FormText.init)
        definition.languages = languages
        definition.defaultLanguage = defaultLanguage
        definition.warnings = warnings
        definition.submission = submission
        definition.hiddenAnswers = hiddenAnswers
        definition.erasesHiddenAnswers = erasesHiddenAnswers
        definition.numbersInText = numbersInText
        definition.defaults = defaults
        if defaults == .whenShown {
            definition.defaultsWhenShown = definitions.indices.filter { index in
                let field = definitions[index]
                return field.repeatIndex == nil && !field.isInput && field.kind.isEditable && field.kind != .switch
                    && (field.defaultValue != nil || field.trigger?.runsAtStart == true)
            }
        }
        definition.data = tables
        return definition
    }

    // MARK: Sections

    mutating func decodeSection(_ node: SyntaxNode) {
        let index = sections.count
        guard let reader = MappingReader(node, context: "a section", allowed: Self.sectionKeys, collector: &collector)
        else { return }
        let id = reader.requiredText("id", collector: &collector, limits: limits) ?? "section\(index + 1)"
        if let idNode = reader["id"] { claim(id, idNode) }
        var section = SectionDefinition(id: id, index: index, location: node.location)
        let header = readText(reader, "header", owner: "section '\(id)'")
        if let header {
            section.header = defaultSource(header)
            section.headerText = text(header, for: .header(section: index))
        }
        if let footer = readText(reader, "footer", owner: "section '\(id)'") {
            section.footer = defaultSource(footer)
            section.footerText = text(footer, for: .footer(section: index))
        }
        if let visible = reader["visible"] { sectionVisibleNodes[index] = visible }
        section.page = reader.bool("page", collector: &collector) ?? false
        sections.append(section)
        // A repeating section: its fields are the template of each entry, and its id
        // names the repeat.
        var owner: Int?
        if let options = reader["repeat"] {
            let repeatIndex = beginRepeat(
                id: id, label: section.header ?? id, node: node, options: options,
                sectionIndex: index, parent: nil)
            repeats[repeatIndex].labelText = section.headerText ?? FormText(id)
            if let header, !header.isConstant {
                pendingTexts.append((.repeatLabel(repeatIndex), header))
            }
            sections[index].items = [.repeatGroup(repeatIndex)]
            sections[index].repeatIndex = repeatIndex
            owner = repeatIndex
        }
        if let items = reader.list("fields", collector: &collector) {
            if items.isEmpty {
                collector.report(.empty(context: "section '\(id)'", missing: "fields"), at: reader["fields"]!)
            }
            let decoded = decodeItems(items, sectionIndex: index, owner: owner)
            if let owner {
                repeats[owner].items = decoded
            } else {
                sections[index].items = decoded
            }
        } else if !reader.has("fields") {
            reader.reportMissing("fields", context: "section '\(id)'", collector: &collector)
        }
    }

    // MARK: Ids

    mutating func checkIdentifier(_ id: String, _ node: SyntaxNode) {
        if !ExpressionText.isIdentifier(id) { collector.report(.invalidID(id), at: node) }
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
            fields: definitions.indices.map { position in
                let options =
                    definitions[position].kind.specification.optionsAreReadByExpressions
                    ? definitions[position].options.map(\.value) : nil
                return FieldSignature(
                    id: definitions[position].id, index: position, type: definitions[position].valueType,
                    options: options, scope: definitions[position].repeatIndex)
            },
            repeats: repeats.map { RepeatSignature(id: $0.id, index: $0.index, ancestry: $0.ancestry) },
            functions: functions, limits: limits, tables: tables)
    }

    /// Compiles `node`'s text (a scalar; `true`/`false` allowed) and checks its type
    /// (`null` only where `nullAllowed`: a value rule may clear its field); reports
    /// problems at their place in the file.
    mutating func compile(
        _ node: SyntaxNode, key: String, expecting expected: ValueType?, environment: ExpressionEnvironment,
        nullAllowed: Bool = false
    ) -> CompiledExpression? {
        guard let source = node.scalarText else {
            collector.report(
                .wrongType(key: key, expected: "an expression in text", found: node.typeDescription), at: node)
            return nil
        }
        do {
            var environment = environment
            environment.site = "\(node.location.line):\(node.location.column)"
            let compiled = try CompiledExpression(source, environment: environment, location: node.location)
            if let expected, compiled.type != expected, !(nullAllowed && compiled.type == .null),
                compiled.type == .null || compiled.type.unified(with: expected) != expected
            {
                collector.report(
                    .resultType(context: "'\(key)'", expected: expected.description, found: compiled.type.description),
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
    var nodes = FieldNodes()
}

/// The nodes of a field still to compile or check once every field is known. Kept
/// apart from the (large) definitions so later passes copy neither.
struct FieldNodes {
    var visibleNode: SyntaxNode?
    var valueNode: SyntaxNode?
    var requiredNode: SyntaxNode?
    var requiredMessage: PendingText?
    var minimumNode: SyntaxNode?
    var maximumNode: SyntaxNode?
    var defaultNode: SyntaxNode?
    var optionVisibleNodes: [(index: Int, node: SyntaxNode)] = []
    var ruleNodes: [(check: SyntaxNode, message: PendingText)] = []
    var stepNode: SyntaxNode?
    var lengthNodes: [String: SyntaxNode] = [:]
    var selectionNodes: [String: SyntaxNode] = [:]
}
