/// Gathers every diagnostic of one file, so that all are reported together.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var isEmpty: Bool { diagnostics.isEmpty }

    mutating func report(_ problem: Problem, at location: SourceLocation?, length: Int = 1) {
        diagnostics.append(Diagnostic(problem, at: location, length: length))
    }

    mutating func report(_ problem: Problem, at node: SyntaxNode) {
        report(
            problem, at: node.location,
            length: node.scalarText.map { max(1, $0.unicodeScalars.count + (node.isQuoted ? 2 : 0)) } ?? 1)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Places expression errors in the file: single-line scalars exactly (offset from
    /// the start of the text), anything else at the scalar.
    mutating func report(_ errors: [ExpressionError], in node: SyntaxNode) {
        for error in errors {
            let text = node.scalarText ?? ""
            if !text.contains("\n"), !node.isBlockScalar {
                report(error.problem, at: node.textLocation.advanced(by: error.offset), length: error.length)
            } else {
                report(error.problem, at: node.location, length: 1)
            }
        }
    }
}

/// Reads a mapping's keys, reporting unknown ones (with "did you mean"), and the
/// values' types as they are asked for.
struct MappingReader {
    let node: SyntaxNode
    /// How the mapping reads in messages: "a field", "the form", "section 'a'".
    let context: String
    /// The allowed keys in file order with their values. A mapping has a handful of
    /// keys, so a linear search beats hashing them.
    private(set) var entries: [(key: String, node: SyntaxNode)] = []
    /// Keys suggested for misspelt ones: not reported missing a second time.
    var suggestedKeys: Set<String> = []

    /// `nil` (after reporting) when `node` is not a mapping.
    init?(
        _ node: SyntaxNode, context: String, key: String? = nil, allowed: [String], collector: inout DiagnosticCollector
    ) {
        self.node = node
        self.context = context
        guard let pairs = node.pairs else {
            collector.report(.wrongType(key: key, expected: "a mapping", found: node.typeDescription), at: node)
            return nil
        }
        for (keyNode, value) in pairs {
            guard let name = keyNode.scalarText else {
                collector.report(
                    .wrongType(key: nil, expected: "a text key", found: keyNode.typeDescription), at: keyNode)
                continue
            }
            if allowed.contains(name) {
                entries.append((name, value))
            } else {
                let suggestion = Suggestions.closest(to: name, in: allowed).first
                if let suggestion { suggestedKeys.insert(suggestion) }
                collector.report(.unknownKey(name, context: context, suggestion: suggestion), at: keyNode)
            }
        }
    }

    /// The value under `key`, if present.
    subscript(key: String) -> SyntaxNode? {
        // The last one wins, as in a dictionary (duplicates are reported by the parsers).
        for index in entries.indices.reversed() where entries[index].key == key { return entries[index].node }
        return nil
    }

    /// The keys present, in file order.
    var keys: [String] { entries.map(\.key) }

    /// The values under the given keys, by key.
    func values(for wanted: Set<String>) -> [String: SyntaxNode] {
        Dictionary(entries.filter { wanted.contains($0.key) }, uniquingKeysWith: { _, last in last })
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// The location of the whole mapping, for "needs 'x'" errors.
    var location: SourceLocation { node.location }

    /// A scalar as text (numbers and booleans keep their spelling); reports other shapes.
    func text(_ key: String, collector: inout DiagnosticCollector, limits: Limits) -> String? {
        guard let value = self[key] else { return nil }
        guard let text = value.scalarText else {
            collector.report(.wrongType(key: key, expected: "text", found: value.typeDescription), at: value)
            return nil
        }
        if case .null? = value.scalar, !value.isQuoted { return nil }
        guard text.utf8.count <= limits.maximumStringLength || text.count <= limits.maximumStringLength else {
            collector.report(.stringTooLong(length: text.count, limit: limits.maximumStringLength), at: value)
            return nil
        }
        return text
    }

    /// Like `text`, and reports a missing key.
    func requiredText(_ key: String, collector: inout DiagnosticCollector, limits: Limits) -> String? {
        guard has(key) else {
            reportMissing(key, collector: &collector)
            return nil
        }
        return text(key, collector: &collector, limits: limits)
    }

    /// Reports `key` missing, unless a misspelt key already got it as its suggestion.
    func reportMissing(_ key: String, context: String? = nil, collector: inout DiagnosticCollector) {
        if !suggestedKeys.contains(key) {
            collector.report(.missingKey(key, context: context ?? self.context), at: location)
        }
    }

    func number(_ key: String, collector: inout DiagnosticCollector) -> Double? {
        guard let value = self[key] else { return nil }
        guard case .number(let number, let text)? = value.scalar else {
            collector.report(.wrongType(key: key, expected: "a number", found: value.typeDescription), at: value)
            return nil
        }
        guard number.isFinite else {
            collector.report(.numberOutOfRange(text), at: value)
            return nil
        }
        return number
    }

    func integer(_ key: String, collector: inout DiagnosticCollector) -> Int? {
        guard let value = self[key], let number = number(key, collector: &collector) else { return nil }
        guard number == number.rounded(), abs(number) < 1e9 else {
            collector.report(
                .wrongType(key: key, expected: "a whole number", found: JSONText.format(number)), at: value)
            return nil
        }
        return Int(number)
    }

    func bool(_ key: String, collector: inout DiagnosticCollector) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let flag)? = value.scalar else {
            collector.report(.wrongType(key: key, expected: "true or false", found: value.typeDescription), at: value)
            return nil
        }
        return flag
    }

    func list(_ key: String, collector: inout DiagnosticCollector) -> [SyntaxNode]? {
        guard let value = self[key] else { return nil }
        guard let elements = value.elements else {
            collector.report(.wrongType(key: key, expected: "a list", found: value.typeDescription), at: value)
            return nil
        }
        return elements
    }
}
