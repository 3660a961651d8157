import ArgumentParser
import Formwork
import Foundation

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate an expression and print the result as JSON.",
        discussion: """
            Prints the value as JSON: true, 3, "text", "2024-02-29", null. With
            --form, $references are the form's fields, typed by their kinds, and
            hidden fields read as null; --set gives a field its value as a person
            would type it, and sets inputs and read-only fields too, as fill and show
            do. Without --form, each --set defines a variable whose type follows its
            text (number, true/false, null, YYYY-MM-DD date, else text). An invalid
            expression prints its diagnostic and exits 1.

            Examples:
              formwork eval "age(date('1990-05-17')) >= 18"
              formwork eval '$total' --form Forms/conference.yaml --set ticket=business
              formwork eval '$qty * $price' --set qty=3 --set price=9.5
            """)

    @Argument(help: "The expression, e.g. \"$age >= 18 and $country == 'NL'\".")
    var expression: String

    @Option(help: "A definition whose fields the expression reads.")
    var form: String?

    @Option(help: "A values file (JSON or YAML) to load into the form.")
    var values: String?

    @Option(name: .customLong("set"), help: "A value, as id=value (repeatable).")
    var assignments: [String] = []

    func run() throws {
        let environment: ExpressionEnvironment
        var evaluate: (CompiledExpression) -> Value
        if let form {
            let session = try FormArguments.session(
                of: FormArguments.definition(at: form, failing: 1), values: values, failing: 1)
            for (id, text) in try parsedAssignments() {
                do { try session.set(id, text: text, origin: .program) } catch {
                    printError("error: --set \(id)=\(text): \(error)")
                    throw ExitCode(1)
                }
            }
            environment = session.definition.environment
            evaluate = { session.evaluate($0) }
        } else {
            guard values == nil else { throw ValidationError("--values needs --form") }
            let variables = try parsedAssignments().map { ($0.0, Self.literal($0.1)) }
            environment = ExpressionEnvironment(
                fields: variables.enumerated().map { index, variable in
                    FieldSignature(id: variable.0, index: index, type: variable.1.type)
                })
            let valuesByIndex = variables.map(\.1)
            evaluate = { $0.evaluate(EvaluationContext(today: .today()) { valuesByIndex[$0] }) }
        }
        do {
            let compiled = try CompiledExpression(expression, environment: environment)
            print(evaluate(compiled))
        } catch {
            let diagnostics = error.errors.map {
                Diagnostic($0.problem, at: SourceLocation(line: 1, column: 1 + $0.offset), length: $0.length)
            }
            printError(DiagnosticList(path: "<expression>", source: expression, diagnostics: diagnostics).rendered)
            throw ExitCode(1)
        }
    }

    func parsedAssignments() throws -> [(String, String)] {
        try assignments.map(FormArguments.parse)
    }

    /// A --set value without a form: typed by its spelling.
    static func literal(_ text: String) -> Value {
        switch text {
        case "true": return true
        case "false": return false
        case "null": return nil
        default:
            if let number = Double(text), number.isFinite, text.first?.isNumber == true || text.first == "-" {
                return .number(number)
            }
            if let date = LocalDate(text) { return .date(date) }
            return .string(text)
        }
    }
}
