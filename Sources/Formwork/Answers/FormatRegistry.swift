import Foundation

/// Every format a program reads forms from and writes answers in, besides Formwork's
/// own: each importing module registers its `DefinitionImporter`s and `AnswerFormat`s
/// as one registry (`FormatRegistry.odk` in `FormworkODK`), and a program joins those
/// it wants (`FormworkFormats`' `FormatRegistry.standard` joins them all, for the
/// `formwork` tool, its tests and embedders that read every format).
///
/// ```swift
/// let formats: FormatRegistry = .odk + .surveyJS
/// let form = try FormDefinition.load(contentsOf: url, formats: formats)
/// let validator = ResponseValidator(definition: form, formats: formats)
/// ```
///
/// Formwork's own answers (`FormworkAnswerFormat`) are always there, first; where
/// two modules give a format the same name, the first registered is the one used.
public struct FormatRegistry: Sendable {
    /// The definition formats, in the order they are tried on a file.
    public var importers: [any DefinitionImporter]
    /// The answer formats registered (Formwork's own comes first in `answerFormats`).
    public var registeredAnswerFormats: [any AnswerFormat]

    /// A registry of these importers and answer formats.
    public init(importers: [any DefinitionImporter] = [], answerFormats: [any AnswerFormat] = []) {
        self.importers = importers
        self.registeredAnswerFormats = answerFormats
    }

    /// Formwork's own formats only: YAML and JSON definitions, answers as JSON.
    public static let formwork = FormatRegistry()

    /// Both registries' formats, `left`'s first.
    public static func + (left: FormatRegistry, right: FormatRegistry) -> FormatRegistry {
        FormatRegistry(
            importers: left.importers + right.importers,
            answerFormats: left.registeredAnswerFormats + right.registeredAnswerFormats)
    }

    /// Every answer format: Formwork's own, then each registered one (the first of a name).
    public var answerFormats: [any AnswerFormat] {
        var seen: Set<String> = []
        return ([FormworkAnswerFormat()] + registeredAnswerFormats).filter { seen.insert($0.name).inserted }
    }

    /// The answer format called `name`, if any.
    public func answerFormat(named name: String) -> (any AnswerFormat)? {
        answerFormats.first { $0.name == name }
    }

    /// The format a response is read in: the form's own first (its `submission`
    /// layout's), then Formwork's and every other, the first that recognises the bytes;
    /// the form's own (else Formwork's) when none does: its reader says what is wrong.
    public func responseFormat(
        of bytes: [UInt8], path: String?, for definition: FormDefinition
    ) -> any AnswerFormat {
        Self.format(of: bytes, path: path, among: responseFormats(for: definition))
    }

    /// The formats a response to `definition` is tried in, in order: its own, then
    /// every other (see `responseFormat(of:path:for:)`).
    public func responseFormats(for definition: FormDefinition) -> [any AnswerFormat] {
        guard let own = definition.answerFormat else { return answerFormats }
        return [own] + answerFormats.filter { $0.name != own.name }
    }

    /// The first of `candidates` that recognises the bytes, else the first.
    static func format(of bytes: [UInt8], path: String?, among candidates: [any AnswerFormat]) -> any AnswerFormat {
        candidates.first { $0.recognizes(bytes, path: path) } ?? candidates.first ?? FormworkAnswerFormat()
    }

    /// The format a fill writes answers in when none is asked for: the form's own,
    /// else the first whose file extension `path` has (`answers.xml`), else Formwork's.
    public func defaultAnswerFormat(for definition: FormDefinition, writingTo path: String?) -> any AnswerFormat {
        if let own = definition.answerFormat { return own }
        let pathExtension = path.map { ($0 as NSString).pathExtension.lowercased() }
        return answerFormats.first { $0.fileExtension == pathExtension } ?? FormworkAnswerFormat()
    }
}
