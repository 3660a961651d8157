import Foundation

/// Reads a definition or values file into a `SyntaxNode` tree: checks size and
/// encoding, then parses YAML or JSON by extension.
public enum SyntaxLoader {
    /// The file formats, chosen by extension.
    enum Format: Sendable {
        case yaml, json

        init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "yaml", "yml": self = .yaml
            case "json": self = .json
            default: return nil
            }
        }

        /// JSON when the first character that is not white space is `{` or `[`, else YAML.
        init(content bytes: [UInt8]) {
            let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
            self = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
        }
    }

    /// Parses `bytes` in `format`.
    ///
    /// - Returns: The tree and the decoded text (for quoting lines in diagnostics).
    static func parse(_ bytes: [UInt8], format: Format, limits: Limits) throws(Diagnostic) -> (SyntaxNode, String) {
        guard bytes.count <= limits.maximumFileSize else {
            throw Diagnostic(.fileTooLarge(bytes: bytes.count, limit: limits.maximumFileSize), at: nil)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(.invalidUTF8(byteOffset: firstInvalidUTF8Offset(bytes)), at: nil)
        }
        switch format {
        case .json: return (try JSONParser.parse(bytes, maximumDepth: limits.maximumNesting), text)
        case .yaml:
            let withoutBOM = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
            return (try YAMLLoader.parse(withoutBOM, limits: limits), text)
        }
    }

    /// Parses a YAML or JSON document (JSON when its first character is `{` or `[`)
    /// within `limits`, each node at its line and column: for files that sit beside
    /// definitions and share their syntax (`formwork test`'s test files).
    ///
    /// ```swift
    /// let (root, source) = try SyntaxLoader.load(Array("cases: []".utf8), path: "a.test.yaml")
    /// ```
    ///
    /// - Returns: The tree and the decoded text (for quoting lines in diagnostics).
    /// - Throws: `DiagnosticList` with the syntax error at its place.
    public static func load(
        _ bytes: [UInt8], path: String, limits: Limits = .default
    ) throws(DiagnosticList) -> (root: SyntaxNode, source: String) {
        do {
            return try parse(bytes, format: Format(content: bytes), limits: limits)
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence (the
    /// count when all are valid); importers check their XML with it too.
    public static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        UTF8Validation.firstInvalidOffset(bytes) ?? bytes.count
    }
}
