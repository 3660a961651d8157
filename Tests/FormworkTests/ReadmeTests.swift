import Foundation
import Testing

@testable import Formwork

/// The README documents every key, kind and function the loader accepts.
@Suite("README stays complete")
struct ReadmeTests {
    static let readme =
        (try? String(contentsOf: Fixtures.packageDirectory.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    @Test(
        arguments: DefinitionDecoder.allFieldKeys + DefinitionDecoder.formKeys + DefinitionDecoder.sectionKeys
            + DefinitionDecoder.groupKeys + DefinitionDecoder.repeatOptionKeys)
    func documentsKey(_ key: String) {
        #expect(
            Self.readme.contains("| `\(key)`") || Self.readme.contains(", `\(key)`")
                || Self.readme.contains("`\(key)`, "),
            "README.md must document the key '\(key)' in a table")
    }

    @Test(arguments: FieldKind.allCases.map(\.rawValue))
    func documentsKind(_ kind: String) {
        #expect(Self.readme.contains("| `\(kind)` |"))
    }

    @Test(arguments: FunctionLibrary.builtIns.keys.sorted())
    func documentsFunction(_ name: String) {
        #expect(Self.readme.contains("| `\(name)("), "README.md must list the function '\(name)'")
    }
}
