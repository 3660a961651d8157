/// What `toggle ID [OPTION]` does to a field's value, as its kind decides
/// (`KindSpecification.toggled`).
enum ToggleOutcome {
    /// The value after the toggle.
    case value(Value)
    /// The option given is not one of the field's.
    case rejected(FieldError)
    /// The kind does not toggle; `needsOption` when it would with an option named.
    case notToggleable(needsOption: Bool)
}
