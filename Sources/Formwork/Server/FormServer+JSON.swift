import FormworkCore
import Foundation

/// How the server writes definitions, snapshots, changes and errors.
extension FormServer {
    static func json(_ errors: [FieldError]) -> JSONOutput { .array(errors.map(json)) }

    static func json(_ error: FieldError) -> JSONOutput {
        .object([
            ("field", .value(.string(error.field))), ("rule", .value(.string(error.rule.name))),
            ("message", .value(.string(error.message))),
        ])
    }

    /// A text as the definition writes it: a string, or an object of language to string.
    static func json(_ text: FormText?) -> JSONOutput {
        guard let text else { return nil }
        guard text.isTranslated else { return .value(.string(text.source(in: nil, defaultLanguage: nil))) }
        return .object(text.variants.map { ($0.language ?? "", .value(.string($0.template.source))) })
    }

    /// `form.describe`: the definition, with conditions as their source text.
    func describe() -> JSONOutput {
        let definition = session.definition
        return .compact([
            ("id", .value(.string(definition.id))), ("title", Self.json(definition.titleText)),
            ("description", Self.json(definition.descriptionText)), ("version", .optional(definition.version)),
            (
                "languages",
                definition.languages.isEmpty
                    ? nil
                    : .array(
                        definition.languages.map {
                            .object([("code", .value(.string($0.code))), ("name", .value(.string($0.name)))])
                        })
            ),
            ("defaultLanguage", .optional(definition.defaultLanguage)),
            (
                "sections",
                .array(
                    definition.sections.map { section in
                        .compact([
                            ("id", .value(.string(section.id))), ("header", Self.json(section.headerText)),
                            ("footer", Self.json(section.footerText)),
                            ("visible", .optional(section.visible?.source)),
                            ("repeat", section.repeatIndex.map { repeatOptions(definition.repeats[$0]) } ?? nil),
                            (
                                "fields",
                                .array(
                                    section.repeatIndex.map { describe(definition.repeats[$0].items) }
                                        ?? describe(section.items))
                            ),
                        ])
                    })
            ),
            ("inputs", describeInputs()),
        ])
    }

    /// A section's or a repeat's items: fields, and repeats as items of kind `repeat`
    /// with their own `fields`, as definitions write them.
    func describe(_ items: [FormItem]) -> [JSONOutput] {
        let definition = session.definition
        return items.map { item in
            switch item {
            case .field(let index): return describe(definition.fields[index])
            case .repeatGroup(let index):
                let repeatDefinition = definition.repeats[index]
                return .compact([
                    ("id", .value(.string(repeatDefinition.id))), ("kind", "repeat"),
                    ("label", Self.json(repeatDefinition.labelText)),
                    ("visible", .optional(repeatDefinition.visible?.source)),
                    ("repeat", repeatOptions(repeatDefinition)), ("fields", .array(describe(repeatDefinition.items))),
                ])
            }
        }
    }

