/// `switch`: on or off. Off is its value when nothing else is, so an off switch is
/// always answered and written.
enum SwitchKind: KindSpecification {
    static var kind: FieldKind { .switch }
    static var valueType: ValueType? { .bool }

    static let keys = ["default", "required", "requiredMessage", "rules"]

    /// yes/no, true/false, on/off, y/n, 1/0 (and `x` for on), in any case; empty is off.
    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError> {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "y", "true", "on", "1", "x": return .success(true)
        case "no", "n", "false", "off", "0", "": return .success(false)
        default: return mismatch("yes or no", text, for: field)
        }
    }

    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .bool = value else { return mismatch("true or false", value.description, for: field) }
        return .success(value)
    }

    /// A YAML or JSON boolean only.
    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        guard case .bool(let flag)? = node.scalar else {
            return mismatch("true or false", node.scalarText ?? node.typeDescription, for: field)
        }
        return .success(.bool(flag))
    }

    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String {
        value.isTrue ? "[x]" : "[ ]"
    }

    static func interaction(field: String) -> FieldInteraction { .toggle(field: field) }

    static func toggled(_ value: Value, option: String?, of field: FieldDefinition) -> ToggleOutcome {
        option == nil ? .value(.bool(!value.isTrue)) : .notToggleable(needsOption: false)
    }

    static var question: KindQuestion { .yesNo }

    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)] { [("type", "boolean")] }

    static func definitionSchema(forKey key: String) -> JSONOutput? {
        guard key == "default" else { return nil }
        return .object([("type", "boolean")])
    }
}
