import Foundation
import Testing

@testable import Formwork

/// YAML and JSON share one schema: every bundled form, rewritten as JSON, loads to
/// the same definition.
@Suite("JSON definitions")
struct JSONDefinitionTests {
    @Test(arguments: Fixtures.forms.map(\.lastPathComponent))
    func loadsTheSameFromJSON(_ name: String) throws {
        let yaml = try String(contentsOf: Fixtures.formsDirectory.appendingPathComponent(name), encoding: .utf8)
        let tree = try YAMLLoader.parse(yaml, limits: .default)
        let fromYAML = try FormDefinition(yaml: yaml)
        let fromJSON = try FormDefinition(json: Fixtures.json(tree))
        #expect(fromJSON.fields.map(\.id) == fromYAML.fields.map(\.id))
        #expect(fromJSON.fields.map(\.kind) == fromYAML.fields.map(\.kind))
        #expect(fromJSON.fields.map { $0.visible?.source } == fromYAML.fields.map { $0.visible?.source })
        #expect(fromJSON.fields.map { $0.options.map(\.label) } == fromYAML.fields.map { $0.options.map(\.label) })
        #expect(fromJSON.sections.map(\.header) == fromYAML.sections.map(\.header))
    }
}

extension SyntaxNode {
    /// A key as a quoted scalar, so it is written as a JSON string.
    var stringNode: SyntaxNode { SyntaxNode(content: .scalar(scalarText ?? "", style: .quoted), location: location) }
}
