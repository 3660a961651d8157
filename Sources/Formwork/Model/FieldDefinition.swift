/// One field of a form, as its definition file declares it, with its conditions
/// and computed value compiled.
public struct FieldDefinition: Sendable {
    /// The id, unique in the form; expressions read the field as `$id`.
    public let id: String
    public let kind: FieldKind
    /// The kind as the definition names it: a `CustomFieldKind`'s name, else `kind`'s.
    public internal(set) var kindName: String
    /// The position of the field in the whole form (sections flattened).
    public let index: Int
    /// The index of its section in the form.
    public let sectionIndex: Int
    /// The repeat whose entries each hold one of this field (the innermost, when
    /// repeats nest); `nil` for a field the form holds once.
    public internal(set) var repeatIndex: Int?
    /// Where the field is declared.
    public let location: SourceLocation

    /// The label as written (in the form's default language; expressions unevaluated).
    /// What a person reads is `texts`, rendered by the session in its language.
    public internal(set) var label: String
    public internal(set) var help: String?
    public internal(set) var placeholder: String?
    /// A note's text.
    public internal(set) var text: String?
    /// The texts a person reads, per language, with their expressions.
    public internal(set) var texts: FieldTexts
    /// The value the field starts with: a literal, or for dates an expression such as
    /// `today() + 7` (evaluated when a session starts).
    public internal(set) var defaultValue: Bound?
    /// Whether the field must be answered when visible.
    public internal(set) var required: Requirement = .never
    /// What a required field left empty says instead of `is required`
    /// (`requiredMessage:`), per language, with its expressions; the error's rule is
    /// still `required`.
    public internal(set) var requiredMessage: FormText?
    /// When the field is shown; `nil` means always.
    public internal(set) var visible: CompiledExpression?
    /// A computed field's value.
    public internal(set) var value: CompiledExpression?
    /// The type of the field's value; `nil` for notes.
    public internal(set) var valueType: ValueType?

    // Text and secure
    public internal(set) var format: TextFormat?
    public internal(set) var pattern: Pattern?
    public internal(set) var minLength: Int?
    public internal(set) var maxLength: Int?
    public internal(set) var multiline = false

    // Number, date, time and datetime
    public internal(set) var minimum: Bound?
    public internal(set) var maximum: Bound?
    public internal(set) var step: Double?

    // File
    /// The file name endings a `file` field accepts (`pdf`, `jpg`; without the dot,
    /// compared ignoring case); empty for any.
    public internal(set) var extensions: [String] = []
    /// The largest file a `file` field accepts, in bytes.
    public internal(set) var maxSize: Int?

    // Choice, multichoice and rank
    public internal(set) var options: [ChoiceOption] = []
    public internal(set) var minSelected: Int?
    public internal(set) var maxSelected: Int?

    /// Cross-field checks.
    public internal(set) var rules: [Rule] = []

    // Behaviours (see `FieldDefinition+Behaviours.swift`)
    /// When the person filling the form may not change the field (`readonly:`).
    public internal(set) var readOnly: Requirement = .never
    /// The name the answers use for the field (`key:`), when it is not the id.
    public internal(set) var key: String?
    /// Whether the field is one of the form's `inputs:`: given by the program, never asked.
    public internal(set) var isInput = false
    /// The value the field is given when other fields change (`recalculate:`).
    public internal(set) var trigger: ValueTrigger?

    public init(id: String, kind: FieldKind, index: Int, sectionIndex: Int, location: SourceLocation, label: String) {
        self.id = id
        self.kind = kind
        self.kindName = kind.rawValue
        self.index = index
        self.sectionIndex = sectionIndex
        self.location = location
        self.label = label
        self.texts = FieldTexts(label: FormText(label))
        self.valueType = kind.fixedType
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

    public init(value: String, label: String, visible: CompiledExpression? = nil) {
        self.value = value
        self.label = label
        self.labelText = FormText(label)
        self.visible = visible
    }
}

/// A cross-field check: when visible, the field is in error unless `check` holds.
public struct Rule: Sendable {
    public var check: CompiledExpression
    /// The message as written in the default language.
    public var message: String
    /// The message per language, with its expressions.
    public var messageText: FormText

    public init(check: CompiledExpression, message: String, messageText: FormText? = nil) {
        self.check = check
        self.message = message
        self.messageText = messageText ?? FormText(message)
    }
}
