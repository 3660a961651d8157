import Foundation
import Testing

@testable import Formwork

/// Each broken definition in `Fixtures/broken` must fail with exactly the diagnostics
/// in its `.expected` file: location, message, quoted line, caret and hint.
@Suite("Broken definitions")
struct BrokenDefinitionTests {
    static let directory = Fixtures.fixturesDirectory.appendingPathComponent("broken")

    static let files: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted() ?? []

    @Test func atLeastThirtyErrorClassesHaveFixtures() {
        #expect(Self.files.count >= 30)
    }

    @Test(arguments: files)
    func reportsExactDiagnostics(_ name: String) throws {
        let expected = try String(
            contentsOf: Self.directory.appendingPathComponent(
                (name as NSString).deletingPathExtension + ".expected"), encoding: .utf8)
        do {
            _ = try FormDefinition.load(contentsOf: Self.directory.appendingPathComponent(name), displayPath: name)
            Issue.record("\(name) loaded without errors")
        } catch {
            #expect(error.rendered + "\n" == expected)
        }
    }

    @Test func everyProblemOfAFileIsReportedInOneRun() {
        let rendered = Fixtures.diagnostics(
            yaml: """
                id: form
                title: Several problems
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: txt, label: A }
                      - { id: b, kind: number, label: B, min: 3, max: 1 }
                      - { id: c, kind: text, label: C, visible: $zz }
                """)
        #expect(rendered.components(separatedBy: ": error: ").count - 1 == 3)
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: DiagnosticList.self) {
            try FormDefinition.load(
                contentsOf: URL(fileURLWithPath: "/nonexistent/form.yaml"), displayPath: "form.yaml")
        }
        do {
            _ = try FormDefinition.load(
                contentsOf: URL(fileURLWithPath: "/nonexistent/form.yaml"), displayPath: "form.yaml")
        } catch {
            #expect(error.rendered == "form.yaml: error: cannot read the file: no such file or directory")
        }
    }

    /// A file of another extension is read by its content (JSON when it starts with
    /// `{`, else YAML): what is not a definition says so as YAML would.
    @Test func anUnknownExtensionIsReadByContent() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString).toml")
        try Data("title = \"x\"\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try FormDefinition.load(contentsOf: url, displayPath: "form.toml")
            Issue.record("loaded")
        } catch {
            #expect(error.rendered.hasPrefix("form.toml:1:1: error: "), "\(error.rendered)")
        }
    }
}
