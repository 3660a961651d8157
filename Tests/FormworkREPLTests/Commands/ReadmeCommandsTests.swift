import Foundation
import Testing

@testable import FormworkREPL

/// FormworkREPL's articles (`Sources/FormworkREPL/Documentation.docc`, once the README)
/// list every command of the prompt and of guided filling in their tables.
@Suite("FormworkREPL's articles list the commands")
struct ReadmeCommandsTests {
    /// Every article of the catalog, one after another; empty when the catalog cannot be
    /// read, so that every test below fails.
    static let articles: String = {
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FormworkREPL/Documentation.docc")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().compactMap { name in
            try? String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
        }.joined(separator: "\n")
    }()

    @Test(arguments: CommandTable.entries.map(\.usage))
    func documentsCommand(_ usage: String) {
        #expect(
            Self.articles.contains("| `\(usage)` |"), "FormworkREPL's articles must list '\(usage)' in a command table")
    }
}
