import Formwork
import Foundation

/// ODK's formats as `DefinitionImporter`s: pass `ODKImport.importers` wherever a
/// definition is loaded, and `.xlsx` XLSForms are read like Formwork's own files.
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
    /// - Returns: The document, and every problem: errors, constructs that cannot be
    ///   represented (errors unless `skipUnsupported`), and warnings.
    public static func document(
        fromWorkbook workbook: Workbook, path: String, skipUnsupported: Bool = false
    ) -> (document: DefinitionDocument, problems: [Diagnostic]) {
        var reader = XLSFormReader(workbook: workbook, fileName: path, skipUnsupported: skipUnsupported)
        let document = reader.document()
        var problems = reader.errors + reader.notices
        problems += skipUnsupported ? reader.unsupported.map(Self.warning) : reader.unsupported
        return (document, problems)
    }

    /// The definition an XForm reads as, with the problems found reading it.
    public static func document(
        fromXForm data: Data, path: String, skipUnsupported: Bool = false
    ) -> (
        document: DefinitionDocument, problems: [Diagnostic]
    ) {
        let tree: XMLTree
        do {
            tree = try XMLTree(data)
        } catch {
            var diagnostic = Diagnostic(.importError(error.message, hint: nil), at: nil)
            diagnostic.place = SourcePlace("\(error.line):\(error.column)")
            return (.object([]), [diagnostic])
        }
        let xform = XFormReader(tree, fileName: (path as NSString).lastPathComponent)
        var reader = XLSFormReader(
            workbook: xform.workbook, fileName: path, skipUnsupported: skipUnsupported, places: xform.places)
        for problem in xform.problems { reader.report(.importError(problem.message, hint: nil), at: problem.place) }
        let document = reader.document()
        var problems = reader.errors + reader.notices
        problems += skipUnsupported ? reader.unsupported.map(Self.warning) : reader.unsupported
        return (document, problems)
    }

    static func warning(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.severity = .warning
        return diagnostic
    }
}

/// Reads XLSForm workbooks (`.xlsx`): recognised by the ZIP signature (or an old
/// `.xls`'s, to say so), whatever the file is called.
public struct XLSFormImporter: DefinitionImporter {
    public init() {}

    public var formatName: String { "an ODK XLSForm workbook" }

    public func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0])
    }

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
            fromWorkbook: workbook, path: path, skipUnsupported: options.skipUnsupported)
        let stopping = problems.filter { $0.severity == .error }
        guard stopping.isEmpty else { throw DiagnosticList(path: path, source: nil, diagnostics: problems) }
        return (document, problems)
    }
}

/// Reads ODK XForms (`.xml`): recognised by content, an XML document whose root is
/// `h:html` (or that names the XForms namespace near its start).
public struct XFormImporter: DefinitionImporter {
    public init() {}

    public var formatName: String { "an ODK XForm" }

    public func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<") else { return false }
        return head.contains("<h:html") || head.contains("http://www.w3.org/2002/xforms")
    }

    public func document(
        _ bytes: [UInt8], path: String, options: ImportOptions
    ) throws(DiagnosticList)
        -> (document: DefinitionDocument, warnings: [Diagnostic])
    {
        let (document, problems) = ODKImport.document(
            fromXForm: Data(bytes), path: path, skipUnsupported: options.skipUnsupported)
        guard !problems.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(path: path, source: nil, diagnostics: problems)
        }
        return (document, problems)
    }
}
