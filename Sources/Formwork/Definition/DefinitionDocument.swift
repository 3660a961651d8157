/// A definition as data, before it is checked: what an importer builds from another
/// format (an ODK workbook, an XForm, a SurveyJS survey) and what `formwork convert`
/// writes as Formwork's own YAML or JSON.
///
/// Each node may carry the place it came from (`survey!C42` and the text written
/// there), so a problem found when the definition is checked — a type error in a
/// translated condition, two questions with one key — is reported at the source's own
/// place, not at a line of a file the user never wrote.
///
/// ```swift
/// let document: DefinitionDocument = .object([
///     ("id", "intake"), ("title", "Intake"),
///     ("sections", .list([.object([
///         ("id", "main"),
///         ("fields", .list([.object([("id", "age"), ("kind", "number"), ("label", "Age")])])),
///     ])])),
/// ])
/// let form = try FormDefinition(document: document, path: "intake.xlsx")
/// print(document.yaml())
/// ```
public struct DefinitionDocument: Sendable, ExpressibleByStringLiteral {
    /// What a node is: a scalar, a list or an object, as in JSON.
    public indirect enum Content: Sendable {
        case string(String)
        /// A number as written (`12`, `0.5`).
        case number(String)
        case bool(Bool)
        case null
        case list([DefinitionDocument])
        /// Keys in order.
        case object([(key: String, value: DefinitionDocument)])
    }

    /// The node's value.
    public var content: Content
    /// Where the node came from; a node without one is at its parent's place.
    public var place: SourcePlace?

    /// A node holding `content`, from `place` when it is known.
    public init(_ content: Content, place: SourcePlace? = nil) {
        self.content = content
        self.place = place
    }

    /// A string node with no place, so that `"intake"` can stand for `.string("intake")`.
    public init(stringLiteral value: String) { self.init(.string(value)) }

    /// `text` as a node, from `place` when it is known.
    public static func string(_ text: String, at place: SourcePlace? = nil) -> Self {
        Self(.string(text), place: place)
    }
    /// A number as written (`"12"`, `"0.5"`) as a node, from `place` when it is known.
    public static func number(_ number: String, at place: SourcePlace? = nil) -> Self {
        Self(.number(number), place: place)
    }
    /// `flag` as a node, from `place` when it is known.
    public static func bool(_ flag: Bool, at place: SourcePlace? = nil) -> Self { Self(.bool(flag), place: place) }
    /// `elements` as a list node, from `place` when it is known.
    public static func list(_ elements: [Self], at place: SourcePlace? = nil) -> Self {
        Self(.list(elements), place: place)
    }
    /// `pairs` as an object node, its keys in their order, from `place` when it is known.
    public static func object(_ pairs: [(String, Self)], at place: SourcePlace? = nil) -> Self {
        // The same tuples but for their labels, which change nothing in memory: the
        // array is taken as it is rather than copied pair by pair (importers make many).
        Self(.object(unsafeBitCast(pairs, to: [(key: String, value: Self)].self)), place: place)
    }

    /// The value under `key`, if this is an object that has it.
    public subscript(key: String) -> DefinitionDocument? {
        guard case .object(let pairs) = content else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The text, if this is a string.
    public var text: String? {
        if case .string(let text) = content { return text }
        return nil
    }
}

extension FormDefinition {
    /// Checks and loads a definition built as data (an importer's), reporting each
    /// problem at the place its node came from.
    ///
    /// - Parameters:
    ///   - document: The definition as data.
    ///   - path: The path shown in diagnostics (the imported file's).
    ///   - warnings: The importer's own warnings, listed before the definition's.
    ///   - limits: The bounds on the definition's shape.
    ///   - functions: The functions expressions may call (built-ins by default).
    ///   - customKinds: The field kinds beyond the built-in ones that `kind:` may name.
    ///   - formats: The answer formats its `submission` layout may name.
    /// - Throws: `DiagnosticList`, each diagnostic with its `place` where the document
    ///   says where the node came from.
    public init(
        document: DefinitionDocument, path: String, warnings: [Diagnostic] = [], limits: Limits = .default,
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], formats: FormatRegistry = .formwork
    ) throws(DiagnosticList) {
        // The document as the syntax tree its JSON text parses to, when it parses
        // cleanly; else the text is parsed, and its problems reported.
        guard let root = document.syntax(limits: limits) else {
            self = try Self.loadText(
                document, path: path, warnings: warnings, limits: limits, functions: functions,
                customKinds: customKinds, formats: formats)
            return
        }
        var decoder = DefinitionDecoder(
            limits: limits, functions: functions, customKinds: customKinds, formats: formats)
        guard var definition = decoder.decode(root) else {
            let (text, places) = document.placedJSON()
            throw DiagnosticList(
                path: path, source: text, diagnostics: decoder.collector.diagnostics.map { Self.placed($0, places) })
        }
        if definition.warnings.isEmpty {
            definition.warnings = warnings
        } else {
            let places = document.placedJSON().places
            definition.warnings = warnings + definition.warnings.map { Self.placed($0, places) }
        }
        definition.sourcePlaces = SourcePlaces(document)
        self = definition
    }

    /// A diagnostic at a line of the document's JSON text, at the place that line's
    /// node came from.
    static func placed(_ diagnostic: Diagnostic, _ places: [SourcePlace?]) -> Diagnostic {
        var diagnostic = diagnostic
        if diagnostic.place == nil, let line = diagnostic.location?.line, line > 0, line <= places.count {
            diagnostic.place = places[line - 1]
        }
        return diagnostic
    }

    /// Loads the document by writing its JSON text and parsing it.
    static func loadText(
        _ document: DefinitionDocument, path: String, warnings: [Diagnostic], limits: Limits,
        functions: [String: FunctionDefinition], customKinds: [CustomFieldKind], formats: FormatRegistry
    ) throws(DiagnosticList) -> FormDefinition {
        let (text, places) = document.placedJSON()
        // Held to a definition file's size, but said of the form, not of a file: the
        // file it was imported from may be far smaller (a matrix makes a field per cell).
        guard text.utf8.count <= limits.maximumFileSize else {
            let problem = Problem.importError(
                "the form it makes is \(text.utf8.count) bytes written as a definition; a definition is limited to "
                    + "\(limits.maximumFileSize) bytes",
                hint: "split it into several forms")
            throw DiagnosticList(path: path, source: nil, diagnostics: [Diagnostic(problem, at: nil)])
        }
        do {
            var definition = try Self.load(
                bytes: Array(text.utf8), format: .json, path: path, limits: limits, functions: functions,
                customKinds: customKinds, formats: formats)
            definition.warnings = warnings + definition.warnings.map { placed($0, places) }
            definition.sourcePlaces = SourcePlaces(document)
            return definition
        } catch {
            throw DiagnosticList(path: path, source: text, diagnostics: error.diagnostics.map { placed($0, places) })
        }
    }
}
