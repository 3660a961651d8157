/// Everything Formwork decides by a built-in field kind, said once, in the kind's own
/// file: how a definition declares it (its keys, what they decode to), its values
/// (their type; reading typed text, data and files; its own rules), how its row reads
/// and what selecting or toggling it does, what a prompt asks for it, and its part of
/// the JSON Schemas.
///
/// `FieldKind.specification` is the table: one line per case, naming a caseless enum
/// (`TextKind`, `NumberKind`, `GeoPointKind`, …) that conforms to this protocol. Every
/// other place asks the table instead of switching over kinds, so a new kind is its
/// case, its line in the table, and one new file in `BuiltIn/`. What the kinds for
/// options and for dates and times share is in `Shared/` (`OptionValues`,
/// `DateLikeKind`).
///
/// The requirements are static, and a call is a switch to the kind's metatype and one
/// indirect call: nothing is allocated, however hot the loop (`FieldValues.check` runs
/// for every answer of every response `formwork validate` reads). `isComputed` and
/// `hasValue`, read for every value, are taken from the types statically by the table,
/// so `FieldKind.isComputed` and `hasValue` cost no call at all.
///
/// `KindSpecificationTests` holds every kind to its word: the table names the right
/// kind, the keys agree with the decoder and the definition schema, the required keys
/// are those the decoder reports missing, and values round-trip.
protocol KindSpecification {
    /// The kind specified (the table's line is checked against it).
    static var kind: FieldKind { get }

    // MARK: Values

    /// The type of the field's value; `nil` when it depends on the field (`computed`
    /// takes its expression's) or there is none (`note`).
    static var valueType: ValueType? { get }

    /// Whether the field holds a value that expressions read and answers carry
    /// (default `true`; a note's is `false`).
    static var hasValue: Bool { get }

    /// Whether the value is the field's `value:` expression's rather than a person's
    /// (default `false`).
    static var isComputed: Bool { get }

    /// Whether typed text is kept as typed, spaces included (text kinds); other kinds
    /// trim it first (default `false`).
    static var readsTextAsTyped: Bool { get }

    // MARK: Definitions

    /// The keys a field of this kind takes besides `DefinitionDecoder.commonFieldKeys`
    /// and its behaviours' (`readonly`, `key`, `recalculate`), in the order the
    /// definition schema lists them.
    static var keys: [String] { get }

    /// The keys a field of this kind must have besides `id` and `kind` (default
    /// `["label"]`). The decoder reports each one missing.
    static var requiredKeys: [String] { get }

    /// Whether expressions know the field's options: `label($field)` takes it, and a
    /// text compared with it must be one of them (default `false`).
    static var optionsAreReadByExpressions: Bool { get }

    /// Reads the keys only this kind takes into `pending` (and the placeholder, which
    /// every kind but text reads last), reporting problems to `decoder`. The default
    /// reads the placeholder only.
    static func decode(_ reader: MappingReader, into pending: inout PendingField, decoder: inout DefinitionDecoder)

    /// Whether `min`, `max` and `default` may be expressions of the field's type
    /// (`today() - 365`), their literals read by `boundLiteral` (default `false`).
    static var hasExpressionBounds: Bool { get }

    /// A literal `min`, `max` or `default` of this kind written as text; `nil` when the
    /// text is not one (default `nil`).
    static func boundLiteral(_ text: String) -> Value?

    /// The problem of text that looks like a literal of this kind but is not one.
    static func invalidBoundLiteral(_ text: String) -> Problem

    // MARK: Reading and checking values

    /// Reads text a person typed (see `FieldValues.parse`); empty text is unanswered.
    static func parse(
        _ text: String, for field: FieldDefinition, today: LocalDate, now: LocalDateTime
    ) -> Result<Value, FieldError>

    /// Checks that a typed value, never null, has the field's type (some kinds take
    /// text for their values, as data writes them).
    static func coerce(_ value: Value, for field: FieldDefinition) -> Result<Value, FieldError>

    /// Reads a value from a node of a values file, a response or a definition's
    /// `default`, never a null scalar. The default takes any scalar's text and
    /// coerces it, so `zip: 01234` stays text.
    static func read(_ node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError>

    /// The first of the field's own rules that a coerced value breaks (see
    /// `FieldValues.check`); the default has none.
    static func check(
        _ value: Value, for field: FieldDefinition, minimum: Value, maximum: Value, limits: Limits,
        filesAreAttachments: Bool
    ) -> FieldError?

    // MARK: Presentation

    /// The value as a person sees it in the field's row. `optionLabel` gives an
    /// option's label and `noteText` a note's text, in the language shown.
    static func display(
        _ value: Value, of field: FieldDefinition, optionLabel: (String) -> String, noteText: () -> String
    ) -> String

    /// What selecting the field's row asks its view to do (default: edit the value).
    static func interaction(field: String) -> FieldInteraction

    /// What `toggle ID [OPTION]` does to the value (default: refuses).
    static func toggled(_ value: Value, option: String?, of field: FieldDefinition) -> ToggleOutcome

    /// What expressions and answers read of a stored value while some options are
    /// hidden (default: the value as stored).
    static func offeredSelection(
        _ value: Value, of field: FieldDefinition, isOffered: (ChoiceOption) -> Bool
    ) -> Value

    /// What a prompt asks for the value and how it completes it (default: the text,
    /// with no hint).
    static var question: KindQuestion { get }

    // MARK: Schemas

    /// The members of the JSON Schema of the field's value in Formwork's answers,
    /// after its title. The default describes `valueType` (the field's own, for
    /// computed values).
    static func answersSchema(for field: FieldDefinition) -> [(String, JSONOutput)]

    /// The definition schema of one of `keys` where this kind decides it (`min`,
    /// `max`, `default`); `nil` for the schema every kind shares (the default).
    static func definitionSchema(forKey key: String) -> JSONOutput?
}
