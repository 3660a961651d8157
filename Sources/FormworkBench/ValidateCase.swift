import Formwork
import FormworkODK
import FormworkTesting
import Foundation

/// Checking finished responses (`ResponseValidator`, as `formwork validate` and
/// `response.validate` do), the form loaded once: responses checked per second on
/// one core, for a generated 50-question form with conditions, rules, a cascading
/// choice and computed values (target ≥ 20,000/s), and for the largest real form of
/// the shared corpus, grains.xlsx (330 questions, repeats; target ≥ 1,000/s). The
/// responses are random fills the engine submitted (`RandomFill`), as JSON bytes, with
/// a few answers made wrong in every other one so that problems are found and placed.
enum ValidateCase {
    static func run(runs: Int, quick: Bool) -> [BenchRow] {
        var rows: [BenchRow] = []
        let generated = onOwnInput("load the 50-question form") { try FormDefinition(yaml: form50) }
        rows.append(
            measure(
                generated, name: "50 questions, conditions", count: quick ? 50 : 400, runs: runs, target: 20_000))
        if let grains = corpusForm("xlsform/grains.xlsx") {
            rows.append(
                measure(grains, name: "grains.xlsx (330 questions)", count: quick ? 10 : 100, runs: runs, target: 1_000)
            )
        } else {
            rows.append(
                BenchRow(
                    benchmarkCase: "validate responses", size: "grains.xlsx", time: "—", baseline: "—", ratio: "—",
                    target: "≥ 1,000/s", note: "../shared/corpus is absent: skipped", met: nil))
        }
        return rows
    }

    static func measure(_ form: FormDefinition, name: String, count: Int, runs: Int, target: Double) -> BenchRow {
        let responses = Self.responses(of: form, count: count)
        let validator = ResponseValidator(definition: form, now: now)
        var problems = 0
        let time = Measure.median(runs: runs) {
            problems = 0
            for response in responses { problems += validator.validate(response).problems.count }
        }
        let perSecond = Double(responses.count) / Measure.seconds(time)
        return BenchRow(
            benchmarkCase: "validate responses", size: "\(name), \(responses.count) responses",
            time: format(time / responses.count) + " each", baseline: "—",
            ratio: String(format: "%.0f/s", perSecond), target: "≥ \(Int(target))/s",
            note: "one core, the form loaded once; \(problems) problems found", met: perSecond >= target)
    }

    static let now = LocalDateTime("2024-03-01T12:00:00")!

    /// `count` submitted random fills as JSON, every other one with an answer made
    /// wrong (a number out of range, a value of the wrong kind).
    static func responses(of form: FormDefinition, count: Int) -> [[UInt8]] {
        var responses: [[UInt8]] = []
        var seed: UInt64 = 1
        while responses.count < count, seed < UInt64(count * 4) {
            defer { seed += 1 }
            let session = onOwnInput("start a session") {
                try FormSession(definition: form, today: now.date, now: now, uuidSeed: seed)
            }
            guard RandomFill.fill(session, seed: seed, file: "/etc/hostname") else { continue }
            var json = session.answersJSON(pretty: false)
            if responses.count.isMultiple(of: 2), let range = json.range(of: ":") {
                json.replaceSubrange(range, with: ": \"wrong\", \"extra\":")
            }
            responses.append(Array(json.utf8))
        }
        return responses
    }

    static func corpusForm(_ name: String) -> FormDefinition? {
        corpusURL(name).flatMap { try? FormDefinition.load(contentsOf: $0, formats: .odk, skipUnsupported: true) }
    }

    /// Where the corpus form `name` (`xlsform/grains.xlsx`) is: `../shared/corpus`
    /// beside the working directory or beside the package the benchmark was built in.
    static func corpusURL(_ name: String) -> URL? {
        let roots = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent(),
        ]
        for root in roots {
            let url = root.deletingLastPathComponent().appendingPathComponent("shared/corpus").appendingPathComponent(
                name)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// Five sections of ten questions: numbers with ranges and a rule, text with a
    /// length, choices (one filtered by the one before), switches; most shown on an
    /// earlier answer; a computed total in each section.
    static var form50: String {
        var yaml = "id: bench50\ntitle: Fifty questions\nsections:\n"
        var number = 0
        for section in 1...5 {
            yaml += "  - id: s\(section)\n    fields:\n"
            for slot in 1...10 {
                number += 1
                let id = "q\(number)"
                let visible = number > 2 && slot % 3 != 1 ? ", visible: \"$q\(number - 1) != null\"" : ""
                switch slot {
                case 1, 4, 7:
                    yaml +=
                        "      - { id: \(id), kind: number, label: Q\(number), min: 0, max: 100, required: true"
                        + "\(visible), rules: [{ check: \"$\(id) == null or $\(id) != 13\", message: not 13 }] }\n"
                case 2, 5:
                    yaml +=
                        "      - { id: \(id), kind: text, label: Q\(number), maxLength: 40\(visible) }\n"
                case 3:
                    yaml +=
                        "      - { id: \(id), kind: choice, label: Q\(number), options: [north, south], required: true"
                        + "\(visible) }\n"
                case 6:
                    yaml +=
                        "      - id: \(id)\n        kind: choice\n        label: Q\(number)\n        options:\n"
                        + "          - { value: n1, visible: \"$q\(number - 3) == 'north'\" }\n"
                        + "          - { value: s1, visible: \"$q\(number - 3) == 'south'\" }\n"
                        + "          - { value: any }\n"
                case 8, 9:
                    yaml += "      - { id: \(id), kind: switch, label: Q\(number)\(visible) }\n"
                default:
                    yaml +=
                        "      - { id: \(id), kind: computed, label: Total \(section), "
                        + "value: \"coalesce($q\(number - 9), 0) + coalesce($q\(number - 6), 0)\" }\n"
                }
            }
        }
        return yaml
    }
}
