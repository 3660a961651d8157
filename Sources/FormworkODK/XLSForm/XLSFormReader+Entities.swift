import Formwork

/// ODK entities (the XForms entities specification, pyxform's `entities` sheet): a
/// submission carries `meta/entity`, which ODK Central reads to create an entity in a
/// list or update one, computed as JavaRosa computes it.
///
/// The sheet's first row declares it: `list_name` (the dataset), `label` (an
/// expression, the entity's label), and either `create_if` (a condition; without it,
/// every submission creates one) or `entity_id` (an expression naming the entity to
/// update, with `update_if`, and `create_if` to create it when it does not exist).
/// Each part is a calculation written where pyxform's instance has it:
///
/// ```xml
/// <meta><entity dataset="trees" create="1" id="6a1c…"><label>oak 5</label></entity>…</meta>
/// <meta><entity dataset="trees" update="1" baseVersion="3" trunkVersion="" branchId="" id="t1"/>…</meta>
/// ```
///
/// `create` and `update` are `1` or `0`; a new entity's `id` is a `uuid()` (kept for
/// the session); an update's `baseVersion`, `trunkVersion` and `branchId` are the
/// entity's `__version`, `__trunkVersion` and `__branchId` in the list sent with the
/// form (`trees.csv`), as `instance('trees')/root/item[name = id]/__version` reads
/// them. The `save_to` column of the survey names an entity property a question
/// saves to: ODK Central reads it from the form, and the submission is unchanged.
extension XLSFormReader {
    /// The `entities` sheet's declaration.
    struct EntityDeclaration {
        let dataset: String
        let label: String?
        let entityID: String?
        let createIf: String?
        let updateIf: String?
        let row: XLSFormTable.Row
    }

    /// The declaration of `table` (its first row with a `list_name`), with what is
    /// wrong with it reported.
    static func entityDeclaration(_ table: XLSFormTable?) -> (EntityDeclaration?, [XLSFormProblem]) {
        guard let table, let row = table.rows.first(where: { $0["list_name"] != nil }) else { return (nil, []) }
        let dataset = row["list_name"]!
        var problems: [XLSFormProblem] = []
        if dataset.contains(".") || dataset.hasPrefix("__") {
            problems.append(
                XLSFormProblem(
                    place: table.reference(of: "list_name", in: row),
                    message:
                        "the entity list '\(dataset)' cannot have a '.' or start with '__' (ODK Central refuses it)"))
        }
        let declaration = EntityDeclaration(
            dataset: dataset, label: row["label"], entityID: row["entity_id"], createIf: row["create_if"],
            updateIf: row["update_if"], row: row)
        if declaration.label == nil, declaration.entityID == nil || declaration.createIf != nil {
            problems.append(
                XLSFormProblem(
                    place: table.reference(of: "label", in: row),
                    message: "an entity that a submission creates needs a label (the entities sheet's 'label' column)"))
        }
        if declaration.updateIf != nil, declaration.entityID == nil {
            problems.append(
                XLSFormProblem(
                    place: table.reference(of: "update_if", in: row),
                    message: "'update_if' needs an 'entity_id': the entity to update"))
        }
        return (declaration, problems)
    }

    /// The attributes and element of `meta/entity`, in pyxform's order, each with the
    /// XPath computing it (`nil`: a literal, the text given).
    static func entityParts(_ entity: EntityDeclaration) -> [(path: String, xpath: String?, literal: String)] {
        var parts: [(String, String?, String)] = [("@dataset", nil, entity.dataset)]
        if let entityID = entity.entityID {
            if let createIf = entity.createIf { parts.append(("@create", createIf, "")) }
            parts.append(("@update", entity.updateIf, "1"))
            for (attribute, column) in [
                ("@baseVersion", "__version"), ("@trunkVersion", "__trunkVersion"), ("@branchId", "__branchId"),
            ] {
                parts.append(
                    (attribute, "instance('\(entity.dataset)')/root/item[name = \(entityID)]/\(column)", ""))
            }
            parts.append(("@id", entityID, ""))
        } else {
            parts.append(("@create", entity.createIf, "1"))
            parts.append(("@id", "uuid()", ""))
        }
        if let label = entity.label { parts.append(("label", label, "")) }
        return parts
    }

    /// The calculations that write `meta/entity` (ids given by `entityIDs`).
    mutating func entityFields() -> [DefinitionDocument] {
        guard let entity, let table = entitiesTable else { return [] }
        var fields: [DefinitionDocument] = []
        for ((path, xpath, literal), id) in zip(Self.entityParts(entity), entityIDs) {
            let column: String
            switch path {
            case "label": column = "label"
            case "@create": column = "create_if"
            case "@update": column = "update_if"
            default: column = "entity_id"
            }
            var value = ExpressionText.string(literal)
            if let xpath {
                let isCondition = path == "@create" || path == "@update"
                let translated = translateEntity(
                    xpath, column: column, use: isCondition ? .condition : .text, table: table, row: entity.row)
                value = translated.map { isCondition ? "if(\($0), '1', '0')" : $0 } ?? "''"
            }
            fields.append(
                .object(
                    [("id", .string(id)), ("kind", "calculate"), ("value", .string(value))],
                    at: SourcePlace(table.reference(of: column, in: entity.row), quote: xpath)))
        }
        return fields
    }

    private mutating func translateEntity(
        _ xpath: String, column: String, use: ExpressionUse, table: XLSFormTable, row: XLSFormTable.Row
    ) -> String? {
        let place = table.reference(of: column, in: row)
        return translate(
            xpath, column: column, row: Self.emptyRow, use: use, current: nil, repeats: [], placeName: place)?.text
    }

    /// Gives each part of `meta/entity` its id and element path (once, before the
    /// document is built).
    mutating func allocateEntityIDs() {
        guard let entity else { return }
        entityIDs = Self.entityParts(entity).map { part in
            let name = "entity_" + part.path.replacingOccurrences(of: "@", with: "")
            let id = ids.makeID(from: name)
            elementPaths.append((id, "meta/entity/" + part.path))
            return id
        }
    }
}
