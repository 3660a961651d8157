import Formwork

/// Collects a section's or a repeat's items (fields and repeats), with `if`,
/// `if`/`else` and `for … in` as in any result builder.
@resultBuilder
public enum FieldsBuilder {
    /// One field or repeat, as a list of one.
    public static func buildExpression(_ element: some FormElement) -> [any FormElement] { [element] }
    /// The items of a block, in the order written.
    public static func buildBlock(_ parts: [any FormElement]...) -> [any FormElement] { parts.flatMap { $0 } }
    /// The items of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [any FormElement]?) -> [any FormElement] { part ?? [] }
    /// The items of the `if` branch of an `if`/`else`.
    public static func buildEither(first part: [any FormElement]) -> [any FormElement] { part }
    /// The items of the `else` branch of an `if`/`else`.
    public static func buildEither(second part: [any FormElement]) -> [any FormElement] { part }
    /// The items of every pass of a `for … in`, in order.
    public static func buildArray(_ parts: [[any FormElement]]) -> [any FormElement] { parts.flatMap { $0 } }
}

/// Collects a form's sections.
@resultBuilder
public enum SectionsBuilder {
    /// One section, as a list of one.
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    /// The sections of a block, in the order written.
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    /// The sections of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    /// The sections of the `if` branch of an `if`/`else`.
    public static func buildEither(first part: [Section]) -> [Section] { part }
    /// The sections of the `else` branch of an `if`/`else`.
    public static func buildEither(second part: [Section]) -> [Section] { part }
    /// The sections of every pass of a `for … in`, in order.
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

/// A group of entries, each holding the same fields (`repeat:` in a file): household
/// members, line items.
///
/// ```swift
/// Repeat("members", label: "Member", max: 12) {
///     TextField("name", label: "Name").required()
///     NumberField("age", label: "Age").range(0...120)
/// }
/// ```
public struct Repeat: FormElement {
    /// The repeat's keys so far.
    public var node: ElementNode

    /// A repeating group of the fields `fields` builds.
    ///
    /// - Parameters:
    ///   - id: The repeat's id, unique in the form; expressions read its entries as `$id`.
    ///   - label: What the group is called (`"Member"`).
    ///   - min: The fewest entries a submitted form may have; 0 when `nil`.
    ///   - max: The most entries; the engine's limit when `nil`.
    ///   - count: An expression the number of entries follows (`"$household"`);
    ///     nobody adds or removes entries by hand then.
    ///   - addLabel: The text of the row that adds an entry; `"Add to LABEL"` when `nil`.
    ///   - fileID: The file of the call, where problems are reported; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - fields: The fields (and nested repeats) of every entry.
    public init(
        _ id: String, label: String, min: Int? = nil, max: Int? = nil, count: String? = nil,
        addLabel: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column,
        @FieldsBuilder fields: () -> [any FormElement]
    ) {
        let place = SwiftPlace.make(fileID, line, column)
        node = ElementNode(place)
        node.set("id", .string(id))
        node.set("label", .string(label))
        var options: [(String, DefinitionDocument)] = []
        if let min { options.append(("min", DefinitionDocument(Value.number(Double(min))))) }
        if let max { options.append(("max", DefinitionDocument(Value.number(Double(max))))) }
        if let count {
            options.append(("count", .string(count, at: SwiftPlace.make(fileID, line, column, quote: count))))
        }
        if let addLabel { options.append(("addLabel", .string(addLabel))) }
        node.set("repeat", .object(options, at: place))
        node.set("fields", .list(fields().map(\.node.document), at: place))
    }
}

/// A section of a form: a header, its fields, and when it is shown.
public struct Section: Sendable {
    var node: ElementNode

    /// A section with the id `id`, an optional header line, and the fields `fields` builds.
    public init(
        _ id: String, header: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column,
        @FieldsBuilder fields: () -> [any FormElement]
    ) {
        let place = SwiftPlace.make(fileID, line, column)
        node = ElementNode(place)
        node.set("id", .string(id))
        if let header { node.set("header", .string(header)) }
        node.set("fields", .list(fields().map(\.node.document), at: place))
    }

    /// Shown only when `condition` holds.
    public func visible(
        _ condition: String, fileID: String = #fileID, line: Int = #line, column: Int = #column
    )
        -> Self
    {
        var copy = self
        copy.node.setExpression("visible", condition, fileID, line, column)
        return copy
    }

    /// Text under the section.
    public func footer(_ text: String) -> Self {
        var copy = self
        copy.node.set("footer", .string(text))
        return copy
    }
}

/// A form written in Swift: the same definition a file gives, checked by the same
/// loader, with each problem reported at the Swift call that made it.
///
/// ```swift
/// let form = Form("deploy", title: "Deploy") {
///     Section("target") {
///         Choice("env", label: "Environment", options: ["staging", "production"]).required()
///         Switch("confirm", label: "I know this is production").visible("$env == 'production'").required()
///     }
/// }
/// let definition = try form.definition()   // DiagnosticList: "Deploy/Form.swift:14:12: error: …"
/// print(form.yaml())                       // the equivalent file, for `formwork check`, `fill`, `serve`
/// ```
public struct Form: Sendable {
    /// The definition as data, each node at the place of the call that made it.
    public let document: DefinitionDocument
    /// The file the form was written in (diagnostics are reported against it).
    public let fileID: String

    /// A form with the id `id`, a title, an optional description, and the sections
    /// `sections` builds; problems are reported against the file of the call.
    public init(
        _ id: String, title: String, description: String? = nil, fileID: String = #fileID, line: Int = #line,
        column: Int = #column, @SectionsBuilder sections: () -> [Section]
    ) {
        let place = SwiftPlace.make(fileID, line, column)
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id)), ("title", .string(title))]
        if let description { pairs.append(("description", .string(description))) }
        pairs.append(("sections", .list(sections().map(\.node.document), at: place)))
        self.document = SwiftPlace.relative(.object(pairs, at: place), to: fileID)
        self.fileID = fileID
    }

    /// The form checked and loaded, as a file is.
    ///
    /// - Throws: `DiagnosticList`: every problem, each at the Swift call that made
    ///   the node it is about (`rendered` reads `Module/File.swift:LINE:COL: error: …`).
    public func definition(
        functions: [String: FunctionDefinition] = FunctionLibrary.builtIns, customKinds: [CustomFieldKind] = []
    ) throws(DiagnosticList) -> FormDefinition {
        try FormDefinition(document: document, path: fileID, functions: functions, customKinds: customKinds)
    }

    /// The equivalent definition file, in YAML (`formwork check`, `fill`, `serve`
    /// take it as they take any form).
    public func yaml() -> String { document.yaml() }

    /// The equivalent definition file, in JSON.
    public func json() -> String { document.json() }
}
