import FormworkCore

/// What selecting a field's row asks its view to do: the answer of the form's
/// `didSelect` (as `SelectionResult.request`), by the field's kind.
///
/// A view selects rows through the data source (`dataSource.selectRow(at:)`), so a
/// descriptor of the embedder's own — for a custom kind, say — decides instead,
/// with a request of this type or of its own.
///
/// ```swift
/// if case .request(let request)? = session.dataSource.selectRow(at: path),
///    let interaction = request.value(as: FieldInteraction.self) {
///     switch interaction {
///     case .toggle(let id): try session.toggle(id)
///     case .edit(let id): …   // ask for a value, prefilled with the current one
///     …
///     }
/// }
/// ```
public enum FieldInteraction: Sendable, Hashable {
    /// Flip a switch.
    case toggle(field: String)
    /// Ask for a value, prefilled with the current one (text, secure, number, date,
    /// time, datetime, geopoint, file; a rank's order).
    case edit(field: String)
    /// Offer the options and take one (choice).
    case chooseOne(field: String)
    /// Offer the options and toggle those given (multichoice).
    case chooseMany(field: String)
    /// Show a note's text.
    case showNote(field: String)
    /// Show a computed value and how it is computed.
    case showComputed(field: String)
    /// Show a read-only field's value and why it cannot be changed (`readonly:`).
    case showReadOnly(field: String)
    /// Add an entry to a repeat (`members`, `members[1].visits`): the add row.
    case addEntry(group: String)

    /// The field (or, for `addEntry`, the repeat) the interaction is about, by path.
    public var field: String {
        switch self {
        case .toggle(let id), .edit(let id), .chooseOne(let id), .chooseMany(let id), .showNote(let id),
            .showComputed(let id), .showReadOnly(let id), .addEntry(let id):
            return id
        }
    }

    /// The interaction a field of `kind` asks for.
    public static func `default`(for kind: FieldKind, field: String) -> FieldInteraction {
        kind.specification.interaction(field: field)
    }
}