    /// `min`, `max`, `start`, `count`, `addLabel`, `entryLabel`, as the definition gives them.
    func repeatOptions(_ repeatDefinition: RepeatDefinition) -> JSONOutput {
        .compact([
            ("min", .value(.number(Double(repeatDefinition.minimum)))),
            ("max", .value(.number(Double(repeatDefinition.maximum)))),
            ("start", .value(.number(Double(repeatDefinition.start)))),
            ("count", .optional(repeatDefinition.count?.source)),
            ("addLabel", Self.json(repeatDefinition.addLabelText)),
            ("entryLabel", Self.json(repeatDefinition.entryLabel)),
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
        let described: JSONOutput = .compact([
            ("id", .value(.string(field.id))), ("kind", .value(.string(field.kindName))),
            ("label", field.label.isEmpty && !field.texts.label.isTranslated ? nil : Self.json(field.texts.label)),
            ("help", Self.json(field.texts.help)), ("placeholder", Self.json(field.texts.placeholder)),
            ("text", Self.json(field.texts.note)),
            ("type", field.valueType.map { .value(.string($0.name)) } ?? nil),
            ("default", bound(field.defaultValue)), ("required", required),
            ("requiredMessage", Self.json(field.requiredMessage)),
            ("visible", .optional(field.visible?.source)),
            ("value", .optional(field.value?.source)), ("format", .optional(field.format?.rawValue)),
            ("pattern", .optional(field.pattern?.source)), ("minLength", number(field.minLength)),
            ("maxLength", number(field.maxLength)),
            ("multiline", field.multiline ? true : nil), ("min", bound(field.minimum)), ("max", bound(field.maximum)),
            ("step", field.step.map { .value(.number($0)) } ?? nil),
            (
                "options",
                field.options.isEmpty
                    ? nil
                    : .array(
                        field.options.map { option in
                            .compact([
                                ("value", .value(.string(option.value))), ("label", Self.json(option.labelText)),
                                ("visible", .optional(option.visible?.source)),
                            ])
                        })
            ),
            ("minSelected", number(field.minSelected)), ("maxSelected", number(field.maxSelected)),
            ("extensions", field.extensions.isEmpty ? nil : .array(field.extensions.map { .value(.string($0)) })),
            ("maxSize", number(field.maxSize)),
            ("multiple", field.multipleFiles ? .value(.bool(true)) : nil),
            ("inline", field.inlineFiles ? .value(.bool(true)) : nil),
            (
                "rules",
                field.rules.isEmpty
                    ? nil
                    : .array(
                        field.rules.map { rule in
                            .object([
                                ("check", .value(.string(rule.check.source))),
                                ("message", Self.json(rule.messageText)),
                            ])
                        })
            ),
        ])
        return Self.appending(describeBehaviours(of: field), to: described)
    }

    /// `form.snapshot`: the visible sections and rows, with values and errors, as the
    /// data source shows them after the last reload. Rows are fields (by path) and the
    /// rows that add an entry; an entry's section says which entry it is and carries
    /// its header as the table shows it (`Member #2`).
    func snapshot() -> JSONOutput {
        let errors = session.errors()
        let dataSource = session.dataSource
        var numbers: [String: Int] = [:]
        let snapshot: JSONOutput = .object(
            [
                (
                    "sections",
                    .array(
                        (0..<dataSource.numberOfSections).map { section in
                            var header = dataSource.header(inSection: section).title
                            var entry: String?
                            if case .custom(let value) = dataSource.header(inSection: section),
                                let entryHeader = value as? EntryHeader
                            {
                                var number: Int?
                                if let key = entryHeader.key {
                                    numbers[key, default: 0] += 1
                                    number = numbers[key]
                                }
                                header = entryHeader.text(number: number)
                                entry = session.entryPath(atSection: section)
                            }
                            return .compact([
                                ("id", .optional(dataSource.section(at: section)?.identifier)),
                                ("header", .optional(header)), ("entry", .optional(entry)),
                                ("footer", .optional(dataSource.footer(inSection: section).title)),
                                (
                                    "rows",
                                    .array(
                                        (0..<dataSource.numberOfRows(inSection: section)).compactMap { row in
                                            snapshotRow(IndexPath(row: row, section: section))
                                        })
                                ),
                            ])
                        })
                ),
                ("errors", Self.json(errors)),
            ] + (session.language.map { [("language", .value(.string($0)))] } ?? []))
        return Self.appending(snapshotBehaviours(), to: snapshot)
    }

    /// A row of the snapshot: a field with its value, or an add row.
    func snapshotRow(_ indexPath: IndexPath) -> JSONOutput? {
        guard let row = session.dataSource.row(at: indexPath), let path = session.path(at: indexPath) else {
            return nil
        }
        if let add = row.item(as: EntryAddRow.self) {
            return .object([
                ("id", .value(.string(path))), ("kind", "add"), ("label", .value(.string(add.label))),
                ("display", .value(.string(add.status))), ("enabled", .value(.bool(add.canAdd))),
            ])
        }
        guard let item = row.item(as: FieldRow.self) else { return nil }
        let field = session.definition.fields[item.fieldIndex]
        let help: [(String, JSONOutput)] = item.help.map { [("help", .value(.string($0)))] } ?? []
        return .object(
            [
                ("id", .value(.string(path))), ("kind", .value(.string(field.kindName))),
                ("label", .value(.string(item.label))),
            ]
                + help + [
                    ("value", .value(FormSession.presented(item.value, of: field))),
                    ("display", .value(.string(item.displayValue))),
                    ("required", .value(.bool(item.isRequired))), ("readonly", .value(.bool(item.isReadOnly))),
                    ("error", item.error.map(Self.json) ?? nil),  // as the row shows it
                ])
    }

    /// The result of a mutating call and the `form.changed` payload: the changeset with
    /// the field of each row, the shown values that changed, the current errors.
    func changes(_ change: FormChange) -> JSONOutput {
        let dataSource = session.dataSource
        func newID(_ path: IndexPath) -> String? { session.path(at: path) }
        func position(_ path: IndexPath, _ id: String?) -> JSONOutput {
            .compact([
                ("section", .value(.number(Double(path.section)))), ("row", .value(.number(Double(path.row)))),
                ("id", .optional(id)),
            ])
        }
        func pair(_ move: PositionPair<IndexPath>) -> JSONOutput {
            .compact([
                ("from", position(move.from, nil)), ("to", position(move.to, nil)), ("id", .optional(newID(move.to))),
            ])
        }
        func sectionID(_ index: Int) -> JSONOutput { .optional(dataSource.section(at: index)?.identifier) }
        func number(_ value: Int) -> JSONOutput { .value(.number(Double(value))) }
        let sections = change.changeset.sections
        let rows = change.changeset.rows
        let values = change.values.compactMap { value -> JSONOutput? in
            guard let field = try? session.field(value.field) else { return nil }
            return .object([
                ("field", .value(.string(value.field))), ("from", .value(FormSession.presented(value.from, of: field))),
                ("to", .value(FormSession.presented(value.to, of: field))),
            ])
        }
        return .object([
            (
                "changes",
                .object([
                    (
                        "sections",
                        .object([
                            ("deleted", .array(sections.deleted.map(number))),
                            (
                                "inserted",
                                .array(
                                    sections.inserted.map { .object([("index", number($0)), ("id", sectionID($0))]) })
                            ),
                            (
                                "moved",
                                .array(
                                    sections.moved.map { .object([("from", number($0.from)), ("to", number($0.to))]) })
                            ),
                            (
                                "updated",
                                .array(
                                    sections.updated.map {
                                        .object([("from", number($0.from)), ("to", number($0.to))])
                                    })
                            ),
                        ])
                    ),
                    (
                        "rows",
                        .object([
                            ("deleted", .array(rows.deleted.map { position($0, change.deletedRows[$0]) })),
                            ("inserted", .array(rows.inserted.map { position($0, newID($0)) })),
                            ("moved", .array(rows.moved.map(pair))),
                            ("updated", .array(rows.updated.map(pair))),
                        ])
                    ),
                ])
            ),
            ("values", .array(values)),
            ("errors", Self.json(change.errors)),
        ])
    }
}
