import FormworkTesting
import Foundation
import Testing

/// `formwork graph` as a user runs it: each format, a focus, a file to write, bad
/// arguments, and every corpus form drawn and rendered by Graphviz.
@Suite("formwork graph")
struct GraphCommandTests {
    static let package = CommandLineTests.package
    static let corpus = ODKCommandLineTests.corpus

    static func formwork(_ arguments: [String], input: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, input: input, directory: package)
    }

    static let graphviz: String? = ["/usr/bin/dot", "/usr/local/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Renders DOT with Graphviz; `nil` where Graphviz is not installed.
    static func render(_ dot: String) throws -> CommandRunner.Result? {
        guard let graphviz else { return nil }
        return try CommandRunner.run(executable: URL(fileURLWithPath: graphviz), ["-Tsvg"], input: dot)
    }

    @Test func theBundledSurveyIsDrawnAndRendered() throws {
        let result = try Self.formwork(["graph", "Forms/household-survey.yaml"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("digraph \"householdSurvey\" {"))
        #expect(result.standardOutput.contains("\"bedrooms\" -> \"repeat:rooms\" [label=\"counts\\n$bedrooms\""))
        guard let svg = try Self.render(result.standardOutput) else {
            Issue.record("Graphviz's dot is not installed (make deps installs it): the rendering was not checked")
            return
        }
        #expect(svg.status == 0, "\(svg.standardError)")
        #expect(svg.standardOutput.contains("<svg"))
    }

    @Test func aFocusInJSONKeepsTheNeighbourhood() throws {
        let result = try Self.formwork(["graph", "Forms/household-survey.yaml", "--format", "json", "--focus", "age"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(Set(nodes) == ["age", "works", "school", "repeat:visits", "adults", "underFive"])
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges.allSatisfy { ($0["from"] as? String) == "age" })
        #expect(edges.contains { ($0["expression"] as? String) == "$age >= 5 and $age < 18" })
    }

    @Test func unreachableMarksWhatLintProvesNeverShown() throws {
        let form = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).yaml")
        try Data(LintCommandTests.broken.utf8).write(to: form)
        defer { try? FileManager.default.removeItem(at: form) }
        let marked = try Self.formwork(["graph", form.path, "--unreachable"])
        #expect(marked.status == 0, "\(marked.standardError)")
        #expect(marked.standardOutput.contains(#""both" [label="both\nBoth\n(never shown)", shape=box"#))
        let plain = try Self.formwork(["graph", form.path])
        #expect(!plain.standardOutput.contains("never shown"))
        let bundled = try Self.formwork(["graph", "Forms/household-survey.yaml", "--unreachable"])
        #expect(!bundled.standardOutput.contains("never shown"))
        if let svg = try Self.render(marked.standardOutput) { #expect(svg.status == 0, "\(svg.standardError)") }
    }

    @Test func mermaidGoesToAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).mmd")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Self.formwork([
            "graph", "Forms/household-survey.yaml", "--format", "mermaid", "--focus", "works", "--depth", "0", "-o",
            file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("flowchart LR\n"))
        #expect(text.contains("[\"works<br/>Works or studies\"]"))
        #expect(!text.contains("-->"))
    }

    @Test func mistakesAreSaidAndExitOne() throws {
        let unknown = try Self.formwork(["graph", "Forms/household-survey.yaml", "--focus", "agee"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("no question, section or repeat 'agee' in the form"))
        #expect(unknown.standardError.contains("did you mean 'age'"))
        let depth = try Self.formwork(["graph", "Forms/household-survey.yaml", "--focus", "age", "--depth=-1"])
        #expect(depth.status != 0)
        #expect(depth.standardError.contains("--depth must be 0 or more"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.yaml")
        try "id: x\nsections:\n  - id: s\n    fields:\n      - {id: a, kind: number, label: A, visible: \"$b > 1\"}\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        let result = try Self.formwork(["graph", broken.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("broken.yaml:5:"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// An XForm's edges quote its XPath where the bind wrote the condition, and a
    /// group inside a group (whose condition is its own joined with the outer one's,
    /// written in two places) shows the condition as Formwork reads it — never the
    /// `begin group` row it is placed at.
    @Test func anXFormsConditionsAreQuotedWhereTheyAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("nested.xml")
        try """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
        <h:head><h:title>Nested</h:title><model>
        <instance><data id="nested"><sex/><outer><a/><inner><q/></inner></outer>\
        <meta><instanceID/></meta></data></instance>
        <bind nodeset="/data/sex" type="string"/>
        <bind nodeset="/data/outer" relevant="/data/sex = 'f'"/>
        <bind nodeset="/data/outer/inner/q" type="int"/>
        <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" preload="uid"/>
        </model></h:head>
        <h:body>
        <input ref="/data/sex"><label>Sex</label></input>
        <group ref="/data/outer"><label>Outer</label>
          <group ref="/data/outer/inner"><label>Inner</label>\
        <input ref="/data/outer/inner/q"><label>Q</label></input></group>
        </group>
        </h:body></h:html>
        """.write(to: form, atomically: true, encoding: .utf8)
        let result = try Self.formwork(["graph", form.path, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let edges = try #require(object["edges"] as? [[String: Any]])
        let expressions = Set(edges.compactMap { $0["expression"] as? String })
        #expect(expressions == ["/data/sex = 'f'", "$sex == 'f'"], "\(expressions)")
        #expect(!expressions.contains { $0.contains("begin group") }, "\(expressions)")
        #expect(edges.allSatisfy { ($0["from"] as? String) == "sex" })
    }

    /// Every corpus form (ODK and SurveyJS) is drawn, and Graphviz renders it.
    @Test func everyCorpusFormIsDrawn() throws {
        let forms = ["xlsform", "xforms", "surveyjs"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(folder).path))
                ?? []).sorted().map { Self.corpus.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
        if forms.isEmpty {
            print("skipped: ../shared/corpus is absent")
            return
        }
        for form in forms {
            let result = try Self.formwork(["graph", form])
            guard result.status == 0 else {
                // A form `check` refuses is refused here too, with the same messages.
                let check = try Self.formwork(["check", form])
                #expect(check.status != 0, "\(form): graph failed but check passes: \(result.standardError)")
                continue
            }
            #expect(result.standardOutput.hasPrefix("digraph "), "\(form)")
            let mermaid = try Self.formwork(["graph", form, "--format", "mermaid"])
            #expect(mermaid.status == 0 && mermaid.standardOutput.hasPrefix("flowchart LR"), "\(form)")
            if let svg = try Self.render(result.standardOutput) {
                #expect(svg.status == 0, "\(form): \(svg.standardError)")
            }
        }
    }
}
