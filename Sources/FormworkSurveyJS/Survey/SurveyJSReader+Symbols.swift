import Formwork

/// The first pass: every question gets its id and its symbol (what `{name}` reads),
/// so an expression may read a question written after it.
extension SurveyJSReader {
    /// Question types answered with one of the options.
    static let choiceTypes: Set<String> = ["radiogroup", "dropdown", "rating", "buttongroup"]
    /// Question types answered with several options.
    static let multichoiceTypes: Set<String> = ["checkbox", "tagbox", "ranking"]
    /// Types that hold no answer.
    static func isDisplayType(_ type: String) -> Bool { type == "html" || type == "image" }
    /// Containers.
    static func isPanelType(_ type: String) -> Bool { type == "panel" || type == "page" }

    /// The elements of a page or panel (`elements`, or the older `questions`).
    static func children(of element: SurveyJSElement) -> [SurveyJSElement] {
        guard let elements = element["elements"] else { return element.elements("questions") }
        guard case .list(let nodes) = elements.content else { return [] }
        return nodes.map(SurveyJSElement.init)
    }

    /// The pages (`pages`, or one page of the survey's own `elements`).
    var pages: [SurveyJSElement] {
        if survey.has("pages") { return survey.elements("pages") }
        return [survey]
    }

    mutating func registerSymbols() {
        for page in pages {
            for element in Self.children(of: page) { register(element, repeats: []) }
        }
        // Calculated values are read like questions (`{bmi}`); their kind follows.
        for value in survey.elements("calculatedValues") {
            guard let name = value.name, symbols[name] == nil else { continue }
            var symbol = SurveyJSSymbol(id: ids.makeID(from: name), kind: .text)
            symbol.isCalculatedValue = true
            symbols[name] = symbol
        }
        // A comment, as `getComment('name')` reads it (`name-Comment` in the data).
        for owner in commentOwners {
            let commentID = ids.makeID(from: owner.id + "_comment")
            idsByPlace[owner.place + "#comment"] = commentID
            // With a comment area too, the other text is a field of its own, held as the value.
            var otherID = commentID
            if owner.separateOther {
                otherID = ids.makeID(from: owner.id + "_other")
                idsByPlace[owner.place + "#other"] = otherID
            }
            let otherAsValue = owner.otherAsValue || owner.separateOther
            let symbol = SurveyJSSymbol(id: commentID, kind: .text, repeats: owner.repeats)
            if let repeatID = owner.repeats.last {
                entrySymbols[repeatID, default: [:]][owner.name + "-Comment"] = symbol
                if otherAsValue { entrySymbols[repeatID]?[owner.name]?.otherTextID = otherID }
            } else {
                symbols[owner.name + "-Comment"] = symbol
                if otherAsValue { symbols[owner.name]?.otherTextID = otherID }
            }
            if otherAsValue { othersAsValues[owner.id] = otherID }
        }
        if readsContainers { readContainers() }
        // Expression questions and calculated values take their translation's type;
        // one may read another, so translate until no type changes: all of them
        // first, then those that read a name whose type changed.
        var changed: Set<String>? = nil
        for _ in 0..<4 {
            var changedNow = Set<String>()
            for page in pages {
                for element in Self.children(of: page) {
                    refineExpressionKinds(element, repeats: [], reading: changed, changed: &changedNow)
                }
            }
            for value in survey.elements("calculatedValues") {
                guard let name = value.name, var symbol = symbols[name],
                    let written = value.scalarText("expression"), reads(written, anyOf: changed)
                else { continue }
                refined[value.place] = try? SurveyJSTranslator.translate(
                    written, as: .value, in: context(repeats: []), parse: parses.parse)
                guard let translated = refined[value.place] else { continue }
                let kind = Self.kind(of: translated.type)
                if kind != symbol.kind {
                    symbol.kind = kind
                    symbols[name] = symbol
                    changedNow.insert(name.lowercased())
                }
            }
            if changedNow.isEmpty { break }
            changed = changedNow
        }
    }

