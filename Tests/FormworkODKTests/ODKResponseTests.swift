import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkODK

/// ODK submissions checked against their form (`ODKResponse` + `ResponseValidator`):
/// elements read at their questions' paths, groups entered, repeats' entries, `meta`
/// left out, values as ODK writes them; every corpus form's submitted random fills
/// validate clean, and single mutations are caught.
@Suite("ODK submissions checked against their form")
struct ODKResponseTests {
    /// The form the tests read, loaded for each test: one that does not load fails the
    /// test with its diagnostics.
    let form: FormDefinition

    init() throws {
        form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label", "relevant", "calculation"], ["integer", "n", "N", "", ""],
                ["begin_group", "g", "G", "", ""], ["select_multiple colors", "c", "C", "", ""],
                ["time", "t", "T", "", ""], ["end_group", "", "", "", ""], ["calculate", "double", "", "", "${n} * 2"],
                ["begin_repeat", "r", "R", "", ""], ["text", "x", "X", "", ""],
                ["text", "y", "Y", "${x} = 'show'", ""],
                ["end_repeat", "", "", "", ""],
            ], choices: [["list_name", "name", "label"], ["colors", "a", "A"], ["colors", "b", "B"]],
            settings: [["form_id"], ["form"]])
    }

    /// `line path rule` of each problem `xml` has as a submission of `form`, or the one
    /// that keeps it from being read.
    func problems(_ xml: String) -> [String] {
        switch ODKResponse.read(Data(xml.utf8), definition: form) {
        case .failure(let problem): return ["\(problem.rule): \(problem.message)"]
        case .success(let response):
            return ResponseValidator(definition: form).validate(response).problems.map {
                "\($0.location.map { "\($0.line)" } ?? "-") \($0.path) \($0.rule)"
            }
        }
    }

    static func instance(_ body: String) -> String {
        """
        <?xml version="1.0"?>
        <data id="form">
        \(body)
          <meta><instanceID>uuid:1</instanceID></meta>
        </data>
        """
    }

    @Test func aSubmissionAsODKWritesItIsValid() {
        let xml = Self.instance(
            """
              <n>4</n>
              <g><c>a b</c><t>14:30:00.000+01:00</t></g>
              <double>8</double>
              <r><x>hide</x></r>
              <r><x>show</x><y>yes</y></r>
            """)
        #expect(problems(xml).isEmpty)
    }

    @Test func wrongAnswersArePlacedAtTheirElements() {
        let xml = Self.instance(
            """
              <n>4</n>
              <g><c>a</c><t/></g>
              <double>9</double>
              <r><x>hide</x><y>no</y></r>
              <other>1</other>
            """)
        #expect(problems(xml) == ["5 double value", "6 r[1].y visible", "7 other unknown"])
    }

    @Test func anotherFormsInstanceOrADocumentTypeIsRefused() {
        #expect(problems(#"<data id="other"/>"#).first?.hasPrefix("form: the instance is") == true)
        let entities = #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><data id="form">&a;</data>"#
        #expect(problems(entities).first?.hasPrefix("syntax: ") == true)
        #expect(problems("<data id=\"form\"><n>4</n>").first?.hasPrefix("syntax: ") == true)
        // Foundation's parser crashes on a processing instruction without data: refused before (fuzzing).
        #expect(problems("<?Bo?>\n<data id=\"form\"/>").first?.contains("processing instruction") == true)
    }

    /// Every corpus form: random fills submitted as ODK writes them validate clean;
    /// single mutations (in the JSON answers) are caught with their question and rule.
    @Test(arguments: XLSFormCorpusTests.readableNames)
    func corpusSubmissionsValidateAndMutationsAreCaught(_ name: String) throws {
        let form = try XLSFormCorpusTests.load(name)
        let now = LocalDateTime("2024-03-01T12:00:00")!
        let validator = ResponseValidator(definition: form, now: now)
        let file = Corpus.root.appendingPathComponent(name).path
        var checked = 0
        for seed in UInt64(1)...4 {
            let session = try FormSession(definition: form, today: now.date, now: now, uuidSeed: seed)
            guard RandomFill.fill(session, seed: seed, file: file) else { continue }
            checked += 1
            let xml = ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!)
            switch ODKResponse.read(Data(xml.utf8), definition: form) {
            case .failure(let problem): Issue.record("\(name) seed \(seed): \(problem)")
            case .success(let response):
                let verdict = validator.validate(response)
                #expect(verdict.isValid, "\(name) seed \(seed): \(verdict.problems)\n\(xml)")
            }
            let (missed, _) = ResponseMutation.missed(by: validator, in: session, response: session.answersJSON()) {
                $0.key ?? $0.id
            }
            #expect(missed.isEmpty, "\(name) seed \(seed): \(missed)")
        }
        #expect(checked > 0, "\(name): no random fill could be submitted")
    }

    /// Formwork's own forms written as ODK submissions (`fill --format odk`) read back
    /// through the registry as the answers they hold: every bundled form, random fills
    /// (a switch is written `1`/`0`, and read so).
    @Test func formworkFormsRoundTripThroughODKSubmissions() throws {
        let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Forms")
        let now = try #require(LocalDateTime("2024-03-01T12:00:00"))
        let trip = try AnswerRoundTrip.run(writing: ODKAnswerFormat(), formats: .odk, forms: forms, now: now)
        #expect(trip.failures.isEmpty, "\(trip.failures)")
        #expect(trip.checked > 10)
    }
}
