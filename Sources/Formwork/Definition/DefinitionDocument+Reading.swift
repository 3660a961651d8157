import Foundation

extension DefinitionDocument {
    /// Reads a definition file as a document without checking it: Formwork's own YAML
    /// or JSON as written, or an imported format as its importer reads it (what
    /// `formwork convert` prints once the document loads).
    ///
    /// - Returns: The document and the importer's warnings.
    /// - Throws: `DiagnosticList` when the file cannot be read or parsed.
    public static func read(
        contentsOf url: URL, displayPath: String? = nil, limits: Limits = .default,
        formats: FormatRegistry = .formwork, skipUnsupported: Bool = false
    ) throws(DiagnosticList) -> (document: DefinitionDocument, warnings: [Diagnostic]) {
        let path = displayPath ?? url.path
        let bytes = try FormDefinition.readBytes(url, path: path, limits: limits)
        if let importer = formats.importers.first(where: { $0.recognizes(bytes, path: url.path) }) {
            return try importer.document(
                bytes, path: path, options: ImportOptions(limits: limits, skipUnsupported: skipUnsupported))
        }
        try ForeignFormat.reject(bytes, path: path)
        let format = SyntaxLoader.Format(path: url.path) ?? SyntaxLoader.Format(content: bytes)
        do {
            let (root, _) = try SyntaxLoader.parse(bytes, format: format, limits: limits)
            return (DefinitionDocument(root), [])
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
    }

    /// JSON text (another format's, such as a SurveyJS survey) as a document whose
    /// every node has its place, `line:col`, so an importer's problems point into the
    /// file. Read with the limits of a definition (size, depth, string length, UTF-8).
    ///
    /// ```swift
    /// let survey = try DefinitionDocument.placedJSON(bytes, limits: .default)
    /// survey["pages"]?.place?.name   // "2:12"
    /// ```
    ///
    /// - Throws: `DiagnosticList` (with the text, for quoting) when the JSON cannot be read.
    public static func placedJSON(
        _ bytes: [UInt8], path: String, limits: Limits = .default
    ) throws(DiagnosticList)
        -> DefinitionDocument
    {
        do {
            let (root, _) = try SyntaxLoader.parse(bytes, format: .json, limits: limits)
            return DefinitionDocument(root, placed: true)
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
    }

    /// A parsed file as a document: plain scalars typed by YAML 1.2's core rules,
    /// quoted ones as text; with `placed`, each node carries its `line:col`.
    init(_ node: SyntaxNode, placed: Bool = false) {
        let place = placed ? SourcePlace(String(node.location.line) + ":" + String(node.location.column)) : nil
        switch node.content {
        case .mapping(let pairs):
            self.init(
                .object(
                    pairs.map { (key: $0.key.scalarText ?? "", value: DefinitionDocument($0.value, placed: placed)) }),
                place: place)
        case .sequence(let elements):
            self.init(.list(elements.map { DefinitionDocument($0, placed: placed) }), place: place)
        case .scalar(let text, _):
            switch node.scalar {
            case .null?: self.init(.null, place: place)
            case .bool(let flag)?: self.init(.bool(flag), place: place)
            case .number?: self.init(.number(text), place: place)
            default: self.init(.string(text), place: place)
            }
        }
    }
}
