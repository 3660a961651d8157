import Formwork

/// The answers' schema of a SurveyJS survey's form (`submission: { format: surveyjs }`):
/// the shape of SurveyJS's `survey.data`, which is what such a form's answers are
/// written as — each field at its data path (nested objects for matrices and
/// multiple texts), choices stored as JSON numbers or booleans by the layout's
/// `types`, a date and time `YYYY-MM-DDTHH:MM`, a file as `[{ "name", "content" }]`,
/// values SurveyJS keeps out of its data (path `''`) left out.
extension SurveyJSAnswerFormat {
    /// The JSON Schema members of `survey.data` for `definition`, in its layout if it has
    /// SurveyJS's, else with each field under its answer key; never `nil`.
    public func answersSchema(for definition: FormDefinition) -> [(String, JSONOutput)]? {
        let layout = Self.layout(of: definition) ?? SubmissionLayout(format: self, formID: definition.id)
        return Self.object(of: definition.sections.flatMap(\.items), in: definition, layout: layout, inEntry: false)
    }

    static func object(
        of items: [FormItem], in definition: FormDefinition, layout: SubmissionLayout, inEntry: Bool
    ) -> [(String, JSONOutput)] {
        var root = Member()
        for item in items {
            switch item {
            case .field(let index):
                let field = definition.fields[index]
                guard field.kind.hasValue else { continue }
                let path = layout.paths[field.id] ?? field.answerKey
                guard !path.isEmpty else { continue }
                var required = false
                if case .always = field.required { required = true }
                required =
                    required && field.kind != .switch && field.visible == nil
                    && (inEntry || definition.sections[field.sectionIndex].visible == nil)
                root.insert(schema(for: field, layout: layout), required: required, at: steps(path))
            case .repeatGroup(let index):
                let group = definition.repeats[index]
                let path = layout.paths[group.id] ?? group.id
                let required =
                    group.minimum >= 1 && group.visible == nil
                    && (inEntry || definition.sections[group.sectionIndex].visible == nil)
                let entry = object(of: group.items, in: definition, layout: layout, inEntry: true)
                let schema: JSONOutput = .object([
                    ("title", .value(.string(group.label))), ("type", "array"),
                    ("minItems", .value(.number(Double(max(group.minimum, 1))))),
                    ("maxItems", .value(.number(Double(group.maximum)))), ("items", .object(entry)),
                ])
                root.insert(schema, required: required, at: steps(path))
            }
        }
        return root.objectMembers
    }

    private static func steps(_ path: String) -> ArraySlice<String> {
        path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)[...]
    }

    /// A field's value as SurveyJS stores it.
    static func schema(for field: FieldDefinition, layout: SubmissionLayout) -> JSONOutput {
        let title: (String, JSONOutput) = ("title", .value(.string(field.label.isEmpty ? field.id : field.label)))
        func options() -> JSONOutput {
            .array(
                field.options.map { option -> JSONOutput in
                    switch layout.types[field.id] {
                    case "number"?:
                        if let number = Double(option.value), number.isFinite { return .value(.number(number)) }
                    case "boolean"?:
                        if ["true", "false"].contains(option.value) { return .value(.bool(option.value == "true")) }
                    default: break
                    }
                    return .value(.string(option.value))
                })
        }
        switch field.kind {
        case .choice:
            return .object([title, ("enum", options())])
        case .multichoice, .rank:
            let formwork = AnswersSchema.schema(for: field)
            guard case .object(var members) = formwork else { return formwork }
            if let index = members.firstIndex(where: { $0.0 == "items" }) {
                members[index].1 = .object([("enum", options())])
            }
            return .object(members)
        case .datetime:
            return .object([
                title, ("type", "string"),
                ("pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"),
            ])
        case .file where field.inlineFiles && !field.multipleFiles:  // a signature: its data URL
            return .object([title, ("type", "string"), ("pattern", "^data:")])
        case .file:
            let file: JSONOutput = .object([
                ("type", "object"), ("required", AnswersSchema.strings(["name", "content"])),
                (
                    "properties",
                    .object([
                        ("name", .object([("type", "string")])), ("type", .object([("type", "string")])),
                        ("content", .object([("type", "string")])),
                    ])
                ),
            ])
            return .object([title, ("type", "array"), ("minItems", 1), ("items", file)])
        case _ where layout.types[field.id] == "numbers":  // a range slider: [low, high]
            return .object([title, ("type", "array"), ("items", .object([("type", "number")]))])
        default:
            return AnswersSchema.schema(for: field)
        }
    }

    /// An object of the data being described: members by name, nested by path.
    private struct Member {
        var schema: JSONOutput?
        var required = false
        var children: [(String, Member)] = []

        mutating func insert(_ schema: JSONOutput, required: Bool, at steps: ArraySlice<String>) {
            guard let first = steps.first else {
                self.schema = schema
                self.required = required
                return
            }
            let index =
                children.firstIndex { $0.0 == first }
                ?? {
                    children.append((first, Member()))
                    return children.count - 1
                }()
            children[index].1.insert(schema, required: required, at: steps.dropFirst())
        }

        /// Whether the data always holds it (a nested object: when anything in it is required).
        var isRequired: Bool { schema == nil ? children.contains { $0.1.isRequired } : required }

        var objectMembers: [(String, JSONOutput)] {
            [
                ("type", "object"),
                ("additionalProperties", false),
                ("required", AnswersSchema.strings(children.filter { $0.1.isRequired }.map(\.0))),
                ("properties", .object(children.map { ($0.0, $0.1.schema ?? .object($0.1.objectMembers)) })),
            ]
        }
    }
}
