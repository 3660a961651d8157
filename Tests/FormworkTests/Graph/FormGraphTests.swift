import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// `FormGraph`: an edge for every way an expression reads a field, in each relation;
/// the neighbourhood of one node; and the three formats read back (DOT by Graphviz
/// itself where it is installed, Mermaid by its shape, JSON by `JSONSerialization`).
@Suite("The graph of a form's logic")
struct FormGraphTests {
    static let yaml = """
        id: visit
        title: Clinic visit
        sections:
          - id: patient
            header: The patient
            fields:
              - {id: age, kind: number, label: Age}
              - {id: sex, kind: choice, label: Sex, options: [female, male]}
              - id: pregnant
                kind: switch
                label: Pregnant
                visible: "$sex == 'female' and $age >= 12"
              - {id: weeks, kind: number, label: Weeks, required: "$pregnant", min: 0, max: 42}
              - {id: visitDate, kind: date, label: Visit}
              - {id: lastPeriod, kind: date, label: Last period, max: "$visitDate"}
              - id: trimester
                kind: calculate
                value: "if($weeks < 13, 1, if($weeks < 27, 2, 3))"
              - id: plan
                kind: choice
                label: Plan
                options:
                  - {value: a, visible: "$trimester == 1"}
                  - {value: b, visible: "$trimester == 1"}
                  - {value: c, visible: "$trimester > 1"}
              - {id: note, kind: note, text: "Checked"}
              - {id: remarks, kind: text, label: Remarks, readonly: "$age > 90"}
              - id: height
                kind: number
                label: Height
                rules:
                  - {check: "$height < $age * 10", message: "Too tall for the age"}
          - id: children
            header: "Children"
            visible: "$age >= 18"
            fields:
              - id: kids
                label: Child
                repeat: {count: "$age - 17", max: 10}
                fields:
                  - {id: kidAge, kind: number, label: "Age of the child"}
          - id: totals
            fields:
              - {id: kidCount, kind: calculate, value: "count($kids)"}
        """

    static func graph() throws -> FormGraph { FormGraph(try FormDefinition(yaml: yaml)) }

    static func edges(_ graph: FormGraph) -> Set<String> {
        Set(graph.edges.map { "\($0.from) \($0.relation.rawValue) \($0.to)" })
    }

