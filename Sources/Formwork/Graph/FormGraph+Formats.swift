import Foundation

extension FormGraph {
    /// The graph in Graphviz's DOT language: sections and repeats as clusters, nodes
    /// shaped by kind (a box for a question, an ellipse for a calculation, a note, a
    /// folder for a section, a 3-D box for a repeat), edges coloured by relation and
    /// labelled with it and the expression (long texts shortened; `json()` has them
    /// whole). Render it with `dot -Tsvg graph.dot > graph.svg`.
    public func dot() -> String {
        let names = nodeNames
        // Grouped once: a form of many sections is written in one pass over its nodes.
        let nodesByCluster = Dictionary(grouping: nodes, by: \.cluster)
        let clustersByParent = Dictionary(grouping: clusters.filter { $0.parent != nil }, by: { $0.parent! })
        var lines = ["digraph \(Self.dotQuoted(formID)) {"]
        lines.append(
            "  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=\(Self.dotQuoted(title)), nodesep=0.3];")
        lines.append("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];")
        lines.append("  edge [fontname=\"Helvetica\", fontsize=9];")
        var clusterNumbers: [String: Int] = [:]
        for (number, cluster) in clusters.enumerated() { clusterNumbers[cluster.id] = number }
        func writeCluster(_ cluster: Cluster, indent: String) {
            lines.append("\(indent)subgraph \(Self.dotQuoted("cluster_\(clusterNumbers[cluster.id]!)")) {")
            lines.append(
                "\(indent)  label=\(Self.dotQuoted(Self.shortened(cluster.label, 60))); "
                    + (cluster.neverShown
                        ? "style=\"rounded,dashed\"; color=gray60; fontcolor=gray50;" : "style=rounded; color=gray60;"))
            for node in nodesByCluster[cluster.id] ?? [] {
                lines.append("\(indent)  \(Self.dotQuoted(node.id)) [\(Self.dotAttributes(node))];")
            }
            for inner in clustersByParent[cluster.id] ?? [] { writeCluster(inner, indent: indent + "  ") }
            lines.append("\(indent)}")
        }
        for cluster in clusters where cluster.parent == nil || clusterNumbers[cluster.parent!] == nil {
            writeCluster(cluster, indent: "  ")
        }
        for edge in edges {
            let label = edge.relation.rawValue + "\n" + edgeText(edge, names: names)
            lines.append(
                "  \(Self.dotQuoted(edge.from)) -> \(Self.dotQuoted(edge.to)) "
                    + "[label=\(Self.dotQuoted(label)), color=\(Self.colour(edge.relation)), "
                    + "fontcolor=\(Self.colour(edge.relation))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, which GitHub and most wikis draw from a
    /// ` ```mermaid ` block: sections and repeats as subgraphs, nodes shaped by kind,
    /// edges labelled with their relation and expression (shortened).
    public func mermaid() -> String {
        let names = nodeNames
        // Grouped once: a form of many sections is written in one pass over its nodes.
        let nodesByCluster = Dictionary(grouping: nodes, by: \.cluster)
        let clustersByParent = Dictionary(grouping: clusters.filter { $0.parent != nil }, by: { $0.parent! })
        var lines = ["flowchart LR"]
        var ids: [String: String] = [:]
        for (number, node) in nodes.enumerated() { ids[node.id] = "n\(number)" }
        // An edge to a node the graph does not hold (a graph put together by hand)
        // still has an id to draw.
        for edge in edges {
            for end in [edge.from, edge.to] where ids[end] == nil { ids[end] = "n\(ids.count)" }
        }
        var clusterIDs: [String: String] = [:]
        for (number, cluster) in clusters.enumerated() { clusterIDs[cluster.id] = "c\(number)" }
        func writeCluster(_ cluster: Cluster, indent: String) {
            lines.append(
                "\(indent)subgraph \(clusterIDs[cluster.id] ?? "c")[\"\(Self.mermaidText(cluster.label, 60))\"]")
            for node in nodesByCluster[cluster.id] ?? [] {
                lines.append(indent + "  " + ids[node.id]! + Self.mermaidShape(node))
            }
            for inner in clustersByParent[cluster.id] ?? [] { writeCluster(inner, indent: indent + "  ") }
            lines.append("\(indent)end")
        }
        for cluster in clusters where cluster.parent == nil || clusterIDs[cluster.parent!] == nil {
            writeCluster(cluster, indent: "  ")
        }
        for edge in edges {
            let label = edge.relation.rawValue + ": " + Self.mermaidText(edgeText(edge, names: names), 62)
            lines.append("  \(ids[edge.from]!) -->|\"\(label)\"| \(ids[edge.to]!)")
        }
        let neverShown = nodes.filter(\.neverShown).compactMap { ids[$0.id] }
        if !neverShown.isEmpty {
            lines.append("  classDef neverShown stroke-dasharray: 5 5,color:#777")
            lines.append("  class \(neverShown.joined(separator: ",")) neverShown")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as JSON: `form`, `title`, `nodes` (`id`, `kind`, `name`, `label`,
    /// `cluster`, `place`), `clusters` (`id`, `label`, `parent`) and `edges` (`from`,
    /// `to`, `relation`, `expression` whole, `place`).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(GraphJSON(self))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: Writing

    /// Each node's own name by its id.
    var nodeNames: [String: String] { Dictionary(nodes.map { ($0.id, $0.name) }) { first, _ in first } }

    /// An edge's expression as a drawing shows it: paths by their last step, and a
    /// long one cut to the part that reads the edge's source (`…selected(sex, 'female')…`).
    func edgeText(_ edge: Edge, names: [String: String]) -> String {
        let text = Self.shortened(Self.compactingPaths(edge.expression), .max)
        let limit = 60
        guard text.count > limit else { return text }
        let name = names[edge.from] ?? edge.from
        guard let mention = FormGraphBuilder.mention(of: name, in: text) else {
            return String(text.prefix(limit - 1)) + "…"
        }
        let offset = text.distance(from: text.startIndex, to: mention.lowerBound)
        let start = max(0, min(offset - 20, text.count - (limit - 1)))
        let excerpt = text.dropFirst(start).prefix(limit - 2)
        return (start > 0 ? "…" : "") + excerpt + (start + excerpt.count < text.count ? "…" : "")
    }

    static func dotQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): quoted += " "
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    static func dotAttributes(_ node: Node) -> String {
        let shape: String
        switch node.kind {
        case .question: shape = "box"
        case .note: shape = "note"
        case .calculation: shape = "ellipse"
        case .input: shape = "parallelogram"
        case .section: shape = "folder"
        case .repeat: shape = "box3d"
        }
        let label = nodeLabel(node, separator: "\n") + (node.neverShown ? "\n(never shown)" : "")
        let style =
            node.neverShown
            ? ", style=\"\(node.kind == .question || node.kind == .section ? "rounded," : "")dashed\", "
                + "color=gray50, fontcolor=gray50" : ""
        return "label=\(dotQuoted(label)), shape=\(shape)\(style)"
    }

    /// `id` and, below it, the label when it says more.
    static func nodeLabel(_ node: Node, separator: String) -> String {
        let label = shortened(node.label, 40)
        return label == node.name ? node.name : node.name + separator + label
    }

    static func colour(_ relation: Relation) -> String {
        switch relation {
        case .shows: return "royalblue"
        case .requires: return "firebrick"
        case .computes: return "darkgreen"
        case .filters: return "purple"
        case .constrains: return "darkorange3"
        case .locks: return "gray40"
        case .counts: return "saddlebrown"
        }
    }

    static func mermaidShape(_ node: Node) -> String {
        let label = nodeLabel(node, separator: "\n") + (node.neverShown ? "\n(never shown)" : "")
        let text = "\"" + mermaidText(label, 200) + "\""
        switch node.kind {
        case .question: return "[\(text)]"
        case .note: return ">\(text)]"
        case .calculation: return "([\(text)])"
        case .input: return "[/\(text)/]"
        case .section, .repeat: return "[[\(text)]]"
        }
    }

    /// Text inside a Mermaid label: quotes, brackets, pipes and markup written as
    /// entity codes, lines as `<br/>`.
    static func mermaidText(_ text: String, _ limit: Int) -> String {
        var written = ""
        for character in shortened(text, limit) {
            switch character {
            case "\"": written += "#quot;"
            case "<": written += "#lt;"
            case ">": written += "#gt;"
            case "|": written += "#124;"
            case "#": written += "#35;"
            case "\n": written += "<br/>"
            case _ where character.unicodeScalars.allSatisfy({ $0.value < 0x20 }): written += " "
            default: written.append(character)
            }
        }
        return written
    }

    /// An XForm's absolute paths (`/data/household/member/age`) as their last step
    /// (`age`) for a drawing's labels, which have room for little; paths written
    /// relative (`../age`) and the text in quotes are left as written.
    static func compactingPaths(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.:".unicodeScalars.contains(scalar)
        }
        var result = String.UnicodeScalarView()
        var index = 0
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
                result.append(scalar)
                index += 1
                continue
            }
            if scalar == "'" || scalar == "\"" { quote = scalar }
            let startsPath =
                scalar == "/" && (index == 0 || !(isNameScalar(scalars[index - 1]) || scalars[index - 1] == "/"))
            guard startsPath else {
                result.append(scalar)
                index += 1
                continue
            }
            // `/step/step/…/last`: kept as `last` when it has two steps or more.
            var end = index
            var steps = 0
            var lastStart = index
            while end < scalars.count, scalars[end] == "/", end + 1 < scalars.count, isNameScalar(scalars[end + 1]) {
                steps += 1
                lastStart = end + 1
                end += 1
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
            }
            if steps >= 2 {
                result.append(contentsOf: scalars[lastStart..<end])
                index = end
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// `text` on one line (runs of white space as one space), cut at `limit`
    /// characters with `…` — but the line breaks a label is given are kept.
    static func shortened(_ text: String, _ limit: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let joined = lines.joined(separator: "\n")
        return joined.count <= limit ? joined : String(joined.prefix(limit - 1)) + "…"
    }
}

/// `FormGraph` as `json()` writes it: its parts as they are, the form's id as `form`.
private struct GraphJSON: Encodable {
    let form: String
    let title: String
    let nodes: [FormGraph.Node]
    let clusters: [FormGraph.Cluster]
    let edges: [FormGraph.Edge]

    init(_ graph: FormGraph) {
        (form, title, nodes, clusters, edges) = (graph.formID, graph.title, graph.nodes, graph.clusters, graph.edges)
    }
}
