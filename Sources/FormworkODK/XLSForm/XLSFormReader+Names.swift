import Formwork

extension XLSFormReader {
    /// Gives every question, group and repeat its Formwork id and records what `${name}`
    /// reads: the question, its type as ODK binds it, and the repeats around it.
    mutating func assignNames(
        _ nodes: inout [XLSFormSurvey.Node], repeats: [String] = [], groups: [String] = [], absolute: String? = nil
    ) {
        let absolute = absolute ?? "/" + (settings.values["name"] ?? "data")
        for index in nodes.indices {
            nodes[index].groups = groups
            let node = nodes[index]
            let nodePath = absolute + "/" + node.name
            if let known = nodePaths[node.row.number] {
                if known != nodePath { nodePaths[node.row.number] = .some(nil) }
            } else {
                nodePaths[node.row.number] = nodePath
            }
            switch node.kind {
            case .question(let type):
                let id = ids.makeID(from: node.name)
                nodes[index].id = id
                let valueType = calculationType(node.row, type: type) ?? Self.valueType(type)
                record(node.name, XPathSymbol(id: id, type: valueType, repeats: repeats))
                switch type {
                case .selectOne(let list, _), .selectMultiple(let list, _), .selectExternal(let list), .rank(let list),
                    .selectFromFile(let list, _):
                    optionValues[id] = choices.lists[list]?.map(\.name)
                case .acknowledge: optionValues[id] = ["OK"]
                default: break
                }
                if case .metadata(let name) = type, Self.inputMetadata.contains(name), repeats.isEmpty {
                    // Given by the device as an input (`--set deviceid=…`), and written to
                    // the submission by a calculation reading it.
                    let valueID = ids.makeID(from: node.name + "_value")
                    metadataValueIDs[id] = valueID
                    elementPaths.append((valueID, (groups + [node.name]).joined(separator: "/")))
                    absoluteSymbols[absolute + "/" + node.name] = XPathSymbol(id: id, type: .text, repeats: repeats)
                    continue
                }
                absoluteSymbols[absolute + "/" + node.name] =
                    symbols[node.name].flatMap { $0.id == id ? $0 : nil }
                    ?? XPathSymbol(id: id, type: valueType, repeats: repeats)
                // pyxform writes an audit's element in `meta`, wherever its row is.
                let path = type == .metadata("audit") ? ["meta", node.name] : groups + [node.name]
                elementPaths.append((id, path.joined(separator: "/")))
                if Self.hasOther(type) {
                    let otherName = node.name + "_other"
                    let otherID = ids.makeID(from: otherName)
                    record(otherName, XPathSymbol(id: otherID, type: .text, repeats: repeats))
                    absoluteSymbols[absolute + "/" + otherName] = XPathSymbol(
                        id: otherID, type: .text, repeats: repeats)
                    elementPaths.append((otherID, (groups + [otherName]).joined(separator: "/")))
                }
            case .group, .loop:
                let id = ids.makeID(from: node.name.isEmpty ? "group" : node.name)
                nodes[index].id = id
                if !node.name.isEmpty {
                    record(node.name, XPathSymbol(id: id, type: .none, repeats: repeats))
                    absoluteSymbols[absolute + "/" + node.name] = XPathSymbol(id: id, type: .none, repeats: repeats)
                }
                assignNames(
                    &nodes[index].children, repeats: repeats, groups: groups + [node.name],
                    absolute: absolute + "/" + node.name)
            case .repeatGroup:
                if let count = node.row["repeat_count"], !Self.isReference(count),
                    settings.values["x_instance_id"] == nil
                {
                    // pyxform computes a count that is not a plain ${reference} in a
                    // calculation of its own, NAME_count, just before the repeat (an XForm
                    // has it in its instance already).
                    let countID = ids.makeID(from: node.name + "_count")
                    countIDs[node.name] = countID
                    record(node.name + "_count", XPathSymbol(id: countID, type: .text, repeats: repeats))
                    elementPaths.append((countID, (groups + [node.name + "_count"]).joined(separator: "/")))
                }
                let id = ids.makeID(from: node.name)
                nodes[index].id = id
                record(node.name, XPathSymbol(id: id, type: .repeatEntries, repeats: repeats))
                absoluteSymbols[absolute + "/" + node.name] = XPathSymbol(
                    id: id, type: .repeatEntries, repeats: repeats)
                elementPaths.append((id, (groups + [node.name]).joined(separator: "/")))
                // Paths inside an entry start at the entry's element.
                assignNames(
                    &nodes[index].children, repeats: repeats + [id], groups: [], absolute: absolute + "/" + node.name)
            }
        }
    }

