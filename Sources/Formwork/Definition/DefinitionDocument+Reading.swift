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
        importers: [any DefinitionImporter] = [], skipUnsupported: Bool = false
    ) throws(DiagnosticList) -> (document: DefinitionDocument, warnings: [Diagnostic]) {
        let path = displayPath ?? url.path
        let bytes = try FormDefinition.readBytes(url, path: path, limits: limits)
        if let importer = importers.first(where: { $0.recognizes(bytes, path: url.path) }) {
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

    /// A parsed file as a document: plain scalars typed by YAML 1.2's core rules,
    /// quoted ones as text.
    init(_ node: SyntaxNode) {
        let place: SourcePlace? = nil
        switch node.content {
        case .mapping(let pairs):
            self.init(
                .object(pairs.map { (key: $0.key.scalarText ?? "", value: DefinitionDocument($0.value)) }), place: place
            )
        case .sequence(let elements):
            self.init(.list(elements.map(DefinitionDocument.init)), place: place)
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
