import Formwork

extension XLSFormReader {
    /// The form as Formwork's definition. Questions that read a skipped question are
    /// skipped in turn, so the passes repeat until no new question is skipped.
    mutating func document() -> DefinitionDocument {
        let formName = settings.formID ?? baseName
        formIdentifier = ids.makeID(from: formName)
        var tree = nodes
        assignNames(&tree)
        nodes = tree
        pathsByID = Dictionary(absoluteSymbols.map { ($0.value.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        if settings.values["instance_name"] != nil {
            let id = ids.makeID(from: "instanceName")
            instanceNameID = id
            elementPaths.append((id, "meta/instanceName"))
        }
        allocateEntityIDs()
        let structural = problems
        var result: DefinitionDocument
        repeat {
            problems = structural
            let skippedBefore = skippedNames
            result = buildDocument()
            if skippedNames == skippedBefore || !skipUnsupported { break }
        } while true
        return result
    }

    private mutating func buildDocument() -> DefinitionDocument {
        var builder = SectionBuilder()
        inputs = []
        usedKeys = [:]
        submissionGroups = []
        for node in nodes {
            switch node.kind {
            case .group, .loop:
                builder.close()
                emitGroup(node, conditions: [], into: &builder)
            default:
                if builder.isClosed { builder.start(id: implicitSectionID(), header: nil, visible: nil, place: nil) }
                builder.add(items(for: node, repeats: [], conditions: []))
            }
        }
        builder.close()
        var metaFields = entityFields()
        if let instanceName = settings.values["instance_name"], let id = instanceNameID,
            let name = translate(
                instanceName, column: "instance_name", row: survey.table.rows.first ?? Self.emptyRow, use: .text,
                current: nil, repeats: [], placeName: "settings")
        {
            // pyxform's meta/instanceName: the submission's name, computed.
            metaFields.append(.object([("id", .string(id)), ("kind", "calculate"), ("value", .string(name.text))]))
        }
        if !metaFields.isEmpty {
            builder.start(id: ids.makeID(from: "meta"), header: nil, visible: nil, place: SourcePlace("settings"))
            builder.add(metaFields)
            builder.close()
        }
        let settingsPlace = SourcePlace("settings")
        var form: [(String, DefinitionDocument)] = [
            ("id", .string(formIdentifier, at: settingsPlace)),
            ("title", .string(settings.title ?? settings.formID ?? baseName, at: settingsPlace)),
        ]
        if let version = settings.version { form.append(("version", .string(version, at: settingsPlace))) }
        if !writtenLanguages.isEmpty {
            form.append(
                (
                    "languages",
                    .object(
                        writtenLanguages.map { written in
                            let language = Self.language(written)
                            return (language.code, .string(language.name))
                        })
                ))
            form.append(("defaultLanguage", .string(defaultLanguage.code)))
        }
        if let dataDocument { form.append(("data", dataDocument)) }
        if !inputs.isEmpty { form.append(("inputs", .list(inputs))) }
        form.append(("sections", .list(builder.sections)))
        form.append(("submission", submissionLayout))
        // JavaRosa writes a number in text as Java does (`n=0.7899999999999991`).
        form.append(("numbersInText", .string(NumbersInText.java.rawValue)))
        return .object(form, at: SourcePlace("survey"))
    }

    /// How submissions are written: the instance pyxform builds (root `data` unless
    /// settings' `name` says, the form id and version as attributes, groups as
    /// elements). Skipped questions and inputs have no element.
    var submissionLayout: DefinitionDocument {
        let settingsPlace = SourcePlace("settings")
        var pairs: [(String, DefinitionDocument)] = [
            ("format", "odk"), ("root", .string(settings.values["name"] ?? "data", at: settingsPlace)),
            ("id", .string(settings.formID ?? baseName, at: settingsPlace)),
        ]
        if let version = settings.version { pairs.append(("version", .string(version, at: settingsPlace))) }
        // An XForm's instance namespace and the prefixes JavaRosa declares on the root.
        if let namespace = settings.values["x_namespace"] { pairs.append(("namespace", .string(namespace))) }
        if let prefixes = settings.values["x_namespaces"] {
            let declared = prefixes.split(separator: " ").compactMap { pair -> (String, DefinitionDocument)? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), .string(String(parts[1]))) : nil
            }
            pairs.append(("namespaces", .object(declared)))
        }
        if let instanceID = settings.values["x_instance_id"] {
            pairs.append(("instanceID", .string(instanceID == "-" ? "" : instanceID)))
        }
        if !submissionGroups.isEmpty {
            let groups = submissionGroups.map { group -> DefinitionDocument in
                var pairs: [(String, DefinitionDocument)] = [("path", .string(group.path))]
                if let repeatID = group.repeatID { pairs.append(("in", .string(repeatID))) }
                if let visible = group.visible { pairs.append(("visible", .string(visible))) }
                return .object(pairs)
            }
            pairs.append(("groups", .list(groups)))
        }
        let fieldIDs = Set(inputs.compactMap { $0["id"]?.text })
        pairs.append(
            (
                "paths",
                .object(
                    elementPaths.filter { $0.path != $0.id && !fieldIDs.contains($0.id) }.map {
                        ($0.id, .string($0.path))
                    })
            ))
        return .object(pairs)
    }

    /// A row with nothing in it (for expressions of the settings sheet).
    static let emptyRow = XLSFormTable.Row(number: 0, values: [:], columns: [])

    /// Metadata the device gives (read in expressions, never asked): Formwork inputs.
    static let inputMetadata: Set<String> = [
        "deviceid", "username", "phonenumber", "simserial", "subscriberid", "email",
    ]

    var baseName: String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        return name.split(separator: ".").first.map(String.init) ?? name
    }

