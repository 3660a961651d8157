import Formwork
import Foundation

/// A difference from JavaRosa, kept: the form (its rows, and pyxform's XForm of it),
/// the walk JavaRosa made of it and what it found. `Regressions/*.json` holds them;
/// `RandomODKFormRegressionTests` replays each without the oracle.
struct RandomODKRegression: Codable {
    var name: String
    /// The aspect that differed, the import it differed in, and what was wrong.
    var aspect: String
    var route: RandomODKFormTests.Route
    var finding: String
    var form: RandomODKForm
    var xform: String
    var walk: ODKWalk
}

/// Shrinks a form on which Formwork and JavaRosa differ: rows, blocks, choices, a
/// language, cells, then answers are left out one at a time while the same aspect
/// still differs (JavaRosa's `fill` with the walk's answers judging each smaller form,
/// two at a time), within a budget of oracle runs; then saves it.
enum RandomODKShrinker {
    /// Oracle runs one shrink may use (`FORMWORK_RANDOM_SHRINK_RUNS`).
    static var budget: Int { RandomODKFormTests.environment("FORMWORK_RANDOM_SHRINK_RUNS").flatMap { Int($0) } ?? 80 }

    /// Where shrunk regressions go: `FORMWORK_RANDOM_REGRESSIONS`, else
    /// `.build/random-odk-regressions` (copy them to `Regressions/` to keep them).
    static var folder: URL {
        if let path = RandomODKFormTests.environment("FORMWORK_RANDOM_REGRESSIONS") {
            return URL(fileURLWithPath: path)
        }
        return PyxformCrossCheckTests.pyxform.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("random-odk-regressions")
    }

    /// A candidate judged: its XForm and JavaRosa's walk, when the aspect still differs.
    struct Judged {
        var form: RandomODKForm
        var xform: String
        var walk: ODKWalk
        var message: String
    }

    static func shrinkAndSave(_ difference: RandomODKFormTests.Difference, in directory: URL) -> URL? {
        var runs = 0
        var best = Judged(
            form: difference.form, xform: difference.xform, walk: difference.walk, message: difference.message)
        var answers = difference.walk.answers
        var improved = true
        while improved && runs < budget {
            improved = false
            var candidates = best.form.shrinkCandidates().map { ($0, answers) }
            candidates += answers.indices.reversed().map { index in
                var fewer = answers
                fewer.remove(at: index)
                return (best.form, fewer)
            }
            var start = 0
            while start < candidates.count && runs < budget {
                let batch = Array(candidates[start..<min(start + 2, candidates.count)])
                start += batch.count
                runs += batch.count
                let judged = judge(batch, language: difference.walk.language, difference: difference, in: directory)
                if let (position, found) = judged.enumerated().first(where: { $0.element != nil }), let found {
                    best = found
                    answers = batch[position].1
                    improved = true
                    break
                }
            }
        }
        let regression = RandomODKRegression(
            name: difference.name + "-" + difference.aspect, aspect: difference.aspect, route: difference.route,
            finding: best.message, form: best.form, xform: best.xform, walk: best.walk)
        let url = folder.appendingPathComponent(regression.name + ".json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(regression).write(to: url)
        } catch {
            print("could not save \(url.path): \(error)")
            return nil
        }
        print("after \(runs) oracle runs:\n\(best.form)\nanswers: \(answers)\n\(best.message)")
        return url
    }

    /// Why Formwork refuses a form, without where (`nil`: the message is no refusal).
    static func refusal(_ message: String) -> String? {
        guard message.hasPrefix("Formwork refuses"), let range = message.range(of: "error: ") else { return nil }
        return String(message[range.upperBound...].prefix { $0 != "\n" })
    }

    /// Each candidate (form, answers) judged by JavaRosa: `nil` unless the aspect
    /// still differs.
    static func judge(
        _ candidates: [(RandomODKForm, [[String?]])], language: String?, difference: RandomODKFormTests.Difference,
        in directory: URL
    ) -> [Judged?] {
        var workbooks: [URL] = []
        var jobs: [[String]] = []
        var plans: [(form: RandomODKForm, answers: [[String?]], language: String?, xform: String)] = []
        for (index, (form, _)) in candidates.enumerated() {
            let stem = directory.appendingPathComponent("shrink-\(index)")
            for suffix in ["xlsx", "xml", "error"] {
                try? FileManager.default.removeItem(at: stem.appendingPathExtension(suffix))
            }
            guard let bytes = try? form.workbook(),
                (try? Data(bytes).write(to: stem.appendingPathExtension("xlsx"))) != nil,
                (try? form.writeMedia(besideForm: stem.appendingPathExtension("xlsx"))) != nil
            else { continue }
            workbooks.append(stem.appendingPathExtension("xlsx"))
        }
        try? RandomODKOracle.convert(workbooks)
        var judged: [Judged?] = Array(repeating: nil, count: candidates.count)
        var positions: [Int] = []
        for (index, (form, answers)) in candidates.enumerated() {
            let stem = directory.appendingPathComponent("shrink-\(index)")
            guard case .success(let xform) = RandomODKOracle.xform(of: stem.appendingPathExtension("xlsx")) else {
                continue
            }
            let answersURL = stem.appendingPathExtension("json")
            guard (try? RandomODKOracle.writeAnswers(answers, to: answersURL)) != nil else { continue }
            let kept = language.flatMap { form.languages.contains($0) ? $0 : nil }
            jobs.append(
                ["fill", stem.appendingPathExtension("xml").path, answersURL.path]
                    + (kept.map { ["--lang", $0] } ?? []))
            plans.append((form, answers, kept, xform))
            positions.append(index)
        }
        for (position, (plan, run)) in zip(positions, zip(plans, RandomODKOracle.runAll(jobs))) where run.status == 0 {
            let walk = ODKWalk(oracle: run.json, given: plan.answers, language: plan.language, days: run.days)
            // A form Formwork refuses: smaller forms refused for the same reason.
            if let reason = refusal(difference.message) {
                do {
                    _ = try RandomODKFormTests.definition(difference.route, form: plan.form, xform: plan.xform)
                } catch {
                    if refusal("Formwork refuses the form: \(error)") == reason {
                        judged[position] = Judged(
                            form: plan.form, xform: plan.xform, walk: walk, message: difference.message)
                    }
                }
                continue
            }
            guard
                let definition = try? RandomODKFormTests.definition(
                    difference.route, form: plan.form, xform: plan.xform),
                case let (differences, deviation) = ODKWalkComparison.compare(definition, walk), deviation == nil,
                let message = differences[difference.aspect],
                RandomODKFormTests.deviation(difference.aspect, message) == nil
            else { continue }
            judged[position] = Judged(form: plan.form, xform: plan.xform, walk: walk, message: message)
        }
        return judged
    }
}
