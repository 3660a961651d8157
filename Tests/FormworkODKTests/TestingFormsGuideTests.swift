import Formwork
import FormworkScenarios
import Foundation
import Testing

/// The *Testing forms* guide's examples, run as the article writes them: its XLSForm
/// built from the article's `survey` table, its SurveyJS survey and both test files
/// taken from its code blocks, so the guide cannot drift from what `formwork test` does.
@Suite("The Testing forms guide's examples")
struct TestingFormsGuideTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Sources/FormworkScenarios/Documentation.docc/TestingForms.md")

    /// The article's text after `heading`, up to the next heading of its level.
    static func section(_ heading: String) throws -> String {
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: heading + "\n"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
    }

    /// The code blocks of `language` in `text`, in order.
    static func blocks(_ language: String, in text: String) -> [String] {
        text.components(separatedBy: "```" + language + "\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ test: String, in folder: URL) throws -> [FormTestResult] {
        try FormTestRunner(FormTestFile(bytes: Array(test.utf8), path: "guide.test.yaml", folder: folder.path))
            .runAll()
    }

    @Test func theXLSFormExamplePasses() throws {
        let text = try Self.section("### An XLSForm")
        // The survey sheet is the article's table, cells without their backticks.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") && !$0.hasPrefix("|--") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
        }
        #expect(rows.count == 6)
        let choices = [["list_name", "name", "label"], ["yes_no", "yes", "Yes"], ["yes_no", "no", "No"]]
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workbook = try XLSFormBuilder.workbook([("survey", rows), ("choices", choices)])
        try Data(workbook).write(to: folder.appendingPathComponent("triage.xlsx"))
        let test = try #require(Self.blocks("yaml", in: text).first)
        let results = try Self.run(test, in: folder)
        #expect(results.count == 3)
        for result in results { #expect(result.passed, "\(result.name): \(result.failures.map(\.description))") }
    }

    @Test func theSurveyJSExamplePasses() throws {
        let text = try Self.section("### A SurveyJS survey")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = try #require(Self.blocks("json", in: text).first)
        try survey.write(to: folder.appendingPathComponent("survey.json"), atomically: true, encoding: .utf8)
        let test = try #require(Self.blocks("yaml", in: text).first)
        let results = try Self.run(test, in: folder)
        #expect(results.count == 2)
        for result in results { #expect(result.passed, "\(result.name): \(result.failures.map(\.description))") }
    }
}
