import Formwork

/// A one-line (or `multiline()`) text answer.
public struct TextField: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A text field with the id `id` and the question `label`.
    public init(
        _ id: String, label: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "text", label: label, fileID, line, column)
    }

    /// An e-mail address or a URL.
    public func format(
        _ format: TextFormat, fileID: String = #fileID, line: Int = #line, column: Int = #column
    )
        -> Self
    {
        set("format", .string(format.rawValue), fileID: fileID, line: line, column: column)
    }

    /// A regular expression the whole answer must match.
    public func pattern(
        _ pattern: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    )
        -> Self
    {
        set("pattern", .string(pattern, at: SwiftPlace.make(fileID, line, column, quote: pattern)))
    }

    /// At least and at most so many characters.
    public func length(
        _ range: ClosedRange<Int>, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        set(
            "minLength", DefinitionDocument(Value.number(Double(range.lowerBound))), fileID: fileID, line: line,
            column: column
        )
        .set(
            "maxLength", DefinitionDocument(Value.number(Double(range.upperBound))), fileID: fileID, line: line,
            column: column)
    }

    /// Several lines of text.
    public func multiline(fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        set("multiline", .bool(true), fileID: fileID, line: line, column: column)
    }

    /// Shown in an empty answer.
    public func placeholder(
        _ text: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    )
        -> Self
    {
        set("placeholder", .string(text), fileID: fileID, line: line, column: column)
    }
}

/// A text answer never shown or written to drafts (a password, a token).
public struct SecureField: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A secure field with the id `id` and the question `label`.
    public init(
        _ id: String, label: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "secure", label: label, fileID, line, column)
    }
}

/// A number, within bounds.
public struct NumberField: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A number field with the id `id` and the question `label`.
    public init(
        _ id: String, label: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "number", label: label, fileID, line, column)
    }

    /// Between two numbers, both included.
    public func range(
        _ range: ClosedRange<Double>, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        set("min", DefinitionDocument(Value.number(range.lowerBound)), fileID: fileID, line: line, column: column)
            .set("max", DefinitionDocument(Value.number(range.upperBound)), fileID: fileID, line: line, column: column)
    }

    /// Answers are multiples of `step` (`1`: whole numbers).
    public func step(_ step: Double, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        set("step", DefinitionDocument(Value.number(step)), fileID: fileID, line: line, column: column)
    }
}

/// On or off.
public struct Switch: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A switch with the id `id` and the question `label`.
    public init(
        _ id: String, label: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "switch", label: label, fileID, line, column)
    }
}

/// A date (`YYYY-MM-DD`), within bounds that are dates or expressions (`today()`).
public struct DateField: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A date field with the id `id` and the question `label`.
    public init(
        _ id: String, label: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "date", label: label, fileID, line, column)
    }

    /// The earliest date: `"2000-01-01"` or an expression such as `"today() - 30"`.
    public func minimum(_ bound: String, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        expression("min", bound, fileID, line, column)
    }

    /// The latest date: `"today()"`, say.
    public func maximum(_ bound: String, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        expression("max", bound, fileID, line, column)
    }
}

/// Text to read, no answer; its text may read answers (`"Hello {$name}"`).
public struct Note: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A note with the id `id` showing `text`, which may read answers (`{$name}`).
    public init(
        _ id: String, text: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = fieldNode(id, kind: "note", label: nil, fileID, line, column)
        node.set("text", .string(text, at: SwiftPlace.make(fileID, line, column, quote: text)))
    }
}

/// A value the form computes from other answers (`"$price * $count"`), shown.
public struct Computed: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A computed field with the id `id`, shown with `label`, whose value is the expression `value`.
    public init(
        _ id: String, label: String, value: String, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = fieldNode(id, kind: "computed", label: label, fileID, line, column)
        node.set("value", .string(value, at: SwiftPlace.make(fileID, line, column, quote: value)))
    }
}

/// Any kind of the definition format by name (`time`, `datetime`, `geopoint`,
/// `file`, `rank`, `calculate`, or an embedder's custom kind), its other keys set
/// with `.set(_:_:)`.
public struct Field: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A field of the kind named `kind`, with the id `id` and, when given, the question `label`.
    public init(
        _ id: String, kind: String, label: String? = nil, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = fieldNode(id, kind: kind, label: label, fileID, line, column)
    }
}
