import Foundation

extension FormSession {
    /// The answers: every visible field with a value (computed ones included, notes
    /// and hidden fields left out), in form order, with natural types; a visible
    /// repeat with entries is an array of objects, one per entry (nested repeats
    /// nest).
    ///
    /// - Parameter maskingSecure: Shows secure values as `•••` (for a screen, never
    ///   for a file).
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
            evaluation.isGroupVisible(repeatIndex, in: scope) || holdsAnswer(tree.list(of: repeatIndex, in: scope))
        }
    }

    /// Whether a field of these entries, or of entries nested in them, has a value.
    private func holdsAnswer(_ entries: [Int]) -> Bool {
        var scopes = entries
        while let scope = scopes.popLast() {
            if tree.scopes[scope].fields.contains(where: { !values[$0].isNull }) { return true }
            for list in tree.scopes[scope].lists { scopes += list }
        }
        return false
    }

    /// The answers as a JSON object, in form order: numbers, booleans, arrays for
    /// multichoice, `YYYY-MM-DD` dates, arrays of objects for repeats.
    public func answersJSON(pretty: Bool = true) -> String {
        JSONText.answers(answers(), pretty: pretty)
    }

    /// The stored values of every answered field, hidden ones and hidden entries
    /// included (for `values` files that should restore everything), in the shape of
    /// `answers()`.
    ///
    /// - Parameter includingSecure: Whether secure values are included.
    /// Inputs (`inputs:`) with a value come last, by id, as values files give them.
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

    /// Loads values from a parsed mapping (a values file, or JSON-RPC params), as
    /// one undo step; when anything is wrong, the step is taken back and every
    /// problem reported.
    func loadValues(root written: SyntaxNode, path: String, source: String) throws(DiagnosticList) {
        var collector = DiagnosticCollector()
        // Answers in the form's own format (SurveyJS's data, nested by data paths).
        let root = definition.answerFormat?.answersTree(written, of: definition) ?? written
        if let pairs = root.pairs {
            let steps = undoStack.count
            let hadChanges = hasChanges
            performBatch { load(pairs, in: 0, collector: &collector) }
            if !collector.isEmpty {
                if undoStack.count > steps, undo() { redoStack.removeLast() }
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

    /// Applies a mapping to a scope: its fields' values first (so that `count`s
    /// follow them), then its repeats' entries, each a mapping of its own.
    ///
    /// With a `recorder` (checking a response), where each answer was given is noted,
    /// and a computed field's value is noted to compare, not refused.
    func load(
        _ pairs: [(key: SyntaxNode, value: SyntaxNode)], in scope: Int, collector: inout DiagnosticCollector,
        recorder: ResponseRecorder? = nil
    ) {
        var groups: [(Int, SyntaxNode, SyntaxNode)] = []
        let prefix = scope == 0 ? "" : path(ofEntry: scope) + "."
        let heldRepeats = tree.repeatsHeld(by: scope)
        for (key, node) in pairs {
            guard let id = key.scalarText else {
                collector.report(.wrongType(key: nil, expected: "a field id", found: key.typeDescription), at: key)
                continue
            }
            if !heldRepeats.isEmpty, let repeatIndex = definition.repeatIndex[id], heldRepeats.contains(repeatIndex) {
                groups.append((repeatIndex, key, node))
                continue
            }
            guard let field = definition.field(named: id, in: tree.scopes[scope].repeatIndex) else {
                let suggestion = suggestions(for: id, in: scope).first
                collector.report(.unknownField(prefix + id, suggestion: suggestion.map { prefix + $0 }), at: key)
                continue
            }
            // The field is read in place (`fields[field]`): a copy of a whole definition
            // costs more than loading a simple value.
            let kind = definition.fields[field].kind
            let instance = tree.scopes[scope].fields[tree.fieldSlot[field]]
            let name = prefix + id
            recorder?.record(key: key, value: node, at: instance)
            if let recorder, kind.isComputed {
                recorder.computed.append(instance)
                continue
            }
            // A response writes a note as an empty element (ODK): no answer, no problem.
            if recorder != nil, kind == .note, node.isNullScalar || node.scalarText == "" {
                continue
            }
            guard kind.isEditable else {
                collector.report(
                    .invalidValue(
                        field: name,
                        reason: FieldError(field: name, rule: .readOnly(kind: kind.rawValue))),
                    at: key)
                continue
            }
            switch ValueReader.value(from: node, for: definition.fields[field]) {
            case .failure(let error): collector.report(.invalidValue(field: name, reason: error), at: node)
            case .success(let value):
                if bulkLoading, let recorder {
                    // Bounds that are expressions are checked once everything is loaded
                    // and evaluated (they may read answers given later); the rest now.
                    if case .expression? = definition.fields[field].minimum {
                        recorder.unchecked.append((instance, node, name, value))
                    } else if case .expression? = definition.fields[field].maximum {
                        recorder.unchecked.append((instance, node, name, value))
                    } else if let error = FieldValues.check(
                        value, for: definition.fields[field], minimum: Self.constant(definition.fields[field].minimum),
                        maximum: Self.constant(definition.fields[field].maximum), limits: definition.limits,
                        filesAreAttachments: true)
                    {
                        collector.report(.invalidValue(field: name, reason: error), at: node)
                        continue
                    }
                    write(value, touched: true, at: instance)
                } else if let error = currentEvaluation.checkOwnRules(value, of: instance) {
                    collector.report(.invalidValue(field: name, reason: error), at: node)
                } else {
                    write(value, touched: true, at: instance)
                }
            }
        }
        guard !groups.isEmpty else { return }
        if bulkLoading {
            // Values were stored without evaluation: evaluate them once where a
            // repeat here follows a count, so its entries are there to load.
            let counted = groups.filter { definition.repeats[$0.0].count != nil }
            if !counted.isEmpty {
                invalidateEverything()
                for (repeatIndex, _, _) in counted { followCount(of: repeatIndex, in: scope) }
            }
        } else {
            settle()  // the entries of repeats that follow a count
        }
        for (repeatIndex, key, node) in groups {
            loadEntries(of: repeatIndex, in: scope, key: key, node: node, collector: &collector, recorder: recorder)
        }
    }

    /// A bound that is a value (`nil` for none); not for an expression.
    static func constant(_ bound: Bound?) -> Value {
        if case .value(let value)? = bound { return value }
        return .null
    }

    /// Makes a repeat's entries those of a list of mappings: entries are added or
    /// removed at the end (within `min` and `max`; a repeat that follows its `count`
    /// takes at most as many as it has), then each is loaded.
    private func loadEntries(
        of repeatIndex: Int, in scope: Int, key: SyntaxNode, node: SyntaxNode, collector: inout DiagnosticCollector,
        recorder: ResponseRecorder?
    ) {
        let repeatDefinition = definition.repeats[repeatIndex]
        let group = path(ofGroup: repeatIndex, in: scope)
        let written: [SyntaxNode]
        if let list = node.elements {
            written = list
        } else if node.scalar == .null, !node.isQuoted {
            written = []
        } else {
            collector.report(
                .wrongType(
                    key: group, expected: "a list of entries (each a mapping of field ids to values)",
                    found: node.typeDescription),
                at: node)
            return
        }
        var list = tree.list(of: repeatIndex, in: scope)
        recorder?.lists.append((repeatIndex, scope, node, written.count))
        // Checking a response, a wrong number of entries is one problem (the
        // validator's); the entries the form can hold are checked all the same.
        var elements = written
        if repeatDefinition.count != nil {
            if elements.count > list.count {
                guard recorder != nil else {
                    collector.report(
                        .entriesBeyondCount(
                            group: group, given: elements.count, count: list.count,
                            expression: repeatDefinition.count!.source),
                        at: node)
                    return
                }
                elements = Array(elements.prefix(list.count))
            }
        } else {
            guard elements.count <= repeatDefinition.maximum else {
                collector.report(
                    .invalidValue(
                        field: group, reason: FieldError(field: group, rule: .maxEntries(repeatDefinition.maximum))),
                    at: node)
                return
            }
            guard elements.count >= repeatDefinition.minimum || recorder != nil else {
                collector.report(
                    .invalidValue(
                        field: group, reason: FieldError(field: group, rule: .minEntries(repeatDefinition.minimum))),
                    at: node)
                return
            }
            let added = repeatDefinition.fieldIndices.count * max(0, elements.count - list.count)
            guard tree.size + added + max(0, elements.count - list.count) <= definition.limits.maximumFieldInstances
            else {
                collector.report(
                    .wrongType(
                        key: group, expected: "entries within \(definition.limits.maximumFieldInstances) fields in all",
                        found: "\(elements.count) entries"),
                    at: node)
                return
            }
            list = resizeEntries(of: repeatIndex, in: scope, to: elements.count)
        }
        for (position, element) in elements.enumerated() {
            guard let pairs = element.pairs else {
                if element.scalar == .null, !element.isQuoted { continue }
                collector.report(
                    .wrongType(
                        key: "\(group)[\(position + 1)]", expected: "a mapping of field ids to values",
                        found: element.typeDescription),
                    at: element)
                continue
            }
            recorder?.mappings[list[position]] = element.location
            load(pairs, in: list[position], collector: &collector, recorder: recorder)
        }
    }
}
