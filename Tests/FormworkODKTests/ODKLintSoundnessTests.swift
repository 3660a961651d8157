import FormworkScenarios
import Foundation
import Testing

@testable import Formwork

/// Lint's claims are proofs, so no fill may contradict one: on random XLSForms (whose
/// conditions draw from the whole function list), the walks `formwork test
/// --generate` takes, recorded as coverage, never show a question lint calls never
/// shown, never see false a condition lint says always holds where it is read, and
/// never see broken a rule lint says every answer passes.
@Suite("Lint against fills of random forms")
struct ODKLintSoundnessTests {
    @Test func noFillContradictsAFinding() throws {
        var claims = 0
        var tested = 0
        var rules: [String: Int] = [:]
        var contradicted: [String] = []
        for seed in UInt64(1)...40 {
            let random = RandomODKFormGenerator.form(seed: seed)
            guard let form = try? RandomODKFormTests.definition(.xlsform, form: random, xform: "") else { continue }
            let lint = FormLint(form, today: LocalDate("2025-01-15")!)
            let always = Set(
                lint.findings.filter { $0.rule == .conditionAlwaysHolds && $0.message.hasPrefix("the condition of") }
                    .map(\.subject))
            // An ODK constraint is read on an answer given (`empty(.) or …`): one seen
            // broken was broken by an answer, which lint says every answer passes.
            let passing = Set(lint.findings.filter { $0.rule == .ruleAlwaysPasses }.map(\.subject))
            claims += lint.neverShown.count + always.count + passing.count
            for finding in lint.findings { rules[finding.rule.rawValue, default: 0] += 1 }
            guard !lint.neverShown.isEmpty || !always.isEmpty || !passing.isEmpty else { continue }
            let generated = FormTestGenerator(
                form, form: "random-\(seed).xlsx", now: LocalDateTime("2025-01-15T12:00:00")!, seed: seed
            ).generate(cases: 10)
            let coverage = generated.coverage
            for (index, item) in coverage.items.enumerated() {
                let seen = coverage.outcomes[index]
                switch item.kind {
                case .shown, .section, .repeatCondition:
                    if lint.neverShown.contains(item.subject) { tested += 1 }
                    if seen.contains(.sawTrue), lint.neverShown.contains(item.subject) {
                        contradicted.append("seed \(seed): \(item.subject) was shown\n\(random)")
                    }
                case .visible:
                    if always.contains(item.subject) { tested += 1 }
                    if seen.contains(.sawFalse), always.contains(item.subject) {
                        contradicted.append("seed \(seed): the condition of \(item.subject) was false\n\(random)")
                    }
                case .rule:
                    if passing.contains(item.subject) { tested += 1 }
                    if seen.contains(.sawFalse), passing.contains(item.subject) {
                        contradicted.append("seed \(seed): the rule of \(item.subject) was broken\n\(random)")
                    }
                default: break
                }
            }
        }
        #expect(contradicted.isEmpty, "\(contradicted.joined(separator: "\n\n"))")
        // The forms gave lint something to claim: the test checks something.
        #expect(tested > 0)
        print(
            "lint soundness: \(claims) claims (\(tested) met by a fill) on 40 random forms, none contradicted: \(rules)"
        )
    }
}
