/// The rules about what a field reads: a question asked later, a question never shown
/// with it; and about its texts' languages.
extension FormLinter {
    mutating func lintReads(of field: FieldDefinition) {
        if !field.isInput, !field.kind.isComputed { lintReadOrder(of: field) }
        guard definition.hiddenAnswers == .cleared else { return }
        if let value = field.value {
            for read in readFields(value.references, from: field.repeatIndex) {
                lintReadTogether(field, reads: read, at: value, rule: .calculationReadsHidden, what: "reads")
            }
        }
        var texts = [field.texts.label]
        texts += [field.texts.help, field.texts.note, field.texts.placeholder].compactMap { $0 }
        var done = Set<Int>()
        for text in texts {
            for read in readFields(text.references, from: field.repeatIndex) where done.insert(read).inserted {
                lintReadTogether(field, reads: read, at: nil, rule: .interpolatesHidden, what: "shows the answer of")
            }
        }
    }

    /// The questions people answer that `names` read from the entries of `scope`.
    private func readFields(_ names: [String], from scope: Int?) -> [Int] {
        let environment = definition.environment.inScope(scope)
        return names.compactMap { name in
            space.field(name, in: environment) { read in read.kind.isEditable && !read.isInput && read.trigger == nil }
        }
    }

    /// A field that reads a question shown only where it is not reads it empty.
    private mutating func lintReadTogether(
        _ field: FieldDefinition, reads index: Int, at expression: CompiledExpression?, rule: LintRule, what: String
    ) {
        guard index != field.index else { return }
        let read = definition.fields[index]
        if hiddenFields.contains(index) {
            add(
                rule, subject: field.id,
                "\(describe(field)) \(what) '\(read.id)', which is never shown: it is always empty there",
                at: expression, or: field.location, order: field.index)
            return
        }
        let outcome = solver.solve(goals(conditions(ofField: field.index)) + goals(conditions(ofField: index)))
        guard case .impossible = outcome else { return }
        add(
            rule, subject: field.id,
            "\(describe(field)) \(what) '\(read.id)', which is never shown together with it: it is always empty there",
            at: expression, or: field.location, evidence: evidence(outcome), order: field.index)
    }

    /// A `visible` condition or choice filter of a question that reads a question asked
    /// only after it (directly, or through calculations): in guided order it is decided
    /// before that is answered.
    private mutating func lintReadOrder(of field: FieldDefinition) {
        // What decides what is shown and offered when the question is asked; whether it
        // is required or read-only is checked again at the end.
        var expressions: [CompiledExpression] = []
        if let visible = field.visible { expressions.append(visible) }
        var seen = Set<ObjectIdentifier>()
        for option in field.options {
            if let visible = option.visible, seen.insert(visible.identity).inserted {
                expressions.append(visible)
            }
        }
        var reported = Set<Int>()
        for expression in expressions {
            for later in laterQuestions(read: expression.references, from: field.repeatIndex, after: field.index)
            where reported.insert(later).inserted && !onOnePage(field.index, later) {
                let read = definition.fields[later]
                add(
                    .readBeforeAnswered, subject: field.id,
                    "a condition of \(describe(field)) reads '\(read.id)', which is asked after it",
                    at: expression, or: field.location,
                    evidence: [
                        "'\(field.id)' is question \(field.index + 1) of the form, '\(read.id)' question \(later + 1)"
                    ],
                    order: field.index)
            }
        }
    }

    /// Whether two fields are asked on one page (a `page: true` section, ODK's
    /// `field-list`), shown together whatever their order.
    private func onOnePage(_ first: Int, _ second: Int) -> Bool {
        let section = definition.fields[first].sectionIndex
        return section == definition.fields[second].sectionIndex && definition.sections[section].page
            && definition.fields[first].repeatIndex == definition.fields[second].repeatIndex
    }

    /// The questions after `position` that `names` read, following calculations.
    private func laterQuestions(read names: [String], from scope: Int?, after position: Int) -> [Int] {
        var found: [Int] = []
        var visited = Set<Int>()
        var pending = names.map { ($0, scope) }
        let environments = definition.environment
        while let (name, scope) = pending.popLast() {
            let environment = environments.inScope(scope)
            guard let index = space.field(name, in: environment, where: { _ in true }), visited.insert(index).inserted
            else { continue }
            let read = definition.fields[index]
            if read.kind.isComputed, let value = read.value {
                pending += value.references.map { ($0, read.repeatIndex) }
            } else if read.kind.isEditable, !read.isInput, index > position {
                found.append(index)
            }
        }
        return found.sorted()
    }

    // MARK: Languages

    /// A text written in some of the form's languages and not in others.
    mutating func lintTranslations() {
        let codes = definition.languages.map(\.code)
        guard codes.count >= 2 else { return }
        func missing(_ text: FormText?) -> [String] {
            guard let text, text.isTranslated else { return [] }
            var written = Set(text.variants.filter { !$0.template.source.isEmpty }.compactMap(\.language))
            if text.variants.contains(where: { $0.language == nil && !$0.template.source.isEmpty }) {
                written.insert(definition.defaultLanguage ?? codes[0])
            }
            guard !written.isEmpty else { return [] }
            return codes.filter { !written.contains($0) }
        }
        for field in definition.fields where !field.isInput {
            var gaps: [String: [String]] = [:]
            func note(_ what: String, _ text: FormText?) {
                for code in missing(text) { gaps[code, default: []].append(what) }
            }
            note("label", field.texts.label)
            note("hint", field.texts.help)
            note("text", field.texts.note)
            for option in field.options { note("option '\(option.value)'", option.labelText) }
            guard !gaps.isEmpty else { continue }
            let names = Dictionary(definition.languages.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })
            let lines = gaps.keys.sorted().map { code in
                (names[code] ?? code) + ": " + Self.listed(gaps[code]!)
            }
            add(
                .missingTranslation, subject: field.id,
                "\(describe(field)) is missing texts in "
                    + gaps.keys.sorted().map { names[$0] ?? $0 }.joined(
                        separator: ", "), at: nil, or: field.location, evidence: lines, order: field.index)
        }
    }

    static func listed(_ items: [String]) -> String {
        items.count > 6
            ? items.prefix(6).joined(separator: ", ") + " and \(items.count - 6) more"
            : items.joined(
                separator: ", ")
    }
}
