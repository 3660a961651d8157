import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// An application's question templates (`--templates FILE`): the corpus surveys that
/// carry their own `questionTemplates` open with them expanded, and survey-core walked
/// over the same expansion (the oracle's `--expand-question-templates`) agrees on every
/// aspect; a custom type's `questionJSON` and a missing file, too.
@Suite("SurveyJS: question templates")
struct SurveyJSTemplatesTests {
    static let surveys = [
        "ourhealth-studies-ourheart-surveys-familyHistory.json", "ourhealth-studies-ourheart-surveys-lifestyle.json",
        "ourhealth-studies-ourheart-surveys-medicalHistory.json",
    ]

    static func load(_ name: String) throws -> FormDefinition {
        let url = SurveyJSCorpusTests.folder.appendingPathComponent(name)
        return try FormDefinition.load(
            contentsOf: url, displayPath: name, formats: .surveyJS, templatesFile: url.path)
    }

    /// The survey's JSON with its templates merged as the oracle merges them.
    static func expandedJSON(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: SurveyJSCorpusTests.folder.appendingPathComponent(name))
        var survey = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let templates = (survey.removeValue(forKey: "questionTemplates") as? [[String: Any]] ?? [])
        let byName = Dictionary(templates.compactMap { t in (t["name"] as? String).map { ($0, t) } }) { a, _ in a }
        func fix(_ value: Any) -> Any {
            if let list = value as? [Any] { return list.map(fix) }
            guard var object = value as? [String: Any] else { return value }
            if let name = object["questionTemplateName"] as? String, let template = byName[name] {
                object = template.merging(object) { _, own in own }
                object["questionTemplateName"] = nil
            }
            return object.mapValues(fix)
        }
        return try #require(fix(survey) as? [String: Any])
    }

    @Test(arguments: surveys)
    func theSurveysOpenWithTheirTemplatesExpanded(name: String) throws {
        let url = SurveyJSCorpusTests.folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("skipped: ../shared/corpus is absent")
            return
        }
        let plain = try FormDefinition.load(contentsOf: url, displayPath: name, formats: .surveyJS)
        let expanded = try Self.load(name)
        #expect(expanded.fields.count > plain.fields.count)
        #expect(!expanded.warnings.contains { $0.message.contains("is left out") })
        #expect(plain.warnings.contains { $0.message.contains("names a template of the application") })
        guard SurveyJSOracle.unavailable == nil else { return }
        for seed in 1...2 {
            let walk = try #require(
                try JSONSerialization.jsonObject(
                    with: try SurveyJSOracle.run([
                        SurveyJSOracle.folder.appendingPathComponent("run.js").path, "random", url.path, "--seed",
                        String(seed), "--now", SurveyJSOracle.clock, "--expand-question-templates",
                    ])) as? [String: Any])
            let comparison = try SurveyJSWalkComparison.compare(
                walk, form: expanded, survey: try Self.expandedJSON(name))
            #expect(comparison.agrees, "\(name) seed \(seed): \(comparison.differences)")
        }
    }

    @Test func customTypesAndTemplatesFromAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = folder.appendingPathComponent("survey.json")
        let templates = folder.appendingPathComponent("templates.json")
        try Data(
            """
            {"elements": [{"type": "nps", "name": "score", "title": "How likely?"},
                          {"name": "smoker", "questionTemplateName": "yesno", "title": "Do you smoke?"},
                          {"type": "text", "name": "notes"}]}
            """.utf8
        ).write(to: survey)
        try Data(
            """
            [{"name": "nps", "questionJSON": {"type": "rating", "rateMin": 0, "rateMax": 10}},
             {"name": "yesno", "type": "radiogroup", "choices": ["yes", "no"], "isRequired": true}]
            """.utf8
        ).write(to: templates)
        let form = try FormDefinition.load(contentsOf: survey, formats: .surveyJS, templatesFile: templates.path)
        #expect(form.fields.map(\.id) == ["score", "smoker", "notes"])
        #expect(form.field("score")?.options.count == 11 && form.field("score")?.label == "How likely?")
        #expect(form.field("smoker")?.options.map(\.value) == ["yes", "no"])
        #expect(form.field("smoker")?.label == "Do you smoke?")
        let plain = try FormDefinition.load(contentsOf: survey, formats: .surveyJS)
        #expect(plain.fields.map(\.id) == ["notes"])
        #expect(throws: DiagnosticList.self) {
            try FormDefinition.load(
                contentsOf: survey, formats: .surveyJS, templatesFile: folder.appendingPathComponent("none").path)
        }
        try Data("[]".utf8).write(to: templates)
        #expect(throws: DiagnosticList.self) {
            try FormDefinition.load(contentsOf: survey, formats: .surveyJS, templatesFile: templates.path)
        }
    }
}
