import Foundation

/// `text`: one line of text (`multiline: true` for several), kept as typed, with
/// optional `format`, `pattern`, `minLength` and `maxLength`.
enum TextKind: KindSpecification {
    static var kind: FieldKind { .text }
    static var valueType: ValueType? { .string }
    static var readsTextAsTyped: Bool { true }

    static let keys = [
        "placeholder", "default", "required", "requiredMessage", "rules", "format", "pattern", "minLength",
        "maxLength", "multiline", "mask",
    ]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeTextKeys(reader, &pending)
        decoder.decodeMask(reader, &pending)
    }

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        .success(text.isEmpty ? .null : .string(text))
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .string(let text) = value else { return mismatch("text", value.description, for: field) }
        return .success(text.isEmpty ? .null : value)
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        guard case .string(let text) = value else { return nil }
        func error(_ rule: ValidationRule) -> FieldError { FieldError(field: field.id, rule: rule) }
        // Counting characters is linear: the byte count settles most texts.
        if text.utf8.count > limits.maximumStringLength, text.count > limits.maximumStringLength {
            return error(.lengthLimit(limits.maximumStringLength))
        }
        let length = text.count
        if let minLength = field.minLength, length < minLength { return error(.minLength(minLength)) }
        if let maxLength = field.maxLength, length > maxLength { return error(.maxLength(maxLength)) }
        if let format = field.format, !format.matches(text) { return error(.format(format.rawValue)) }
        if let pattern = field.pattern, !pattern.matches(text) { return error(.pattern(pattern.source)) }
        return nil
    }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [("type", "string")]
        if let minLength = field.minLength {
            members.append(("minLength", .value(.number(Double(max(minLength, 1))))))
        } else {
            members.append(("minLength", 1))  // empty text is unanswered, so it is never written
        }
        if let maxLength = field.maxLength { members.append(("maxLength", .value(.number(Double(maxLength))))) }
        if let pattern = field.pattern, !pattern.source.hasPrefix("(?i)") {
            members.append(("pattern", .value(.string("^(?:\(pattern.source))$"))))
        }
        switch field.format {
        case .email?: members.append(("format", "email"))
        case .url?: members.append(("format", "uri"))
        case .geotrace?, .geoshape?, nil: break
        }
        return members
    }

    /// `format`, `pattern`, the lengths and `multiline` (`secure` shares all but the
    /// format and `multiline`).
    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "format": return .object([("enum", DefinitionSchema.strings(TextFormat.allCases.map(\.rawValue)))])
        case "pattern":
            return DefinitionSchema.described(
                .object([("type", "string")]), "A regular expression the whole value must match.")
        case "minLength", "maxLength": return DefinitionSchema.reference("count")
        case "multiline": return .object([("type", "boolean")])
        case "mask": return DefinitionDecoder.maskSchema
        default: return nil
        }
    }
}

extension TextFormat {
    /// `local@domain.tld`, compiled once (a literal pattern the matcher's own tests
    /// compile, so building it cannot fail; if it ever did, no text would be an
    /// e-mail address, which the format tests would show at once).
    static let emailPattern: Pattern? = try? Pattern("[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+")

    /// Whether `text` is written in this format.
    func matches(_ text: String) -> Bool {
        switch self {
        case .email:
            return Self.emailPattern?.matches(text) ?? false
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty, !text.contains(" ")
            else { return false }
            return true
        case .geotrace, .geoshape:
            let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            let points = parts.compactMap { GeoPoint($0) }
            guard points.count == parts.count else { return false }
            if self == .geotrace { return points.count >= 2 }
            guard points.count >= 4, let first = points.first, let last = points.last else { return false }
            return first.latitude == last.latitude && first.longitude == last.longitude
        }
    }
}

extension DefinitionDecoder {
    /// The keys of text kinds: the placeholder first, then `format`, `pattern`,
    /// `minLength`, `maxLength` and `multiline` (`secure` has no format to read).
    mutating func decodeTextKeys(_ reader: MappingReader, _ pending: inout PendingField) {
        readPlaceholder(reader, &pending)
        if let format = reader.text("format", collector: &collector, limits: limits) {
            if let textFormat = TextFormat(rawValue: format) {
                pending.definition.format = textFormat
            } else {
                let suggestion = Suggestions.closest(to: format, in: TextFormat.allCases.map(\.rawValue)).first
                collector.report(.unknownTextFormat(format, suggestion: suggestion), at: reader["format"]!)
            }
        }
        if let pattern = reader.text("pattern", collector: &collector, limits: limits) {
            do {
                pending.definition.pattern = try Pattern(pattern)
            } catch {
                let node = reader["pattern"]!
                collector.report(
                    .invalidPattern(pattern: pattern, reason: error.reason),
                    at: node.isBlockScalar ? node.location : node.textLocation.advanced(by: error.offset))
            }
        }
        pending.definition.minLength = reader.integer("minLength", collector: &collector)
        pending.definition.maxLength = reader.integer("maxLength", collector: &collector)
        pending.nodes.lengthNodes = reader.values(for: ["minLength", "maxLength"])
        pending.definition.multiline = reader.bool("multiline", collector: &collector) ?? false
    }
}
