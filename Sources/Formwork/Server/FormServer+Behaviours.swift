/// JSON-RPC for field behaviours: `form.setInput`, and what `form.describe` and
/// `form.snapshot` say of inputs, hidden calculations and read-only fields.
extension FormServer {
    /// `field.set` (as the person filling the form) and `form.setInput` (an input, as
    /// the program): `{"id", "value"}` typed, or `{"id", "text"}` as typed.
    func setValue(_ params: Parameters, input: Bool) throws {
        let id = try params.string("id")
        let field = try field(id)
        if let text = params.member("text") {
            guard text.isQuoted, let value = text.scalarText else {
                throw ServerProblem.parameterType("text", expected: "string", found: text.typeDescription)
            }
            try perform { () throws(SessionError) in
                if input { try session.setInput(id, text: value) } else { try session.set(id, text: value) }
            }
        } else if let node = params.member("value") {
            switch ValueReader.value(from: node, for: field) {
            case .failure(let error): throw ServerProblem.rejected(session.rejection(error, at: id))
            case .success(let value):
                try perform { () throws(SessionError) in
                    if input { try session.setInput(id, to: value) } else { try session.set(id, to: value) }
                }
            }
        } else {
            throw ServerProblem.valueOrText
        }
    }

    /// `form.describe`'s `inputs`: each input's id, type, label and default.
    func describeInputs() -> JSONOutput {
        let inputs = session.definition.inputs
        guard !inputs.isEmpty else { return nil }
        return .array(
            inputs.map { input in
                let type = DefinitionDecoder.inputTypes.first { $0.kind == input.kind }?.name ?? input.kind.rawValue
                var members: [(String, JSONOutput)] = [
                    ("id", .value(.string(input.id))), ("type", .value(.string(type))),
                    ("label", .value(.string(input.label))),
                ]
                if case .value(let value)? = input.defaultValue { members.append(("default", .value(value))) }
                return .object(members)
            })
    }

    /// A field's behaviours in `form.describe`: `readonly` (true, or the condition),
    /// `key`, `recalculate` (`on`, `value`, `when`; a list when a field has several rules).
    func describeBehaviours(of field: FieldDefinition) -> [(String, JSONOutput)] {
        let definition = session.definition
        var members: [(String, JSONOutput)] = []
        switch field.readOnly {
        case .never: break
        case .always: members.append(("readonly", true))
        case .when(let condition): members.append(("readonly", .value(.string(condition.source))))
        }
        if let key = field.key { members.append(("key", .value(.string(key)))) }
        if let trigger = field.trigger {
            let rules: [JSONOutput] = trigger.rules.map { rule in
                .compact([
                    (
                        "on",
                        rule.onEveryChange
                            ? .value(.string("any"))
                            : .array(rule.fields.map { .value(.string(definition.fields[$0].id)) })
                    ),
                    ("value", .value(.string(rule.value.source))),
                    ("when", .optional(rule.condition?.source)),
                ])
            }
            members.append(("recalculate", rules.count == 1 ? rules[0] : .array(rules)))
        }
        return members
    }

    /// An object with more members last.
    static func appending(_ members: [(String, JSONOutput)], to object: JSONOutput) -> JSONOutput {
        guard case .object(let existing) = object, !members.isEmpty else { return object }
        return .object(existing + members)
    }

    /// `form.snapshot`'s `calculations` (every hidden calculation by path, with its
    /// value) and `inputs` (each input's value), when the form has any.
    func snapshotBehaviours() -> [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = []
        if session.definition.fields.contains(where: \.isCalculation) {
            members.append(
                (
                    "calculations",
                    .array(
                        session.calculations().map {
                            .object([("id", .value(.string($0.path))), ("value", .value($0.value))])
                        })
                ))
        }
        if !session.definition.inputs.isEmpty {
            members.append(
                (
                    "inputs",
                    .array(
                        session.inputValues().map { input in
                            .object([("id", .value(.string(input.id))), ("value", .value(input.value ?? .null))])
                        })
                ))
        }
        return members
    }
}
