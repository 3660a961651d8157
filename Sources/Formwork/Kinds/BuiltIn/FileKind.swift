/// `file`: the path of an existing regular file, with optional `extensions` and
/// `maxSize`; in a finished response, the name of an attachment. With `multiple: true`
/// the answer is a list of paths (separated by commas at the prompt, `\,` for a comma
/// in a name); with `inline: true` the file given is read into the answer as a data
/// URL. A data URL is accepted wherever a path is (an answer read from a survey's data).
enum FileKind: KindSpecification {
    static var kind: FieldKind { .file }
    static var valueType: ValueType? { .string }

    static let keys = [
        "placeholder", "required", "requiredMessage", "rules", "extensions", "maxSize", "multiple", "inline",
    ]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeFileKeys(reader, &pending)
        decoder.readPlaceholder(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        guard field.multipleFiles else {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? .success(.null) : coerce(.string(trimmed), for: field)
        }
        return coerce(.list(paths(in: text).map { .string($0) }), for: field)
    }

    /// The paths of a line that gives several, separated by commas (`\,` is a comma
    /// in a name), each trimmed.
    static func paths(in text: String) -> [String] {
        var paths: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                paths.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        paths.append(current)
        return paths.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// How a path is written in a line of several (a comma in it escaped).
    static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
    }

    /// A path, `~` expanded (read into a data URL for an `inline` field); a list of
    /// them for a `multiple` one; empty is unanswered.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        func one(_ path: String) -> Result<Value, FieldError> {
            let expanded = FileCheck.expanded(path)
            return field.inlineFiles ? FileCheck.inlined(expanded, for: field) : .success(.string(expanded))
        }
        switch value {
        case .string(let path) where !field.multipleFiles:
            return path.isEmpty ? .success(.null) : one(path)
        case .string(let path):
            return path.isEmpty ? .success(.null) : one(path).map { .list([$0]) }
        case .list(let elements) where field.multipleFiles:
            var files: [Value] = []
            for element in elements {
                guard case .string(let path) = element else {
                    return mismatch("a list of file paths", value.description, for: field)
                }
                guard !path.isEmpty else { continue }
                switch one(path) {
                case .success(let file): if !files.contains(file) { files.append(file) }
                case .failure(let error): return .failure(error)
                }
            }
            return .success(files.isEmpty ? .null : .list(files))
        default:
            return mismatch(field.multipleFiles ? "a list of file paths" : "a file path", value.description, for: field)
        }
    }

    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard field.multipleFiles, let elements = node.elements else {
            return readScalar(node, for: field, expected: field.multipleFiles ? "a list of file paths" : "text")
        }
        var paths: [Value] = []
        for element in elements {
            guard let text = element.scalarText else {
                return mismatch("a list of file paths", node.typeDescription, for: field)
            }
            paths.append(.string(text))
        }
        return coerce(.list(paths), for: field)
    }

    /// `filesAreAttachments`: the value names an attachment of a finished response
    /// (kept beside it, or not at all), so only its name is checked.
    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        func problem(_ path: String) -> FieldError? {
            filesAreAttachments ? FileCheck.nameProblem(path, for: field) : FileCheck.problem(path, for: field)
        }
        switch value {
        case .string(let path): return problem(path)
        case .list(let elements):
            for case .string(let path) in elements { if let error = problem(path) { return error } }
            return nil
        default: return nil
        }
    }

    /// A path as given; a data URL by its name (or its media type) and size; several
    /// separated by commas.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        func shown(_ path: String) -> String {
            guard let url = DataURL(path) else { return path }
            let size = url.byteCount.map { FileSize.describe($0) } ?? "?"
            return "\(url.name ?? (url.mediaType.isEmpty ? "data" : url.mediaType)) (\(size), inline)"
        }
        switch value {
        case .string(let path): return shown(path)
        case .list(let elements): return elements.map { shown($0.plainText) }.joined(separator: ", ")
        default: return value.plainText
        }
    }

    static var question: KindQuestion { .path }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        let file: [(String, JSONOutput)] = [
            ("type", "string"), ("minLength", 1),
            ("description", "The path of the file, as given, or the file itself as a data URL."),
        ]
        guard field.multipleFiles else { return file }
        return [("type", "array"), ("minItems", 1), ("items", .object(file)), ("description", "The files, in order.")]
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "extensions":
            return DefinitionSchema.described(
                .object([("type", "array"), ("items", .object([("type", "string"), ("pattern", "^[^./\\\\ ]+$")]))]),
                "File name endings without the dot: [pdf, jpg].")
        case "multiple":
            return DefinitionSchema.described(
                .object([("type", "boolean")]), "Whether the answer is several files (a list of paths).")
        case "inline":
            return DefinitionSchema.described(
                .object([("type", "boolean")]),
                "Whether the answer holds the file itself, read into a data URL, instead of its path.")
        case "maxSize":
            return DefinitionSchema.described(
                .object([("type", DefinitionSchema.strings(["integer", "string"]))]),
                "The largest file: bytes, or a number and B, KB, MB, GB, KiB, MiB or GiB (10MB).")
        default: return nil
        }
    }
}

extension DefinitionDecoder {
    /// A file's `extensions` (endings without the dot) and `maxSize` (bytes, or a
    /// number and a unit).
    mutating func decodeFileKeys(_ reader: MappingReader, _ pending: inout PendingField) {
        if let nodes = reader.list("extensions", collector: &collector) {
            for node in nodes {
                guard let text = node.scalarText, !text.isEmpty,
                    !text.contains(where: { "./\\ \t".contains($0) || $0.isNewline })
                else {
                    collector.report(.invalidExtension(node.scalarText ?? node.typeDescription), at: node)
                    continue
                }
                if !pending.definition.extensions.contains(text) { pending.definition.extensions.append(text) }
            }
        }
        if let node = reader["maxSize"] {
            if let text = node.scalarText, let size = FileSize.parse(text), size > 0 {
                pending.definition.maxSize = size
            } else {
                collector.report(.invalidSize(node.scalarText ?? node.typeDescription), at: node)
            }
        }
        pending.definition.multipleFiles = reader.bool("multiple", collector: &collector) ?? false
        pending.definition.inlineFiles = reader.bool("inline", collector: &collector) ?? false
        if pending.definition.multipleFiles { pending.definition.valueType = .list(.string) }
    }
}

extension FieldDefinition {
    /// `value` as a person would type it back at this field's prompt: the paths of a
    /// `multiple` file field separated by commas (a comma in a name as `\,`), any other
    /// value as its plain text.
    ///
    /// ```swift
    /// scans.inputText(for: ["a.pdf", "b,c.pdf"])   // "a.pdf, b\,c.pdf"
    /// ```
    public func inputText(for value: Value) -> String {
        guard kind == .file, multipleFiles, case .list(let files) = value else { return value.plainText }
        return files.map { FileKind.escaped($0.plainText) }.joined(separator: ", ")
    }
}
