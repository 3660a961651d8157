/// One field of a form, as its definition file declares it, with its conditions
/// and computed value compiled.
///
/// A definition is a value, but its properties are held once and shared by its
/// copies until one of them changes (copy on write): sessions, evaluations and the
/// response validator read fields in their innermost loops, where copying some
/// thirty properties on every read cost more than the work itself.
public struct FieldDefinition: Sendable {
    private var storage: Storage

    /// The field's id, unique in the form; expressions read its value as `$id`.
    public var id: String { storage.properties.id }
    /// What the field asks for, and so the type of its value (a custom kind's base kind).
    public var kind: FieldKind { storage.properties.kind }
    /// The kind as the definition names it: a `CustomFieldKind`'s name, else `kind`'s.
    public internal(set) var kindName: String {
        get { storage.properties.kindName }
        set { uniqueStorage().properties.kindName = newValue }
    }
    /// The position of the field in the whole form (sections flattened).
    public var index: Int { storage.properties.index }
    /// The index of its section in the form.
    public var sectionIndex: Int { storage.properties.sectionIndex }
    /// The repeat whose entries each hold one of this field (the innermost, when
    /// repeats nest); `nil` for a field the form holds once.
    public internal(set) var repeatIndex: Int? {
        get { storage.properties.repeatIndex }
        set { uniqueStorage().properties.repeatIndex = newValue }
    }
    /// Where the field is declared.
    public var location: SourceLocation { storage.properties.location }

    /// The label as written (in the form's default language; expressions unevaluated).
    /// What a person reads is `texts`, rendered by the session in its language.
    public internal(set) var label: String {
        get { storage.properties.label }
        set { uniqueStorage().properties.label = newValue }
    }
    /// The help text as written (in the form's default language), if any.
    public internal(set) var help: String? {
        get { storage.properties.help }
        set { uniqueStorage().properties.help = newValue }
    }
    /// The text shown while the field is empty, as written (in the form's default language).
    public internal(set) var placeholder: String? {
        get { storage.properties.placeholder }
        set { uniqueStorage().properties.placeholder = newValue }
    }
    /// A note's text.
    public internal(set) var text: String? {
        get { storage.properties.text }
        set { uniqueStorage().properties.text = newValue }
    }
    /// The texts a person reads, per language, with their expressions.
    public internal(set) var texts: FieldTexts {
        get { storage.properties.texts }
        set { uniqueStorage().properties.texts = newValue }
    }
    /// The value the field starts with: a literal, or for dates an expression such as
    /// `today() + 7` (evaluated when a session starts).
    public internal(set) var defaultValue: Bound? {
        get { storage.properties.defaultValue }
        set { uniqueStorage().properties.defaultValue = newValue }
    }
    /// Whether the field must be answered when visible.
    public internal(set) var required: Requirement {
        get { storage.properties.required }
        set { uniqueStorage().properties.required = newValue }
    }
    /// What a required field left empty says instead of `is required`
    /// (`requiredMessage:`), per language, with its expressions; the error's rule is
    /// still `required`.
    public internal(set) var requiredMessage: FormText? {
        get { storage.properties.requiredMessage }
        set { uniqueStorage().properties.requiredMessage = newValue }
    }
    /// When the field is shown; `nil` means always.
    public internal(set) var visible: CompiledExpression? {
        get { storage.properties.visible }
        set { uniqueStorage().properties.visible = newValue }
    }
    /// A computed field's value.
    public internal(set) var value: CompiledExpression? {
        get { storage.properties.value }
        set { uniqueStorage().properties.value = newValue }
    }
    /// Whether a computed field keeps its first value (`once: true`, ODK's `once()`):
    /// computed while it is null or empty, then kept for the session — drafts too —
    /// whatever it reads changes.
    public internal(set) var keepsFirstValue: Bool {
        get { storage.properties.keepsFirstValue }
        set { uniqueStorage().properties.keepsFirstValue = newValue }
    }
    /// The type of the field's value; `nil` for notes.
    public internal(set) var valueType: ValueType? {
        get { storage.properties.valueType }
        set { uniqueStorage().properties.valueType = newValue }
    }

