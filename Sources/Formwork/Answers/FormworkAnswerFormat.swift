/// Formwork's own answers: a JSON object of answer keys (a field's `key:`, else its
/// id) to values, a repeat's entries as a list of such objects — what
/// `FormSession.answersJSON()` writes and `formwork fill --out answers.json` saves.
/// Every `FormatRegistry` has it, first.
///
/// ```swift
/// let text = FormworkAnswerFormat().write(session, options: AnswerWriting())
/// // {"firstName": "Ada", "members": [{"age": 34}]}
/// ```
public struct FormworkAnswerFormat: AnswerFormat {
    /// Formwork's answers format; it has no options.
    public init() {}

    /// `formwork`.
    public var name: String { "formwork" }
    /// "Formwork's answers as JSON".
    public var summary: String { "Formwork's answers as JSON" }
    /// `json`.
    public var fileExtension: String { "json" }

    /// JSON (an object, or a list the reader will say is no response). What no format
    /// recognises is read as this format too, so its reader says what is wrong.
    public func recognizes(_ bytes: [UInt8], path: String?) -> Bool {
        Self.startsWith([UInt8(ascii: "{"), UInt8(ascii: "[")], in: bytes)
    }

    /// The session's answers JSON (`FormSession.answersJSON(pretty:)`), ending with a newline when pretty.
    public func write(_ session: FormSession, options: AnswerWriting) -> String {
        session.answersJSON(pretty: options.pretty) + (options.pretty ? "\n" : "")
    }

    /// The session's answers as a JSON object (answer keys to values), not as a string.
    public func json(of session: FormSession) -> JSONOutput {
        FormServer.json(session.answers())
    }

    /// The schema of the answers' object: each field's answer key, a repeat's entries as a list of objects.
    public func answersSchema(for definition: FormDefinition) -> [(String, JSONOutput)]? {
        AnswersSchema.object(of: definition.sections.flatMap(\.items), in: definition, inEntry: false)
    }
}
