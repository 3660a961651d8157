import FormworkCore

/// A field as a row of the session's data source: identity is the field's id;
/// content is what a view shows (value, requiredness, error), so a row is updated
/// exactly when what it shows changed.
public struct FieldRow: Diffable, Sendable, Equatable {
    /// The field's position in the form.
    public let index: Int
    public let id: String
    public let kind: FieldKind
    /// The value shown: the stored value, or the computed one.
    public let value: Value
    /// The value as text for display, by kind (labels for choices, `•••` for secure
    /// text, `[x]`/`[ ]` for switches).
    public let displayValue: String
    /// Whether the field must be answered now.
    public let isRequired: Bool
    /// The validation error shown under the field, if any.
    public let error: FieldError?

    public var diffIdentifier: String { id }

    public func isEqualToDiffable(_ other: FieldRow) -> Bool {
        value == other.value && displayValue == other.displayValue && isRequired == other.isRequired
            && error == other.error
    }
}

/// The cell the session's descriptors configure: a view model a list view renders.
public final class FieldCell: CustomStringConvertible {
    /// The field shown.
    public internal(set) var field: FieldDefinition?
    public internal(set) var row: FieldRow?

    public init() {}

    /// The field's label (a note's label may be empty).
    public var label: String { field?.label ?? "" }
    /// The value as shown.
    public var displayValue: String { row?.displayValue ?? "" }
    /// The error message to show under the field, if any.
    public var errorMessage: String? { row?.error?.message }
    public var isRequired: Bool { row?.isRequired ?? false }

    /// `label: value`, with `*` when required and `! error` when in error.
    public var description: String {
        var text = label + (isRequired ? " *" : "")
        if !displayValue.isEmpty { text += (text.isEmpty ? "" : ": ") + displayValue }
        if let errorMessage { text += " ! " + errorMessage }
        return text
    }
}

/// The content of a session's sections: what their header and footer show.
public struct FormSectionContent: Equatable, Sendable {
    public var id: String
    public var header: String?
    public var footer: String?
}
