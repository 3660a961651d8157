/// A format other than Formwork's own that definitions are read from: ODK's XLSForm
/// workbooks and XForms (`FormworkODK`), SurveyJS surveys. An importer builds a
/// `DefinitionDocument` and loads it with `FormDefinition(document:path:)`, so an
/// imported form is checked exactly as a file written by hand.
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: url, formats: .odk)
/// ```
///
/// A module registers its importers, with the answer formats of the forms they read,
/// as a `FormatRegistry`:
///
/// ```swift
/// extension FormatRegistry {
///     public static let odk = FormatRegistry(
///         importers: [XLSFormImporter(), XFormImporter()], answerFormats: [ODKAnswerFormat()])
/// }
/// ```
public protocol DefinitionImporter: Sendable {
    /// What the format is called in messages: "an ODK XLSForm workbook".
    var formatName: String { get }
    /// Whether the file is in this format: by its content first (a renamed file is
    /// still read), its path's extension where the content cannot say.
    func recognizes(_ bytes: [UInt8], path: String) -> Bool
    /// Reads the form as Formwork's definition (what `formwork convert` prints), with
    /// the warnings found reading it; it is then checked as any definition is.
    ///
    /// - Throws: `DiagnosticList` with every problem, each at its place in the source.
    func document(
        _ bytes: [UInt8], path: String, options: ImportOptions
    ) throws(DiagnosticList)
        -> (document: DefinitionDocument, warnings: [Diagnostic])
}

/// How an importer loads a form: the loader's own settings, and whether constructs
/// that cannot be represented stop the load.
public struct ImportOptions: Sendable {
    /// The bounds on the form's size and shape, as the loader checks them.
    public var limits: Limits
    /// The functions expressions may call; a translated expression is checked against them.
    public var functions: [String: FunctionDefinition]
    /// The field kinds beyond the built-in ones that `kind:` may name.
    public var customKinds: [CustomFieldKind]
    /// Load even when the form has constructs Formwork cannot represent: each becomes
    /// a note saying what was skipped (`--skip-unsupported`). When false, they are
    /// errors listing each with its place.
    public var skipUnsupported: Bool
    /// Where the form's file is, for the files sent with it (an ODK form's
    /// `FORM-media/`); `nil`: the path messages name it by.
    public var formFile: String?
    /// The folder of the files sent with the form (`--media`), looked in alone; `nil`:
    /// the format's own places (`FORM-media/` beside an ODK form, then beside it).
    public var mediaDirectory: String?
    /// A file of an application's question templates the form names (`--templates`;
    /// a SurveyJS survey's `questionTemplateName` and custom types); `nil`: none.
    public var templatesFile: String?

    /// Options with the loader's defaults: default limits, built-in functions, no custom
    /// kinds, unsupported constructs an error, files sent with the form where the
    /// format keeps them.
    public init(
        limits: Limits = .default, functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], skipUnsupported: Bool = false, formFile: String? = nil,
        mediaDirectory: String? = nil
    ) {
        self.limits = limits
        self.functions = functions
        self.customKinds = customKinds
        self.skipUnsupported = skipUnsupported
        self.formFile = formFile
        self.mediaDirectory = mediaDirectory
    }
}

/// A file in a format the caller gave no importer for, recognised by its first bytes,
/// so the message says what it is instead of a YAML error.
struct ForeignFormat {
    let message: String
    let hint: String

    init?(_ bytes: [UInt8]) {
        let start = Array(bytes.prefix(8))
        let withoutBOM = start.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3).prefix(8)) : start
        let loader =
            "load it with the formats of the module that reads it: FormDefinition.load(contentsOf:formats:)"
        if start.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            message = "this is a ZIP archive (an .xlsx workbook?), not a Formwork definition"
            hint = loader
        } else if start.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) {
            message = "this is an Excel 97–2003 .xls workbook (an XLSForm?), not a Formwork definition"
            hint = loader
        } else if withoutBOM.first == UInt8(ascii: "<") {
            message = "this is an XML document (an XForm?), not a Formwork definition"
            hint = loader
        } else {
            return nil
        }
    }

    /// Throws when the bytes are a format no importer was given for.
    static func reject(_ bytes: [UInt8], path: String) throws(DiagnosticList) {
        guard let foreign = ForeignFormat(bytes) else { return }
        throw DiagnosticList(
            path: path, source: nil,
            diagnostics: [Diagnostic(.importError(foreign.message, hint: foreign.hint), at: nil)])
    }
}