    // Text and secure
    /// The format a text field's value must have (`email`, `url`).
    public internal(set) var format: TextFormat? {
        get { storage.properties.format }
        set { uniqueStorage().properties.format = newValue }
    }
    /// The regular expression a text or secure field's whole value must match.
    public internal(set) var pattern: Pattern? {
        get { storage.properties.pattern }
        set { uniqueStorage().properties.pattern = newValue }
    }
    /// The fewest characters a text or secure field's value may have.
    public internal(set) var minLength: Int? {
        get { storage.properties.minLength }
        set { uniqueStorage().properties.minLength = newValue }
    }
    /// The most characters a text or secure field's value may have.
    public internal(set) var maxLength: Int? {
        get { storage.properties.maxLength }
        set { uniqueStorage().properties.maxLength = newValue }
    }
    /// Whether a text field takes several lines.
    public internal(set) var multiline: Bool {
        get { storage.properties.multiline }
        set { uniqueStorage().properties.multiline = newValue }
    }

    // Number, date, time and datetime
    /// The smallest value of a number, date, time or datetime field: a literal or an expression.
    public internal(set) var minimum: Bound? {
        get { storage.properties.minimum }
        set { uniqueStorage().properties.minimum = newValue }
    }
    /// The largest value of a number, date, time or datetime field: a literal or an expression.
    public internal(set) var maximum: Bound? {
        get { storage.properties.maximum }
        set { uniqueStorage().properties.maximum = newValue }
    }
    /// The grid a number must be on: `minimum + k × step` (or `k × step` without a minimum).
    public internal(set) var step: Double? {
        get { storage.properties.step }
        set { uniqueStorage().properties.step = newValue }
    }

    // File
    /// The file name endings a `file` field accepts (`pdf`, `jpg`; without the dot,
    /// compared ignoring case); empty for any.
    public internal(set) var extensions: [String] {
        get { storage.properties.extensions }
        set { uniqueStorage().properties.extensions = newValue }
    }
    /// The largest file a `file` field accepts, in bytes.
    public internal(set) var maxSize: Int? {
        get { storage.properties.maxSize }
        set { uniqueStorage().properties.maxSize = newValue }
    }
    /// How the value is typed at the prompt (`mask`), for a text or number field.
    public internal(set) var mask: InputMask? {
        get { storage.properties.mask }
        set { uniqueStorage().properties.mask = newValue }
    }
    /// Whether a `file` field takes several files (`multiple: true`): its answer is
    /// then a list of paths, given at the prompt separated by commas.
    public internal(set) var multipleFiles: Bool {
        get { storage.properties.multipleFiles }
        set { uniqueStorage().properties.multipleFiles = newValue }
    }
    /// Whether a `file` field's answer holds the file itself (`inline: true`): the
    /// file given is read into a data URL (`data:image/png;name=sign.png;base64,…`),
    /// as a signature is kept in a survey's data, instead of its path.
    public internal(set) var inlineFiles: Bool {
        get { storage.properties.inlineFiles }
        set { uniqueStorage().properties.inlineFiles = newValue }
    }

    // Choice, multichoice and rank
    /// The options of a choice, multichoice or rank field, in order.
    public internal(set) var options: [ChoiceOption] {
        get { storage.properties.options }
        set { uniqueStorage().properties.options = newValue }
        // In place: the loader sets each option's condition and label one by one, and
        // a get-then-set would copy every option each time.
        _modify { yield &uniqueStorage().properties.options }
    }
    /// Whether a rank field's answer that ranks some of the options offered is completed
    /// with the others, in their order (`completeRanking: true`, as survey-core completes
    /// a ranking); otherwise every option offered must be ranked.
    public internal(set) var completesRanking: Bool {
        get { storage.properties.completesRanking }
        set { uniqueStorage().properties.completesRanking = newValue }
    }
    /// The fewest options a multichoice field's answer may select.
    public internal(set) var minSelected: Int? {
        get { storage.properties.minSelected }
        set { uniqueStorage().properties.minSelected = newValue }
    }
    /// The most options a multichoice field's answer may select.
    public internal(set) var maxSelected: Int? {
        get { storage.properties.maxSelected }
        set { uniqueStorage().properties.maxSelected = newValue }
    }

    /// Cross-field checks.
    public internal(set) var rules: [Rule] {
        get { storage.properties.rules }
        set { uniqueStorage().properties.rules = newValue }
    }

