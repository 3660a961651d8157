import FormworkTesting
import Foundation
import Testing

/// SurveyJS surveys through the built `formwork`, as a user runs it: every corpus
/// survey converts to Formwork's YAML, which loads and shows the same table as the
/// survey itself. Skipped, saying so, where `../shared/corpus` is absent.
@Suite("SurveyJS surveys on the command line")
struct SurveyJSCommandLineTests {
    static let folder = ODKCommandLineTests.corpus.appendingPathComponent("surveyjs")

    static var surveys: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if names.isEmpty { print("skipped: ../shared/corpus/surveyjs is absent") }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "surveyjs/" + $0 }
    }

    @Test(arguments: surveys)
    func everySurveyConvertsToAFormThatShowsTheSame(_ survey: String) throws {
        let show = try ODKCommandLineTests.formwork(["show", "--skip-unsupported", survey])
        #expect(show.status == 0, "\(show.standardError)")
        let convert = try ODKCommandLineTests.formwork(["convert", "--skip-unsupported", survey])
        #expect(convert.status == 0, "\(convert.standardError)")
        let converted = FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID()).yaml")
        try Data(convert.standardOutput.utf8).write(to: converted)
        defer { try? FileManager.default.removeItem(at: converted) }
        let showConverted = try ODKCommandLineTests.formwork(["show", converted.path])
        #expect(showConverted.status == 0, "\(showConverted.standardError)")
        #expect(showConverted.standardOutput == show.standardOutput)
    }
}
