/// `note`: display-only text (`text:`), with no value. A required note (`required`,
/// with its condition) blocks a submission while it is shown, and its `rules` are
/// checked while it is shown: what ODK's "blocking notes" do (a note made required, or
/// given a constraint, until earlier answers agree).
enum NoteKind: KindSpecification {
    static var kind: FieldKind { .note }
    static var valueType: ValueType? { nil }
    static var hasValue: Bool { false }
    static var requiredKeys: [String] { ["text"] }

    static let keys = ["text", "required", "requiredMessage", "rules"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        let field = pending.definition.index
        if let note = decoder.readText(reader, "text", owner: "field '\(pending.definition.id)'", required: true) {
            pending.definition.text = decoder.defaultSource(note)
            pending.definition.texts.note = decoder.text(note, for: .note(field: field))
        }
        decoder.readPlaceholder(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        readOnly(field)
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> { readOnly(field) }

    /// The note's text.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        noteText()
    }

    static func interaction(field: String) -> FieldInteraction { .showNote(field: field) }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        guard key == "text" else { return nil }
        return DefinitionSchema.reference("translatable")
    }
}
