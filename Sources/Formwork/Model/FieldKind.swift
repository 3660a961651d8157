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
    var specification: any KindSpecification.Type { entry.specification }

    /// The table: each kind's specification, with the traits that the innermost loops
    /// read (every answer of every response) taken from it without a dynamic call.
    @inline(__always) private var entry: KindEntry {
        switch self {
        case .text: KindEntry(TextKind.self)
        case .secure: KindEntry(SecureKind.self)
        case .number: KindEntry(NumberKind.self)
        case .switch: KindEntry(SwitchKind.self)
        case .choice: KindEntry(ChoiceKind.self)
        case .multichoice: KindEntry(MultichoiceKind.self)
        case .date: KindEntry(DateKind.self)
        case .time: KindEntry(TimeKind.self)
        case .datetime: KindEntry(DateTimeKind.self)
        case .geopoint: KindEntry(GeoPointKind.self)
        case .file: KindEntry(FileKind.self)
        case .rank: KindEntry(RankKind.self)
        case .note: KindEntry(NoteKind.self)
        case .computed: KindEntry(ComputedKind.self)
        case .calculate: KindEntry(CalculateKind.self)
        }
    }

    /// Whether a person can set the field.
    public var isEditable: Bool { entry.hasValue && !entry.isComputed }

    /// Whether the field's value is its `value:` expression's (`computed`, `calculate`).
    public var isComputed: Bool { entry.isComputed }

    /// Whether the field holds a value that conditions can read.
    public var hasValue: Bool { entry.hasValue }

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

/// A line of `FieldKind`'s table. The traits are read from the specification's type
/// statically, so once the table is inlined they are constants of each case.
private struct KindEntry {
    let specification: any KindSpecification.Type
    let isComputed: Bool
    let hasValue: Bool

    @inline(__always) init<Kind: KindSpecification>(_ kind: Kind.Type) {
        specification = kind
        isComputed = Kind.isComputed
        hasValue = Kind.hasValue
    }
}

/// The formats a text field can require.
public enum TextFormat: String, CaseIterable, Sendable, Hashable {
    /// An e-mail address: `local@domain.tld`.
    case email
    /// An `http://` or `https://` URL with a host.
    case url
    /// A line as ODK writes a geotrace: at least 2 points, each `latitude longitude`
    /// with an optional altitude and accuracy, separated by `;`
    /// (`52.1 4.3 0 0; 52.2 4.4 0 0`).
    case geotrace
    /// A closed shape as ODK writes a geoshape: at least 4 points as a geotrace's, the
    /// last the same as the first.
    case geoshape
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
    /// What `kind:` says for it, and the name its rows are given (`rating`).
    public var name: String
    /// The built-in kind whose values, keys and validation it has.
    public var base: FieldKind

    /// A kind called `name` that behaves as `base`.
    public init(name: String, base: FieldKind) {
        self.name = name
        self.base = base
    }
}
