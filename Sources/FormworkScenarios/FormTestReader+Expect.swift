import Formwork

/// Reading `expect` steps and the `errors` of a refused submit.
extension FormTestReader {
    mutating func expectation(_ node: SyntaxNode) -> FormTestExpectation? {
        guard let pairs = mapping(node, key: "expect", expected: "a mapping of what to check") else { return nil }
        var expectation = FormTestExpectation()
        for (keyNode, value) in unique(pairs) {
            let key = keyNode.scalarText ?? ""
            switch key {
            case "visible": expectation.visible = names(value, key: key)
            case "hidden": expectation.hidden = names(value, key: key)
            case "required": expectation.required = names(value, key: key)
            case "value":
                guard let pairs = mapping(value, key: key, expected: "a mapping of fields to values") else { continue }
                expectation.values = unique(pairs).compactMap { pair in
                    self.value(pair.value).map { (name(pair.key), $0) }
                }
            case "label":
                guard let pairs = mapping(value, key: key, expected: "a mapping of fields to labels") else { continue }
                expectation.labels = unique(pairs).compactMap { pair in
                    text(pair.value, key: "label").map { (name(pair.key), $0.text) }
                }
            case "options":
                guard let pairs = mapping(value, key: key, expected: "a mapping of fields to lists of options") else {
                    continue
                }
                expectation.options = unique(pairs).compactMap { pair in
                    guard let list = list(pair.value, key: "options", expected: "a list of options") else { return nil }
                    return (name(pair.key), list.compactMap { text($0, key: "options")?.text })
                }
            case "errors": expectation.errors = errors(value)
            case "entries":
                guard let pairs = mapping(value, key: key, expected: "a mapping of repeats to counts") else { continue }
                expectation.entries = unique(pairs).compactMap { pair in
                    guard let text = pair.value.scalarText, let count = Int(text), count >= 0 else {
                        diagnostics.append(
                            Diagnostic(
                                .wrongType(key: "entries", expected: "a count", found: pair.value.typeDescription),
                                at: pair.value.location))
                        return nil
                    }
                    return (name(pair.key), count)
                }
            case "answers":
                guard let pairs = mapping(value, key: key, expected: "a mapping of answer keys to values") else {
                    continue
                }
                expectation.answers = unique(pairs).compactMap { pair in
                    self.value(pair.value).map { (name(pair.key), $0) }
                }
            default: unknown(keyNode, in: "an expect step", among: FormTestExpectation.keys)
            }
        }
        return expectation
    }

    /// `errors: { field: rule }` (`{}`: none at all; a field to `none` or null: no
    /// problem on that field), or `errors: [field, …]` (any problem).
    mutating func errors(_ node: SyntaxNode) -> [FormTestExpectation.ExpectedError]? {
        if let elements = node.elements {
            return elements.compactMap { element in
                text(element, key: "errors").map { FormTestExpectation.ExpectedError(name: $0, rule: "") }
            }
        }
        guard let pairs = mapping(node, key: "errors", expected: "a mapping of fields to rules") else { return nil }
        return unique(pairs).compactMap { pair in
            let field = name(pair.key)
            if pair.value.isNullScalar || pair.value.scalarText == "none" {
                return FormTestExpectation.ExpectedError(name: field, rule: nil)
            }
            return text(pair.value, key: "errors").map { FormTestExpectation.ExpectedError(name: field, rule: $0.text) }
        }
    }
}
