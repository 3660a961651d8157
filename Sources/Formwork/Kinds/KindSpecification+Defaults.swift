/// What most kinds do, so that a kind's file says only what is its own.
extension KindSpecification {
    static var hasValue: Bool { true }
    static var isComputed: Bool { false }
    static var readsTextAsTyped: Bool { false }

    static var requiredKeys: [String] { ["label"] }
    static var optionsAreReadByExpressions: Bool { false }

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.readPlaceholder(reader, &pending)
    }

    static var hasExpressionBounds: Bool { false }
    static func boundLiteral(_ text: String) -> Value? { .none }
    static func invalidBoundLiteral(_ text: String) -> Problem { .invalidDate(text) }

    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        readScalar(node, for: field, expected: field.valueType?.description ?? "text")
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        nil
    }

    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        value.plainText
    }

    static func interaction(field: String) -> FieldInteraction { .edit(field: field) }

    static func toggled(_ value: Value, option: String?, of field: FieldDefinition) -> ToggleOutcome {
        .notToggleable(needsOption: false)
    }

    static func offeredSelection(
        _ value: Value, of field: FieldDefinition, isOffered: (ChoiceOption) -> Bool
    ) -> Value {
        value
    }

    static var question: KindQuestion { .text(hint: "") }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        AnswersSchema.typeSchema(field.valueType ?? .null)
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? { .none }

    /// A value of the wrong type: `'…' is not <expected>`.
    static func mismatch(_ expected: String, _ input: String, for field: FieldDefinition) -> Result<Value, FieldError> {
        .failure(FieldError(field: field.id, rule: .type(expected: expected, input: input)))
    }

    /// A scalar's text, coerced; anything else is not `expected`.
    static func readScalar(
        _ node: SyntaxNode, for field: FieldDefinition, expected: @autoclosure () -> String
    ) -> Result<Value, FieldError> {
        guard let text = node.scalarText else { return mismatch(expected(), node.typeDescription, for: field) }
        return coerce(.string(text), for: field)
    }

    /// What a read-only kind answers to a value: it cannot be set.
    static func readOnly(_ field: FieldDefinition) -> Result<Value, FieldError> {
        .failure(FieldError(field: field.id, rule: .readOnly(kind: field.kind.rawValue)))
    }
}