    // Behaviours (see `FieldDefinition+Behaviours.swift`)
    /// When the person filling the form may not change the field (`readonly:`).
    public internal(set) var readOnly: Requirement {
        get { storage.properties.readOnly }
        set { uniqueStorage().properties.readOnly = newValue }
    }
    /// The name the answers use for the field (`key:`), when it is not the id.
    public internal(set) var key: String? {
        get { storage.properties.key }
        set { uniqueStorage().properties.key = newValue }
    }
    /// Whether the field is one of the form's `inputs:`: given by the program, never asked.
    public internal(set) var isInput: Bool {
        get { storage.properties.isInput }
        set { uniqueStorage().properties.isInput = newValue }
    }
    /// For an input that stands for what the device knows (`device: deviceid`), the
    /// property (`FormSession.applyDeviceProperties(_:)` gives it).
    public internal(set) var deviceProperty: DeviceProperty? {
        get { storage.properties.deviceProperty }
        set { uniqueStorage().properties.deviceProperty = newValue }
    }
    /// The value the field is given when other fields change (`recalculate:`).
    public internal(set) var trigger: ValueTrigger? {
        get { storage.properties.trigger }
        set { uniqueStorage().properties.trigger = newValue }
    }

    /// A field with what every field has; the loader sets the rest.
    init(id: String, kind: FieldKind, index: Int, sectionIndex: Int, location: SourceLocation, label: String) {
        storage = Storage(
            Properties(id: id, kind: kind, index: index, sectionIndex: sectionIndex, location: location, label: label))
    }

    /// The storage, copied first when a copy of this definition shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.properties) }
        return storage
    }

    /// The option with `value`, if any.
    public func option(withValue value: String) -> ChoiceOption? {
        options.first { $0.value == value }
    }

    /// Every expression of the field, with the key it is written under.
    public var expressions: [(key: String, expression: CompiledExpression)] {
        var all: [(String, CompiledExpression)] = []
        if let visible { all.append(("visible", visible)) }
        if let value { all.append(("value", value)) }
        if case .when(let condition) = required { all.append(("required", condition)) }
        if case .when(let condition) = readOnly { all.append(("readonly", condition)) }
        for (index, rule) in (trigger?.rules ?? []).enumerated() {
            let key = trigger?.rules.count == 1 ? "recalculate" : "recalculate[\(index)]"
            all.append((key + ".value", rule.value))
            if let condition = rule.condition { all.append((key + ".when", condition)) }
        }
        for (index, option) in options.enumerated() {
            if let visible = option.visible { all.append(("options[\(index)].visible", visible)) }
        }
        for (index, rule) in rules.enumerated() { all.append(("rules[\(index)].check", rule.check)) }
        if case .expression(let bound)? = minimum { all.append(("min", bound)) }
        if case .expression(let bound)? = maximum { all.append(("max", bound)) }
        return all
    }
}

/// Whether a field must be answered (`required:`), or is read-only (`readonly:`):
/// never, always, or when a condition holds.
public enum Requirement: Sendable {
    case never
    case always
    /// Required when the condition holds.
    case when(CompiledExpression)
}

/// A `min` or `max`: a literal, or an expression such as `today()`.
public enum Bound: Sendable {
    case value(Value)
    case expression(CompiledExpression)
}

/// One option of a choice or multichoice field.
public struct ChoiceOption: Sendable {
    /// What is stored and compared (`$plan == 'pro'`).
    public var value: String
    /// What a person sees, as written in the default language; defaults to the value.
    public var label: String
    /// The label per language (`label($choice)`, the table and the prompt show it).
    public var labelText: FormText
    /// When the option is offered; `nil` means always.
    public var visible: CompiledExpression?
    /// Whether choosing it (in a multichoice) clears the other options, and choosing
    /// another clears it (`exclusive: true`: "None of the above").
    public var isExclusive = false

    /// An option storing `value`, labelled `label` in every language, offered when `visible` holds.
    init(value: String, label: String, visible: CompiledExpression? = nil) {
        self.value = value
        self.label = label
        self.labelText = FormText(label)
        self.visible = visible
    }
}

/// A cross-field check: when visible, the field is in error unless `check` holds.
public struct Rule: Sendable {
    /// The condition the field's value must meet.
    public var check: CompiledExpression
    /// The message as written in the default language.
    public var message: String
    /// The message per language, with its expressions.
    public var messageText: FormText

    /// A check of `check`, failing with `message` (in every language unless `messageText` says).
    init(check: CompiledExpression, message: String, messageText: FormText? = nil) {
        self.check = check
        self.message = message
        self.messageText = messageText ?? FormText(message)
    }
}
