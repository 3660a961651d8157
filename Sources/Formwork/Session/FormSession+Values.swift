import Foundation

extension FormSession {
    /// The answers: every visible field with a value (computed ones included, notes
    /// and hidden fields left out), in form order, with natural types.
    public func answers() -> [(id: String, value: Value)] {
        let evaluation = self.evaluation
        return definition.fields.compactMap { field in
            guard field.kind.hasValue, evaluation.isFieldVisible(field.index) else { return nil }
            let value = evaluation.value(of: field.index)
            return value.isNull ? nil : (field.id, value)
        }
    }

    /// The answers as a JSON object, in form order: numbers, booleans, arrays for
    /// multichoice, `YYYY-MM-DD` dates.
    public func answersJSON(pretty: Bool = true) -> String {
        JSONText.object(answers().map { (key: $0.id, value: $0.value) }, pretty: pretty)
    }

    /// The stored values of every answered field, hidden ones included (for drafts
    /// and `values` files that should restore everything).
    public func storedValues() -> [(id: String, value: Value)] {
        definition.fields.compactMap { field in
            let value = values[field.index]
            return field.kind.isEditable && !value.isNull ? (field.id, value) : nil
        }
    }

    /// Loads a values file (JSON or YAML, a mapping of field ids to values). Nothing
    /// changes unless every entry is valid.
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

    /// Loads values from a parsed mapping (a values file, or JSON-RPC params).
    func loadValues(root: SyntaxNode, path: String, source: String) throws(DiagnosticList) {
        var collector = DiagnosticCollector()
        var updates: [(FieldDefinition, Value)] = []
        if let pairs = root.pairs {
            for (key, node) in pairs {
                guard let id = key.scalarText else {
                    collector.report(.wrongType(key: nil, expected: "a field id", found: key.typeDescription), at: key)
                    continue
                }
                guard let field = definition.field(id) else {
                    collector.report(.unknownField(id, suggestion: definition.suggestions(for: id).first), at: key)
                    continue
                }
                guard field.kind.isEditable else {
                    collector.report(
                        .invalidValue(
                            field: id, reason: FieldError(field: id, rule: .readOnly(kind: field.kind.rawValue))),
                        at: key)
                    continue
                }
                switch ValueReader.value(from: node, for: field) {
                case .failure(let error): collector.report(.invalidValue(field: id, reason: error), at: node)
                case .success(let value):
                    if let error = evaluation.checkOwnRules(value, of: field) {
                        collector.report(.invalidValue(field: id, reason: error), at: node)
                    } else {
                        updates.append((field, value))
                    }
                }
            }
        } else if !(root.scalar == .null) {
            collector.report(
                .wrongType(key: nil, expected: "a mapping of field ids to values", found: root.typeDescription),
                at: root)
        }
        guard collector.isEmpty else {
            throw DiagnosticList(path: path, source: source, diagnostics: collector.diagnostics)
        }
        // One undo step for the whole file.
        performBatch { for (field, value) in updates { write(value, touched: true, at: field.index) } }
    }
}
