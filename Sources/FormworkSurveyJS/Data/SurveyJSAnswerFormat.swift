import Formwork

/// SurveyJS's `survey.data` as an `AnswerFormat` (`format: surveyjs`): what an
/// imported survey's fill writes (`SurveyJSData`), what `formwork validate` reads for
/// it (nested data flattened to the form's answers, `answersTree(_:of:)`), and the
/// JSON Schema of that data. Registered by `FormatRegistry.surveyJS`.
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: url, formats: .surveyJS)
/// let data = SurveyJSAnswerFormat().write(FormSession(definition: form), options: AnswerWriting())
/// ```
public struct SurveyJSAnswerFormat: AnswerFormat {
    /// The format; it has no settings.
    public init() {}

    /// `surveyjs`: `submission.format`, `fill --format`, JSON-RPC's `format`.
    public var name: String { "surveyjs" }
    /// What the answers are, for help and messages.
    public var summary: String { "SurveyJS's survey.data, as JSON" }
    /// `json`.
    public var fileExtension: String { "json" }

    /// SurveyJS's data is one JSON object: no root element, no id; its paths are data
    /// keys (`matrix/row/column`), `''` for a value SurveyJS keeps out of its data.
    public var layoutRules: SubmissionLayout.Rules { SubmissionLayout.Rules(hasRootElement: false, paths: .dataKeys) }

    /// A JSON object.
    public func recognizes(_ bytes: [UInt8], path: String?) -> Bool {
        Self.startsWith([UInt8(ascii: "{")], in: bytes)
    }

    /// The session's answers as `survey.data` JSON text, ending with a line break when pretty.
    public func write(_ session: FormSession, options: AnswerWriting) -> String {
        SurveyJSData.json(of: session, pretty: options.pretty) + (options.pretty ? "\n" : "")
    }

    /// The session's answers as the `survey.data` object itself (not as a string).
    public func json(of session: FormSession) -> JSONOutput { SurveyJSData.object(of: session) }

    /// The form's layout, when it is SurveyJS's (another form writes each field under
    /// its answer key).
    static func layout(of definition: FormDefinition) -> SubmissionLayout? {
        definition.submission.flatMap { $0.format is SurveyJSAnswerFormat ? $0 : nil }
    }
}

extension FormatRegistry {
    /// SurveyJS: surveys (`.json`) read as Formwork definitions, and their answers as
    /// `survey.data`.
    public static let surveyJS = FormatRegistry(
        importers: SurveyJSImport.importers, answerFormats: [SurveyJSAnswerFormat()])
}
