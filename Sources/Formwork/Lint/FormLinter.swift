/// Runs the lint rules over one definition (see `FormLint`): first what can never be
/// shown, to a fixed point, then each rule over what can.
struct FormLinter {
    typealias Goal = ConditionSolver.Goal

    let definition: FormDefinition
    let space: ConditionSpace
    let solver: ConditionSolver
    var findings: [LintFinding] = []
    /// Sections, repeats and fields proven never shown.
    var hiddenSections = Set<Int>()
    var hiddenRepeats = Set<Int>()
    var hiddenFields: Set<Int> { solver.neverShown }

    init(_ definition: FormDefinition, today: LocalDate) {
        self.definition = definition
        space = ConditionSpace(definition, today: today)
        solver = ConditionSolver(space: space)
    }

    /// The ids of what was proven never shown.
    var neverShownIDs: Set<String> {
        Set(hiddenFields.map { definition.fields[$0].id })
            .union(hiddenSections.map { definition.sections[$0].id })
            .union(hiddenRepeats.map { definition.repeats[$0].id })
    }

    mutating func run() {
        findNeverShown()
        for field in definition.fields where !hiddenFields.contains(field.index) {
            lintConditions(of: field)
            lintRules(of: field)
            lintOptions(of: field)
            lintBounds(of: field)
            lintReads(of: field)
        }
        lintRepeatBounds()
        lintTranslations()
        findings.sort { ($0.order, $0.severity) < ($1.order, $1.severity) }
    }

    // MARK: Where things are shown

    /// A condition and the scope it is read in.
    struct Condition {
        let expression: CompiledExpression
        let scope: Int?
    }

    /// What must hold for a field to be shown: its condition, its section's, and those
    /// of the repeats it is in (with their sections').
    func conditions(ofField index: Int) -> [Condition] {
        let field = definition.fields[index]
        var all: [Condition] = []
        if let visible = field.visible { all.append(Condition(expression: visible, scope: field.repeatIndex)) }
        all += conditions(ofSection: field.sectionIndex)
        if let repeatIndex = field.repeatIndex { all += conditions(ofRepeat: repeatIndex) }
        return all
    }

    func conditions(ofSection index: Int) -> [Condition] {
        definition.sections[index].visible.map { [Condition(expression: $0, scope: nil)] } ?? []
    }

    func conditions(ofRepeat index: Int) -> [Condition] {
        let repeatDefinition = definition.repeats[index]
        var all: [Condition] = []
        if let visible = repeatDefinition.visible {
            all.append(Condition(expression: visible, scope: repeatDefinition.parent))
        }
        all += conditions(ofSection: repeatDefinition.sectionIndex)
        if let parent = repeatDefinition.parent { all += conditions(ofRepeat: parent) }
        return all
    }

    /// Goals that the conditions hold.
    func goals(_ conditions: [Condition], holds: Bool = true) -> [Goal] {
        conditions.flatMap { condition in
            space.conjuncts(of: condition.expression, scope: condition.scope).map { Goal(conjunct: $0, holds: holds) }
        }
    }

    /// Proves sections, repeats and fields never shown, again while a proof makes
    /// another possible (what reads a field never shown reads it empty).
    private mutating func findNeverShown() {
        var reasons = NeverShownReasons()
        for _ in 0..<6 {
            var changed = false
            for section in definition.sections where !hiddenSections.contains(section.index) {
                let conditions = conditions(ofSection: section.index)
                guard !conditions.isEmpty else { continue }
                let outcome = solver.solve(goals(conditions))
                guard case .impossible = outcome else { continue }
                hiddenSections.insert(section.index)
                reasons.sections[section.index] = outcome
                changed = true
            }
            for repeatDefinition in definition.repeats where !hiddenRepeats.contains(repeatDefinition.index) {
                let conditions = conditions(ofRepeat: repeatDefinition.index)
                guard !conditions.isEmpty else { continue }
                let outcome = solver.solve(goals(conditions))
                guard case .impossible = outcome else { continue }
                hiddenRepeats.insert(repeatDefinition.index)
                reasons.repeats[repeatDefinition.index] = outcome
                changed = true
            }
            for field in definition.fields where !hiddenFields.contains(field.index) {
                let conditions = conditions(ofField: field.index)
                guard !conditions.isEmpty else { continue }
                let outcome = solver.solve(goals(conditions))
                guard case .impossible = outcome else { continue }
                solver.neverShown.insert(field.index)
                reasons.fields[field.index] = outcome
                changed = true
            }
            if !changed { break }
        }
        reportNeverShown(reasons)
    }

    /// The proofs that sections, repeats and fields are never shown, by index.
    struct NeverShownReasons {
        var sections: [Int: ConditionSolver.Outcome] = [:]
        var repeats: [Int: ConditionSolver.Outcome] = [:]
        var fields: [Int: ConditionSolver.Outcome] = [:]
    }

