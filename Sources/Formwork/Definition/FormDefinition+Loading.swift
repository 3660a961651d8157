import Foundation

extension FormDefinition {
    /// Loads a definition file: Formwork's own YAML or JSON, or a format one of
    /// `formats`' importers reads (ODK's `.xlsx` and XForms with `FormworkODK`'s
    /// `FormatRegistry.odk`).
    ///
    /// The format is found from the content first, then the extension: an importer
    /// that recognises the bytes reads them whatever the file is called; a file with
    /// another extension is JSON when it starts with `{`, else YAML.
    ///
    /// ```swift
    /// do {
    ///     let form = try FormDefinition.load(contentsOf: URL(fileURLWithPath: "Forms/signup.yaml"))
    /// } catch {
    ///     print(error.rendered)   // every problem, as path:line:col: error: …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - displayPath: The path shown in diagnostics; defaults to the URL's path.
    ///   - limits: The bounds on the file's size and the definition's shape.
    ///   - functions: The functions expressions may call (built-ins by default).
    ///   - customKinds: The field kinds beyond the built-in ones that `kind:` may name.
    ///   - formats: The other formats to read, and the answer formats a definition's
    ///     `submission` layout may name.
    ///   - skipUnsupported: Load an imported form even when it has constructs Formwork
    ///     cannot represent, each shown as a note saying what was skipped.
    ///   - mediaDirectory: The folder of the files sent with the form (an ODK form's
    ///     CSV, XML and GeoJSON files); by default the format's own places beside `url`.
    ///   - templatesFile: A file of an application's question templates a survey names
    ///     (`--templates`; SurveyJS's `questionTemplateName` and custom types).
    /// - Returns: The checked definition, with its warnings.
    /// - Throws: `DiagnosticList` with every problem found.
    public static func load(
        contentsOf url: URL, displayPath: String? = nil, limits: Limits = .default,
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], formats: FormatRegistry = .formwork, skipUnsupported: Bool = false,
        mediaDirectory: String? = nil, templatesFile: String? = nil
    ) throws(DiagnosticList) -> FormDefinition {
        let path = displayPath ?? url.path
        let bytes = try readBytes(url, path: path, limits: limits)
        if let importer = formats.importers.first(where: { $0.recognizes(bytes, path: url.path) }) {
            var options = ImportOptions(
                limits: limits, functions: functions, customKinds: customKinds, skipUnsupported: skipUnsupported,
                formFile: url.path, mediaDirectory: mediaDirectory)
            options.templatesFile = templatesFile
            let (document, warnings) = try importer.document(bytes, path: path, options: options)
            return try FormDefinition(
                document: document, path: path, warnings: warnings, limits: limits, functions: functions,
                customKinds: customKinds, formats: formats)
        }
        try ForeignFormat.reject(bytes, path: path)
        let format = SyntaxLoader.Format(path: url.path) ?? SyntaxLoader.Format(content: bytes)
        return try load(
            bytes: bytes, format: format, path: path, limits: limits, functions: functions, customKinds: customKinds,
            formats: formats)
    }

    /// A definition file's bytes, at most `limits.maximumFileSize` of them (and one
    /// more, so a larger file is reported as such).
    static func readBytes(_ url: URL, path: String, limits: Limits) throws(DiagnosticList) -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limits.maximumFileSize + 1) ?? Data()
            return [UInt8](data)
        } catch {
            throw DiagnosticList(
                path: path, source: nil, diagnostics: [Diagnostic(.unreadable(reason: Self.reason(error)), at: nil)])
        }
    }

    /// Loads a definition from YAML text.
    public init(
        yaml: String, path: String = "<yaml>", limits: Limits = .default,
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], formats: FormatRegistry = .formwork
    ) throws(DiagnosticList) {
        self = try Self.load(
            bytes: Array(yaml.utf8), format: .yaml, path: path, limits: limits, functions: functions,
            customKinds: customKinds, formats: formats)
    }

    /// Loads a definition from JSON text.
    public init(
        json: String, path: String = "<json>", limits: Limits = .default,
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], formats: FormatRegistry = .formwork
    ) throws(DiagnosticList) {
        self = try Self.load(
            bytes: Array(json.utf8), format: .json, path: path, limits: limits, functions: functions,
            customKinds: customKinds, formats: formats)
    }

    /// Loads a definition from bytes, YAML or JSON as `isJSON` says.
    public init(
        data: Data, isJSON: Bool, path: String = "<data>", limits: Limits = .default,
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns,
        customKinds: [CustomFieldKind] = [], formats: FormatRegistry = .formwork
    ) throws(DiagnosticList) {
        self = try Self.load(
            bytes: [UInt8](data), format: isJSON ? .json : .yaml, path: path, limits: limits,
            functions: functions, customKinds: customKinds, formats: formats)
    }

    static func load(
        bytes: [UInt8], format: SyntaxLoader.Format, path: String, limits: Limits,
        functions: [String: FunctionDefinition], customKinds: [CustomFieldKind] = [],
        formats: FormatRegistry = .formwork
    ) throws(DiagnosticList) -> FormDefinition {
        let root: SyntaxNode
        let text: String
        do {
            (root, text) = try SyntaxLoader.parse(bytes, format: format, limits: limits)
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
        var decoder = DefinitionDecoder(
            limits: limits, functions: functions, customKinds: customKinds, formats: formats)
        if let definition = decoder.decode(root) { return definition }
        throw DiagnosticList(path: path, source: text, diagnostics: decoder.collector.diagnostics)
    }

    /// Why a file could not be read, in a few words ("no such file or directory",
    /// "permission denied"), from the error Foundation gave.
    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file or directory"
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        return nsError.localizedDescription
    }
}
