/// What the kinds with options (`choice`, `multichoice`, `rank`) share: finding the
/// option a person means, the error for a value that is not one, reading a list of
/// option values, and their labels in a row.
enum OptionValues {
    /// The option value for `input`: an option's value, else its label (ignoring case).
    static func option(_ input: String, of field: FieldDefinition) -> Result<String, FieldError> {
        if let option = field.option(withValue: input) { return .success(option.value) }
        let lowered = input.lowercased()
        if let option = field.options.first(where: {
            $0.label.lowercased() == lowered || $0.value.lowercased() == lowered
        }) {
            return .success(option.value)
        }
        return .failure(notAnOption(input, of: field))
    }

    /// The error for `input`, which is none of the field's option values.
    static func notAnOption(_ input: String, of field: FieldDefinition) -> FieldError {
        FieldError(field: field.id, rule: .option(input, options: field.options.map(\.value)))
    }

    /// A list of option values from a node (a single scalar is a list of one), for the
    /// field's kind to coerce.
    static func readList(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        var values: [Value] = []
        for element in node.elements ?? [node] {
            guard let text = element.scalarText else {
                return .failure(
                    FieldError(
                        field: field.id,
                        rule: .type(
                            expected: "a list of option values", input: node.scalarText ?? node.typeDescription)))
            }
            values.append(.string(text))
        }
        return .success(.list(values))
    }

    /// Option values shown by their labels, separated by commas.
    static func labels(_ elements: [Value], optionLabel: (String) -> String) -> String {
        elements.map { element in
            guard case .string(let selected) = element else { return element.plainText }
            return optionLabel(selected)
        }.joined(separator: ", ")
    }

    /// The field's option values, as a JSON array (an `enum` of a schema).
    static func schemaValues(of field: FieldDefinition) -> JSONOutput {
        .array(field.options.map { .value(.string($0.value)) })
    }
}
