/// `file`: the path of an existing regular file, with optional `extensions` and
/// `maxSize`; in a finished response, the name of an attachment.
enum FileKind: KindSpecification {
    static var kind: FieldKind { .file }
    static var valueType: ValueType? { .string }

    static let keys = ["placeholder", "required", "requiredMessage", "rules", "extensions", "maxSize"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeFileKeys(reader, &pending)
        decoder.readPlaceholder(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? .success(.null) : coerce(.string(trimmed), for: field)
    }

    /// A path, `~` expanded; empty is unanswered.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .string(let path) = value else { return mismatch("a file path", value.description, for: field) }
        return .success(path.isEmpty ? .null : .string(FileCheck.expanded(path)))
    }

    /// `filesAreAttachments`: the value names an attachment of a finished response
    /// (kept beside it, or not at all), so only its name is checked.
    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .string(let path) = value else { return nil }
        return filesAreAttachments ? FileCheck.nameProblem(path, for: field) : FileCheck.problem(path, for: field)
    }

    static var question: KindQuestion { .path }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        [("type", "string"), ("minLength", 1), ("description", "The path of the file, as given.")]
    }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "extensions":
            return DefinitionSchema.described(
                .object([("type", "array"), ("items", .object([("type", "string"), ("pattern", "^[^./\\\\ ]+$")]))]),
                "File name endings without the dot: [pdf, jpg].")
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
    }
}
