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

    @Test func unknownExtensionIsAClearError() {
        do {
            _ = try FormDefinition.load(contentsOf: URL(fileURLWithPath: "/tmp/form.toml"), displayPath: "form.toml")
            Issue.record("loaded")
        } catch {
            #expect(
                error.rendered == "form.toml: error: unknown file type 'toml'\n  hint: use a .yaml, .yml or .json file")
        }
    }
}
