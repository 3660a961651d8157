/// `label($choice)`: the chosen option's label, in the session's language (ODK's
/// `jr:choice-name`, SurveyJS' `{q.text}`-style display value). Checked and compiled
/// specially, since it reads the field's options, not only its value.
extension FunctionLibrary {
    static let label = FunctionDefinition(
        name: "label", signature: "label($choice)",
        summary:
            "the label of a choice field's option (a multichoice's: a list), in the language shown; "
            + "the value itself when no option has it",
        arity: 1...1, check: { _ in .failure(ArgumentMismatch(index: 0, expected: "a choice field ($field)")) },
        evaluate: { arguments, _ in arguments[0] })
}

extension TypeChecker {
    /// `label` takes a choice or multichoice field, named: `label($size)`.
    mutating func checkLabel(_ arguments: inout [Expression], whole: Expression) -> ValueType? {
        let usage = "label($choice)"
        guard arguments.count == 1 else {
            return fail(
                .wrongArity(function: "label", expected: "1 argument", found: arguments.count, usage: usage), whole)
        }
        guard let type = check(&arguments[0]) else { return nil }
        guard case .reference(let name) = arguments[0].kind, environment.fields[name]?.options != nil else {
            return fail(
                .argumentType(
                    function: "label", position: 1, expected: "a choice or multichoice field ($field)",
                    found: type.description, usage: usage), arguments[0])
        }
        return type == .null ? .string : type
    }
}

extension ExpressionCompiler {
    func compileLabel(_ arguments: [Expression]) -> Code? {
        guard case .reference(let name) = arguments.first?.kind, let field = environment.fields[name]?.index else {
            return nil
        }
        let value = compile(arguments[0])
        return { context in
            switch value(context) {
            case .string(let selected): return .string(context.optionLabel(field, selected))
            case .list(let elements):
                return .list(
                    elements.map { element in
                        guard case .string(let selected) = element else { return element }
                        return .string(context.optionLabel(field, selected))
                    })
            default: return .null
            }
        }
    }
}
