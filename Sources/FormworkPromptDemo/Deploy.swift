import ArgumentParser
import Formwork
import FormworkREPL
import Foundation

/// A deploy command as any Swift command-line tool would write it: its options are
/// a form's answers, and what the command line leaves out is asked through
/// Formwork's prompt (guided, each question prefilled with what was given), then
/// decoded into the command's own struct. Written with products only, as an
/// outside package would (the AskingFromYourTool article quotes it).
///
/// ```sh
/// formwork-prompt-demo --service api --env staging          # complete: no question
/// formwork-prompt-demo --service api                        # asks the rest
/// printf 'set env production\nset confirm true\nsubmit\n' | formwork-prompt-demo --service api
/// ```
@main
struct Deploy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formwork-prompt-demo",
        abstract: "Deploy a service; asks for whatever the command line leaves out.",
        discussion: """
            At a terminal, missing answers are asked one by one (Ctrl-D quits, answers are
            kept in a draft until the next run). From a pipe, each line is a prompt
            command: set ID VALUE, then submit.
            """)

    @Option(help: "The service to deploy (lowercase letters, digits and dashes).")
    var service: String?

    @Option(help: "Where to deploy: staging or production.")
    var env: String?

    @Option(help: "How many replicas (1 to 20).")
    var replicas: Int?

    @Flag(help: "Confirm a production deploy.")
    var confirm = false

    @Option(help: "Who to tell when it is done (an e-mail address).")
    var notify: String?

    /// What the form's answers decode into.
    struct Plan: Decodable {
        var service: String
        var env: String
        var replicas: Int
        var confirm: Bool?
        var notify: String?
    }

    func run() async throws {
        let form = try DeployForm.definition()
        var given: [String: Value] = [:]
        if let service { given["service"] = .string(service) }
        if let env { given["env"] = .string(env) }
        if let replicas { given["replicas"] = .number(Double(replicas)) }
        if confirm { given["confirm"] = true }
        if let notify { given["notify"] = .string(notify) }
        let plan: Plan
        do {
            let answers = try await FormPrompt.run(
                form, values: given,
                options: .init(asksWhenComplete: false, draft: .tool("formwork-prompt-demo", form: form)))
            plan = try answers.decode(Plan.self)
        } catch FormPromptError.cancelled {
            print("Nothing deployed.")
            throw ExitCode(1)
        } catch FormPromptError.invalidValue(let reason) {
            throw ValidationError(reason)
        }
        let people = plan.notify.map { "; \($0) will be told" } ?? ""
        let replicas = "\(plan.replicas) replica\(plan.replicas == 1 ? "" : "s")"
        print("Deploying \(plan.service) to \(plan.env) with \(replicas)\(people).")
    }
}
