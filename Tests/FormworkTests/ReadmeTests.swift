import Foundation
import Testing

@testable import Formwork

/// Formwork's articles (`Sources/Formwork/Documentation.docc`, once the README) document
/// every key, kind and function the loader accepts.
@Suite("Formwork's articles stay complete")
struct ReadmeTests {
    /// Every article of the catalog, one after another; empty when the catalog cannot be
    /// read, so that every test below fails.
    static let articles: String = {
        let catalog = Fixtures.packageDirectory.appendingPathComponent("Sources/Formwork/Documentation.docc")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().compactMap { name in
            try? String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
        }.joined(separator: "\n")
    }()

    @Test(
        arguments: DefinitionDecoder.allFieldKeys + DefinitionDecoder.formKeys + DefinitionDecoder.sectionKeys
            + DefinitionDecoder.groupKeys + DefinitionDecoder.repeatOptionKeys)
    func documentsKey(_ key: String) {
        #expect(
            Self.articles.contains("| `\(key)`") || Self.articles.contains(", `\(key)`")
                || Self.articles.contains("`\(key)`, "),
            "Formwork's articles must document the key '\(key)' in a table")
    }

    @Test(arguments: FieldKind.allCases.map(\.rawValue))
    func documentsKind(_ kind: String) {
        #expect(Self.articles.contains("| `\(kind)` |"), "Formwork's articles must list the kind '\(kind)'")
    }

    @Test(arguments: FunctionLibrary.builtIns.keys.sorted())
    func documentsFunction(_ name: String) {
        #expect(
            Self.articles.contains("| `\(name)(") || Self.articles.contains(", `\(name)("),
            "Formwork's articles must list the function '\(name)'")
    }
}
