import Formwork
import Foundation

/// ODK's formats as `DefinitionImporter`s: pass `ODKImport.importers` wherever a
/// definition is loaded, and XLSForms (`.xlsx` or `.xls`) and XForms are read like
/// Formwork's own files.
///
/// ```swift
/// import Formwork
/// import FormworkODK
///
/// let form = try FormDefinition.load(contentsOf: url, formats: .odk)
/// ```
public enum ODKImport {
    /// Every ODK format this module reads.
    public static let importers: [any DefinitionImporter] = [XLSFormImporter(), XFormImporter()]

    /// The definition an XLSForm workbook reads as, in Formwork's own terms (what
    /// `formwork convert` prints), with the problems found reading it.
    ///
    /// - Parameters:
    ///   - workbook: The XLSForm.
    ///   - path: The file's path, as messages name it.
    ///   - limits: The loader's limits (an expression longer than
    ///     `maximumExpressionLength` is not translated).
    ///   - skipUnsupported: Whether each construct that cannot be represented becomes
    ///     a note saying what was skipped (a warning) instead of an error.
    ///   - formFile: Where the form's file is, for the files sent with it (`path` by
    ///     default).
    ///   - mediaDirectory: The folder of those files (`--media`); by default
    ///     `FORM-media/` beside the form, then beside it.
    /// - Returns: The document, and every problem: errors, constructs that cannot be
    ///   represented (errors unless `skipUnsupported`), and warnings.
    public static func document(
        fromWorkbook workbook: Workbook, path: String, limits: Limits = .default, skipUnsupported: Bool = false,
        formFile: String? = nil, mediaDirectory: String? = nil
    ) -> (document: DefinitionDocument, problems: [Diagnostic]) {
        var reader = XLSFormReader(
            workbook: workbook, fileName: path, skipUnsupported: skipUnsupported, limits: limits,
            media: MediaFolder(formFile: formFile ?? path, directory: mediaDirectory))
        let document = reader.document()
        return (document, reader.problems.diagnostics(skipUnsupported: skipUnsupported))
    }

    /// The definition an XForm reads as, with the problems found reading it.
    ///
    /// - Parameters:
    ///   - data: The XForm's XML.
    ///   - path: The file's path, as messages name it.
    ///   - limits: The loader's limits (an expression longer than
    ///     `maximumExpressionLength` is not translated).
    ///   - skipUnsupported: Whether each construct that cannot be represented becomes
    ///     a note saying what was skipped (a warning) instead of an error.
    ///   - formFile: Where the form's file is, for the files sent with it (`path` by
    ///     default).
    ///   - mediaDirectory: The folder of those files (`--media`); by default
    ///     `FORM-media/` beside the form, then beside it.
    /// - Returns: The document, and every problem: errors, constructs that cannot be
    ///   represented (errors unless `skipUnsupported`), and warnings.
    public static func document(
        fromXForm data: Data, path: String, limits: Limits = .default, skipUnsupported: Bool = false,
        formFile: String? = nil, mediaDirectory: String? = nil
    ) -> (document: DefinitionDocument, problems: [Diagnostic]) {
        let tree: XMLTree
        do {
            tree = try XMLTree(data, readingTranslations: true)
        } catch {
            var diagnostic = Diagnostic(.importError(error.message, hint: nil), at: nil)
            diagnostic.place = SourcePlace("\(error.line):\(error.column)")
            return (.object([]), [diagnostic])
        }
        let xform = XFormReader(tree, fileName: (path as NSString).lastPathComponent)
        var reader = XLSFormReader(
            sheets: xform.sheets, fileName: path, skipUnsupported: skipUnsupported, limits: limits,
            media: MediaFolder(formFile: formFile ?? path, directory: mediaDirectory),
            instances: xform.secondaryInstances)
        for problem in xform.problems {
            reader.report(
                problem.isNotice ? .importNotice(problem.message) : .importError(problem.message, hint: nil),
                at: problem.place)
        }
        let document = reader.document()
        return (document, reader.problems.diagnostics(skipUnsupported: skipUnsupported))
    }
}

/// Reads XLSForm workbooks, `.xlsx` or Excel 97–2003 `.xls`: recognised by their first
/// bytes (a ZIP archive's, a compound file's), whatever the file is called.
public struct XLSFormImporter: DefinitionImporter {
    /// The importer.
    public init() {}

    /// "an ODK XLSForm workbook".
    public var formatName: String { "an ODK XLSForm workbook" }

    /// Whether the bytes start as a ZIP archive (an `.xlsx`) or a compound file (an `.xls`) does.
    public func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0])
    }

    /// The workbook as Formwork's definition, read within `options.limits`, with the
    /// warnings found reading it.
    ///
    /// - Throws: `DiagnosticList` with every problem, each at its cell, when the
    ///   workbook cannot be opened or has an error.
    public func document(
        _ bytes: [UInt8], path: String, options: ImportOptions
    ) throws(DiagnosticList)
        -> (document: DefinitionDocument, warnings: [Diagnostic])
    {
        let workbook: Workbook
        do {
            workbook = try Workbook(bytes: bytes)
        } catch {
            throw DiagnosticList(
                path: path, source: nil,
                diagnostics: [Diagnostic(.importError(error.description, hint: nil), at: nil)])
        }
        let (document, problems) = ODKImport.document(
            fromWorkbook: workbook, path: path, limits: options.limits, skipUnsupported: options.skipUnsupported,
            formFile: options.formFile, mediaDirectory: options.mediaDirectory)
        let stopping = problems.filter { $0.severity == .error }
        guard stopping.isEmpty else { throw DiagnosticList(path: path, source: nil, diagnostics: problems) }
        return (document, problems)
    }
}

/// Reads ODK XForms (`.xml`): recognised by content, an XML document whose root is
/// `h:html` (or that names the XForms namespace near its start).
public struct XFormImporter: DefinitionImporter {
    /// The importer.
    public init() {}

    /// "an ODK XForm".
    public var formatName: String { "an ODK XForm" }

    /// Whether the bytes are XML whose start names `h:html` or the XForms namespace.
    public func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<") else { return false }
        return head.contains("<h:html") || head.contains("http://www.w3.org/2002/xforms")
    }

    /// The XForm as Formwork's definition, read within `options.limits`, with the
    /// warnings found reading it.
    ///
    /// - Throws: `DiagnosticList` with every problem, each at its element's line and
    ///   column, when the XForm has an error.
    public func document(
        _ bytes: [UInt8], path: String, options: ImportOptions
    ) throws(DiagnosticList)
        -> (document: DefinitionDocument, warnings: [Diagnostic])
    {
        let (document, problems) = ODKImport.document(
            fromXForm: Data(bytes), path: path, limits: options.limits, skipUnsupported: options.skipUnsupported,
            formFile: options.formFile, mediaDirectory: options.mediaDirectory)
        guard !problems.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(path: path, source: nil, diagnostics: problems)
        }
        return (document, problems)
    }
}
