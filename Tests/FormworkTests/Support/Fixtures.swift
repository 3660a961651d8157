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
}
