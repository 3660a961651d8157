import Foundation

@testable import Formwork

/// Paths relative to the package.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let packageDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let formsDirectory = packageDirectory.appendingPathComponent("Forms")
    static let fixturesDirectory = testsDirectory.appendingPathComponent("Fixtures")

    /// Every definition in `Forms/`.
    static var forms: [URL] {
        (try? FileManager.default.contentsOfDirectory(at: formsDirectory, includingPropertiesForKeys: nil))?
            .filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent } ?? []
    }

    static func form(_ name: String) throws -> FormDefinition {
        try FormDefinition.load(contentsOf: formsDirectory.appendingPathComponent(name), displayPath: "Forms/\(name)")
    }

    static let today = LocalDate("2024-03-01")!

    static func session(_ name: String, _ values: [String: Value] = [:]) throws -> FormSession {
        try FormSession(definition: form(name), values: values, today: today)
    }

    /// The rendered diagnostics of a YAML definition that must fail.
    static func diagnostics(yaml: String) -> String {
        do {
            _ = try FormDefinition(yaml: yaml, path: "form.yaml")
            return "(loaded without errors)"
        } catch {
            return error.rendered
        }
    }

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

}