    @Test func everyRelationIsAnEdgeFromWhatIsRead() throws {
        let graph = try Self.graph()
        #expect(
            Self.edges(graph) == [
                "sex shows pregnant", "age shows pregnant", "pregnant requires weeks",
                "visitDate constrains lastPeriod",
                "weeks computes trimester", "trimester filters plan", "age locks remarks", "age constrains height",
                "age shows section:children", "age counts repeat:kids", "repeat:kids computes kidCount",
            ])
        // A rule reading its own field (`$height < …`) draws no edge to itself, and two
        // options sharing a condition draw it once: three options, two conditions.
        #expect(graph.edges.filter { $0.to == "plan" }.map(\.expression) == ["$trimester == 1", "$trimester > 1"])
        #expect(!graph.edges.contains { $0.from == $0.to })
        let shows = try #require(graph.edges.first { $0.to == "pregnant" })
        #expect(shows.expression == "$sex == 'female' and $age >= 12")
        #expect(shows.place == "12:18", "\(shows.place ?? "no place")")
    }

    @Test func nodesHaveKindsLabelsAndClusters() throws {
        let graph = try Self.graph()
        let kinds = Dictionary(graph.nodes.map { ($0.id, $0.kind) }) { first, _ in first }
        #expect(kinds["age"] == .question)
        #expect(kinds["trimester"] == .calculation)
        #expect(kinds["note"] == .note)
        #expect(kinds["section:children"] == .section)
        #expect(kinds["repeat:kids"] == .repeat)
        #expect(graph.node(named: "kids")?.id == "repeat:kids")
        #expect(graph.nodes.first { $0.id == "age" }?.label == "Age")
        #expect(graph.nodes.first { $0.id == "kidAge" }?.cluster == "repeat:kids")
        #expect(graph.clusters.first { $0.id == "repeat:kids" }?.parent == "section:children")
        #expect(graph.clusters.first { $0.id == "section:patient" }?.label == "The patient")
    }

    @Test func aFocusKeepsTheNeighbourhoodEitherWay() throws {
        let graph = try Self.graph()
        let one = try graph.focused(on: "weeks", depth: 1)
        #expect(Set(one.nodes.map(\.id)) == ["weeks", "pregnant", "trimester"])
        #expect(Self.edges(one) == ["pregnant requires weeks", "weeks computes trimester"])
        let two = try graph.focused(on: "weeks", depth: 2)
        #expect(Set(two.nodes.map(\.id)) == ["weeks", "pregnant", "trimester", "sex", "age", "plan"])
        let three = try graph.focused(on: "weeks", depth: 3)
        #expect(Set(three.nodes.map(\.id)).isSuperset(of: ["height", "remarks", "repeat:kids", "section:children"]))
        let alone = try graph.focused(on: "kidAge", depth: 3)
        #expect(alone.nodes.map(\.id) == ["kidAge"])
        #expect(Set(alone.clusters.map(\.id)) == ["repeat:kids", "section:children"])
        #expect(throws: FormGraph.FocusError.self) { try graph.focused(on: "wekes") }
        do {
            _ = try graph.focused(on: "wekes")
        } catch {
            #expect(error.description.contains("did you mean 'weeks'"), "\(error)")
        }
    }

    @Test func dotIsRenderedByGraphviz() throws {
        let dot = try Self.graph().dot()
        #expect(dot.hasPrefix("digraph \"visit\" {"))
        #expect(dot.contains("\"age\" -> \"pregnant\" [label=\"shows\\n$sex == 'female' and $age >= 12\""))
        #expect(dot.contains("subgraph \"cluster_"))
        guard let graphviz = Self.graphviz else {
            Issue.record("Graphviz's dot is not installed (make deps installs it): the rendering was not checked")
            return
        }
        let svg = try Self.run(graphviz, ["-Tsvg"], input: dot)
        #expect(svg.status == 0, "\(svg.error)")
        #expect(svg.output.contains("<svg"))
        #expect(svg.output.contains(">age</text>") || svg.output.contains(">age"))
    }

    @Test func textThatCouldBreakTheFormatsIsWrittenAsText() throws {
        let form = try FormDefinition(
            yaml: """
                id: weird
                title: "A \\"quoted\\" <title> | with # signs"
                sections:
                  - id: s
                    header: "Line\\nbreak \\"and\\" ]] end"
                    fields:
                      - {id: a, kind: text, label: "Say \\"hi\\"\\n]\\"] --> x"}
                      - {id: b, kind: text, label: B, visible: "$a == '\\" | ]'"}
                """)
        let graph = FormGraph(form)
        let dot = graph.dot()
        if let graphviz = Self.graphviz {
            let svg = try Self.run(graphviz, ["-Tsvg"], input: dot)
            #expect(svg.status == 0, "\(svg.error)\n\(dot)")
        }
        let mermaid = graph.mermaid()
        for line in mermaid.split(separator: "\n").dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Every label is one quoted text with no quote, bracket or pipe left inside.
            if let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close {
                let inside = trimmed[trimmed.index(after: open)..<close]
                #expect(!inside.contains("\"") && !inside.contains("|") && !inside.contains("\n"), "\(line)")
            }
        }
        let json = try JSONSerialization.jsonObject(with: Data(graph.json().utf8)) as? [String: Any]
        #expect(json?["title"] as? String == "A \"quoted\" <title> | with # signs")
    }

    @Test func mermaidAndJSONHoldTheSameGraph() throws {
        let graph = try Self.graph()
        let mermaid = graph.mermaid()
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(mermaid.components(separatedBy: "\n").filter { $0.contains("-->|") }.count == graph.edges.count)
        #expect(mermaid.components(separatedBy: "subgraph ").count - 1 == graph.clusters.count)
        #expect(mermaid.components(separatedBy: " end").count - 1 >= graph.clusters.count)
        let object = try #require(JSONSerialization.jsonObject(with: Data(graph.json().utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(nodes.count == graph.nodes.count)
        #expect(
            Set(edges.map { "\($0["from"]!) \($0["relation"]!) \($0["to"]!)" }) == Self.edges(graph))
        #expect(object["title"] as? String == "Clinic visit")
    }

    /// A graph put together by hand may name nodes and clusters it does not hold:
    /// every format still writes it, without a crash.
    @Test func aGraphMadeByHandIsWrittenWhateverItHolds() {
        let graph = FormGraph(
            formID: "f", title: "F",
            nodes: [FormGraph.Node(id: "a", kind: .question, name: "a", label: "A", cluster: "nowhere", place: nil)],
            clusters: [FormGraph.Cluster(id: "x", label: "X", parent: "x")],
            edges: [FormGraph.Edge(from: "a", to: "ghost", relation: .shows, expression: "$a", place: nil)])
        #expect(graph.dot().contains("\"a\" -> \"ghost\""))
        #expect(graph.mermaid().contains("n0 -->|\"shows: $a\"| n1"))
        #expect(graph.json().contains("\"ghost\""))
    }

    /// `--unreachable`: what lint proves never shown is dashed and grey in DOT, of the
    /// `neverShown` class in Mermaid, and `neverShown: true` in JSON; nothing else is.
    @Test func whatIsNeverShownIsMarkedInEachFormat() throws {
        let form = try FormDefinition(
            yaml: """
                id: m
                title: M
                sections:
                  - id: main
                    fields:
                      - {id: age, kind: number, label: Age}
                      - {id: both, kind: text, label: Both, visible: "$age < 18 and $age > 65"}
                      - {id: adult, kind: text, label: Adult, visible: "$age >= 18"}
                  - id: extra
                    visible: "$age < 0 and $age > 0"
                    fields:
                      - {id: inside, kind: text, label: Inside}
                """)
        let graph = FormGraph(form).markingNeverShown(FormLint(form).neverShown)
        #expect(Set(graph.nodes.filter(\.neverShown).map(\.id)) == ["both", "section:extra", "inside"])
        #expect(graph.clusters.filter(\.neverShown).map(\.id) == ["section:extra"])
        let dot = graph.dot()
        #expect(dot.contains(#""both" [label="both\nBoth\n(never shown)", shape=box, style="rounded,dashed""#))
        #expect(dot.contains(#""adult" [label="adult\nAdult", shape=box];"#))
        #expect(graph.mermaid().contains("class n1,n3,n4 neverShown"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(graph.json().utf8)) as? [String: Any])
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        #expect(nodes.filter { $0["neverShown"] as? Bool == true }.count == 3)
        #expect(!FormGraph(form).dot().contains("dashed"))
    }

    @Test func absolutePathsAreShownByTheirLastStep() {
        #expect(
            FormGraph.compactingPaths("selected( /data/a/sex , 'f') and /data/age > 1")
                == "selected( sex , 'f') and age > 1")
        #expect(FormGraph.compactingPaths("../age + 1 div 2") == "../age + 1 div 2")
        #expect(FormGraph.compactingPaths("'/data/a/b' = /data/x") == "'/data/a/b' = x")
        #expect(FormGraph.compactingPaths("1 / 2") == "1 / 2")
    }

    // MARK: Graphviz

    static let graphviz: String? = ["/usr/bin/dot", "/usr/local/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func run(
        _ tool: String, _ arguments: [String], input: String
    ) throws -> (
        status: Int32, output: String, error: String
    ) {
        let result = try CommandRunner.run(executable: URL(fileURLWithPath: tool), arguments, input: input)
        return (result.status, result.standardOutput, result.standardError)
    }
}
