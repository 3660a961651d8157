import Formwork

/// An item of a section or of a repeat: a field, or a repeating group. Its modifiers
/// return a changed copy, each recording where it was written, so that a problem
/// with what it sets is reported at that call.
///
/// ```swift
/// TextField("email", label: "E-mail").format(.email).required()
/// NumberField("age", label: "Age").range(0...130).visible("$adult")
/// ```
public protocol FormElement: Sendable {
    /// The element's keys so far.
    var node: ElementNode { get set }
}

extension FormElement {
    /// Sets any key of the definition format to a value as a file would write it
    /// (for keys without a modifier of their own).
    public func set(
        _ key: String, _ value: DefinitionDocument, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) -> Self {
        var copy = self
        var placed = value
        if placed.place == nil { placed.place = SwiftPlace.make(fileID, line, column) }
        copy.node.set(key, placed)
        return copy
    }

    /// Sets an expression key: its text is quoted when a problem is reported.
    func expression(_ key: String, _ source: String, _ fileID: String, _ line: Int, _ column: Int) -> Self {
        set(key, .string(source, at: SwiftPlace.make(fileID, line, column, quote: source)))
    }

    /// Shown only when `condition` holds (`visible:`), e.g. `"$env == 'production'"`.
    public func visible(
        _ condition: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        expression("visible", condition, fileID, line, column)
    }

    /// Must be answered when shown (or, given a condition, when it holds).
    public func required(
        _ condition: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        guard let condition else { return set("required", .bool(true), fileID: fileID, line: line, column: column) }
        return expression("required", condition, fileID, line, column)
    }

    /// What an empty required answer says instead of "is required".
    public func requiredMessage(
        _ message: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        set("requiredMessage", .string(message), fileID: fileID, line: line, column: column)
    }

    /// A cross-field rule: in error unless `check` holds, with `message`.
    public func rule(
        _ check: String, message: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        let place = SwiftPlace.make(fileID, line, column)
        let rule = DefinitionDocument.object(
            [
                ("check", .string(check, at: SwiftPlace.make(fileID, line, column, quote: check))),
                ("message", .string(message)),
            ],
            at: place)
        var rules: [DefinitionDocument] = []
        if let existing = node.pairs.first(where: { $0.key == "rules" })?.value, case .list(let list) = existing.content
        {
            rules = list
        }
        return set("rules", .list(rules + [rule], at: place), fileID: fileID, line: line, column: column)
    }

    /// Help shown under the question.
    public func help(_ text: String, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        set("help", .string(text), fileID: fileID, line: line, column: column)
    }

    /// The value the field starts with.
    public func defaultValue(
        _ value: Value, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        set("default", DefinitionDocument(value), fileID: fileID, line: line, column: column)
    }

    /// The person may not change it (always, or when `condition` holds).
    public func readOnly(
        _ condition: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        guard let condition else { return set("readonly", .bool(true), fileID: fileID, line: line, column: column) }
        return expression("readonly", condition, fileID, line, column)
    }

    /// The name the answers use for it, when not its id.
    public func key(_ name: String, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Self {
        set("key", .string(name), fileID: fileID, line: line, column: column)
    }
}

/// The keys every field starts with.
func fieldNode(
    _ id: String, kind: String, label: String?, _ fileID: String, _ line: Int, _ column: Int
) -> ElementNode {
    var node = ElementNode(SwiftPlace.make(fileID, line, column))
    node.set("id", .string(id))
    node.set("kind", .string(kind))
    if let label { node.set("label", .string(label)) }
    return node
}
