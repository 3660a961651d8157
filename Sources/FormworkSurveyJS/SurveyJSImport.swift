import Formwork
import Foundation

/// SurveyJS's survey JSON as a `DefinitionImporter`: pass `SurveyJSImport.importers`
/// wherever a definition is loaded, and surveys are read like Formwork's own files.
///
/// ```swift
/// import Formwork
/// import FormworkSurveyJS
///
/// let form = try FormDefinition.load(contentsOf: url, formats: .surveyJS)
/// ```
public enum SurveyJSImport {
    /// Every SurveyJS format this module reads.
    public static let importers: [any DefinitionImporter] = [SurveyJSImporter()]

    /// The definition a survey reads as, in Formwork's own terms (what `formwork
    /// convert` prints), with the problems found reading it.
    ///
    /// - Returns: The document, and every problem: errors, constructs that cannot be
    ///   represented (errors unless `skipUnsupported`), and warnings.
    /// - Throws: `DiagnosticList` when the JSON cannot be read.
    public static func document(
        fromJSON bytes: [UInt8], path: String, limits: Limits = .default, skipUnsupported: Bool = false,
        templates: SurveyJSTemplates? = nil
    ) throws(DiagnosticList) -> (document: DefinitionDocument, problems: [Diagnostic]) {
        try document(
            fromJSON: bytes, path: path, limits: limits, skipUnsupported: skipUnsupported, templates: templates,
            prefetching: .beside)
    }

    /// Whether the conditions are translated ahead on the other core: not at all,
    /// beside the reading (as the import does), or all before it (the tests: every
    /// translation made ahead is taken).
    enum Prefetching { case none, beside, first }

    /// `document(fromJSON:…)`, with or without the conditions translated ahead on the
    /// other core (`SurveyJSPrefetch`; the document is the same either way, which the
    /// tests check).
    static func document(
        fromJSON bytes: [UInt8], path: String, limits: Limits, skipUnsupported: Bool,
        templates: SurveyJSTemplates?, prefetching: Prefetching
    ) throws(DiagnosticList) -> (document: DefinitionDocument, problems: [Diagnostic]) {
        var root = try DefinitionDocument.placedJSON(bytes, path: path, limits: limits)
        if let templates, !templates.isEmpty { root = templates.expanded(root) }
        guard case .object = root.content else {
            throw DiagnosticList(
                path: path, source: nil,
                diagnostics: [Diagnostic(.importError("a SurveyJS survey is a JSON object", hint: nil), at: nil)])
        }
        let tooLong = longStrings(in: root, limit: limits.maximumStringLength)
        guard tooLong.isEmpty else { throw DiagnosticList(path: path, source: nil, diagnostics: tooLong) }
        var reader = SurveyJSReader(
            survey: SurveyJSElement(root), fileName: path, skipUnsupported: skipUnsupported, limits: limits)
        // Questions' properties are kept only for a survey that reads them.
        if contains(bytes, "propertyValue") { reader.readPropertiesForPropertyValue() }
        reader.readsContainers = contains(bytes, "isContainerReady")
        reader.prefetches = prefetching != .none
        reader.waitsForPrefetch = prefetching == .first
        let document = reader.document()
        return (document, reader.problems.diagnostics(skipUnsupported: skipUnsupported))
    }

    /// Whether `bytes` hold `word` (a plain search: the first byte found by `memchr`).
    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                guard let found = memchr(haystack.baseAddress! + start, Int32(first), last - start + 1) else {
                    return false
                }
                let at = haystack.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(haystack.baseAddress! + at, needle, needle.count) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }

    /// An error for each text (a value or a key) longer than `limit` characters, at its
    /// place: found before the survey is read, so that no step reads a 10 MB title, name
    /// or expression (Formwork's own definitions have the same limit).
    static func longStrings(in root: DefinitionDocument, limit: Int) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func check(_ text: String, at place: SourcePlace?) {
            guard text.utf8.count > limit, text.count > limit else { return }
            var diagnostic = Diagnostic(.stringTooLong(length: text.count, limit: limit), at: nil)
            diagnostic.place = place
            found.append(diagnostic)
        }
        var pending = [root]
        while let node = pending.popLast() {
            switch node.content {
            case .string(let text): check(text, at: node.place)
            case .object(let pairs):
                for (key, value) in pairs.reversed() {
                    check(key, at: value.place)
                    pending.append(value)
                }
            case .list(let elements): pending += elements.reversed()
            default: break
            }
        }
        return found
    }
}

/// Reads SurveyJS surveys: recognised by content, a JSON object with `pages`,
/// `elements` or `questions` (and not Formwork's own `sections`), whatever the file
/// is called.
public struct SurveyJSImporter: DefinitionImporter {
    /// The importer; it has no settings of its own (`ImportOptions` carries them).
    public init() {}

    /// `"a SurveyJS survey"`, as messages name what was read.
    public var formatName: String { "a SurveyJS survey" }

    /// Whether `bytes` are a JSON object (after a byte-order mark and white space) with a
    /// `pages`, `elements` or `questions` key and no `sections` key, whatever `path` is.
    public func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        guard
            bytes.drop(while: {
                $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
            })
            .first == UInt8(ascii: "{")
        else { return false }
        return Self.hasKey("pages", in: bytes) || Self.hasKey("elements", in: bytes)
            || Self.hasKey("questions", in: bytes)
            ? !Self.hasKey("sections", in: bytes) : false
    }

    /// Whether `"key"` is written as a key (followed by `:`) somewhere in the text.
    static func hasKey(_ key: String, in bytes: [UInt8]) -> Bool {
        let needle = Array("\"\(key)\"".utf8)
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                var next = index + needle.count
                while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ":") { return true }
            }
            index += 1
        }
        return false
    }

    /// The survey as a Formwork definition document, its expressions translated.
    ///
    /// - Parameters:
    ///   - bytes: The survey's JSON.
    ///   - path: The file's path, for diagnostics.
    ///   - options: The limits, and whether unsupported elements are skipped (with a
    ///     warning) instead of refused.
    /// - Returns: The document, and the warnings about what was skipped or changed.
    /// - Throws: `DiagnosticList` with every error (and warning) when the survey cannot
    ///   be imported.
    public func document(
        _ bytes: [UInt8], path: String, options: ImportOptions
    ) throws(DiagnosticList)
        -> (document: DefinitionDocument, warnings: [Diagnostic])
    {
        var templates: SurveyJSTemplates?
        if let file = options.templatesFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw DiagnosticList(
                    path: file, source: nil,
                    diagnostics: [Diagnostic(.unreadable(reason: "no such file, or it cannot be read"), at: nil)])
            }
            templates = try SurveyJSTemplates(json: Array(data), path: file)
        }
        let (document, problems) = try SurveyJSImport.document(
            fromJSON: bytes, path: path, limits: options.limits, skipUnsupported: options.skipUnsupported,
            templates: templates)
        guard !problems.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(path: path, source: nil, diagnostics: problems)
        }
        return (document, problems)
    }
}
