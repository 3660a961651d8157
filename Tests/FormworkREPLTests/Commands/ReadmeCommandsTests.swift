import Foundation
import Testing

@testable import FormworkREPL

@Suite("README lists the commands")
struct ReadmeCommandsTests {
    static let readme =
        (try? String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"),
            encoding: .utf8)) ?? ""

    @Test(arguments: CommandTable.entries.map(\.usage))
    func documentsCommand(_ usage: String) {
        #expect(Self.readme.contains("| `\(usage)` |"), "README.md must list '\(usage)' in its command table")
    }
}