    private mutating func implicitSectionID() -> String { ids.makeID(from: "survey") }

    /// A group outside every repeat: a section, and a section for each group nested in
    /// it (with both conditions), the rest of the group continuing after each.
    private mutating func emitGroup(
        _ node: XLSFormSurvey.Node, conditions: [String], into builder: inout SectionBuilder
    ) {
        var conditions = conditions
        if let relevant = condition("relevant", of: node, current: nil, repeats: []) { conditions.append(relevant) }
        let header = texts("label", of: node, repeats: [])
        let groupPlace = SourcePlace(place("type", node.row), quote: node.row["type"])
        // Its own `relevant`'s cell; a condition only inherited from the groups around
        // it is at the group, with no cell to quote (not the `begin group` written there).
        let visiblePlace =
            node.row["relevant"] == nil ? SourcePlace(place("type", node.row)) : cellPlace("relevant", node.row)
        // A `field-list` group is one screen in Collect: a page in guided filling.
        let page = node.row["appearance"]?.lowercased().split(separator: " ").contains("field-list") == true
        let path = (node.groups + [node.name]).joined(separator: "/")
        var isElement = !node.name.isEmpty
        if case .group = node.kind {} else { isElement = false }
        if isElement { submissionGroups.append((nil, path, ExpressionText.conjunction(conditions))) }
        builder.start(
            id: node.id, header: header, visible: ExpressionText.conjunction(conditions), place: groupPlace,
            visiblePlace: visiblePlace,
            page: page)
        for child in node.children {
            switch child.kind {
            case .group, .loop:
                builder.close()
                emitGroup(child, conditions: conditions, into: &builder)
                let continued = ids.makeID(from: node.id)
                builder.start(
                    id: continued, header: header, visible: ExpressionText.conjunction(conditions), place: groupPlace,
                    visiblePlace: SourcePlace(place("type", node.row)), page: page)
            default:
                builder.add(items(for: child, repeats: [], conditions: []))
            }
        }
        builder.close()
    }

    /// The fields (and repeats) a node becomes inside a section or an entry: a question
    /// (and its `_other` text), a repeat, or a group's contents with its condition.
    mutating func items(for node: XLSFormSurvey.Node, repeats: [String], conditions: [String]) -> [DefinitionDocument] {
        switch node.kind {
        case .question(.metadata(let name)) where Self.inputMetadata.contains(name) && repeats.isEmpty:
            // Given by the device: an input, read in expressions, never asked.
            let at = SourcePlace(place("type", node.row), quote: node.row["type"])
            inputs.append(
                .object(
                    [
                        ("id", .string(node.id)), ("type", "text"), ("label", .string(node.name)),
                        ("device", .string(name)),
                    ],
                    at: at))
            guard let valueID = metadataValueIDs[node.id] else { return [] }
            var pairs: [(String, DefinitionDocument)] = [("id", .string(valueID))]
            let key = answerKey(node, repeats: repeats) ?? node.name
            if key != valueID { pairs.append(("key", .string(key))) }
            return [.object(pairs + [("kind", "calculate"), ("value", .string("$" + node.id))], at: at)]
        case .question(let type):
            return question(node, type: type, repeats: repeats, conditions: conditions)
        case .group, .loop:
            var inner = conditions
            if let relevant = condition("relevant", of: node, current: nil, repeats: repeats) { inner.append(relevant) }
            if case .group = node.kind, !node.name.isEmpty, let repeatID = repeats.last {
                // An element in each entry: written while relevant there, even empty.
                let path = (node.groups.filter { !$0.isEmpty } + [node.name]).joined(separator: "/")
                submissionGroups.append((repeatID, path, ExpressionText.conjunction(inner)))
            }
            return node.children.flatMap { items(for: $0, repeats: repeats, conditions: inner) }
        case .repeatGroup:
            var items: [DefinitionDocument] = []
            if let countID = countIDs[node.name], let countCell = node.row["repeat_count"],
                let count = translate(
                    countCell, column: "repeat_count", row: node.row, use: .text, current: nil, repeats: repeats)
            {
                let at = SourcePlace(place("repeat_count", node.row), quote: countCell)
                items.append(
                    .object([("id", .string(countID)), ("kind", "calculate"), ("value", .string(count.text))], at: at))
            }
            return items + [repeatGroup(node, repeats: repeats, conditions: conditions)]
        }
    }

