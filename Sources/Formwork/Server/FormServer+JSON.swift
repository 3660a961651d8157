import FormworkCore
import Foundation

/// How the server writes definitions, snapshots, changes and errors.
extension FormServer {
    static func json(_ errors: [FieldError]) -> JSONOutput { .array(errors.map(json)) }

    static func json(_ error: FieldError) -> JSONOutput {
        .object([("field", .value(.string(error.field))), ("rule", .value(.string(error.rule.name))),
                 ("message", .value(.string(error.message)))])
    }

    /// `form.describe`: the definition, with conditions as their source text.
    func describe() -> JSONOutput {
        let definition = session.definition
        return .compact([
            ("id", .value(.string(definition.id))), ("title", .value(.string(definition.title))),
            ("description", .optional(definition.description)), ("version", .optional(definition.version)),
            ("sections", .array(definition.sections.map { section in
                .compact([
                    ("id", .value(.string(section.id))), ("header", .optional(section.header)), ("footer", .optional(section.footer)),
                    ("visible", .optional(section.visible?.source)),
                    ("fields", .array(section.fieldIndices.map { describe(definition.fields[$0]) })),
                ])
            })),
        ])
    }

    func describe(_ field: FieldDefinition) -> JSONOutput {
        func number(_ value: Int?) -> JSONOutput { value.map { .value(.number(Double($0))) } ?? nil }
        func bound(_ bound: Bound?) -> JSONOutput {
            switch bound {
            case .value(let value)?: return .value(value)
            case .expression(let expression)?: return .value(.string(expression.source))
            case nil: return nil
            }
        }
        let required: JSONOutput
        switch field.required {
        case .never: required = nil
        case .always: required = true
        case .when(let condition): required = .value(.string(condition.source))
        }
        return .compact([
            ("id", .value(.string(field.id))), ("kind", .value(.string(field.kindName))),
            ("label", field.label.isEmpty ? nil : .value(.string(field.label))), ("help", .optional(field.help)),
            ("placeholder", .optional(field.placeholder)), ("text", .optional(field.text)),
            ("type", field.valueType.map { .value(.string($0.name)) } ?? nil),
            ("default", bound(field.defaultValue)), ("required", required), ("visible", .optional(field.visible?.source)),
            ("value", .optional(field.value?.source)), ("format", .optional(field.format?.rawValue)),
            ("pattern", .optional(field.pattern?.source)), ("minLength", number(field.minLength)), ("maxLength", number(field.maxLength)),
            ("multiline", field.multiline ? true : nil), ("min", bound(field.minimum)), ("max", bound(field.maximum)),
            ("step", field.step.map { .value(.number($0)) } ?? nil),
            ("options", field.options.isEmpty ? nil : .array(field.options.map { option in
                .compact([("value", .value(.string(option.value))), ("label", .value(.string(option.label))),
                          ("visible", .optional(option.visible?.source))])
            })),
            ("minSelected", number(field.minSelected)), ("maxSelected", number(field.maxSelected)),
            ("rules", field.rules.isEmpty ? nil : .array(field.rules.map { rule in
                .object([("check", .value(.string(rule.check.source))), ("message", .value(.string(rule.message)))])
            })),
        ])
    }

    /// `form.snapshot`: the visible sections and rows, with values and errors.
    func snapshot() -> JSONOutput {
        let errors = Dictionary(session.errors().map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        return .object([
            ("sections", .array(session.visibleSections().map { section in
                .compact([
                    ("id", .value(.string(section.id))), ("header", .optional(section.header)), ("footer", .optional(section.footer)),
                    ("rows", .array(section.rows.map { row in
                        let field = session.definition.fields[row.index]
                        let secure = field.kind == .secure && !row.value.isNull
                        return .object([
                            ("id", .value(.string(row.id))), ("kind", .value(.string(field.kindName))),
                            ("label", .value(.string(field.label))), ("value", secure ? "•••" : .value(row.value)),
                            ("display", .value(.string(row.displayValue))), ("required", .value(.bool(row.isRequired))),
                            ("error", errors[row.id].map(Self.json) ?? nil),
                        ])
                    })),
                ])
            })),
            ("errors", Self.json(session.errors())),
        ])
    }

    /// The result of a mutating call and the `form.changed` payload.
    func changes(_ changeset: Changeset, before: [String: (IndexPath, FieldRow)]) -> JSONOutput {
        let oldIDs = Dictionary(before.map { ($0.value.0, $0.key) }, uniquingKeysWith: { first, _ in first })
        func newID(_ path: IndexPath) -> String? { session.dataSource.row(at: path)?.item(as: FieldRow.self)?.id }
        func position(_ path: IndexPath, _ id: String?) -> JSONOutput {
            .compact([("section", .value(.number(Double(path.section)))), ("row", .value(.number(Double(path.row)))),
                      ("id", .optional(id))])
        }
        func pair(_ move: PositionPair<IndexPath>) -> JSONOutput {
            .compact([("from", position(move.from, nil)), ("to", position(move.to, nil)), ("id", .optional(newID(move.to)))])
        }
        func sectionID(_ index: Int) -> JSONOutput { .optional(session.dataSource.section(at: index)?.identifier) }
        let sections = changeset.sections
        let rows = changeset.rows
        let after = session.shownRows()
        let values = session.definition.fields.compactMap { field -> JSONOutput? in
            let from = before[field.id]?.1.value ?? .null
            let to = after[field.id]?.1.value ?? .null
            guard field.kind.hasValue, from != to else { return nil }
            let secure = field.kind == .secure
            return .object([("field", .value(.string(field.id))), ("from", secure && !from.isNull ? "•••" : .value(from)),
                            ("to", secure && !to.isNull ? "•••" : .value(to))])
        }
        return .object([
            ("changes", .object([
                ("sections", .object([
                    ("deleted", .array(sections.deleted.map { .value(.number(Double($0))) })),
                    ("inserted", .array(sections.inserted.map { .object([("index", .value(.number(Double($0)))), ("id", sectionID($0))]) })),
                    ("moved", .array(sections.moved.map { .object([("from", .value(.number(Double($0.from)))), ("to", .value(.number(Double($0.to))))]) })),
                    ("updated", .array(sections.updated.map { .object([("from", .value(.number(Double($0.from)))), ("to", .value(.number(Double($0.to))))]) })),
                ])),
                ("rows", .object([
                    ("deleted", .array(rows.deleted.map { position($0, oldIDs[$0]) })),
                    ("inserted", .array(rows.inserted.map { position($0, newID($0)) })),
                    ("moved", .array(rows.moved.map(pair))),
                    ("updated", .array(rows.updated.map(pair))),
                ])),
            ])),
            ("values", .array(values)),
            ("errors", Self.json(session.errors())),
        ])
    }
}
