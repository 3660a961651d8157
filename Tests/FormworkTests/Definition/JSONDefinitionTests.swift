import Foundation
@testable import Formwork
import Testing

/// YAML and JSON share one schema: every bundled form, rewritten as JSON, loads to
/// the same definition.
@Suite("JSON definitions")
struct JSONDefinitionTests {
    /// The tree as JSON text (plain scalars keep their YAML 1.2 type).
    static func json(_ node: SyntaxNode) -> String {
        switch node.content {
        case .mapping(let pairs):
            return "{" + pairs.map { json($0.key.stringNode) + ": " + json($0.value) }.joined(separator: ", ") + "}"
        case .sequence(let elements):
            return "[" + elements.map(json).joined(separator: ", ") + "]"
        case .scalar(let text, _):
            switch node.scalar! {
            case .null: return "null"
            case .bool(let flag): return flag ? "true" : "false"
            case .number(_, let text): return text.hasPrefix("+") ? String(text.dropFirst()) : text
            case .string: return JSONText.encode(.string(text))
            }
        }
    }

    @Test(arguments: Fixtures.forms.map(\.lastPathComponent))
    func loadsTheSameFromJSON(_ name: String) throws {
        let yaml = try String(contentsOf: Fixtures.formsDirectory.appendingPathComponent(name), encoding: .utf8)
        let tree = try YAMLLoader.parse(yaml, limits: .default)
        let fromYAML = try FormDefinition(yaml: yaml)
        let fromJSON = try FormDefinition(json: Self.json(tree))
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
