import Formwork
import FormworkTesting
import Foundation
import Testing

/// The property `formwork validate` rests on, over every bundled form: what the fill
/// submits validates clean, and each single mutation of it (`ResponseMutation`: an
/// answer to a hidden question, a required answer taken out, a computed value
/// changed, a choice not offered) is reported for that question with that rule.
@Suite("Responses the fill submits, and single mutations of them")
struct ResponsePropertyTests {
    static let forms =
        (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.formsDirectory.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []
    static let now = LocalDateTime("2024-03-01T12:00:00")!

    @Test(arguments: forms)
    func submittedResponsesValidateAndMutationsAreCaught(_ name: String) throws {
        let form = try FormDefinition.load(contentsOf: Fixtures.formsDirectory.appendingPathComponent(name))
        let validator = ResponseValidator(definition: form, now: Self.now)
        var checked = 0
        var kinds: Set<String> = []
        var refused: [FieldError] = []
        for seed in UInt64(1)...8 {
            let session = try FormSession(definition: form, today: Self.now.date, now: Self.now, uuidSeed: seed)
            guard RandomFill.fill(session, seed: seed, file: "/etc/hostname") else {
                refused = session.validate()
                continue
            }
            checked += 1
            let json = session.answersJSON()
            let verdict = validator.validate(Array(json.utf8))
            #expect(verdict.isValid, "\(name) seed \(seed): \(verdict.problems)\n\(json)")
            let (missed, rules) = ResponseMutation.missed(by: validator, in: session, response: json) {
                $0.key ?? $0.id
            }
            kinds.formUnion(rules)
            #expect(missed.isEmpty, "\(name) seed \(seed): \(missed)")
        }
        #expect(checked > 0, "\(name): no random fill could be submitted: \(refused)")
        print("\(name): \(checked) submitted fills, mutations: \(kinds.sorted())")
    }
}
