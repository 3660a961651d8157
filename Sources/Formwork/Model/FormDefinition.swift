/// A whole form: its sections and fields, checked and compiled.
///
/// Load one with `FormDefinition.load(contentsOf:)`, `FormDefinition(yaml:)` or
/// `FormDefinition(json:)`; every problem in the file is reported at once, as a
/// `DiagnosticList`.
public struct FormDefinition: Sendable {
    /// The form's id (`id:`).
    public internal(set) var id: String
    /// The title as written (in the default language); `titleText` holds every language.
    public internal(set) var title: String
    /// The description as written (in the default language), if any.
    public internal(set) var description: String?
    /// The form's version (`version:`), free text, if any.
    public internal(set) var version: String?
    /// The title and description per language, with their expressions.
    public internal(set) var titleText: FormText
    /// The description per language, with its expressions, if any.
    public internal(set) var descriptionText: FormText?
    /// The languages the form is written in (empty: one, unnamed), in the order declared.
    public internal(set) var languages: [FormLanguage] = []
    /// The language shown unless another is chosen, and the one a missing text falls
    /// back to; `nil` when the form declares no languages.
    public internal(set) var defaultLanguage: String?
    /// What `formwork check` warns about (texts missing in a declared language): the
    /// form works, falling back to the default language.
    public internal(set) var warnings: [Diagnostic] = []
    /// Whether expressions read a hidden question's answer (`hiddenAnswers: kept`, as
    /// SurveyJS does until a survey is completed) or read it as unanswered (`blank`,
    /// the default, as ODK does). Hidden answers are submitted only where the
    /// submission layout keeps them (`SubmissionLayout.hiddenAnswers`).
    public internal(set) var hiddenAnswers = HiddenAnswers.cleared
    /// Whether an answer is cleared as its question is hidden (`hiddenAnswers: erased`,
    /// as SurveyJS's `clearInvisibleValues: onHidden`): read as unanswered while hidden,
    /// as with `blank`, and empty when the question is shown again. The clearing is part
    /// of the change that hid the question (one undo step puts both back).
    public internal(set) var erasesHiddenAnswers = false
    /// When fields take their `default` (`defaults: start | whenShown`): as the form
    /// starts, or again as an empty answer's section is shown (SurveyJS).
    public internal(set) var defaults = DefaultsTiming.start
    /// The form's fields (outside repeats) that take a default again as they are
    /// shown, under `defaults: whenShown`: those with a `default` or a `recalculate`
    /// rule that runs at the start, and an answer a person can clear.
    var defaultsWhenShown: [Int] = []
    /// How `string()`, `concat()`, `join()` and a label's `{…}` write a number
    /// (`numbersInText: plain | java`): Formwork's way by default, JavaRosa's for an
    /// imported ODK form.
    public internal(set) var numbersInText = NumbersInText.plain
    /// The data tables (`data:`) expressions read with `lookup()`, by name.
    public internal(set) var data: [String: DataTable] = [:]
    /// How filled forms are written as another engine's answers (an imported ODK
    /// form's XForm instance, a SurveyJS survey's data), if the definition says.
    public internal(set) var submission: SubmissionLayout?
    /// The format the form's answers are written in by default, and read in first:
    /// its submission layout's (`nil`: Formwork's own answers).
    public var answerFormat: (any AnswerFormat)? { submission?.format }
    /// The sections, in form order.
    public internal(set) var sections: [SectionDefinition]
    /// Every field in form order (sections flattened); `fields[i].index == i`.
    public internal(set) var fields: [FieldDefinition]
    /// Fields by id.
    let fieldIndex: [String: Int]
    /// The repeating groups, outermost before the ones nested in them.
    public internal(set) var repeats: [RepeatDefinition]
    /// Repeats by id.
    let repeatIndex: [String: Int]
    /// Field indices in an order where every field comes after the fields its
    /// visibility, options and computed value read.
    public let evaluationOrder: [Int]
    /// The names expressions can use.
    public let environment: ExpressionEnvironment
    /// For each node of the dependency graph — each field, then each repeat's entries
    /// (`fields.count + r`) — the fields whose visibility, options or computed value
    /// read it, and the repeats whose `count` does.
    let dependents: [[Int]]
    /// For each node, the fields whose `required`, `rules` or bounds read it (what is
    /// shown about them — requiredness, errors — changes with it).
    let displayReaders: [[Int]]
    /// For each field in a repeat, the fields it reads in every entry of one of its
    /// own repeats (`DependencyGraph.readsAcrossEntries`).
    let readsAcrossEntries: [Set<Int>]
    /// Each field's position in `evaluationOrder`.
    let evaluationPosition: [Int]
    /// The limits the definition was loaded with; values given to a session are held
    /// to them too (`maximumStringLength`).
    public let limits: Limits
    /// The sections whose header or footer reads answers (rendered again at each reload).
    let sectionsReadingAnswers: Set<Int>
    /// Triggers, inputs and answer keys (`FieldDefinition+Behaviours.swift`).
    let behaviours: FormBehaviours
    /// For an imported form, where its definition's lines came from (`place(of:)`).
    var sourcePlaces: SourcePlaces?