    /// Whether an expression may read one of `names` (lowercased; `nil`: any name):
    /// whether a part of a name it reads is one (`{panel.x}` and `{q[0].x}` read `x`).
    /// Every `{…}` of the text counts, in quotes too (`countInArray({items}, 'price',
    /// '{qty} > 1')` reads `qty`).
    private func reads(_ written: String, anyOf names: Set<String>?) -> Bool {
        guard let names else { return true }
        var rest = Substring(written)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { return true }
            let name = after[..<close].lowercased()
            if names.contains(name)
                || name.split(whereSeparator: { ".[]#".contains($0) }).contains(where: { names.contains(String($0)) })
            {
                return true
            }
            rest = after[after.index(after: close)...]
        }
        return false
    }

    private mutating func register(_ element: SurveyJSElement, repeats: [String]) {
        guard !tooLarge else { return }
        let type = element.type
        if Self.isPanelType(type) {
            for child in Self.children(of: element) { register(child, repeats: repeats) }
            return
        }
        guard let name = element.name, !Self.isDisplayType(type) else {
            _ = grow(fields: 1, at: element.place)
            return
        }
        let id = ids.makeID(from: name)
        idsByPlace[element.place] = id
        func record(_ name: String, _ symbol: SurveyJSSymbol) {
            if let repeatID = repeats.last {
                entrySymbols[repeatID, default: [:]][name] = symbol
                // `{dynamic.column}`, read through an index (`{dynamic[0].column}`).
                symbols[repeatID.isEmpty ? name : (repeatNames[repeatID] ?? repeatID) + "." + name] = symbol
            } else {
                symbols[name] = symbol
            }
        }
        switch type {
        case "paneldynamic", "matrixdynamic":
            guard grow(fields: 1, at: element.place) else { return }
            record(name, SurveyJSSymbol(id: id, kind: .entries, repeats: repeats))
            repeatNames[id] = name
            let inner = repeats + [id]
            if type == "paneldynamic" {
                for child in element.elements("templateElements") { register(child, repeats: inner) }
            } else {
                for column in element.elements("columns") {
                    guard let columnName = column.name else { continue }
                    let (kind, options) = cellKind(column, matrix: element)
                    guard grow(fields: 1, options: options.values, at: column.place) else { return }
                    let columnID = ids.makeID(from: name + "_" + columnName)
                    idsByPlace[column.place] = columnID
                    recordValueType(columnID, options: options, boolean: isBooleanCell(column, matrix: element))
                    entrySymbols[id, default: [:]][columnName] = SurveyJSSymbol(
                        id: columnID, kind: kind, repeats: inner, options: options.values,
                        numericOptions: options.numeric)
                    symbols[name + "." + columnName] = entrySymbols[id]![columnName]
                }
            }
        case "multipletext":
            for item in element.elements("items") {
                guard let itemName = item.name, grow(fields: 1, at: item.place) else { continue }
                let itemID = ids.makeID(from: name + "_" + itemName)
                idsByPlace[item.place] = itemID
                record(name + "." + itemName, SurveyJSSymbol(id: itemID, kind: textKind(item), repeats: repeats))
            }
        case "matrix":
            let columns = choiceValues(element.list("columns") ?? [])
            for row in rows(of: element) {
                guard grow(fields: 1, options: columns.values, at: element.place(of: "rows")) else { return }
                let rowID = ids.makeID(from: name + "_" + row.value)
                idsByPlace[element.place + "/" + row.value] = rowID
                recordValueType(rowID, options: columns, boolean: false)
                record(
                    name + "." + row.value,
                    SurveyJSSymbol(
                        id: rowID, kind: .choice, repeats: repeats, options: columns.values,
                        numericOptions: columns.numeric))
            }
        case "matrixdropdown":
            // Each cell is a field with its column's choices: read once per column.
            let columns = element.elements("columns").compactMap { column in
                column.name.map { (column, $0, cellKind(column, matrix: element)) }
            }
            for row in rows(of: element) {
                for (column, columnName, (kind, options)) in columns {
                    guard grow(fields: 1, options: options.values, at: column.place) else { return }
                    let cellID = ids.makeID(from: name + "_" + row.value + "_" + columnName)
                    idsByPlace[element.place + "/" + row.value + "/" + columnName] = cellID
                    recordValueType(cellID, options: options, boolean: isBooleanCell(column, matrix: element))
                    record(
                        name + "." + row.value + "." + columnName,
                        SurveyJSSymbol(
                            id: cellID, kind: kind, repeats: repeats, options: options.values,
                            numericOptions: options.numeric))
                }
            }
        default:
            guard let kind = questionKind(element) else { return }
            let options: ChoiceValues =
                kind == .choice || kind == .multichoice ? optionValues(of: element) : ([], false)
            guard grow(fields: 1, options: options.values, at: element.place) else { return }
            // A boolean's own values (`true`, `false`) are JSON booleans in the data, beside a
            // custom one (`valueTrue: "yes"` with `false`).
            // A numeric choice is a JSON number in the data beside the extra items' texts.
            let dataOptions =
                options.numeric || options.values.isEmpty ? options : optionValues(of: element, extras: false)
            recordValueType(
                id, options: dataOptions,
                boolean: type == "boolean" && !(element.has("valueTrue") && element.has("valueFalse")))
            var symbol = SurveyJSSymbol(
                id: id, kind: kind, repeats: repeats, options: options.values, numericOptions: options.numeric)
            if Self.isRangeSlider(element) {
                symbol.holdsNumbers = true
                valueTypes[id] = "numbers"
            }
            record(name, symbol)
            if element.has("valueName"), let valueName = element.text("valueName"), repeats.isEmpty {
                symbols[valueName] = symbols[name]
            }
            if hasComment(element) {
                commentOwners.append(
                    (element.place, id, name, repeats, storesOtherAsValue(element), hasSeparateOtherText(element)))
            }
        }
    }

    /// Notes the JSON type of a choice field's values in SurveyJS's data.
    private mutating func recordValueType(_ id: String, options: ChoiceValues, boolean: Bool) {
        if boolean {
            valueTypes[id] = "boolean"
        } else if options.numeric {
            valueTypes[id] = "number"
        }
    }

    /// Whether a question has both an "other" item and a comment area: survey-core then
    /// keeps the comment under `NAME-Comment` and the other text as the question's value
    /// (as with `storeOthersAsComment: false`).
    func hasSeparateOtherText(_ element: SurveyJSElement) -> Bool {
        hasOther(element) && element.type != "boolean"
            && (element.bool("showCommentArea") == true || element.bool("hasComment") == true)
    }

    /// Whether a question's "other" text is its value in the data (survey-core's
    /// `storeOthersAsComment: false`, the question's or else the survey's): for an
    /// "other" item without a comment area.
    func storesOtherAsValue(_ element: SurveyJSElement) -> Bool {
        guard hasOther(element), element.type != "boolean", element.bool("showCommentArea") != true,
            element.bool("hasComment") != true
        else { return false }
        if let own = element.bool("storeOthersAsComment") { return !own }
        return survey.bool("storeOthersAsComment") == false
    }

    /// Whether a matrix column's cells are boolean questions.
    func isBooleanCell(_ column: SurveyJSElement, matrix: SurveyJSElement) -> Bool {
        (column.text("cellType") ?? matrix.text("cellType"))?.lowercased() == "boolean"
    }

    /// Whether a boolean question stores values of its own (`valueTrue`, `valueFalse`).
    func hasCustomBooleanValues(_ element: SurveyJSElement) -> Bool {
        element.has("valueTrue") || element.has("valueFalse")
    }

    /// Translates expression questions again with what is now known (those that read
    /// one of `names`, when given), adding to `changed` the names whose kind changed.
    private mutating func refineExpressionKinds(
        _ element: SurveyJSElement, repeats: [String], reading names: Set<String>?, changed: inout Set<String>
    ) {
        if Self.isPanelType(element.type) {
            for child in Self.children(of: element) {
                refineExpressionKinds(child, repeats: repeats, reading: names, changed: &changed)
            }
            return
        }
        if element.type == "paneldynamic", let id = idsByPlace[element.place] {
            for child in element.elements("templateElements") {
                refineExpressionKinds(child, repeats: repeats + [id], reading: names, changed: &changed)
            }
            return
        }
        guard element.type == "expression", let name = element.name, let id = idsByPlace[element.place],
            let written = element.scalarText("expression"), reads(written, anyOf: names)
        else { return }
        // A translation that fails now is made again (and its problem reported) later.
        refined[element.place] = try? SurveyJSTranslator.translate(
            written, as: .value, in: context(repeats: repeats), parse: parses.parse)
        guard let translated = refined[element.place] else { return }
        let kind = Self.kind(of: translated.type)
        var symbol = SurveyJSSymbol(id: id, kind: kind, repeats: repeats)
        if let repeatID = repeats.last {
            guard entrySymbols[repeatID]?[name]?.kind != kind else { return }
            entrySymbols[repeatID, default: [:]][name] = symbol
        } else {
            guard symbols[name]?.kind != kind else { return }
            symbol.repeats = []
            symbols[name] = symbol
        }
        changed.insert(name.lowercased())
    }

    static func kind(of type: ValueType) -> SurveyJSSymbol.Kind {
        switch type {
        case .number: return .number
        case .bool: return .bool
        case .date: return .date
        case .dateTime: return .dateTime
        case .time: return .time
        case .list: return .multichoice
        default: return .text
        }
    }

    /// What a question holds, or `nil` for one that holds nothing Formwork reads.
    func questionKind(_ element: SurveyJSElement) -> SurveyJSSymbol.Kind? {
        let type = element.type
        switch type {
        case "text": return textKind(element)
        case "comment", "signaturepad": return .text
        case "file": return element.bool("allowMultiple") == true ? .multichoice : .text
        case "boolean": return .choice
        case "imagepicker", "imagemap": return element.bool("multiSelect") == true ? .multichoice : .choice
        case "slider": return Self.isRangeSlider(element) ? .text : .number
        case "expression": return .text
        case _ where Self.choicesAreFetched(element): return .text
        default:
            if Self.choiceTypes.contains(type) { return .choice }
            if Self.multichoiceTypes.contains(type) { return .multichoice }
            return nil
        }
    }

    /// A text question's (or a multiple text item's) kind by its `inputType`.
    func textKind(_ element: SurveyJSElement) -> SurveyJSSymbol.Kind {
        if Self.masksANumber(element) { return .number }
        switch element.text("inputType")?.lowercased() {
        case "number", "range": return .number
        case "date": return .date
        case "datetime-local", "datetime": return .dateTime
        case "time": return .time
        default: return .text
        }
    }

    /// A matrix column's kind and options (`cellType`, else the matrix's).
    func cellKind(_ column: SurveyJSElement, matrix: SurveyJSElement) -> (SurveyJSSymbol.Kind, ChoiceValues) {
        let type = (column.text("cellType") ?? matrix.text("cellType") ?? "dropdown").lowercased()
        let choices = column.list("choices") ?? matrix.list("choices") ?? []
        switch type {
        case "checkbox", "tagbox": return (.multichoice, choiceValues(choices))
        case "dropdown", "radiogroup": return (.choice, choiceValues(choices))
        case "rating": return (.choice, optionValues(of: column))
        case "boolean": return (.choice, (["true", "false"], false))
        case "text": return (textKind(column), ([], false))
        case "expression": return (.text, ([], false))
        default: return (.text, ([], false))
        }
    }

    /// Reads what `isContainerReady(name)` checks of each page, panel and dynamic
    /// panel (`SurveyJSContainer`): survey-core validates every question in it, each
    /// dynamic panel's entries, nested panels' questions; expression questions and
    /// texts have nothing to check.
    mutating func readContainers() {
        var table: [String: SurveyJSContainer] = [:]
        func fields(ofQuestion element: SurveyJSElement, in symbols: [String: SurveyJSSymbol]) -> [String] {
            guard let name = element.name, let own = symbols[name],
                !["expression", "html", "image"].contains(element.type)
            else { return [] }
            var ids = [own.id]
            let prefix = name + "."
            for (key, symbol) in symbols where key.hasPrefix(prefix) && symbol.kind != .entries {
                ids.append(symbol.id)
            }
            if let comment = symbols[name + "-Comment"] { ids.append(comment.id) }
            if let other = othersAsValues[own.id], !ids.contains(other) { ids.append(other) }
            if let otherID = idsByPlace[element.place + "#other"], !ids.contains(otherID) { ids.append(otherID) }
            return ids.sorted()
        }
        func read(_ elements: [SurveyJSElement], into container: inout SurveyJSContainer) {
            for element in elements {
                if element.type == "panel" {
                    var panel = SurveyJSContainer()
                    read(Self.children(of: element), into: &panel)
                    if let name = element.name { table[name] = panel }
                    container.fields += panel.fields
                    container.entries += panel.entries
                } else if let name = element.name, let symbol = symbols[name], symbol.kind == .entries {
                    // A dynamic panel's or dynamic matrix's entries, each checked.
                    let inner = (entrySymbols[symbol.id] ?? [:]).values
                        .filter { $0.kind != .entries && $0.repeats.last == symbol.id && !$0.isCalculatedValue }
                        .map(\.id)
                    let fields = Array(Set(inner)).sorted()
                    if element.type == "paneldynamic" {
                        table[name] = SurveyJSContainer(entries: [(symbol.id, fields)])
                    }
                    container.entries.append((symbol.id, fields))
                } else {
                    container.fields += fields(ofQuestion: element, in: symbols)
                }
            }
        }
        for (index, page) in pages.enumerated() {
            var container = SurveyJSContainer()
            read(Self.children(of: page), into: &container)
            // survey-core names a page without a name `page1`, `page2`…
            let name = page.name ?? "page\(index + 1)"
            if table[name] == nil { table[name] = container }
        }
        containers = table
    }
}
