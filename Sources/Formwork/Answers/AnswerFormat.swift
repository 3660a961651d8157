/// A format a form's answers are read and written in: Formwork's own answers JSON
/// (`FormworkAnswerFormat`, always there), or another engine's, supplied by the module
/// that imports that engine's forms (ODK's submission XML, SurveyJS's `survey.data`).
///
/// Answers have the same shape as definitions: a module registers its formats once,
/// in a `FormatRegistry`, and everything that reads or writes answers — `formwork fill`,
/// `validate` and `serve`, `FormServer`, `FormPrompt`, `ResponseValidator`, a
/// session's values files — asks the registry, never a format by name.
///
/// A form imported from another engine names its format in its definition
/// (`submission: { format: odk, … }`, a `SubmissionLayout`); that format is the form's
/// own: the answers of a fill are written in it unless asked otherwise, and a response
/// is read in it first.
///
/// ```swift
/// struct CSVAnswers: AnswerFormat {
///     var name: String { "csv" }
///     var summary: String { "one row of comma-separated answers" }
///     var fileExtension: String { "csv" }
///     func recognizes(_ bytes: [UInt8], path: String?) -> Bool { path?.hasSuffix(".csv") == true }
///     func write(_ session: FormSession, options: AnswerWriting) -> String {
///         session.answers().map { "\($0.answer)" }.joined(separator: ",") + "\n"
///     }
/// }
/// let formats = FormatRegistry(answerFormats: [CSVAnswers()])
/// ```
public protocol AnswerFormat: Sendable {
    /// The format's name: `submission.format` in a definition, `fill --format`, the
    /// `format` of JSON-RPC's `form.answers` (`odk`, `surveyjs`).
    var name: String { get }
    /// What the answers are, for help and messages: "an ODK submission (the XForm
    /// instance, as ODK Central takes it)".
    var summary: String { get }
    /// The extension of a file holding answers in this format (`xml`, `json`).
    var fileExtension: String { get }
    /// What a `submission:` layout of this format holds (see `SubmissionLayout.Rules`).
    var layoutRules: SubmissionLayout.Rules { get }
    /// Whether a file answer is written as the file's name, the file sent beside the
    /// answers (ODK: Collect writes `a.jpg` and sends the file with the submission, as
    /// Briefcase lays out an instance folder); otherwise the answers hold the path as
    /// given. Default `false`.
    var sendsFilesBeside: Bool { get }

    /// Whether `bytes` are answers in this format: by their content first (a renamed
    /// file is still read), by `path`'s extension where the content cannot say.
    func recognizes(_ bytes: [UInt8], path: String?) -> Bool

    /// Reads a response in this format as a tree of Formwork's answers (answer keys
    /// or ids to values, a repeat's entries as a list of such mappings), each node at
    /// its place in `bytes`, for `ResponseValidator`.
    ///
    /// The default reads JSON and passes it through `answersTree(_:of:)`.
    ///
    /// - Returns: The tree, or the one problem that keeps the response from being read
    ///   (not this format's syntax, another form's answers).
    func readResponse(_ bytes: [UInt8], of definition: FormDefinition) -> Result<SyntaxNode, ResponseProblem>

    /// Answers already parsed from JSON or YAML (a values file, JSON-RPC params) in
    /// this format, as a tree of Formwork's answers; nodes keep their places. The
    /// default returns the tree as it is.
    func answersTree(_ data: SyntaxNode, of definition: FormDefinition) -> SyntaxNode

    /// The session's answers in this format, as a file holds them.
    func write(_ session: FormSession, options: AnswerWriting) -> String

    /// The session's answers as a JSON value (JSON-RPC's `data`): the default is the
    /// written text as a JSON string.
    func json(of session: FormSession) -> JSONOutput

    /// The JSON Schema members (`type`, `properties`, …) of a form's answers in this
    /// format, or `nil` when its answers are not JSON (then Formwork's own answers'
    /// schema is the form's).
    func answersSchema(for definition: FormDefinition) -> [(String, JSONOutput)]?
}

/// How `AnswerFormat.write(_:options:)` writes answers.
public struct AnswerWriting: Sendable {
    /// Indented for people (a file), or compact (a line of a JSON Lines file).
    public var pretty: Bool
    /// The response the answers were read from, when a response is written again as
    /// the fill would have submitted it (`formwork validate --clean`): a format keeps
    /// what identifies it (an ODK submission's `instanceID`).
    public var original: [UInt8]?

    /// Options for writing: indented unless `pretty` is `false`, with no original response by default.
    public init(pretty: Bool = true, original: [UInt8]? = nil) {
        self.pretty = pretty
        self.original = original
    }
}

extension AnswerFormat {
    /// Answers hold a file's path as given.
    public var sendsFilesBeside: Bool { false }

    /// Reads `bytes` as JSON (within `definition`'s limits) and passes the tree through
    /// `answersTree(_:of:)`; a syntax error is the response's one problem.
    public func readResponse(_ bytes: [UInt8], of definition: FormDefinition) -> Result<SyntaxNode, ResponseProblem> {
        do {
            let (root, _) = try SyntaxLoader.parse(bytes, format: .json, limits: definition.limits)
            return .success(answersTree(root, of: definition))
        } catch {
            return .failure(
                ResponseProblem(.syntax(error.message), at: error.location))
        }
    }

    /// The tree as it is: the format's answers are Formwork's.
    public func answersTree(_ data: SyntaxNode, of definition: FormDefinition) -> SyntaxNode { data }

    /// The text `write(_:options:)` gives with the default options, as a JSON string.
    public func json(of session: FormSession) -> JSONOutput {
        .value(.string(write(session, options: AnswerWriting())))
    }

    /// `nil`: the answers are not JSON, or their schema is Formwork's own.
    public func answersSchema(for definition: FormDefinition) -> [(String, JSONOutput)]? { nil }

    /// No root element, data-key paths and no instance id.
    public var layoutRules: SubmissionLayout.Rules { SubmissionLayout.Rules() }

    /// Whether the first byte that is not white space (or a byte-order mark) is one
    /// of `bytes`: `{` for a JSON object, `<` for XML.
    public static func startsWith(_ candidates: Set<UInt8>, in bytes: [UInt8]) -> Bool {
        let first = bytes.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        return first.map(candidates.contains) ?? false
    }
}