    init(
        id: String, title: String, description: String?, version: String?, sections: [SectionDefinition],
        fields: [FieldDefinition], fieldIndex: [String: Int], repeats: [RepeatDefinition], graph: DependencyGraph,
        evaluationOrder: [Int], environment: ExpressionEnvironment, limits: Limits
    ) {
        self.limits = limits
        self.behaviours = FormBehaviours(fields: fields)
        self.id = id
        self.title = title
        self.titleText = FormText(title)
        self.sectionsReadingAnswers = Set(
            sections.indices.filter {
                sections[$0].headerText?.isConstant == false || sections[$0].footerText?.isConstant == false
            })
        self.description = description
        self.version = version
        self.sections = sections
        self.fields = fields
        self.fieldIndex = fieldIndex
        self.repeats = repeats
        self.repeatIndex = Dictionary(repeats.map { ($0.id, $0.index) }, uniquingKeysWith: { first, _ in first })
        self.evaluationOrder = evaluationOrder
        self.environment = environment
        let nodeCount = fields.count + repeats.count
        var dependents = [[Int]](repeating: [], count: nodeCount)
        for (reader, nodesRead) in graph.reads.enumerated() {
            for node in nodesRead { dependents[node].append(reader) }
        }
        for (reader, nodesRead) in graph.visibilityReads.enumerated() {
            for node in nodesRead where !dependents[node].contains(reader) { dependents[node].append(reader) }
        }
        self.dependents = dependents
        self.readsAcrossEntries = graph.readsAcrossEntries
        var displayReaders = [[Int]](repeating: [], count: nodeCount)
        for (reader, nodesRead) in graph.displayReads.enumerated() {
            for node in Set(nodesRead) { displayReaders[node].append(reader) }
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

    /// The repeat with `id`, if any.
    public func repeatGroup(_ id: String) -> RepeatDefinition? {
        repeatIndex[id].map { repeats[$0] }
    }

    /// Field ids closest to a misspelt one.
    public func suggestions(for id: String) -> [String] {
        Suggestions.closest(to: id, in: fields.map(\.id) + sections.map(\.id) + repeats.map(\.id), limit: 3)
    }
}

/// A section of a form: a header, a footer, a condition, fields.
public struct SectionDefinition: Sendable {
    /// The section's id, unique in the form.
    public let id: String
    /// The section's position in `FormDefinition.sections`.
    public let index: Int
    /// Where the section is declared.
    public let location: SourceLocation
    /// The header as written (in the default language), if any.
    public internal(set) var header: String?
    /// The footer as written (in the default language), if any.
    public internal(set) var footer: String?
    /// The header and footer per language, with their expressions.
    public internal(set) var headerText: FormText?
    /// The footer per language, with its expressions.
    public internal(set) var footerText: FormText?
    /// When the section is shown; `nil` means always.
    public internal(set) var visible: CompiledExpression?
    /// The fields and repeating groups, in form order.
    public internal(set) var items: [FormItem] = []
    /// The repeat the section is, when it repeats (`repeat:` on the section).
    public internal(set) var repeatIndex: Int?
    /// Whether guided filling asks the section as one page (`page: true`, ODK's
    /// `field-list`): its visible fields shown together, then asked in turn; each
    /// entry of a repeating section is a page of its own.
    public internal(set) var page = false

    /// A section with its items; the loader sets the rest.
    init(id: String, index: Int, location: SourceLocation, items: [FormItem] = []) {
        self.id = id
        self.index = index
        self.location = location
        self.items = items
    }

    /// The fields directly in the section (not in its repeats), in order.
    public var fieldIndices: [Int] {
        items.compactMap { item in
            if case .field(let index) = item { return index }
            return nil
        }
    }
}
