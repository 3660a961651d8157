import FormworkTesting
import Foundation
import Testing

/// A SurveyJS survey served over JSON-RPC, as a tool embedding it would use it: the
/// answers in SurveyJS's shape (`form.answers` with `format`, `form.submit`'s
/// `data`), and SurveyJS data loaded with `session.load`.
@Suite("SurveyJS surveys over JSON-RPC")
struct SurveyJSServeTests {
    static let survey = """
        { "pages": [ { "name": "p", "elements": [
          { "type": "text", "name": "age", "inputType": "number", "isRequired": true },
          { "type": "boolean", "name": "smoker" },
          { "type": "matrix", "name": "quality", "columns": [1, 2, 3], "rows": ["service", "price"] },
          { "type": "paneldynamic", "name": "kids", "templateElements": [ { "type": "text", "name": "kname" } ] }
        ] } ] }
        """

    static func serve(_ requests: [String]) throws -> [[String: Any]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID()).json")
        try Data(survey.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = requests.enumerated().map { index, request in
            #"{"jsonrpc":"2.0","id":\#(index + 1),"#
                + request.dropFirst()
        }
        let result = try CommandRunner.run(
            "formwork", ["serve", file.path], input: lines.joined(separator: "\n") + "\n",
            directory: CommandLineTests.package, environment: ["NO_COLOR": "1"], timeout: .seconds(30))
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["id"] != nil }
    }

    static func json(_ value: Any?) -> String {
        guard let value else { return "nil" }
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    @Test func answersComeInSurveyJSShapeAndSurveyJSDataLoads() throws {
        let data = #"{"age": 40, "smoker": true, "quality": {"service": 3}, "kids": [{"kname": "Bo"}]}"#
        let responses = try Self.serve([
            #"{"method":"session.load","params":{"values":\#(data)}}"#,
            #"{"method":"form.answers","params":{"format":"surveyjs"}}"#,
            #"{"method":"form.answers"}"#,
            #"{"method":"form.submit"}"#,
            #"{"method":"form.answers","params":{"format":"odk"}}"#,
            #"{"method":"form.answers","params":{"format":"csv"}}"#,
        ])
        try #require(responses.count == 6)
        #expect(responses[0]["error"] == nil, "\(responses[0])")
        #expect(
            Self.json(responses[1]["result"])
                == #"{"age":40,"kids":[{"kname":"Bo"}],"quality":{"service":3},"smoker":true}"#)
        let formwork = try #require(responses[2]["result"] as? [String: Any])
        #expect(formwork["age"] as? Double == 40 && formwork["smoker"] as? String == "true", "\(formwork)")
        let submitted = try #require(responses[3]["result"] as? [String: Any])
        #expect(submitted["format"] as? String == "surveyjs")
        #expect(Self.json(submitted["data"]) == Self.json(responses[1]["result"]))
        // Every format the tool registers, as `fill --format` offers them.
        #expect((responses[4]["result"] as? String)?.hasPrefix("<?xml") == true, "\(responses[4])")
        let error = try #require(responses[5]["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32602)
        #expect(
            (error["message"] as? String)?.contains(#""formwork" or "odk" or "surveyjs", not "csv""#) == true,
            "\(error)")
    }
}
