import Foundation

/// The choices of an XForm's selects, as the `choices` sheet.
extension XFormReader {
    /// A select's choices: inline `<item>`s as a list of their own, or an itemset over
    /// a secondary instance (its predicate the choice filter).
    mutating func readChoices(_ control: XMLTree.Element, into row: inout [String: String]) {
        let type = row["type"]!
        if let itemset = control.child(named: "itemset"), let nodeset = itemset.attribute("nodeset") {
            let (listNodes, shuffled) = Self.unshuffled(nodeset)
            if shuffled { row["parameters"] = "randomize=true" }
            guard let (instance, filter) = Self.itemsetSource(listNodes), let source = secondary[instance] else {
                row["type"] = "text"
                row["x_unsupported"] = "choices from '\(nodeset)' (only instance('ID')/root/item[filter] is read)"
                return
            }
            let valueRef = itemset.child(named: "value")?.attribute("ref") ?? "name"
            let labelRef = itemset.child(named: "label")?.attribute("ref") ?? "label"
            if let file = source.attribute("src") {
                // A file sent with the form (`jr://file/cities.geojson`, `jr://file-csv/…`):
                // read from the form's media folder as an XLSForm's select_one_from_file.
                let name = file.split(separator: "/").last.map(String.init) ?? file
                guard file.hasPrefix("jr://file/") || file.hasPrefix("jr://file-csv/"),
                    type == "select_one" || type == "select_multiple"
                else {
                    row["type"] = "text"
                    row["x_unsupported"] = "choices from '\(file)' (a file sent beside the form)"
                    return
                }
                row["type"] = "\(type)_from_file \(name)"
                let parameters = [("value", valueRef, "name"), ("label", labelRef, "label")]
                    .filter { $0.1 != $0.2 }.map { "\($0.0)=\($0.1)" }
                if !parameters.isEmpty { row["parameters"] = parameters.joined(separator: " ") }
                if let filter { row["choice_filter"] = filter }
                return
            }
            let listName = "instance:" + instance
            if instanceLists.insert(listName).inserted {
                for item in source.children.first?.children ?? [] {
                    var choice: [String: String] = ["list_name": listName]
                    // The item's other elements are the columns a filter reads.
                    for field in item.children where field.localName != "label" && !field.localName.hasPrefix("label:")
                    {
                        choice[field.localName] = field.text
                    }
                    choice["name"] = item.child(named: valueRef)?.text ?? ""
                    if let idField = Self.itextID(labelRef), let id = item.child(named: idField)?.text {
                        for (column, text) in translated.label(id, column: "label") { choice[column] = text }
                    } else if let label = item.child(named: labelRef)?.text {
                        for column in languages.isEmpty ? ["label"] : translated.columns("label") {
                            choice[column] = label
                        }
                    }
                    addChoice(choice, at: item)
                }
            }
            row["type"] = "\(type) \(listName)"
            if let filter { row["choice_filter"] = filter }
            return
        }
        listCount += 1
        let listName = "items:\(row["name"] ?? "")#\(listCount)"
        for item in control.children(named: "item") {
            var choice = [String: String](minimumCapacity: 2 + languages.count)
            choice["list_name"] = listName
            choice["name"] = item.child(named: "value")?.text ?? ""
            choice.merge(texts("label", of: item.child(named: "label"))) { a, _ in a }
            addChoice(choice, at: item)
        }
        row["type"] = "\(type) \(listName)"
    }

    mutating func addChoice(_ choice: [String: String], at element: XMLTree.Element) {
        choiceRows.add(choice, order: Self.columnOrder(languages: languages))
        places["choices"]![choiceRows.cells.count + 1] = place(element)
    }

    /// An itemset's node-set without JavaRosa's `randomize(nodes, seed)` around it,
    /// and whether it had one (then the question has XLSForm's `randomize=true`).
    static func unshuffled(_ nodeset: String) -> (nodeset: String, shuffled: Bool) {
        let trimmed = nodeset.trimmed(.whitespaces)
        guard trimmed.hasPrefix("randomize("), trimmed.hasSuffix(")") else { return (nodeset, false) }
        let inner = trimmed.dropFirst("randomize(".count).dropLast()
        // The node-set ends at the first comma outside brackets, parentheses and quotes.
        var depth = 0
        var quote: Character?
        for index in inner.indices {
            let character = inner[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case "," where depth == 0: return (String(inner[..<index]), true)
            default: break
            }
        }
        return (String(inner), true)
    }
}

extension XFormReader {
    /// The form's secondary instances as expressions read them: an inline one's items
    /// (each child element a column; a label by `itextId` in every language), one
    /// from a file by the file's name, and `_itext`, the translations by id.
    var secondaryInstances: [String: SecondaryInstance] {
        var instances: [String: SecondaryInstance] = [:]
        for (id, element) in secondary {
            if let source = element.attribute("src") {
                guard let file = source.split(separator: "/").last.map(String.init), source.hasPrefix("jr://file")
                else { continue }
                instances[id] = .file(file)
                continue
            }
            instances[id] = .rows(
                (element.children.first?.children ?? []).map { item in
                    var row = [String: String](minimumCapacity: item.children.count + languages.count)
                    for field in item.children where row[field.localName] == nil { row[field.localName] = field.text }
                    if let id = row["itextId"] {
                        for (column, text) in translated.label(id, column: "label") { row[column] = text }
                    }
                    return row
                })
        }
        // `jr:itext()` reads a text's plain form (a label shows its long one).
        // Made into rows only when an expression reads it.
        instances[XPathTranslation.itextTable] = .translations(translated)
        return instances
    }
}

extension XFormReader {
    /// `meta/entity` (ODK entities) as the entities sheet pyxform reads: its `dataset`,
    /// the calculations bound to its `@create`, `@update` and `@id` (an update's entity;
    /// a new entity's id is the `uuid()` a `setvalue` gives) and its `label`.
    mutating func readEntity(_ element: XMLTree.Element?, root: String) {
        guard let element, let dataset = element.attribute("dataset") else { return }
        let path = root + "/meta/entity"
        var row = ["list_name": dataset]
        if let create = binds[path + "/@create"]?.attribute("calculate") { row["create_if"] = create }
        if let update = binds[path + "/@update"]?.attribute("calculate") { row["update_if"] = update }
        if element.attribute("update") != nil, let id = binds[path + "/@id"]?.attribute("calculate") {
            row["entity_id"] = id
        }
        if let label = binds[path + "/label"]?.attribute("calculate") { row["label"] = label }
        let columns = ["list_name", "label", "entity_id", "create_if", "update_if"]
        entities = [columns, columns.map { row[$0] ?? "" }]
    }
}
