/// A form's logic as a graph: what drives what.
///
/// Questions, notes and calculations are nodes, and so are sections and repeats that
/// have a condition or a count. An edge goes from each field an expression reads to
/// what the expression decides, labelled with the relation and the expression as the
/// form writes it (for an imported form, the XPath or the XLSForm cell):
///
/// | relation | from … to … |
/// | --- | --- |
/// | `shows` | a field its `visible` reads → the field, section or repeat |
/// | `requires` | a field a `required` condition reads → the field |
/// | `computes` | a field a computed value (or a recalculation) reads → the field |
/// | `filters` | a field an option's condition reads → the choice |
/// | `constrains` | a field a rule, `min` or `max` reads → the field |
/// | `locks` | a field a `readonly` condition reads → the field |
/// | `counts` | a field a repeat's `count` reads → the repeat |
///
/// Sections are clusters, and repeats clusters inside them. `focused(on:depth:)`
/// keeps the neighbourhood of one node, for forms too large to read whole; `dot()`,
/// `mermaid()` and `json()` write the graph for Graphviz, for Markdown pages, and
/// for programs (`formwork graph`).
///
/// ```swift
/// let form = try FormDefinition(yaml: """
///     id: intake
///     sections:
///       - id: main
///         fields:
///           - {id: age, kind: number}
///           - {id: occupation, kind: text, visible: "$age >= 18"}
///     """)
/// let graph = FormGraph(form)
/// graph.edges.map { "\($0.from) \($0.relation) \($0.to)" }   // ["age shows occupation"]
/// print(graph.dot())
/// ```
public struct FormGraph: Sendable {
    /// What a node stands for.
    public enum NodeKind: String, Sendable, Codable {
        /// A field a person answers (or reads, for a note).
        case question
        /// A note: text shown, nothing to answer.
        case note
        /// A field whose value the form computes.
        case calculation
        /// A field set from outside (`input: true`).
        case input
        /// A section with a condition.
        case section
        /// A repeat with a condition or a count.
        case `repeat`
    }

    /// A node: a field, or a section or repeat that something decides.
    public struct Node: Sendable, Hashable, Encodable {
        /// Unique in the graph: a field's id, `section:ID` or `repeat:ID`.
        public var id: String
        /// What it stands for.
        public var kind: NodeKind
        /// The field's, section's or repeat's own id.
        public var name: String
        /// What a person reads: its label, else its id.
        public var label: String
        /// The cluster it is drawn in (`Cluster.id`).
        public var cluster: String
        /// Where it is written (`form.yaml:12:9`, `survey!B7`), when known.
        public var place: String?
        /// Whether lint proved it can never be shown (`markingNeverShown(_:)`).
        public var neverShown = false
    }

    /// A section, or a repeat inside one, drawn around its nodes.
    public struct Cluster: Sendable, Hashable, Encodable {
        /// `section:ID` or `repeat:ID`.
        public var id: String
        /// The section's header or the repeat's label, else its id.
        public var label: String
        /// The cluster it is inside (a repeat's section or outer repeat).
        public var parent: String?
        /// Whether lint proved the section or repeat can never be shown.
        public var neverShown = false
    }

    /// How an expression's reading of a field drives another node.
    public enum Relation: String, Sendable, Codable, CaseIterable {
        /// A condition on whether it is shown (`visible`, `relevant`, `visibleIf`).
        case shows
        /// A condition on whether it must be answered.
        case requires
        /// A computed value, or a value set again when answers change.
        case computes
        /// A condition on which of its options are offered (a choice filter).
        case filters
        /// A rule, `min` or `max` its answer is checked against.
        case constrains
        /// A condition on whether it is read-only.
        case locks
        /// A repeat's number of entries.
        case counts
    }

    /// An edge: the node `from` is read by an expression that decides `to`.
    public struct Edge: Sendable, Hashable, Encodable {
        /// The node read (`Node.id`).
        public var from: String
        /// The node decided.
        public var to: String
        /// How the expression decides it.
        public var relation: Relation
        /// The expression as the form writes it.
        public var expression: String
        /// Where the expression is written, when known.
        public var place: String?
    }

    /// The form's id.
    public var formID: String
    /// The form's title.
    public var title: String
    /// The nodes: fields in form order, each section or repeat where it is first decided or read.
    public var nodes: [Node]
    /// The clusters, in form order (a parent before what it holds).
    public var clusters: [Cluster]
    /// The edges, grouped by the node they decide, in form order.
    public var edges: [Edge]

    /// The graph of `definition`.
    public init(_ definition: FormDefinition) {
        var builder = FormGraphBuilder(definition)
        builder.build()
        formID = definition.id
        title = definition.title
        nodes = builder.nodes
        clusters = builder.clusters
        edges = builder.edges
    }

    /// A graph of the given parts (`focused(on:depth:)` makes one).
    public init(formID: String, title: String, nodes: [Node], clusters: [Cluster], edges: [Edge]) {
        self.formID = formID
        self.title = title
        self.nodes = nodes
        self.clusters = clusters
        self.edges = edges
    }

    /// The same graph with what `lint` proved can never be shown marked: drawn dashed
    /// and grey, `"neverShown": true` in JSON (`formwork graph --unreachable`).
    ///
    /// ```swift
    /// let graph = FormGraph(form).markingNeverShown(FormLint(form).neverShown)
    /// ```
    public func markingNeverShown(_ ids: Set<String>) -> FormGraph {
        var marked = self
        for index in marked.nodes.indices where ids.contains(marked.nodes[index].name) {
            marked.nodes[index].neverShown = true
        }
        for index in marked.clusters.indices {
            let id = marked.clusters[index].id
            let name = id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
            if id != "inputs", ids.contains(name) { marked.clusters[index].neverShown = true }
        }
        return marked
    }

    /// The node named `name`: a node id (`age`, `section:household`), else a
    /// section's or repeat's own id.
    public func node(named name: String) -> Node? {
        nodes.first { $0.id == name } ?? nodes.first { $0.name == name }
    }
}
