/// A whole form: its sections and fields, checked and compiled.
///
/// Load one with `FormDefinition.load(contentsOf:)`, `FormDefinition(yaml:)` or
/// `FormDefinition(json:)`; every problem in the file is reported at once, as a
/// `DiagnosticList`.
public struct FormDefinition: Sendable {
    public internal(set) var id: String
    public internal(set) var title: String
    public internal(set) var description: String?
    public internal(set) var version: String?
    public internal(set) var sections: [SectionDefinition]
    /// Every field in form order (sections flattened); `fields[i].index == i`.
    public internal(set) var fields: [FieldDefinition]
    /// Fields by id.
    let fieldIndex: [String: Int]
    /// Field indices in an order where every field comes after the fields its
    /// visibility, options and computed value read.
    public let evaluationOrder: [Int]
    /// The names expressions can use.
    public let environment: ExpressionEnvironment
    /// For each field, the fields whose visibility, options or computed value read it.
    let dependents: [[Int]]
    /// For each field, the fields whose `required`, `rules` or bounds read it (what is
    /// shown about them — requiredness, errors — changes with it).
    let displayReaders: [[Int]]
    /// Each field's position in `evaluationOrder`.
    let evaluationPosition: [Int]
    /// The limits the definition was loaded with; values given to a session are held
    /// to them too (`maximumStringLength`).
    public let limits: Limits

    init(
        id: String, title: String, description: String?, version: String?, sections: [SectionDefinition],
        fields: [FieldDefinition], fieldIndex: [String: Int], reads: [[Int]], evaluationOrder: [Int],
        environment: ExpressionEnvironment, limits: Limits
    ) {
        self.limits = limits
        self.id = id
        self.title = title
        self.description = description
        self.version = version
        self.sections = sections
        self.fields = fields
        self.fieldIndex = fieldIndex
        self.evaluationOrder = evaluationOrder
        self.environment = environment
        var dependents = [[Int]](repeating: [], count: fields.count)
        for (reader, fieldsRead) in reads.enumerated() { for field in fieldsRead { dependents[field].append(reader) } }
        self.dependents = dependents
        var displayReaders = [[Int]](repeating: [], count: fields.count)
        for position in fields.indices {
            var names: [String] = []
            if case .when(let condition) = fields[position].required { names += condition.references }
            for rule in fields[position].rules { names += rule.check.references }
            for bound in [fields[position].minimum, fields[position].maximum] {
                if case .expression(let expression)? = bound { names += expression.references }
            }
            guard !names.isEmpty else { continue }
            for read in Set(names.compactMap { fieldIndex[$0] }) where read != position {
                displayReaders[read].append(position)
            }
        }
        self.displayReaders = displayReaders
        var position = [Int](repeating: 0, count: fields.count)
        for (order, field) in evaluationOrder.enumerated() { position[field] = order }
        self.evaluationPosition = position
    }

    /// The fields whose value or visibility can change when `changed` fields change:
    /// those, and everything that reads them, transitively.
    func affected(by changed: Set<Int>) -> Set<Int> {
        var affected = changed
        var queue = Array(changed)
        while let field = queue.popLast() {
            for dependent in dependents[field] where affected.insert(dependent).inserted { queue.append(dependent) }
        }
        return affected
    }

    /// The field with `id`, if any.
    public func field(_ id: String) -> FieldDefinition? {
        fieldIndex[id].map { fields[$0] }
    }

    /// The section with `id`, if any.
    public func section(_ id: String) -> SectionDefinition? {
        sections.first { $0.id == id }
    }

    /// Field ids closest to a misspelt one.
    public func suggestions(for id: String) -> [String] {
        Suggestions.closest(to: id, in: fields.map(\.id) + sections.map(\.id), limit: 3)
    }
}

/// A section of a form: a header, a footer, a condition, fields.
public struct SectionDefinition: Sendable {
    public let id: String
    public let index: Int
    public let location: SourceLocation
    public internal(set) var header: String?
    public internal(set) var footer: String?
    /// When the section is shown; `nil` means always.
    public internal(set) var visible: CompiledExpression?
    /// Indices into `FormDefinition.fields`.
    public internal(set) var fieldIndices: [Int]

    public init(id: String, index: Int, location: SourceLocation, fieldIndices: [Int] = []) {
        self.id = id
        self.index = index
        self.location = location
        self.fieldIndices = fieldIndices
    }
}
