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

    public init(
        _ value: String, label: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        node = ElementNode(SwiftPlace.make(fileID, line, column))
        node.set("value", .string(value))
        if let label { node.set("label", .string(label)) }
    }

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
        copy.node.set("visible", .string(condition, at: SwiftPlace.make(fileID, line, column, quote: condition)))
        return copy
    }

    var document: DefinitionDocument {
        node.pairs.count == 1 ? DefinitionDocument(node.pairs[0].value.content, place: node.place) : node.document
    }
}

/// One of a list of options.
public struct Choice: FormElement {
    public var node: ElementNode

    public init(
        _ id: String, label: String, options: [Option], fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = fieldNode(id, kind: "choice", label: label, fileID, line, column)
        node.set("options", .list(options.map(\.document)))
    }
}

/// Any number of a list of options.
public struct MultiChoice: FormElement {
    public var node: ElementNode

    public init(
        _ id: String, label: String, options: [Option], fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        node = fieldNode(id, kind: "multichoice", label: label, fileID, line, column)
        node.set("options", .list(options.map(\.document)))
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