    /// One finding per outermost thing never shown: a section, else a repeat, else a field.
    private mutating func reportNeverShown(_ reasons: NeverShownReasons) {
        for (index, outcome) in reasons.sections.sorted(by: { $0.key < $1.key }) {
            let section = definition.sections[index]
            add(
                .neverShown, subject: section.id,
                "section '\(section.id)'\(Self.titled(section.header)) can never be shown", at: section.visible,
                or: section.location, evidence: evidence(outcome), order: firstField(in: section.items))
        }
        for (index, outcome) in reasons.repeats.sorted(by: { $0.key < $1.key }) {
            let repeatDefinition = definition.repeats[index]
            if hiddenSections.contains(repeatDefinition.sectionIndex)
                || repeatDefinition.ancestry.dropLast().contains(where: hiddenRepeats.contains)
            {
                continue
            }
            add(
                .neverShown, subject: repeatDefinition.id,
                "repeat '\(repeatDefinition.id)'\(Self.titled(repeatDefinition.label)) can never be shown",
                at: repeatDefinition.visible, or: repeatDefinition.location, evidence: evidence(outcome),
                order: firstField(in: repeatDefinition.items))
        }
        for (index, outcome) in reasons.fields.sorted(by: { $0.key < $1.key }) {
            let field = definition.fields[index]
            if hiddenSections.contains(field.sectionIndex) { continue }
            if let repeatIndex = field.repeatIndex,
                definition.repeats[repeatIndex].ancestry.contains(where: hiddenRepeats.contains)
            {
                continue
            }
            // A condition that reads nothing (`false`) hides a field on purpose: one set
            // by a program or a trigger, or kept for later.
            if case .impossible(let tried, _) = outcome, tried.isEmpty { continue }
            let required = if case .never = field.required { "" } else { " (it is required where shown)" }
            add(
                .neverShown, subject: field.id,
                "\(describe(field)) can never be shown\(required)", at: field.visible, or: field.location,
                evidence: evidence(outcome), order: index)
        }
    }

    private func firstField(in items: [FormItem]) -> Int {
        for item in items {
            switch item {
            case .field(let index): return index
            case .repeatGroup(let index):
                let first = firstField(in: definition.repeats[index].items)
                if first < Int.max { return first }
            }
        }
        return Int.max
    }

    // MARK: Findings

    /// Adds a finding at `expression`'s place, else at `location`.
    mutating func add(
        _ rule: LintRule, subject: String, _ message: String, at expression: CompiledExpression?,
        or location: SourceLocation, evidence: [String] = [], order: Int
    ) {
        let place = (expression?.location).map(definition.placeName(of:)) ?? definition.placeName(of: location)
        var finding = LintFinding(rule: rule, subject: subject, message: message, place: place, evidence: evidence)
        finding.order = order
        findings.append(finding)
    }

    /// `question 'age' ("How old are you?")`, `note 'warning'`, `calculation 'total'`.
    func describe(_ field: FieldDefinition) -> String {
        let noun =
            field.kind == .note ? "note" : field.kind.isComputed ? "calculation" : field.isInput ? "input" : "question"
        return noun + " '\(field.id)'" + Self.titled(field.label.isEmpty ? field.text : field.label)
    }

    static func titled(_ label: String?) -> String {
        guard let label, !label.isEmpty else { return "" }
        let short = label.count > 48 ? String(label.prefix(47)) + "…" : label
        return " (\"\(short)\")"
    }

    /// The proof of an outcome, as lines a person reads.
    func evidence(_ outcome: ConditionSolver.Outcome) -> [String] {
        switch outcome {
        case .impossible(let tried, let conjuncts):
            let conditions =
                "no combination of these values makes all of "
                + conjuncts.map { "`\($0)`" }.joined(
                    separator: ", ") + " hold"
            return [conditions] + tried.map { variable, values in name(of: variable) + ": " + Self.list(values) }
        case .found(let values):
            return values.sorted { $0.key < $1.key }.map { name(of: $0.key) + " = " + Self.show($0.value) }
        case .undecided:
            return []
        }
    }

    func name(of variable: ConditionSpace.Variable) -> String {
        switch variable {
        case .field(let index): "$" + definition.fields[index].id
        case .opaque(let number): "`" + space.opaqueTexts[number] + "`"
        }
    }

    static func list(_ values: [Value]) -> String {
        let shown = values.prefix(12).map(show).joined(separator: ", ")
        return values.count > 12 ? shown + ", … (\(values.count) values)" : shown
    }

    /// A value as a person reads it in a finding.
    static func show(_ value: Value) -> String {
        switch value {
        case .null: "empty"
        case .string(let text) where text.hasPrefix("\u{2063}"): "any other text"
        case .string(let text): "'\(text)'"
        case .list(let values): "[" + values.map(show).joined(separator: ", ") + "]"
        case .number(let number): JSONText.format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): date.description
        default: JSONText.encode(value)
        }
    }
}
