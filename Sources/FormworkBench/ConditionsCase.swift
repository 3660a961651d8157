import Formwork
import Foundation

/// Case 4: compiled conditions against hand-written Swift closures doing the same
/// comparisons on the same values.
enum ConditionsCase {
    /// The fields the conditions read, by position in a row of values.
    static let fields = [
        FieldSignature(id: "age", index: 0, type: .number),
        FieldSignature(id: "country", index: 1, type: .string, options: ["DE", "FR", "IT"]),
        FieldSignature(id: "newsletter", index: 2, type: .bool),
        FieldSignature(id: "email", index: 3, type: .string),
        FieldSignature(id: "plan", index: 4, type: .string, options: ["free", "pro", "team"]),
        FieldSignature(id: "name", index: 5, type: .string),
    ]

    /// Each condition as written in a definition, and the same test by hand.
    static let conditions: [(source: String, byHand: @Sendable ([Value]) -> Bool)] = [
        (
            "$age >= 18",
            { values in
                if case .number(let age) = values[0] { return age >= 18 }
                return false
            }
        ),
        (
            "$country == 'DE' and $newsletter",
            { values in
                guard case .string(let country) = values[1], country == "DE" else { return false }
                if case .bool(true) = values[2] { return true }
                return false
            }
        ),
        (
            "$email != null and contains($email, '@')",
            { values in
                if case .string(let email) = values[3] { return email.contains("@" as String) }
                return false
            }
        ),
        (
            "$plan == 'pro' or $plan == 'team'",
            { values in
                if case .string(let plan) = values[4] { return plan == "pro" || plan == "team" }
                return false
            }
        ),
        (
            "len($name) > 3 or $age < 13",
            { values in
                if case .string(let name) = values[5], name.count > 3 { return true }
                if case .number(let age) = values[0] { return age < 13 }
                return false
            }
        ),
        (
            "not $newsletter or $age > 65",
            { values in
                // `not` treats null as false, so an unanswered switch passes.
                if case .bool(true) = values[2] {} else { return true }
                if case .number(let age) = values[0] { return age > 65 }
                return false
            }
        ),
    ]

    /// Random rows of answers, some unanswered (null).
    static func rows(_ count: Int) -> [[Value]] {
        var random = SeededGenerator(seed: 42)
        func maybe(_ value: Value) -> Value { Int.random(in: 0..<8, using: &random) == 0 ? .null : value }
        return (0..<count).map { _ in
            [
                maybe(.number(Double(Int.random(in: 0..<90, using: &random)))),
                maybe(.string(["DE", "FR", "IT"].randomElement(using: &random)!)),
                maybe(.bool(Bool.random(using: &random))),
                maybe(.string(Bool.random(using: &random) ? "ada@example.org" : "not an address")),
                maybe(.string(["free", "pro", "team"].randomElement(using: &random)!)),
                maybe(.string(["Al", "Grace", "Ada Lovelace"].randomElement(using: &random)!)),
            ]
        }
    }

    /// Holds the row being evaluated; the compiled conditions read it by index.
    final class CurrentRow {
        var values: [Value] = []
    }

    static func run(sizes: [Int], runs: Int) -> [BenchRow] {
        let environment = ExpressionEnvironment(fields: fields)
        let compiled = conditions.map { condition in
            onOwnInput("compile \(condition.source)") {
                try CompiledExpression(condition.source, environment: environment)
            }
        }
        let byHand = conditions.map(\.byHand)
        let row = CurrentRow()
        let context = EvaluationContext(today: LocalDate(year: 2026, month: 11, day: 22)!) { row.values[$0] }
        return sizes.map { size in
            // `size` evaluations: rows × conditions.
            let data = rows(max(1, size / conditions.count))
            var compiledTrue = 0, handTrue = 0
            for values in data {
                row.values = values
                for (condition, check) in zip(compiled, byHand) {
                    if condition.isSatisfied(context) { compiledTrue += 1 }
                    if check(values) { handTrue += 1 }
                }
            }
            let (time, base, value) = Measure.paired(
                runs: runs,
                candidate: {
                    var satisfied = 0
                    for values in data {
                        row.values = values
                        for condition in compiled where condition.isSatisfied(context) { satisfied += 1 }
                    }
                    consume(satisfied)
                },
                baseline: {
                    var satisfied = 0
                    for values in data {
                        for check in byHand where check(values) { satisfied += 1 }
                    }
                    consume(satisfied)
                })
            let perEvaluation = Measure.seconds(time) / Double(data.count * conditions.count) * 1e9
            return BenchRow(
                benchmarkCase: "conditions", size: sizeLabel(size), time: format(time),
                baseline: "by hand \(format(base))",
                ratio: String(format: "%.2f×", value), target: "≤ 5.0×",
                note: String(format: "%.0f ns per condition", perEvaluation)
                    + (compiledTrue == handTrue ? "; same results" : "; RESULTS DIFFER"),
                met: value <= 5 && compiledTrue == handTrue)
        }
    }
}
