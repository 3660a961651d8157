extension FormSession {
    /// What a secure value is shown as, wherever it would be shown or sent: the table,
    /// `values`, `why`, JSON-RPC snapshots and changes. Written here only.
    public static let secureMask = "•••"

    /// A value as it may be shown or sent to a program: a secure field's value masked.
    public static func presented(_ value: Value, of field: FieldDefinition) -> Value {
        field.kind == .secure && !value.isNull ? .string(secureMask) : value
    }

    /// A value as a person sees it for a field: labels for choices, `[x]`/`[ ]` for
    /// switches, the mask for secure text, a note's text, a rank numbered in order
    /// (`1. Tea, 2. Coffee`).
    public static func display(_ value: Value, of field: FieldDefinition) -> String {
        switch (field.kind, value) {
        case (.switch, _): return value.isTrue ? "[x]" : "[ ]"
        case (.secure, .null): return ""
        case (.secure, _): return secureMask
        case (.note, _): return field.text ?? ""
        case (_, .null): return ""
        case (.choice, .string(let selected)): return field.option(withValue: selected)?.label ?? selected
        case (.multichoice, .list(let elements)):
            return elements.map { element in
                guard case .string(let selected) = element else { return element.plainText }
                return field.option(withValue: selected)?.label ?? selected
            }.joined(separator: ", ")
        case (.rank, .list(let elements)):
            return elements.enumerated().map { position, element in
                guard case .string(let ranked) = element else { return element.plainText }
                return "\(position + 1). " + (field.option(withValue: ranked)?.label ?? ranked)
            }.joined(separator: ", ")
        default: return value.plainText
        }
    }
}
