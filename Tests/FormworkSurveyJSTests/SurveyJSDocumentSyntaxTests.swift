import Foundation
import Testing

@testable import Formwork
@testable import FormworkSurveyJS

/// Each corpus survey's document is checked without writing and parsing its JSON
/// text; the tree is node for node, line for line, the one that text parses to.
@Suite("SurveyJS documents as syntax trees")
struct SurveyJSDocumentSyntaxTests {
    static func describe(_ node: SyntaxNode) -> String {
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.content {
        case let .scalar(text, style): return "\(style):\(text)\(at)"
        case .sequence(let elements): return "[" + elements.map(describe).joined(separator: ",") + "]\(at)"
        case .mapping(let pairs):
            return "{" + pairs.map { describe($0.key) + "=" + describe($0.value) }.joined(separator: ",") + "}\(at)"
        }
    }

    @Test func everyCorpusDocumentIsTheTreeItsTextParsesTo() throws {
        for name in SurveyJSCorpusTests.names() {
            let bytes = try [UInt8](Data(contentsOf: SurveyJSCorpusTests.folder.appendingPathComponent(name)))
            let (document, _) = try SurveyJSImport.document(fromJSON: bytes, path: name, skipUnsupported: true)
            let text = document.placedJSON().text
            let parsed = try JSONParser.parse(Array(text.utf8), maximumDepth: Limits.default.maximumNesting)
            let built = try #require(document.syntax(limits: .default), "\(name)")
            #expect(Self.describe(built) == Self.describe(parsed), "\(name)")
        }
    }
}
