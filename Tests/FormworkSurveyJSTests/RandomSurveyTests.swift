import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Random surveys (`RandomSurvey`) against survey-core: each is walked by survey-core
/// with random valid answers (and walked again in French where it has French), and
/// Formwork, given the same answers, must show the same questions and titles,
/// compute the same values, give the same verdict and write the same data
/// (`SurveyJSWalkComparison`). 50 surveys in `make test`, 1,000 in `make
/// conformance` (`FORMWORK_RANDOM_FORMS=N` for another number,
/// `FORMWORK_RANDOM_SEED=S` to start elsewhere, `FORMWORK_RANDOM_KEEP=DIR` to keep
/// the surveys in `DIR`). A disagreement is shrunk to a small
/// survey and walk and saved under `Fixtures/Regressions/`, which
/// `RandomSurveyRegressionTests` replays without the oracle. Skipped, saying why,
/// where the oracle is not set up.
@Suite("Random SurveyJS surveys against survey-core", .serialized)
struct RandomSurveyTests {
    static var count: Int { ConformanceReport.count(quick: 50, full: 1000, override: "FORMWORK_RANDOM_FORMS") }
    static var firstSeed: Int {
        ProcessInfo.processInfo.environment["FORMWORK_RANDOM_SEED"].flatMap { Int($0) } ?? 1
    }

    /// How many disagreements of a run are shrunk (each takes up to 40 oracle rounds).
    static var shrinkLimit: Int {
        ProcessInfo.processInfo.environment["FORMWORK_RANDOM_SHRINK"].flatMap { Int($0) } ?? 5
    }

    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Regressions")

    @Test func formworkDoesWhatSurveyCoreDoesOnRandomSurveys() throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let keep = ProcessInfo.processInfo.environment["FORMWORK_RANDOM_KEEP"].map { URL(fileURLWithPath: $0) }
        let work =
            keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("random-surveys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: work) } }
        var shrunk = 0
        let seeds = Array(Self.firstSeed..<(Self.firstSeed + Self.count))
        // A batch of surveys at a time: one node process walks them all.
        for batch in stride(from: 0, to: seeds.count, by: 100).map({ seeds[$0..<min($0 + 100, seeds.count)] }) {
            var jobs: [(seed: Int, survey: RandomSurvey, language: String?)] = []
            for seed in batch {
                let survey = RandomSurvey(seed: UInt64(seed))
                let file = work.appendingPathComponent("survey-\(seed).json")
                try Data(survey.text.utf8).write(to: file)
                jobs.append((seed, survey, nil))
                if survey.text.contains("\"fr\"") { jobs.append((seed, survey, "fr")) }
            }
            let walks = try SurveyJSOracle.batch(
                jobs.map { job in
                    ["random", work.appendingPathComponent("survey-\(job.seed).json").path, "--seed", String(job.seed)]
                        + (job.language.map { ["--locale", $0] } ?? [])
                })
            try #require(walks.count == jobs.count, "the oracle walked \(walks.count) of \(jobs.count) surveys")
            for (job, walk) in zip(jobs, walks) {
                let place = "random survey \(job.seed)" + (job.language.map { " in \($0)" } ?? "")
                if let error = walk["error"] {
                    Issue.record("\(place): survey-core failed: \(error)")
                    continue
                }
                let form: FormDefinition
                switch RandomSurvey.loadOrExplain(job.survey.json) {
                case .success(let loaded): form = loaded
                case .failure(let refusal):
                    Issue.record("\(place): Formwork refuses the survey: \(refusal)\n\(job.survey.text)")
                    continue
                }
                let comparison = try SurveyJSWalkComparison.compare(
                    walk, form: form, survey: job.survey.json, language: job.language)
                ConformanceReport.record(
                    format: "SurveyJS", set: "random surveys", form: "seed \(job.seed)",
                    walk: "seed \(job.seed)" + (job.language.map { " \($0)" } ?? ""), aspects: comparison.aspects,
                    deviation: comparison.deviation)
                guard !comparison.agrees else { continue }
                // Shrink the first few disagreements into regression files.
                var saved = ""
                if shrunk < Self.shrinkLimit, let aspect = comparison.aspects.first(where: { !$0.value })?.key {
                    shrunk += 1
                    let start = RandomSurvey.Case(
                        survey: job.survey.json, answers: walk["answers"] as? [[Any]] ?? [], language: job.language)
                    let (small, smallWalk) = try RandomSurvey.shrink(start, walk: walk, aspect: aspect)
                    let file = Self.regressions.appendingPathComponent("random-\(job.seed)-\(aspect).json")
                    try RandomSurveyRegression(case: small, walk: smallWalk).write(to: file)
                    saved =
                        "\nshrunk and saved as \(file.lastPathComponent):\n\(RandomSurvey.json(small.survey))"
                        + "\nanswers: \(RandomSurvey.json(small.answers))"
                }
                Issue.record(
                    "\(place): \(comparison.differences.joined(separator: "\n"))\(saved)")
            }
        }
        print("\(seeds.count) random surveys walked")
    }
}

/// A shrunk disagreement, saved: the survey, the answers in order, the language, and
/// what survey-core did with them (its `fill` output), so the comparison runs again
/// without the oracle.
struct RandomSurveyRegression {
    var `case`: RandomSurvey.Case
    var walk: [String: Any]

    func write(to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var expected = walk
        for key in ["answers", "seed", "libraryWarnings", "pages", "jsonErrors"] { expected[key] = nil }
        var object: [String: Any] = ["survey": `case`.survey, "answers": `case`.answers, "surveyCore": expected]
        if let language = `case`.language { object["language"] = language }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: file)
    }

    init(case: RandomSurvey.Case, walk: [String: Any]) {
        self.case = `case`
        self.walk = walk
    }

    init(contentsOf file: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        self.case = RandomSurvey.Case(
            survey: object["survey"] as? [String: Any] ?? [:], answers: object["answers"] as? [[Any]] ?? [],
            language: object["language"] as? String)
        var walk = object["surveyCore"] as? [String: Any] ?? [:]
        walk["answers"] = self.case.answers
        self.walk = walk
    }
}

/// Every saved disagreement (`Fixtures/Regressions/*.json`) replayed against what
/// survey-core did, without the oracle: Formwork must now agree on every aspect.
@Suite("Random SurveyJS regressions")
struct RandomSurveyRegressionTests {
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RandomSurveyTests.regressions.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: files)
    func formworkAgreesWithWhatSurveyCoreDid(_ name: String) throws {
        let regression = try RandomSurveyRegression(
            contentsOf: RandomSurveyTests.regressions.appendingPathComponent(name))
        let form = try #require(RandomSurvey.load(regression.case.survey), "\(name): Formwork refuses the survey")
        let comparison = try SurveyJSWalkComparison.compare(
            regression.walk, form: form, survey: regression.case.survey, language: regression.case.language)
        #expect(comparison.agrees, "\(name): \(comparison.differences.joined(separator: "\n"))")
    }
}
