/// The kinds of fields a definition can declare.
public enum FieldKind: String, CaseIterable, Sendable, Hashable {
    /// One line of text (`multiline: true` for several).
    case text
    /// Text that is never echoed or shown back (passwords).
    case secure
    /// A number, integer or decimal, with optional `min`, `max` and `step`.
    case number
    /// On or off.
    case `switch`
    /// One value from a list of options.
    case choice
    /// Any number of values from a list of options.
    case multichoice
    /// A calendar date (`YYYY-MM-DD`), with optional `min` and `max`.
    case date
    /// A time of day (`HH:MM` or `HH:MM:SS`), with optional `min` and `max`.
    case time
    /// A local date and time (`YYYY-MM-DD HH:MM`), with optional `min` and `max`.
    case datetime
    /// A place: latitude, longitude, optional altitude and accuracy.
    case geopoint
    /// The path of an existing regular file, with optional `extensions` and `maxSize`.
    case file
    /// The options of `options`, every one, in the order a person ranks them.
    case rank
    /// Display-only text.
    case note
    /// A read-only value computed from other fields (`value:`).
    case computed
    /// A computed value that is never shown, but read by expressions and exported
    /// with the answers (ODK's `calculate`).
    case calculate

    /// Everything about the kind, in its own file (`Kinds/BuiltIn/`): the table every
    /// per-kind decision reads. A new kind is a case above, its line here and its file.
    var specification: any KindSpecification.Type {
        switch self {
        case .text: return TextKind.self
        case .secure: return SecureKind.self
        case .number: return NumberKind.self
        case .switch: return SwitchKind.self
        case .choice: return ChoiceKind.self
        case .multichoice: return MultichoiceKind.self
        case .date: return DateKind.self
        case .time: return TimeKind.self
        case .datetime: return DateTimeKind.self
        case .geopoint: return GeoPointKind.self
        case .file: return FileKind.self
        case .rank: return RankKind.self
        case .note: return NoteKind.self
        case .computed: return ComputedKind.self
        case .calculate: return CalculateKind.self
        }
    }

    /// Whether a person can set the field.
    public var isEditable: Bool { hasValue && !isComputed }

    /// Whether the field's value is its `value:` expression's (`computed`, `calculate`).
    public var isComputed: Bool { specification.isComputed }

    /// Whether the field holds a value that conditions can read.
    public var hasValue: Bool { specification.hasValue }

    /// The type of the field's value, for kinds whose type does not depend on an
    /// expression (`computed` takes its `value`'s type; notes have none).
    var fixedType: ValueType? { specification.valueType }

    /// Whether the field has `options` (`choice`, `multichoice`, `rank`).
    var hasOptions: Bool { specification.keys.contains("options") }

    /// What a prompt asks for the field's value, and what Tab completes.
    package var question: KindQuestion { specification.question }

    /// Whether typed text is kept as typed, spaces included (text kinds).
    package var readsTextAsTyped: Bool { specification.readsTextAsTyped }
}

/// The formats a text field can require.
public enum TextFormat: String, CaseIterable, Sendable, Hashable {
    /// An e-mail address: `local@domain.tld`.
    case email
    /// An `http://` or `https://` URL with a host.
    case url
}

/// A field kind of an embedder's own: a new name for the `kind:` key whose values,
/// keys and validation are those of a built-in `base` kind, and whose rows are named
/// by `name`, so a cell descriptor of yours can render them your way.
///
/// ```swift
/// let rating = CustomFieldKind(name: "rating", base: .number)
/// let form = try FormDefinition(yaml: text, customKinds: [rating])   // kind: rating
/// let session = try FormSession(definition: form, cellDescriptors: [
///     CellDescriptor<FieldRow, StarsCell>(.named("rating")).configure { row, cell, _ in … },
/// ])
/// ```
public struct CustomFieldKind: Sendable, Hashable {
    public var name: String
    public var base: FieldKind

    public init(name: String, base: FieldKind) {
        self.name = name
        self.base = base
    }
}
