import FormworkCore

/// A field instance as a row of the session's data source: identity is the
/// instance (a field of the form, or of one entry); content is what a view shows
/// (value, requiredness, error), so a row is updated exactly when what it shows
/// changed.
public struct FieldRow: Diffable, Sendable, Equatable {
    /// The instance: the field's index for a field of the form, a number of its own
    /// for a field of an entry (stable while the entry lives, moves included).
    public let index: Int
    /// The field's position in the form's template (`FormDefinition.fields`).
    public let fieldIndex: Int
    /// The field's id (in an entry, the path says which entry: `FormSession.path(ofInstance:)`).
    public let id: String
    /// The field's kind, which decides how a view shows and edits it.
    public let kind: FieldKind
    /// The label as shown: in the session's language, with the answers it reads.
    public let label: String
    /// The help as shown, if the field has any.
    public let help: String?
    /// The value shown: the stored value, or the computed one.
    public let value: Value
    /// The value as text for display, by kind (labels for choices, `•••` for secure
    /// text, `[x]`/`[ ]` for switches).
    public let displayValue: String
    /// Whether the field must be answered now.
    public let isRequired: Bool
    /// Whether the field holds an answer, as `required` counts answers (a switch that
    /// is off does not).
    public let isAnswered: Bool
    /// Whether the person filling the form may not change it now (`readonly:`).
    public let isReadOnly: Bool
    /// The validation error shown under the field, if any.
    public let error: FieldError?

    /// The instance (`index`): a row keeps its identity while its value changes.
    public var diffIdentifier: Int { index }

    /// Whether the row shows the same as `other`: value, text, requiredness, answer,
    /// error, label, help and read-only state.
    public func isEqualToDiffable(_ other: FieldRow) -> Bool {
        value == other.value && displayValue == other.displayValue && isRequired == other.isRequired
            && isAnswered == other.isAnswered
            && error == other.error && label == other.label && help == other.help && isReadOnly == other.isReadOnly
    }
}

/// The row after a repeat's entries that adds one ("+ Add a member"), with how many
/// entries there are.
public struct EntryAddRow: Diffable, Sendable, Equatable {
    /// The repeat it adds to, and the scope holding its entries (the path,
    /// `members[1].visits`, is `FormSession.path(at:)`: it changes as entries move,
    /// the row does not).
    let repeatIndex: Int
    let holder: Int
    /// Identity across reloads (the repeat and the scope holding its entries).
    public let key: String
    /// The row's text: the repeat's `addLabel`.
    public let label: String
    /// How many entries there are, and the most there may be: "2 of at most 10".
    public let status: String
    /// Whether another entry may be added (fewer than `max`).
    public let canAdd: Bool

    /// `key`: the row is the same across reloads while its repeat and holder are.
    public var diffIdentifier: String { key }
}

/// The cell the session's descriptors configure: a view model a list view renders.
public final class FieldCell: CustomStringConvertible {
    /// The field shown (a row of a field).
    public internal(set) var field: FieldDefinition?
    /// The field row shown, when the cell shows one.
    public internal(set) var row: FieldRow?
    /// The row that adds an entry, when the cell shows one.
    public internal(set) var addRow: EntryAddRow?

    /// An empty cell, for a list view to dequeue; the session's descriptors fill it.
    public init() {}

    /// The field's label (a note's label may be empty), or the add row's text.
    public var label: String { row?.label ?? addRow.map { "+ " + $0.label } ?? field?.label ?? "" }
    /// The value as shown (for an add row: how many entries there are).
    public var displayValue: String { row?.displayValue ?? addRow?.status ?? "" }
    /// The error message to show under the field, if any.
    public var errorMessage: String? { row?.error?.message }
    /// Whether the field must be answered now (`false` for an add row).
    public var isRequired: Bool { row?.isRequired ?? false }
    /// Whether the row is read-only for the person filling the form (`readonly:`).
    public var isReadOnly: Bool { row?.isReadOnly ?? false }

    /// `label: value`, with `*` when required and `! error` when in error.
    public var description: String {
        var text = label + (isRequired ? " *" : "")
        if !displayValue.isEmpty { text += (text.isEmpty ? "" : ": ") + displayValue }
        if let errorMessage { text += " ! " + errorMessage }
        return text
    }
}

/// The content of a session's sections: what their header and footer show, and
/// which part of the form they are.
public struct FormSectionContent: Equatable, Sendable {
    /// What a section of the data source is.
    public enum Role: Equatable, Sendable {
        /// Fields of the form's section `index` (the first run of them carries its
        /// header; a run after a repeat, none).
        case fields(section: Int)
        /// The fields of an entry (its scope); the first run of them carries the
        /// entry's title.
        case entry(scope: Int, repeatIndex: Int, first: Bool)
        /// After a repeat's entries in a holder: the add row.
        case tail(repeatIndex: Int, holder: Int)
    }

    /// The section's identity in the data source: its part of the form, stable across reloads.
    public var id: String
    /// The header shown above the section (the form's section header, or an entry's title), if any.
    public var header: String?
    /// The footer shown below the section, if any.
    public var footer: String?
    /// Which part of the form the section is.
    public var role: Role
    /// For an entry's first section: its title as a view shows it (`EntryHeader`).
    public var entryHeader: EntryHeader?

    /// The content of a section the session lays out; views only read it.
    init(id: String, header: String?, footer: String?, role: Role, entryHeader: EntryHeader? = nil) {
        self.id = id
        self.header = header
        self.footer = footer
        self.role = role
        self.entryHeader = entryHeader
    }
}

/// An entry's header, as its section gives it to views (`HeaderFooter.custom`).
///
/// Without an `entryLabel`, the entries of a repeat are numbered by the view, in
/// the order they are shown, among the headers with the same `key` (`Members #2`):
/// removing or moving an entry renumbers the others without changing their
/// sections, so the diff reports the one entry that changed. `depth` says how deep
/// the repeat is nested (1: in a section), for views that indent nested entries.
public struct EntryHeader: Sendable, Equatable, CustomStringConvertible {
    /// The entry's label (rendered `entryLabel`) or, when numbered, the repeat's.
    public let title: String
    /// Headers that share a key are numbered together from 1; `nil`: not numbered.
    public let key: String?
    /// How deep the repeat is nested: 1 in a form's section, 2 in an entry of another, and so on.
    public let depth: Int

    /// The header `title`, numbered among those sharing `key` (`nil`: not numbered), at `depth`.
    init(title: String, key: String?, depth: Int) {
        self.title = title
        self.key = key
        self.depth = depth
    }

    /// What it shows, without the number a view gives it: `Members #`, or the title.
    public var description: String {
        String(repeating: "  ", count: max(0, depth - 1)) + title + (key == nil ? "" : " #")
    }

    /// The header with its number, when it has one: `Members #2`.
    public func text(number: Int?) -> String {
        guard key != nil, let number else { return title }
        return "\(title) #\(number)"
    }
}
