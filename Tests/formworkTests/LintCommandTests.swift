import FormworkTesting
import Foundation
import Testing

/// `formwork lint` as a user runs it: the bundled forms clean, the exit statuses, each
/// format, and the SARIF of every corpus form checked against the SARIF 2.1.0
/// schema's model (pydantic-sarif, which `make deps` installs).
@Suite("formwork lint")
struct LintCommandTests {
    static let package = CommandLineTests.package
    /// `../shared/corpus`, where it is beside the package.
    static let corpus: URL? =
        FileManager.default.fileExists(atPath: ODKCommandLineTests.corpus.path)
        ? ODKCommandLineTests.corpus : nil

    static func formwork(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, directory: package)
    }

    static let broken = """
        id: broken
        title: Broken logic
        sections:
          - id: main
            fields:
              - {id: age, kind: number, label: Age, min: 0, max: 120}
              - {id: both, kind: text, label: Both, visible: "$age < 18 and $age > 65"}
              - id: seats
                kind: number
                label: Seats
                rules: [{check: "$seats > 10 and $seats < 5", message: impossible}]
        """

    static func temporary(_ text: String, _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func theBundledFormsHaveNoFinding() throws {
        let forms = try FileManager.default.contentsOfDirectory(
            atPath: Self.package.appendingPathComponent("Forms").path
        )
        .filter { $0.hasSuffix(".yaml") }.sorted().map { "Forms/" + $0 }
        let result = try Self.formwork(["lint"] + forms)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == forms.map { "\($0): no findings\n" }.joined())
    }

    @Test func anErrorExitsWithOneAndShowsTheProof() throws {
        let form = try Self.temporary(Self.broken, "broken.yaml")
        defer { try? FileManager.default.removeItem(at: form) }
        let result = try Self.formwork(["lint", form.path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "\(form.path):7:54: warning: question 'both' (\"Both\") can never be shown [never-shown]\n"
                    + "    no combination of these values makes all of `$age < 18`, `$age > 65` hold\n"
                    + "    $age: empty, 0, 17, 18, 19, 41.5, 64, 65, 66, 120\n"))
        #expect(result.standardOutput.hasSuffix("\(form.path): 1 error, 1 warning, 0 notes\n"))
    }

    @Test func aFormThatDoesNotLoadExitsWithTwoAndTheOthersAreLinted() throws {
        let form = try Self.temporary(
            "id: x\ntitle: X\nsections: [{id: s, fields: [{id: a, kind: nope}]}]\n", "bad.yaml")
        defer { try? FileManager.default.removeItem(at: form) }
        let result = try Self.formwork(["lint", form.path, "Forms/seed.yaml"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("error:"))
        // The others are linted all the same.
        #expect(result.standardOutput == "Forms/seed.yaml: no findings\n")
    }

    @Test func jsonHoldsEveryFinding() throws {
        let form = try Self.temporary(Self.broken, "broken.yaml")
        defer { try? FileManager.default.removeItem(at: form) }
        let result = try Self.formwork(["lint", form.path, "--format", "json"])
        #expect(result.status == 1)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        let findings = try #require(file["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["never-shown", "rule-never-passes"])
        #expect(findings.map { $0["place"] as? String } == ["7:54", "11:25"])
        #expect((findings[1]["evidence"] as? [String])?.last == "$seats: 4, 5, 6, 7.5, 9, 10, 11")
    }

    /// SARIF checked by pydantic-sarif's model of sarif-schema-2.1.0.json, which
    /// refuses a missing required property or one the schema does not name.
    static let sarifCheck = """
        import json, sys
        from pydantic_sarif.model import StaticAnalysisResultsFormatSarifVersion210JsonSchema as Log
        log = Log.model_validate_json(open(sys.argv[1]).read())
        run = log.runs[0]
        print(json.dumps({"tool": run.tool.driver.name, "rules": len(run.tool.driver.rules),
            "results": [[r.ruleId, r.level.value, r.locations[0].physicalLocation.artifactLocation.uri]
                for r in run.results]}))
        """

    @Test func sarifOfTheCorpusMatchesTheSchema() throws {
        let python = Self.package.appendingPathComponent(".build/pyxform/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python),
            (try? CommandRunner.run(executable: URL(fileURLWithPath: python), ["-c", "import pydantic_sarif.model"]))?
                .status == 0
        else {
            print("skipped: pydantic-sarif is not installed (make deps installs it)")
            return
        }
        var forms = [try Self.temporary(Self.broken, "broken.yaml").path]
        defer { try? FileManager.default.removeItem(atPath: forms[0]) }
        if let corpus = Self.corpus {
            for folder in ["xforms", "xlsform", "surveyjs"] {
                let names = try FileManager.default.contentsOfDirectory(
                    atPath: corpus.appendingPathComponent(folder).path)
                forms += names.sorted().map { corpus.appendingPathComponent(folder).appendingPathComponent($0).path }
            }
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try Self.formwork(["lint", "--format", "sarif", "-o", report.path] + forms)
        #expect(result.status == 1, "\(result.standardError)")
        let check = try CommandRunner.run(
            executable: URL(fileURLWithPath: python), ["-c", Self.sarifCheck, report.path])
        #expect(check.status == 0, "the SARIF does not match the schema: \(check.standardError)")
        let summary = try #require(
            JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) as? [String: Any])
        #expect(summary["tool"] as? String == "formwork")
        let results = try #require(summary["results"] as? [[String]])
        #expect(results.first?[0] == "never-shown")
        #expect(results.first?[1] == "warning")
        #expect(results.contains { $0[0] == "rule-never-passes" && $0[1] == "error" })
        if Self.corpus == nil {
            print("skipped: ../shared/corpus is absent, the SARIF of its forms was not checked")
        } else {
            #expect(results.filter { $0[2].hasSuffix("bench9.xml") }.count == 4)
        }
    }
}