    /// Whether a cell is one `${name}` and nothing else.
    static func isReference(_ cell: String) -> Bool {
        let trimmed = cell.trimmed(.whitespaces)
        return trimmed.hasPrefix("${") && trimmed.hasSuffix("}")
            && trimmed.dropFirst(2).dropLast().allSatisfy { $0 != "}" }
    }

    /// The key a node's answer is written under, if not its id: its name, or where
    /// the name is already used in the same object of the answers, its groups' names
    /// and its own joined by `/` (`cow/number`).
    mutating func answerKey(_ node: XLSFormSurvey.Node, name: String? = nil, repeats: [String]) -> String? {
        let name = name ?? node.name
        let scope = repeats.joined(separator: "/")
        var key = name
        if usedKeys[scope, default: []].contains(key) {
            key = (node.groups.filter { !$0.isEmpty } + [name]).joined(separator: "/")
            var number = 2
            let base = key
            while usedKeys[scope, default: []].contains(key) {
                key = "\(base)_\(number)"
                number += 1
            }
        }
        usedKeys[scope, default: []].insert(key)
        return key == node.id && name == node.name ? nil : key
    }

    private mutating func record(_ name: String, _ symbol: XPathSymbol) {
        if symbols[name] != nil {
            ambiguousNames.insert(name)
        } else {
            symbols[name] = symbol
        }
    }

    /// The symbol a name resolves to in expressions (`nil` for unknown, ambiguous or
    /// skipped names, each reported by the caller).
    func symbol(named name: String) -> XPathSymbol? {
        guard !ambiguousNames.contains(name), !skippedNames.contains(name) else { return nil }
        return symbols[name]
    }

    /// What a calculation's value is, when its expression says whatever it reads: a
    /// boolean (`${age} >= 18`) or a number (`${price} * 2`, `${price}`); `nil` for
    /// text, or a row that is no calculation.
    func calculationType(_ row: XLSFormTable.Row, type: XLSFormType) -> XPathValueType? {
        guard type == .calculate, let calculation = row["calculation"],
            let expression = try? XPathParser.parse(calculation)
        else { return nil }
        // `${n}` (or an XForm's path to it): what the question it reads is, when that is
        // a number or a boolean.
        var read: XPathValueType?
        switch expression {
        case .reference(let name, _): read = symbols[name]?.type
        case .path(let path, _): read = path.split(separator: "/").last.flatMap { symbols[String($0)]?.type }
        default: break
        }
        if let read, read == .number || read == .boolean { return read }
        return expression.valueType
    }

    /// What a question's value is to XPath, as ODK binds it.
    static func valueType(_ type: XLSFormType) -> XPathValueType {
        switch type {
        case .integer, .decimal, .range: return .number
        case .date: return .date
        case .time: return .time
        case .dateTime: return .dateTime
        case .geopoint: return .geopoint
        case .selectOne, .selectExternal, .acknowledge, .selectFromFile(_, false): return .choice
        case .selectMultiple, .rank, .selectFromFile(_, true): return .multichoice
        case .metadata("start"), .metadata("end"): return .dateTime
        case .metadata("today"): return .date
        default: return .text
        }
    }

    static func hasOther(_ type: XLSFormType) -> Bool {
        switch type {
        case .selectOne(_, true), .selectMultiple(_, true): return true
        default: return false
        }
    }
}
