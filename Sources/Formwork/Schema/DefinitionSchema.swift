/// The JSON Schema (draft 2020-12) of the definition format, built from the
/// decoder's own tables of keys, so the two cannot drift apart.
///
/// Editors validate and complete definition files with it:
///
/// ```yaml
/// # yaml-language-server: $schema=schema/definition.schema.json
/// id: signup
/// ```
///
/// It checks shapes (keys, types, kinds, ids); what needs the whole form — references,
/// types of expressions, cycles, ranges — is checked by `formwork check`.
public enum DefinitionSchema {
    /// The schema document, for definitions whose `submission` layouts name one of
    /// `formats`' answer formats.
    public static func document(formats: FormatRegistry = .formwork) -> JSONOutput {
        .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "https://formwork.invalid/schema/definition.schema.json"),
            ("title", "Formwork form definition"),
            (
                "description",
                .value(
                    .string(
                        "A form for formwork: sections of fields and repeating groups, with conditions in "
                            + "Formwork's expression language."))
            ),
            ("type", "object"),
            ("required", strings(["id", "title", "sections"])),
            ("additionalProperties", false),
            (
                "properties",
                .object([
                    ("id", reference("id")),
                    ("title", reference("translatable")),
                    ("description", reference("translatable")),
                    ("version", reference("text")),
                    (
                        "languages",
                        described(
                            .object([
                                (
                                    "anyOf",
                                    .array([
                                        .object([("type", "array"), ("minItems", 1), ("items", reference("language"))]),
                                        .object([
                                            ("type", "object"), ("minProperties", 1),
                                            ("propertyNames", reference("language")),
                                            ("additionalProperties", .object([("type", "string")])),
                                        ]),
                                    ])
                                )
                            ]),
                            "The languages texts are written in: a list of codes, or a mapping of code to name "
                                + "(the first is the default)."
                        )
                    ),
                    (
                        "defaultLanguage",
                        described(reference("language"), "The language shown unless another is chosen.")
                    ),
                    ("sections", .object([("type", "array"), ("minItems", 1), ("items", reference("section"))])),
                    ("data", data),
                    ("inputs", inputs),
                    ("submission", submission(formats: formats)),
                    (
                        "hiddenAnswers",
                        .object([
                            ("enum", strings(["blank", "kept", "erased"])),
                            (
                                "description",
                                .value(
                                    .string(
                                        "How expressions read a hidden question's answer: blank (the default, as "
                                            + "ODK), kept (as SurveyJS until completion) or erased (cleared as the "
                                            + "question is hidden, as SurveyJS's onHidden). Hidden answers are "
                                            + "never submitted."))
                            ),
                        ])
                    ),
                    (
                        "defaults",
                        .object([
                            ("enum", strings(DefaultsTiming.allCases.map(\.rawValue))),
                            (
                                "description",
                                .value(
                                    .string(
                                        "When fields take their default: start (the default) or whenShown (an empty "
                                            + "answer takes it again as its section is shown, as survey-core)."))
                            ),
                        ])
                    ),
                    (
                        "numbersInText",
                        .object([
                            ("enum", strings(NumbersInText.allCases.map(\.rawValue))),
                            (
                                "description",
                                .value(
                                    .string(
                                        "How string(), concat(), join() and a label's {…} write a number: plain "
                                            + "(the default: 0.1 + 0.2 is 0.3) or java (as JavaRosa: "
                                            + "0.30000000000000004, 1.23456785E7)."))
                            ),
                        ])
                    ),
                ])
            ),
            ("$defs", .object(definitions)),
        ])
    }

    /// `data:`: tables of rows, each a mapping of column to a value or its text per language.
    static var data: JSONOutput {
        let cell = JSONOutput.object([
            (
                "anyOf",
                .array([
                    .object([("type", strings(["string", "number", "boolean", "null"]))]),
                    .object([
                        ("type", "object"), ("propertyNames", reference("language")),
                        ("additionalProperties", reference("text")),
                    ]),
                ])
            )
        ])
        let row = JSONOutput.object([("type", "object"), ("additionalProperties", cell)])
        return described(
            .object([
                ("type", "object"), ("propertyNames", .object([("minLength", 1)])),
                ("additionalProperties", .object([("type", "array"), ("items", row)])),
            ]),
            "Tables expressions read with lookup() and lookup-all(): by name, a list of rows, each a mapping of "
                + "column to value (or to its text per language).")
    }

    static func strings(_ values: [String]) -> JSONOutput { .array(values.map { .value(.string($0)) }) }
    static func reference(_ name: String) -> JSONOutput { .object([("$ref", .value(.string("#/$defs/\(name)")))]) }
    static func described(_ schema: JSONOutput, _ description: String) -> JSONOutput {
        guard case .object(let members) = schema else { return schema }
        return .object(members + [("description", .value(.string(description)))])
    }

    static var definitions: [(String, JSONOutput)] {
        [
            (
                "id",
                .object([
                    ("type", "string"), ("pattern", "^[A-Za-z_][A-Za-z0-9_]*$"),
                    (
                        "description",
                        "Letters, digits and _, not starting with a digit; expressions read fields as $id."
                    ),
                ])
            ),
            ("text", .object([("type", strings(["string", "number", "boolean"]))])),
            ("language", .object([("type", "string"), ("pattern", "^[A-Za-z0-9_-]+$")])),
            (
                "translatable",
                .object([
                    (
                        "anyOf",
                        .array([
                            reference("text"),
                            .object([
                                ("type", "object"), ("minProperties", 1), ("propertyNames", reference("language")),
                                ("additionalProperties", reference("text")),
                            ]),
                        ])
                    ),
                    (
                        "description",
                        .value(
                            .string(
                                "Text a person reads: a string, or a mapping of language code to string. "
                                    + "{expressions} read answers ({{ and }} are literal braces)."))
                    ),
                ])
            ),
            (
                "condition",
                .object([
                    ("type", strings(["string", "boolean"])),
                    ("description", "A boolean expression, e.g. \"$age >= 18 and not empty($email)\"."),
                ])
            ),
            ("expression", .object([("type", "string")])),
            ("count", .object([("type", "integer"), ("minimum", 0)])),
            (
                "rule",
                .object([
                    ("type", "object"), ("required", strings(["check", "message"])), ("additionalProperties", false),
                    (
                        "properties",
                        .object([("check", reference("condition")), ("message", reference("translatable"))])
                    ),
                ])
            ),
            (
                "option",
                .object([
                    (
                        "oneOf",
                        .array([
                            .object([("type", strings(["string", "number", "boolean"]))]),
                            .object([
                                ("type", "object"), ("required", strings(["value"])), ("additionalProperties", false),
                                (
                                    "properties",
                                    .object([
                                        ("value", reference("text")), ("label", reference("translatable")),
                                        ("visible", reference("condition")),
                                        (
                                            "exclusive",
                                            described(
                                                .object([("type", "boolean")]),
                                                "In a multichoice: chosen alone, as \"None of the above\" is.")
                                        ),
                                    ])
                                ),
                            ]),
                        ])
                    )
                ])
            ),
            (
                "section",
                .object([
                    ("type", "object"), ("required", strings(["id", "fields"])), ("additionalProperties", false),
                    ("properties", .object(DefinitionDecoder.sectionKeys.map { ($0, schema(forSectionKey: $0)) })),
                ])
            ),
            ("field", field),
        ] + repeatDefinitions + behaviourDefinitions
    }

    /// The schema of one section key.
    static func schema(forSectionKey key: String) -> JSONOutput {
        switch key {
        case "id": return reference("id")
        case "header", "footer": return reference("translatable")
        case "visible": return reference("condition")
        case "page":
            return described(
                .object([("type", "boolean"), ("default", false)]),
                "Guided filling asks the section as one page: its visible fields shown together, then asked in "
                    + "turn; :back goes to the previous page (ODK's field-list).")
        case "fields": return items("The fields of the section, and its repeating groups.")
        case "repeat":
            return described(
                reference("repeat"),
                "Makes the whole section repeat: its fields are the template of each entry, its id names the "
                    + "repeat and its header labels it.")
        default: return .object([])
        }
    }

    /// A field: its kind decides which keys it takes (one `if kind … then` per kind).
    static var field: JSONOutput {
        .object([
            ("type", "object"),
            ("required", strings(["id", "kind"])),
            ("properties", .object([("kind", .object([("enum", strings(FieldKind.allCases.map(\.rawValue)))]))])),
            (
                "allOf",
                .array(
                    FieldKind.allCases.map { kind in
                        let keys = DefinitionDecoder.commonFieldKeys + DefinitionDecoder.keys(for: kind)
                        let required = ["id", "kind"] + kind.specification.requiredKeys
                        var then: [(String, JSONOutput)] = [
                            ("required", strings(required)),
                            ("additionalProperties", false),
                            ("properties", .object(keys.map { ($0, schema(forKey: $0, kind: kind)) })),
                        ]
                        if keys.contains("requiredMessage") {
                            then.append(("dependentRequired", .object([("requiredMessage", strings(["required"]))])))
                        }
                        return .object([
                            (
                                "if",
                                .object([
                                    (
                                        "properties",
                                        .object([("kind", .object([("const", .value(.string(kind.rawValue)))]))])
                                    )
                                ])
                            ),
                            ("then", .object(then)),
                        ])
                    })
            ),
        ])
    }

    /// The schema of one field key for one kind: the kind's own (`definitionSchema(forKey:)`
    /// of its specification), else the one every kind taking the key shares.
    static func schema(forKey key: String, kind: FieldKind) -> JSONOutput {
        if key == "default" {
            // A value of the kind, or `{ expression: … }` computed when the form starts.
            let value = kind.specification.definitionSchema(forKey: key) ?? reference("text")
            let expression: JSONOutput = .object([
                ("type", "object"), ("properties", .object([("expression", reference("expression"))])),
                ("required", strings(["expression"])), ("additionalProperties", false),
            ])
            return .object([("anyOf", .array([value, expression]))])
        }
        if let schema = kind.specification.definitionSchema(forKey: key) { return schema }
        switch key {
        case "id": return reference("id")
        case "kind": return .object([("const", .value(.string(kind.rawValue)))])
        case "label", "help", "placeholder": return reference("translatable")
        case "visible", "required": return reference("condition")
        case "requiredMessage":
            return described(
                reference("translatable"),
                "Shown instead of \"is required\" when the field is required and left empty (needs 'required').")
        case "rules": return .object([("type", "array"), ("items", reference("rule"))])
        case "options": return .object([("type", "array"), ("minItems", 1), ("items", reference("option"))])
        case "default": return reference("text")
        default: return behaviourSchema(forKey: key) ?? .object([])
        }
    }
}
