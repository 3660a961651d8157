import Formwork
import Foundation

/// ODK's submissions as an `AnswerFormat` (`format: odk`): the XForm instance ODK
/// Collect sends to ODK Central, written by `ODKSubmission` and read by `ODKResponse`
/// for `formwork validate`. Registered by `FormatRegistry.odk`.
///
/// A form without an ODK layout (Formwork's own) is written with the default one: the
/// root element `data`, the form's id and version, each field under its answer key.
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: url, formats: .odk)
/// let xml = ODKAnswerFormat().write(FormSession(definition: form), options: AnswerWriting())
/// ```
public struct ODKAnswerFormat: AnswerFormat {
    /// The format; it has no settings.
    public init() {}

    /// `odk`: `submission.format`, `fill --format`, JSON-RPC's `format`.
    public var name: String { "odk" }
    /// What the answers are, for help and messages.
    public var summary: String { "an ODK submission: the XForm instance, as ODK Central and KoboToolbox take it" }
    /// `xml`.
    public var fileExtension: String { "xml" }

    /// A file answer is the file's name (`a.jpg`), the file sent beside the
    /// submission, as Collect sends it and ODK Central and KoboToolbox match it.
    public var sendsFilesBeside: Bool { true }

    /// An XForm instance: a root element, element paths (`group/question`), the
    /// submission's id at `meta/instanceID` unless the layout says otherwise.
    public var layoutRules: SubmissionLayout.Rules {
        SubmissionLayout.Rules(hasRootElement: true, paths: .elements, defaultInstanceID: "meta/instanceID")
    }

    /// XML (an instance is a document whose first character is `<`).
    public func recognizes(_ bytes: [UInt8], path: String?) -> Bool {
        Self.startsWith([UInt8(ascii: "<")], in: bytes)
    }

    /// Reads a submission's XML as a tree of Formwork's answers, or the one problem that
    /// keeps it from being read (not XML, a document type, another form's submission).
    public func readResponse(_ bytes: [UInt8], of definition: FormDefinition) -> Result<SyntaxNode, ResponseProblem> {
        ODKResponse.read(Data(bytes), definition: definition).map(\.syntaxNode)
    }

    /// The submission XML; a response written again keeps its `instanceID`.
    public func write(_ session: FormSession, options: AnswerWriting) -> String {
        let kept = options.original.flatMap { ODKResponse.instanceID(in: Data($0), definition: session.definition) }
        return ODKSubmission.xml(of: session, instanceID: kept ?? ODKSubmission.newInstanceID())
    }

    /// The form's layout when it is ODK's, else the default one (root `data`, the
    /// form's id and version, each field under its answer key).
    static func layout(of definition: FormDefinition) -> SubmissionLayout {
        if let layout = definition.submission, layout.format is ODKAnswerFormat { return layout }
        return SubmissionLayout(
            format: ODKAnswerFormat(), root: "data", formID: definition.id, version: definition.version,
            instanceID: "meta/instanceID")
    }
}

extension FormatRegistry {
    /// ODK: XLSForm workbooks (`.xlsx`) and XForms (`.xml`) read as Formwork
    /// definitions, and answers as ODK submissions.
    public static let odk = FormatRegistry(importers: ODKImport.importers, answerFormats: [ODKAnswerFormat()])
}
