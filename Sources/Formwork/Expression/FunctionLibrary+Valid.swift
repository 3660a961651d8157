/// `valid($field, …)`: whether each field has no error now — its required answer, its
/// own rules (bounds, length, pattern), its selection counts and its cross-field
/// rules — counting a field as valid while its own condition hides it (its section's
/// condition is left aside) or while it is read-only. SurveyJS's
/// `isContainerReady('page')` reads so: a question survey-core would not check is
/// ready. Checked and compiled specially: its arguments are fields, named, and it
/// reads what their rules read.
///
/// ```yaml
/// visible: valid($email, $phone)    # shown once both are answered as their rules ask
/// ```
extension FunctionLibrary {
    static let valid = FunctionDefinition(
        name: "valid", signature: "valid($field, …)",
        summary:
            "true when each field has no error now (required, its rules), a field hidden by its own condition "
            + "or read-only counting as valid",
        arity: 1...1000, check: { _ in .failure(ArgumentMismatch(index: 0, expected: "a field ($field)")) },
        evaluate: { _, _ in .bool(true) })
}

extension Expression {
    /// The fields `valid(…)` calls of this expression check (`valid($a, $b)`: a, b).
    public var validatedFields: [String] {
        var names: [String] = []
        forEachCall { name, arguments in
            guard name == "valid" else { return }
            for case .reference(let field) in arguments.map(\.kind) where !names.contains(field) { names.append(field) }
        }
        return names
    }
}

extension TypeChecker {
    /// `valid` takes fields of the form or of the entry it is read in, named: `valid($a, $b)`.
    mutating func checkValid(_ arguments: inout [Expression], whole: Expression) -> ValueType? {
        let usage = "valid($field, …)"
        callsValid = true
        guard !arguments.isEmpty else {
            return fail(.wrongArity(function: "valid", expected: "at least 1 argument", found: 0, usage: usage), whole)
        }
        var failed = false
        for index in arguments.indices {
            guard let type = check(&arguments[index]) else {
                failed = true
                continue
            }
            guard case .reference(let name) = arguments[index].kind, environment.fields[name] != nil else {
                _ = fail(
                    .argumentType(
                        function: "valid", position: index + 1, expected: "a field ($field)",
                        found: type.description, usage: usage), arguments[index])
                failed = true
                continue
            }
        }
        return failed ? nil : .bool
    }
}

extension ExpressionCompiler {
    func compileValid(_ arguments: [Expression]) -> Code? {
        var fields: [Int] = []
        for argument in arguments {
            guard case .reference(let name) = argument.kind, let field = environment.fields[name]?.index else {
                return nil
            }
            fields.append(field)
        }
        let checked = fields
        return { context in .bool(checked.allSatisfy { context.isValid($0) }) }
    }
}
