import Foundation

/// The choices of an XForm's selects, as the `choices` sheet.
extension XFormReader {
    /// A select's choices: inline `<item>`s as a list of their own, or an itemset over
    /// a secondary instance (its predicate the choice filter).
    mutating func readChoices(_ control: XMLTree.Element, into row: inout [String: String]) {
        let type = row["type"]!
        if let itemset = control.child(named: "itemset"), let nodeset = itemset.attribute("nodeset") {
            guard let (instance, filter) = Self.itemsetSource(nodeset), let source = secondary[instance] else {
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
                        for (language, text) in itext[id] ?? [:] { choice[Self.column("label", language)] = text }
                    } else if let label = item.child(named: labelRef)?.text {
                        for column in languages.isEmpty ? ["label"] : languages.map({ Self.column("label", $0) }) {
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
            var choice: [String: String] = ["list_name": listName, "name": item.child(named: "value")?.text ?? ""]
            choice.merge(texts("label", of: item.child(named: "label"))) { a, _ in a }
            addChoice(choice, at: item)
        }
        row["type"] = "\(type) \(listName)"
    }

    mutating func addChoice(_ choice: [String: String], at element: XMLTree.Element) {
        let new = choice.keys.filter { !knownChoiceColumns.contains($0) }
        if !new.isEmpty {
            choiceColumns += new.sorted(by: columnOrder)
            knownChoiceColumns.formUnion(new)
        }
        choiceRows.append(choice)
        places["choices"]![choiceRows.count + 1] = place(element)
    }
}
