extension FormGraph {
    /// Why a graph cannot be focused.
    public struct FocusError: Error, Sendable, CustomStringConvertible {
        /// The name asked for.
        public let name: String
        /// The closest node ids, for a suggestion.
        public let suggestions: [String]

        /// What is wrong, with the closest names.
        public var description: String {
            "no question, section or repeat '\(name)' in the form"
                + (suggestions.isEmpty ? "" : " (did you mean '\(suggestions.joined(separator: "', '"))'?)")
        }
    }

    /// The neighbourhood of one node: the nodes at most `depth` edges away from it,
    /// either way (what it reads and what reads it), with the edges between them and
    /// the clusters that hold them.
    ///
    /// ```swift
    /// let around = try graph.focused(on: "age", depth: 1)
    /// ```
    ///
    /// - Throws: `FocusError` when no node has that name.
    public func focused(on name: String, depth: Int = 1) throws(FocusError) -> FormGraph {
        guard let center = node(named: name) else {
            throw FocusError(
                name: name, suggestions: Suggestions.closest(to: name, in: nodes.map(\.id)).prefix(3).map { $0 })
        }
        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var kept: Set<String> = [center.id]
        var frontier = [center.id]
        for _ in 0..<max(0, depth) {
            var next: [String] = []
            for id in frontier {
                for neighbour in neighbours[id] ?? [] where kept.insert(neighbour).inserted { next.append(neighbour) }
            }
            frontier = next
        }
        let keptNodes = nodes.filter { kept.contains($0.id) }
        // The clusters that hold a kept node, and theirs.
        var keptClusters = Set(keptNodes.map(\.cluster))
        var parents = Dictionary(clusters.map { ($0.id, $0.parent) }) { first, _ in first }
        for cluster in Array(keptClusters) {
            var parent = parents[cluster] ?? nil
            while let current = parent, keptClusters.insert(current).inserted { parent = parents[current] ?? nil }
        }
        parents.removeAll()
        return FormGraph(
            formID: formID, title: title, nodes: keptNodes,
            clusters: clusters.filter { keptClusters.contains($0.id) },
            edges: edges.filter { kept.contains($0.from) && kept.contains($0.to) })
    }
}