    private mutating func repeatGroup(
        _ node: XLSFormSurvey.Node, repeats: [String], conditions: [String]
    )
        -> DefinitionDocument
    {
        var conditions = conditions
        if let relevant = condition("relevant", of: node, current: nil, repeats: repeats) {
            conditions.append(relevant)
        }
        let inner = repeats + [node.id]
        let fields = node.children.flatMap { items(for: $0, repeats: inner, conditions: []) }
        let rowPlace = SourcePlace(place("type", node.row), quote: node.row["type"])
        if fields.isEmpty {
            report(
                .importError(
                    "repeat '\(node.name)' has no questions", hint: "add questions between its begin and end rows"),
                at: rowPlace.name, quote: rowPlace.quote)
        }
        var pairs: [(String, DefinitionDocument)] = [("id", .string(node.id))]
        // A repeat is written under its id in JSON answers (repeats have no `key`), and
        // under its name in a submission (the layout's path).
        _ = answerKey(node, repeats: repeats)
        pairs.append(("label", texts("label", of: node, repeats: repeats) ?? .string(node.name)))
        if let visible = ExpressionText.conjunction(conditions) {
            // As a group's: its own `relevant`'s cell, else the row with nothing to quote.
            let at = node.row["relevant"] == nil ? SourcePlace(rowPlace.name) : cellPlace("relevant", node.row)
            pairs.append(("visible", .string(visible, at: at)))
        }
        var options: [(String, DefinitionDocument)] = []
        if let countCell = node.row["repeat_count"] {
            let symbol = XPathSymbol(id: node.id, type: .repeatEntries, repeats: repeats)
            if let count = translate(
                countCell, column: "repeat_count", row: node.row, use: .value, current: symbol, repeats: repeats)
            {
                let text = count.type == .number ? count.text : "number(\(count.text))"
                options.append(
                    ("count", .string(text, at: SourcePlace(place("repeat_count", node.row), quote: countCell))))
            }
        } else if repeats.isEmpty, let entries = Int(node.row["x_entries"] ?? "1"), entries > 0 {
            // JavaRosa starts with the entries the XForm's instance holds besides its
            // template: pyxform writes one, which Collect shows without asking. (A repeat
            // in a repeat's entry starts as the outer template has it: not read here.)
            options.append(("start", .number(String(entries))))
        }
        pairs.append(("repeat", options.isEmpty ? .bool(true) : .object(options)))
        pairs.append(("fields", .list(fields)))
        return .object(pairs, at: rowPlace)
    }
}

/// Sections being built: the open one takes fields until it is closed; one without
/// fields is dropped.
struct SectionBuilder {
    private(set) var sections: [DefinitionDocument] = []
    private var open: (pairs: [(String, DefinitionDocument)], fields: [DefinitionDocument], place: SourcePlace?)?

    var isClosed: Bool { open == nil }

    mutating func start(
        id: String, header: DefinitionDocument?, visible: String?, place: SourcePlace?,
        visiblePlace: SourcePlace? = nil,
        page: Bool = false
    ) {
        close()
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
        if let header { pairs.append(("header", header)) }
        if let visible { pairs.append(("visible", .string(visible, at: visiblePlace))) }
        if page { pairs.append(("page", .bool(true))) }
        open = (pairs, [], place)
    }

    mutating func add(_ fields: [DefinitionDocument]) {
        open?.fields += fields
    }

    mutating func close() {
        guard let section = open else { return }
        open = nil
        guard !section.fields.isEmpty else { return }
        sections.append(.object(section.pairs + [("fields", .list(section.fields))], at: section.place))
    }
}
