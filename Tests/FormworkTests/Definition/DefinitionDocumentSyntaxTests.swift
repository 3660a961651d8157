import Foundation
import Testing

@testable import Formwork

/// An importer's document is checked without writing and parsing its JSON text
/// (`DefinitionDocument.syntax(limits:)`): the tree is the one the text parses to —
/// every node, scalar style, line and column — and a problem is placed by the text's lines;
/// where the parser would report a problem, the text is parsed and the problem
/// reported as before.
@Suite("Definition documents as syntax trees")
struct DefinitionDocumentSyntaxTests {
    /// Every shape the JSON writer has: nested lists and objects, empty ones, numbers,
    /// booleans, null, keys and texts that need escapes or are not ASCII, places.
    static let document: DefinitionDocument = .object([
        ("id", "f"), ("title", .string("Tab\there \"quoted\" é ✓", at: SourcePlace("A1"))),
        (
            "sections",
            .list(
                [
                    .object([
                        ("id", "s"), ("empty", .list([])), ("nothing", .object([])), ("n", .number("-1.5e3")),
                        ("flag", .bool(false)), ("none", DefinitionDocument(.null)),
                        (
                            "clé \"x\"",
                            .list([.number("0"), .string("b", at: SourcePlace("B2")), .list([.bool(true)])])
                        ),
                    ])
                ], at: SourcePlace("sheet!C3"))
        ),
    ])

    static func describe(_ node: SyntaxNode) -> String {
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.content {
        case let .scalar(text, style): return "\(style):\(text)\(at)"
        case .sequence(let elements): return "[" + elements.map(describe).joined(separator: ",") + "]\(at)"
        case .mapping(let pairs):
            return "{" + pairs.map { describe($0.key) + "=" + describe($0.value) }.joined(separator: ",") + "}\(at)"
        }
    }

    @Test func theTreeIsTheOneItsTextParsesTo() throws {
        let text = Self.document.placedJSON().text
        let parsed = try JSONParser.parse(Array(text.utf8), maximumDepth: Limits.default.maximumNesting)
        let built = try #require(Self.document.syntax(limits: .default))
        #expect(Self.describe(built) == Self.describe(parsed))
    }

    @Test(arguments: [
        ("a key twice", DefinitionDocument.object([("id", "f"), ("id", "g")])),
        ("a number out of range", .object([("id", .number("1e999"))])),
        ("a number JSON cannot write", .object([("id", .number("0x10"))])),
    ])
    func whatTheParserRefusesIsParsed(_ name: String, _ document: DefinitionDocument) throws {
        #expect(document.syntax(limits: .default) == nil, "\(name)")
        #expect(throws: DiagnosticList.self) { try FormDefinition(document: document, path: "form.xlsx") }
    }

    @Test func nestingDeeperThanTheLimitIsParsedAndReported() throws {
        var limits = Limits()
        limits.maximumNesting = 3
        let deep: DefinitionDocument = .object([("a", .list([.list([.list([.number("1")])])]))])
        #expect(deep.syntax(limits: limits) == nil)
        let error = #expect(throws: DiagnosticList.self) {
            try FormDefinition(document: deep, path: "form.xlsx", limits: limits)
        }
        #expect(error?.rendered.contains("nest") == true, "\(error?.rendered ?? "")")
    }
}
