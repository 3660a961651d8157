import FormworkTesting
import Foundation
import Testing

/// `formwork diff` as a user runs it: a version against itself, an edited copy of the
/// bundled survey (exit 1, each change at its place), JSON, a version that does not
/// load (exit 2), and the corpus forms given both as XLSForm and as XForm, which
/// must not differ in anything that breaks answers.
@Suite("formwork diff")
struct DiffCommandTests {
    static let package = CommandLineTests.package
    static let corpus = ODKCommandLineTests.corpus

    static func formwork(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, directory: package)
    }

    static func editedSurvey() throws -> URL {
        var text = try String(
            contentsOf: package.appendingPathComponent("Forms/household-survey.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "          - { value: flat, label: Flat or apartment }\n", with: "")
        text = text.replacingOccurrences(of: "{ id: address, kind: text,", with: "{ id: street, kind: text,")
        text = text.replacingOccurrences(of: "label: Bedrooms, min: 0", with: "label: Number of bedrooms, min: 0")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("household-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func aFormAgainstItselfHasNoChanges() throws {
        let result = try Self.formwork(["diff", "Forms/household-survey.yaml", "Forms/household-survey.yaml"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "no changes\n")
    }

    @Test func anEditedCopySaysWhatBreaks() throws {
        let edited = try Self.editedSurvey()
        defer { try? FileManager.default.removeItem(at: edited) }
        let result = try Self.formwork(["diff", "Forms/household-survey.yaml", edited.path])
        #expect(result.status == 1, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.hasPrefix("breaking (2):\n"), "\(output)")
        #expect(
            output.contains("  address: renamed to 'street' (answers stored under 'address') (\(edited.path):13:9)"))
        #expect(output.contains("  dwellingType: choice 'flat' removed (answers holding it no longer fit)"))
        #expect(output.contains("text (1):\n  bedrooms: label changed (\(edited.path):22:9)\n    old: Bedrooms\n"))
        #expect(output.hasSuffix("2 breaking, 0 behaviour, 1 text\n"))
        let json = try Self.formwork(["diff", "Forms/household-survey.yaml", edited.path, "--format", "json"])
        #expect(json.status == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["breaking"] as? Bool == true)
        #expect((object["changes"] as? [[String: Any]])?.count == 3)
    }

    @Test func aVersionThatDoesNotLoadExitsTwo() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).yaml")
        try "id: x\nsections: 3\n".write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        let result = try Self.formwork(["diff", "Forms/household-survey.yaml", broken.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(broken.path):2:"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// Every corpus form against itself has no changes — grains.xlsx among them, whose
    /// device values share their answer keys with the questions showing them (matched
    /// by id, not taken for renames).
    @Test func everyCorpusFormAgainstItselfHasNoChanges() throws {
        let forms = ["xlsform", "xforms", "surveyjs"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(folder).path))
                ?? []).sorted().map { Self.corpus.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
        if forms.isEmpty { print("skipped: ../shared/corpus is absent") }
        for form in forms {
            let result = try Self.formwork(["diff", form, form])
            guard result.status != 2 else { continue }  // a form `check` refuses
            #expect(result.status == 0 && result.standardOutput == "no changes\n", "\(form): \(result.standardOutput)")
        }
    }

    /// The corpus has forms both as XLSForm and as the XForm pyxform makes of it: the
    /// two read as the same form — nothing breaking, nothing behaving differently.
    @Test(arguments: ["socio-economic-survey-v20240515", "all-question-types-v2024091201-3"])
    func anXLSFormAndItsXFormAreTheSameForm(name: String) throws {
        let workbook = Self.corpus.appendingPathComponent("xlsform/\(name).xlsx")
        let xform = Self.corpus.appendingPathComponent("xforms/\(name).xml")
        guard FileManager.default.fileExists(atPath: workbook.path) else {
            print("skipped: ../shared/corpus is absent")
            return
        }
        let result = try Self.formwork(["diff", workbook.path, xform.path, "--format", "json"])
        #expect(result.status == 0, "\(result.standardOutput)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.allSatisfy { ($0["category"] as? String) == "text" }, "\(changes)")
    }
}
