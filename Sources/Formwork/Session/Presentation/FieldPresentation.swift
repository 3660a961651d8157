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
        if let mask = field.mask, let masked = mask.masked(value.plainText), !value.isNull { return masked }
        return field.kind.specification.display(
            value, of: field, optionLabel: { field.option(withValue: $0)?.label ?? $0 }, noteText: { field.text ?? "" })
    }
}
