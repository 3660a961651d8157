/// `multichoice`: any number of values from a list of options, in the options'
/// order, with optional `minSelected` and `maxSelected`.
enum MultichoiceKind: KindSpecification {
    static var kind: FieldKind { .multichoice }
    static var valueType: ValueType? { .list(.string) }
    static var requiredKeys: [String] { ["label", "options"] }
    static var optionsAreReadByExpressions: Bool { true }

    static let keys = ["default", "required", "requiredMessage", "rules", "options", "minSelected", "maxSelected"]

    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder) {
        decoder.decodeOptions(reader, &pending)
        pending.definition.minSelected = reader.integer("minSelected", collector: &decoder.collector)
        pending.definition.maxSelected = reader.integer("maxSelected", collector: &decoder.collector)
        pending.nodes.selectionNodes = reader.values(for: ["minSelected", "maxSelected"])
        decoder.readPlaceholder(reader, &pending)
    }

    /// Options' values or labels, separated by commas; each is taken once.
    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if parts.isEmpty { return .success(.null) }
        var values: [Value] = []
        for part in parts {
            switch OptionValues.option(part, of: field) {
            case .success(let value): if !values.contains(.string(value)) { values.append(.string(value)) }
            case .failure(let error): return .failure(error)
            }
        }
        return .success(.list(values))
    }

    /// A list of options' values; each is taken once, and an empty list is unanswered.
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .list(let elements) = value else {
            return mismatch("a list of option values", value.description, for: field)
        }
        var values: [Value] = []
        for element in elements {
            guard case .string(let text) = element else {
                return mismatch("a list of option values", value.description, for: field)
            }
            guard field.option(withValue: text) != nil else {
                return .failure(OptionValues.notAnOption(text, of: field))
            }
            if !values.contains(element) { values.append(element) }
        }
        return .success(values.isEmpty ? .null : .list(values))
    }

    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        OptionValues.readList(node, for: field).flatMap { coerce($0, for: field) }
    }

    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError? {
        if case .list(let elements) = value, let maxSelected = field.maxSelected, elements.count > maxSelected {
            return FieldError(field: field.id, rule: .maxSelected(maxSelected))
        }
        return nil
    }

    /// The options' labels, separated by commas.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        guard case .list(let elements) = value else { return value.plainText }
        return OptionValues.labels(elements, optionLabel: optionLabel)
    }

    static func interaction(field: String) -> FieldInteraction { .chooseMany(field: field) }

    /// Flips one option, named by value or label; the selection keeps the options' order.
    static func toggled(_ value: Value, option: String?, of field: FieldDefinition) -> ToggleOutcome {
        guard let option else { return .notToggleable(needsOption: true) }
        let chosen: String
        switch OptionValues.option(option, of: field) {
        case .success(let value): chosen = value
        case .failure(let error): return .rejected(error)
        }
        var selected: [Value] = if case .list(let elements) = value { elements } else { [] }
        if let position = selected.firstIndex(of: .string(chosen)) {
            selected.remove(at: position)
        } else {
            // An exclusive option ("None of the above") is chosen alone.
            if field.options.first(where: { $0.value == chosen })?.isExclusive == true {
                selected = []
            } else {
                let exclusive = Set(field.options.filter(\.isExclusive).map { Value.string($0.value) })
                selected.removeAll { exclusive.contains($0) }
            }
            selected.append(.string(chosen))
            selected.sort { a, b in
                field.options.firstIndex { .string($0.value) == a }! < field.options.firstIndex {
                    .string($0.value) == b
                }!
            }
        }
        return .value(selected.isEmpty ? .null : .list(selected))
    }

    /// Options that are hidden now are not selected.
    static func offeredSelection(
        _ value: Value, of field: FieldDefinition, isOffered: (ChoiceOption) -> Bool
    ) -> Value {
        guard case .list(let elements) = value else { return value }
        let kept = elements.filter { element in
            guard case .string(let selected) = element, let option = field.option(withValue: selected) else {
                return false
            }
            return isOffered(option)
        }
        return kept.isEmpty ? .null : .list(kept)
    }

    static var question: KindQuestion { .someOptions }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [
            ("type", "array"), ("items", .object([("enum", OptionValues.schemaValues(of: field))])),
            ("uniqueItems", true), ("minItems", .value(.number(Double(max(field.minSelected ?? 1, 1))))),
        ]
        if let maxSelected = field.maxSelected { members.append(("maxItems", .value(.number(Double(maxSelected))))) }
        return members
    }

    /// A default of a list of values, or one; the selection counts.
    static func definitionSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "default":
            return .object([
                ("type", DefinitionSchema.strings(["array", "string", "number"])),
                ("items", DefinitionSchema.reference("text")),
            ])
        case "minSelected", "maxSelected": return DefinitionSchema.reference("count")
        default: return nil
        }
    }
}
