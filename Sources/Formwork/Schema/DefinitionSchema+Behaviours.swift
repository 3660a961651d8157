/// Field behaviours in the definition schema: `readonly`, `key`, `recalculate` on
/// fields, and the form's `inputs`. Keys come from the decoder's tables
/// (`behaviourKeys(for:)`, `inputKeys`, `triggerKeys`).
extension DefinitionSchema {
    /// What behaviours add to `$defs`.
    static var behaviourDefinitions: [(String, JSONOutput)] {
        [("input", input), ("recalculateRule", recalculateRule), ("recalculate", recalculate)]
    }

    /// The form's `inputs:` property.
    static var inputs: JSONOutput {
        described(
            .object([("type", "array"), ("items", reference("input"))]),
            "Values the program gives (--set, --values, form.setInput), read in expressions as $id; never asked.")
    }

    static func submission(formats: FormatRegistry) -> JSONOutput {
        let names = formats.registeredAnswerFormats.map(\.name)
        let format: JSONOutput = names.isEmpty ? .object([("type", "string")]) : .object([("enum", strings(names))])
        return described(
            .object([
                ("type", "object"), ("required", strings(["format"])), ("additionalProperties", false),
                (
                    "properties",
                    .object([
                        ("format", format),
                        ("root", .object([("type", "string")])), ("id", .object([("type", "string")])),
                        ("version", .object([("type", "string")])),
                        ("namespace", .object([("type", "string")])),
                        (
                            "namespaces",
                            .object([("type", "object"), ("additionalProperties", .object([("type", "string")]))])
                        ),
                        (
                            "paths",
                            .object([("type", "object"), ("additionalProperties", .object([("type", "string")]))])
                        ),
                        ("instanceID", .object([("type", "string")])),
                        (
                            "types",
                            .object([
                                ("type", "object"),
                                (
                                    "additionalProperties",
                                    .object([("enum", strings(DefinitionDecoder.submissionTypes))])
                                ),
                            ])
                        ),
                        ("hidden", .object([("enum", strings(["dropped", "kept"]))])),
                        ("kept", hiddenList), ("dropped", hiddenList),
                        (
                            "groups",
                            .object([
                                ("type", "array"),
                                (
                                    "items",
                                    .object([
                                        ("type", "object"), ("required", strings(["path"])),
                                        ("additionalProperties", false),
                                        (
                                            "properties",
                                            .object([
                                                ("path", .object([("type", "string")])), ("in", reference("id")),
                                                ("visible", reference("condition")),
                                            ])
                                        ),
                                    ])
                                ),
                            ])
                        ),
                    ])
                ),
            ]),
            "How filled forms are written in another engine's answer format: the format's name, where each "
                + "field and repeat sits (element or data paths), the root element, id, version and namespaces "
                + "where the format has them, JSON types, whether hidden answers are written; imported forms "
                + "carry it.")
    }

    static var input: JSONOutput {
        .object([
            ("type", "object"), ("required", strings(["id", "type"])), ("additionalProperties", false),
            (
                "properties",
                .object(
                    DefinitionDecoder.inputKeys.map { key in
                        switch key {
                        case "id": return (key, reference("id"))
                        case "type":
                            return (key, .object([("enum", strings(DefinitionDecoder.inputTypes.map(\.name)))]))
                        case "default": return (key, .object([("type", strings(["string", "number", "boolean"]))]))
                        default: return (key, reference("text"))
                        }
                    })
            ),
        ])
    }

    /// `recalculate`: one rule, or a list of rules (the first triggered whose `when`
    /// holds gives the value).
    static var recalculate: JSONOutput {
        described(
            .object([
                (
                    "oneOf",
                    .array([
                        reference("recalculateRule"),
                        .object([("type", "array"), ("minItems", 1), ("items", reference("recalculateRule"))]),
                    ])
                )
            ]),
            "A value rule, or a list of them: the first rule a change triggers whose 'when' holds sets the field.")
    }

    /// `kept`, `dropped`: field ids, each alone or `{ id, while: condition }`.
    static var hiddenList: JSONOutput {
        .object([
            ("type", "array"),
            (
                "items",
                .object([
                    (
                        "anyOf",
                        .array([
                            reference("id"),
                            .object([
                                ("type", "object"), ("required", strings(["id"])), ("additionalProperties", false),
                                (
                                    "properties",
                                    .object([("id", reference("id")), ("while", reference("condition"))])
                                ),
                            ]),
                        ])
                    )
                ])
            ),
        ])
    }

    static var recalculateRule: JSONOutput {
        .object([
            ("type", "object"), ("required", strings(["on", "value"])), ("additionalProperties", false),
            (
                "description",
                .value(
                    .string(
                        "Sets the field from 'value' when a field in 'on' changes (any: every change) and 'when' "
                            + "holds (atStart: also when the form starts); the person may edit it."))
            ),
            (
                "properties",
                .object(
                    DefinitionDecoder.triggerKeys.map { key in
                        switch key {
                        case "on":
                            return (
                                key,
                                .object([
                                    (
                                        "anyOf",
                                        .array([
                                            reference("id"), .object([("const", "any")]),
                                            .object([("type", "array"), ("minItems", 1), ("items", reference("id"))]),
                                        ])
                                    )
                                ])
                            )
                        case "when": return (key, reference("condition"))
                        case "atStart": return (key, .object([("type", "boolean")]))
                        default: return (key, reference("expression"))
                        }
                    })
            ),
        ])
    }

    /// The schema of a behaviour key of a field, if `key` is one.
    static func behaviourSchema(forKey key: String) -> JSONOutput? {
        switch key {
        case "readonly":
            return described(
                reference("condition"), "true, or a condition: the person filling the form cannot change the field.")
        case "key":
            return described(
                .object([("type", "string"), ("minLength", 1)]),
                "The name the answers use for the field, when it is not the id.")
        case "recalculate": return reference("recalculate")
        default: return nil
        }
    }
}
