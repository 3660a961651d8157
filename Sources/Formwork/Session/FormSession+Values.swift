import Foundation

extension FormSession {
    /// The answers: every visible field with a value (computed ones included, notes
    /// and hidden fields left out), in form order, with natural types; a visible
    /// repeat with entries is an array of objects, one per entry (nested repeats
    /// nest).
    ///
    /// - Parameter maskingSecure: Shows secure values as `•••` (for a screen, never
    ///   for a file).
    /// - Returns: The answered fields, each by its answer key (a field's `key:`, else its id).
    public func answers(maskingSecure: Bool = false) -> [AnsweredField] {
        let evaluation = self.evaluation
        return collect(in: 0, keyed: true) { instance, field -> Value? in
            guard field.kind.hasValue, evaluation.isVisible(instance) else { return Value?.none }
            let value = evaluation.value(of: instance)
            if value.isNull { return Value?.none }
            return maskingSecure ? Self.presented(value, of: field) : value
        } group: {
            evaluation.isGroupVisible($0, in: $1)
        }
    }

    /// Every relevant field — visible, answered or not (then `.null`), notes included —
    /// and every visible repeat's entries, by id, in form order: what a submission
    /// holds (ODK writes an empty element for a relevant question left unanswered).
    public func relevantFields() -> [AnsweredField] {
        let evaluation = self.evaluation
        return collect(in: 0, keyed: false) { instance, _ -> Value? in
            evaluation.isVisible(instance) ? evaluation.value(of: instance) : Value?.none
        } group: {
            evaluation.isGroupVisible($0, in: $1)
        }
    }

    /// Every field — shown or hidden, answered or not (then `.null`), notes included —
    /// and every repeat's entries, by id, in form order: what a submission that keeps
    /// hidden answers holds (`submission: { hidden: kept }`). A hidden repeat is left
    /// out unless one of its entries holds an answer (nobody filled it).
    public func allFields() -> [AnsweredField] {
        let evaluation = self.evaluation
        return collect(in: 0, keyed: false) { instance, _ -> Value? in
            evaluation.value(of: instance)
        } group: { repeatIndex, scope in
            evaluation.isGroupVisible(repeatIndex, in: scope) || store.holdsValue(tree.list(of: repeatIndex, in: scope))
        }
    }

    /// The answers as a JSON object, in form order: numbers, booleans, arrays for
    /// multichoice, `YYYY-MM-DD` dates, arrays of objects for repeats.
    public func answersJSON(pretty: Bool = true) -> String {
        JSONText.answers(answers(), pretty: pretty)
    }

    /// The stored values of every answered field, hidden ones and hidden entries
    /// included (for `values` files that should restore everything), in the shape of
    /// `answers()`. Inputs (`inputs:`) with a value come last, by id, as values files
    /// give them.
    ///
    /// - Parameter includingSecure: Whether secure values are included.
    /// - Returns: The answered fields by id (not by answer key), then the inputs.
    public func storedValues(includingSecure: Bool = true) -> [AnsweredField] {
        collect(in: 0, keyed: false) { instance, field -> Value? in
            let value = values[instance]
            guard field.kind.isEditable, includingSecure || field.kind != .secure, !value.isNull else {
                return Value?.none
            }
            return value
        } group: { _, _ in
            true
        } + inputValues().filter { $0.value?.isNull == false }
    }

    /// A scope's answers in template order: each instance's `value` (none: left
    /// out), and each repeat with entries whose `group` is kept; fields named by their
    /// answer key (`keyed`) or by id.
    private func collect(
        in scope: Int, keyed: Bool, value: (Int, FieldDefinition) -> Value?, group: (Int, Int) -> Bool
    ) -> [AnsweredField] {
        var result: [AnsweredField] = []
        func items(_ items: [FormItem]) {
            for item in items {
                switch item {
                case .field(let field):
                    let instance = tree.scopes[scope].fields[tree.fieldSlot[field]]
                    if let answer = value(instance, definition.fields[field]) {
                        let name = keyed ? definition.fields[field].answerKey : definition.fields[field].id
                        result.append(AnsweredField(id: name, value: answer))
                    }
                case .repeatGroup(let repeatIndex):
                    let entries = tree.list(of: repeatIndex, in: scope)
                    guard !entries.isEmpty, group(repeatIndex, scope) else { continue }
                    result.append(
                        AnsweredField(
                            id: definition.repeats[repeatIndex].id,
                            answer: .entries(entries.map { collect(in: $0, keyed: keyed, value: value, group: group) }))
                    )
                }
            }
        }
        if let repeatIndex = tree.scopes[scope].repeatIndex {
            items(definition.repeats[repeatIndex].items)
        } else {
            for section in definition.sections { items(section.items) }
        }
        return result
    }

