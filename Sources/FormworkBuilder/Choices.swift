import Formwork

/// One option of a choice: its value, the label a person sees, and when it is
/// offered.
///
/// ```swift
/// Choice("city", label: "City", options: [
///     Option("paris", label: "Paris").visible("$country == 'fr'"),
///     Option("lyon", label: "Lyon").visible("$country == 'fr'"),
/// ])
/// ```
public struct Option: Sendable, ExpressibleByStringLiteral {
    var node: ElementNode

    /// The option `value` (what the answers hold), shown as `label`, or as the value when
    /// there is no label.
    public init(
        _ value: String, label: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = ElementNode(SwiftPlace.make(fileID, line, column))
        node.set("value", .string(value))
        if let label { node.set("label", .string(label)) }
    }

    /// An option whose value is also its label: `"paris"` for `Option("paris")`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Offered only when `condition` holds (cascading choices).
    public func visible(
        _ condition: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    )
        -> Self
    {
        var copy = self
        copy.node.setExpression("visible", condition, fileID, line, column)
        return copy
    }

    var document: DefinitionDocument {
        node.pairs.count == 1 ? DefinitionDocument(node.pairs[0].value.content, place: node.place) : node.document
    }
}

/// One of a list of options.
public struct Choice: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A choice with the id `id`, the question `label`, and its `options` in the order shown.
    public init(
        _ id: String, label: String, options: [Option], fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = choiceNode(id, kind: "choice", label: label, options: options, fileID, line, column)
    }
}

/// Any number of a list of options.
public struct MultiChoice: FormElement {
    /// The field's keys so far.
    public var node: ElementNode

    /// A multiple choice with the id `id`, the question `label`, and its `options` in the order shown.
    public init(
        _ id: String, label: String, options: [Option], fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = choiceNode(id, kind: "multichoice", label: label, options: options, fileID, line, column)
    }

    /// At least and at most so many options.
    public func selections(
        _ range: ClosedRange<Int>, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Self {
        set(
            "minSelected", DefinitionDocument(Value.number(Double(range.lowerBound))), fileID: fileID, line: line,
            column: column
        )
        .set(
            "maxSelected", DefinitionDocument(Value.number(Double(range.upperBound))), fileID: fileID, line: line,
            column: column)
    }
}

/// The keys of a choice of either kind.
private func choiceNode(
    _ id: String, kind: String, label: String, options: [Option], _ fileID: String, _ line: Int, _ column: Int
) -> ElementNode {
    var node = fieldNode(id, kind: kind, label: label, fileID, line, column)
    node.set("options", .list(options.map(\.document)))
    return node
}
