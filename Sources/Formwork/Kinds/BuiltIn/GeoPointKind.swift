/// `geopoint`: a place, latitude and longitude with optional altitude and accuracy;
/// typed as `lat lon [alt [acc]]`, written in data as that text or as an object.
enum GeoPointKind: KindSpecification {
    static var kind: FieldKind { .geopoint }
    static var valueType: ValueType? { .geopoint }

    static let keys = ["placeholder", "required", "requiredMessage", "rules"]

    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? .success(.null) : coerce(.string(trimmed), for: field)
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        switch value {
        case .geopoint: return .success(value)
        case .string(let text):
            switch GeoPoint.parse(text) {
            case .success(let point): return .success(.geopoint(point))
            case .failure(let problem):
                return .failure(FieldError(field: field.id, rule: .invalid(input: text, reason: problem.description)))
            }
        default:
            return mismatch("a geopoint (latitude longitude [altitude [accuracy]])", value.description, for: field)
        }
    }

    /// `{latitude, longitude, altitude?, accuracy?}`, or the text a person types.
    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        if node.pairs != nil { return GeoPoint.read(node, field: field.id).map { Value.geopoint($0) } }
        return readScalar(node, for: field, expected: field.valueType?.description ?? "text")
    }

    static var question: KindQuestion { .text(hint: " (latitude longitude [altitude [accuracy]])") }
}
