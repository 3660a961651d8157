/// Loads a mapping of answers — a values file, JSON-RPC's params, a draft, a finished
/// response — into a store: each key named to a field or a repeat of the scope (by
/// answer key or id, with suggestions for a misspelt one), each value read by its
/// field's kind, a repeat's list of mappings made its entries, every problem at its
/// place. What becomes of a value read is the sink's: a session checks it against
/// the field's rules and writes it as a change (`FormSession`); a response being
/// checked stores it as given (`ResponseValidator`).
///
/// With a `recorder` (a finished response), where each answer was given is noted, a
/// computed field's value is noted to compare rather than refused, and entries the
/// form cannot hold are one problem of the validator's rather than a refusal.
struct AnswerLoader<Sink: AnswerLoadSink> {
    let store: AnswerStore
    let sink: Sink
    var recorder: ResponseRecorder?

    init(store: AnswerStore, sink: Sink, recorder: ResponseRecorder? = nil) {
        self.store = store
        self.definition = store.definition
        self.sink = sink
        self.recorder = recorder
    }

    /// The store's definition, held here: read for every answer, and a computed
    /// property would copy the whole definition (a retain of each of its parts) at
    /// each read.
    private let definition: FormDefinition
    private var tree: EntryTree { store.tree }

    /// Applies a mapping to a scope: its fields' values first (so that `count`s
    /// follow them), then its repeats' entries, each a mapping of its own.
    ///
    /// With a `recorder` (checking a response), where each answer was given is noted,
    /// and a computed field's value is noted to compare, not refused.
    func load(
        _ pairs: [(key: SyntaxNode, value: SyntaxNode)], in scope: Int, collector: inout DiagnosticCollector
    ) {
        var groups: [(Int, SyntaxNode, SyntaxNode)] = []
        let prefix = scope == 0 ? "" : store.path(ofEntry: scope) + "."
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
                let suggestion = store.suggestions(for: id, in: scope).first
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
                sink.accept(value, at: instance, name: name, node: node, collector: &collector)
            }
        }
        guard !groups.isEmpty else { return }
        sink.prepareEntries(of: groups.map(\.0), in: scope)  // the entries of repeats that follow a count
        for (repeatIndex, key, node) in groups {
            loadEntries(of: repeatIndex, in: scope, key: key, node: node, collector: &collector)
        }
    }

    /// Makes a repeat's entries those of a list of mappings: entries are added or
    /// removed at the end (within `min` and `max`; a repeat that follows its `count`
    /// takes at most as many as it has), then each is loaded.
    private func loadEntries(
        of repeatIndex: Int, in scope: Int, key: SyntaxNode, node: SyntaxNode, collector: inout DiagnosticCollector
    ) {
        let repeatDefinition = definition.repeats[repeatIndex]
        let group = store.path(ofGroup: repeatIndex, in: scope)
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
            if elements.count > list.count, repeatDefinition.countReadsItsEntries,
                elements.count <= repeatDefinition.maximum
            {
                // Entries made when the count was higher, and kept (as JavaRosa keeps them).
                list = sink.resize(repeatIndex, in: scope, to: elements.count)
            } else if elements.count > list.count {
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
            list = sink.resize(repeatIndex, in: scope, to: elements.count)
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
            load(pairs, in: list[position], collector: &collector)
        }
    }
}

/// What becomes of the values an `AnswerLoader` reads.
protocol AnswerLoadSink {
    /// A value read for an instance: stored, or refused (a diagnostic at `node`).
    func accept(
        _ value: Value, at instance: Int, name: String, node: SyntaxNode, collector: inout DiagnosticCollector)
    /// Before a scope's repeats are loaded: the entries of those that follow a `count`
    /// made to follow it, with the values just read in place.
    func prepareEntries(of repeats: [Int], in scope: Int)
    /// Makes a repeat's list in a holder `count` entries long; returns the list.
    func resize(_ repeatIndex: Int, in scope: Int, to count: Int) -> [Int]
}
