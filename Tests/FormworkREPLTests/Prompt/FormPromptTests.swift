import Formwork
import FormworkREPL
import Foundation
import Testing

/// `FormPrompt.run` without a person: what it decides before asking anything (the
/// prompt itself is run on a terminal and from a pipe by `PromptDemoTests`).
@Suite("FormPrompt before asking")
struct FormPromptTests {
    /// The form the tests read, loaded for each test: one that does not load fails the
    /// test with its diagnostics.
    let form: FormDefinition

    init() throws {
        form = try FormDefinition(
            yaml: """
                id: deploy
                title: Deploy
                sections:
                  - id: main
                    fields:
                      - { id: env, kind: choice, label: Environment, options: [staging, production], required: true }
                      - { id: replicas, kind: number, label: Replicas, min: 1, max: 20, default: 2 }
                      - { id: stars, kind: rating, label: Stars }
                """, customKinds: [CustomFieldKind(name: "rating", base: .number)])
    }

    static let complete = FormPrompt.Options(asksWhenComplete: false, interactive: false)

    @Test func givenValuesThatCompleteTheFormAreTheAnswers() async throws {
        let answers = try await FormPrompt.run(
            form, values: ["env": "staging", "stars": 4], options: Self.complete)
        #expect(answers.string("env") == "staging")
        #expect(answers.int("replicas") == 2)  // the default
        #expect(answers.int("stars") == 4)  // a custom kind, as its base
    }

    @Test func aGivenValueAgainstItsFieldsRuleIsRefusedWithTheRule() async {
        await #expect(throws: FormPromptError.self) {
            _ = try await FormPrompt.run(form, values: ["env": "staging", "replicas": 40], options: Self.complete)
        }
        do {
            _ = try await FormPrompt.run(form, values: ["env": "prod"], options: Self.complete)
        } catch {
            guard case .invalidValue(let reason) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(reason.contains("staging") && reason.contains("production"), "\(reason)")
        }
    }

    @Test func anUnknownFieldOrLanguageIsRefused() async {
        do {
            _ = try await FormPrompt.run(form, values: ["nope": 1], options: Self.complete)
            Issue.record("an unknown field was accepted")
        } catch {
            #expect(error.description.contains("nope"))
        }
        var options = Self.complete
        options.language = "xx"
        await #expect(throws: FormPromptError.self) {
            _ = try await FormPrompt.run(form, values: ["env": "staging"], options: options)
        }
    }

    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A form file is loaded as `formwork fill` loads it; a broken one is refused with
    /// every problem at its line, before anything is asked.
    @Test func aFormFileIsLoadedAndABrokenOneRefused() async throws {
        let seed = Self.package.appendingPathComponent("Forms/seed.yaml")
        let answers = try await FormPrompt.run(
            contentsOf: seed, values: ["firstName": "Ada", "lastName": "Lovelace"],
            options: Self.complete)
        #expect(answers.string("firstName") == "Ada")
        let broken = Self.package.appendingPathComponent(
            "Tests/FormworkTests/Fixtures/broken/12-unknown-reference.yaml")
        do {
            _ = try await FormPrompt.run(contentsOf: broken, options: Self.complete)
            Issue.record("a broken form was asked")
        } catch {
            guard case .invalidDefinition(let problems) = error else {
                Issue.record("expected invalidDefinition, got \(error)")
                return
            }
            #expect(problems.contains("12-unknown-reference.yaml:") && problems.contains("error:"), "\(problems)")
        }
    }
}