    /// Loads a values file (JSON or YAML, a mapping of field ids to values; a repeat
    /// is a list of such mappings, one per entry). Nothing changes unless every entry
    /// is valid. A SurveyJS survey's form (`submission: { format: surveyjs }`) also
    /// takes SurveyJS's data as it nests it (`matrix: { row: value }`).
    ///
    /// - Throws: `DiagnosticList`: unknown ids (with suggestions), values the fields
    ///   reject, syntax errors; each at its line and column.
    public func loadValues(
        contentsOf url: URL, displayPath: String? = nil, limits: Limits = .default
    ) throws(DiagnosticList) {
        let path = displayPath ?? url.path
        guard let format = SyntaxLoader.Format(path: url.path) else {
            throw DiagnosticList(
                path: path, source: nil,
                diagnostics: [Diagnostic(.unknownFormat(extension: url.pathExtension), at: nil)])
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DiagnosticList(
                path: path, source: nil,
                diagnostics: [Diagnostic(.unreadable(reason: FormDefinition.reason(error)), at: nil)])
        }
        try loadValues(bytes: [UInt8](data), isJSON: format == .json, path: path, limits: limits)
    }

    /// Loads values from JSON or YAML text; see `loadValues(contentsOf:)`.
    public func loadValues(
        bytes: [UInt8], isJSON: Bool, path: String = "<values>", limits: Limits = .default
    ) throws(DiagnosticList) {
        let root: SyntaxNode
        let source: String
        do {
            (root, source) = try SyntaxLoader.parse(bytes, format: isJSON ? .json : .yaml, limits: limits)
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
        try loadValues(root: root, path: path, source: source)
    }

    /// Loads values from a parsed mapping (a values file read once with
    /// `SyntaxLoader.load` and given to many sessions, or JSON-RPC params), as one
    /// undo step; when anything is wrong, the step is taken back and every problem
    /// reported (`source` is the text the tree was read from, for quoting lines).
    public func loadValues(root written: SyntaxNode, path: String, source: String) throws(DiagnosticList) {
        var collector = DiagnosticCollector()
        // Answers in the form's own format (SurveyJS's data, nested by data paths).
        let root = definition.answerFormat?.answersTree(written, of: definition) ?? written
        if let pairs = root.pairs {
            let steps = journal.undoSteps.count
            let hadChanges = hasChanges
            performBatch { AnswerLoader(store: store, sink: self).load(pairs, in: 0, collector: &collector) }
            if !collector.isEmpty {
                if journal.undoSteps.count > steps, undo() { _ = journal.popRedo() }
                hasChanges = hadChanges
            }
        } else if !(root.scalar == .null) {
            collector.report(
                .wrongType(key: nil, expected: "a mapping of field ids to values", found: root.typeDescription),
                at: root)
        }
        guard collector.isEmpty else {
            throw DiagnosticList(path: path, source: source, diagnostics: collector.diagnostics)
        }
    }
}

/// A values file (or JSON-RPC's params, a draft) loaded into a session: each value
/// checked against its field's own rules now, written as a change (one undo step for
/// the whole file), the entries of counted repeats following the values just read.
extension FormSession: AnswerLoadSink {
    func accept(
        _ value: Value, at instance: Int, name: String, node: SyntaxNode, collector: inout DiagnosticCollector
    ) {
        if let error = currentEvaluation.checkOwnRules(value, of: instance) {
            collector.report(.invalidValue(field: name, reason: error), at: node)
        } else {
            write(completedRanking(value, instance), touched: true, at: instance)
        }
    }

    func prepareEntries(of repeats: [Int], in scope: Int) { settle() }

    func resize(_ repeatIndex: Int, in scope: Int, to count: Int) -> [Int] {
        resizeEntries(of: repeatIndex, in: scope, to: count)
    }
}
