import Formwork
import Foundation

/// Composite questions: multiple text (a field per item), the static matrices (a
/// field per row, or per row and column), and the dynamic panel and matrix (repeats).
/// Their fields are nested again in SurveyJS's data by the layout's paths.
extension SurveyJSReader {
    mutating func multipleText(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        guard let name = element.name else { return [] }
        var fields = headerNote(element, scope: scope)
        for item in element.elements("items") {
            guard let itemName = item.name, let id = idsByPlace[item.place] else { continue }
            var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
            let title = text("title", of: item, repeats: scope.repeats, missing: itemName) ?? .string(itemName)
            pairs += textPairs(item).prefix(1)
            pairs.append(("label", title))
            pairs += textPairs(item).dropFirst()
            pairs += commonPairs(item, id: id, scope: inherited(element, scope: scope))
            if element.bool("isRequired") == true, !pairs.contains(where: { $0.0 == "required" }) {
                pairs.append(("required", .bool(true)))
            }
            dataPaths.append((id, name + "/" + itemName))
            fields.append(.object(pairs, at: SourcePlace(item.place)))
        }
        return fields
    }

    /// A matrix: one choice per row, its columns the options.
    mutating func matrix(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        guard let name = element.name else { return [] }
        hideWithoutRows(element, scope: scope)
        var fields = headerNote(element, scope: scope)
        requireSomeRow(of: element, scope: scope, header: &fields)
        var columns = readOptions(element.list("columns") ?? [], repeats: scope.repeats)
        // `columnsVisibleIf`: a column not offered, and a row's answer in it read as none.
        // A column's own `visibleIf` replaces it, as survey-core runs an item's own condition instead.
        for index in columns.indices where !columns[index].hasOwnCondition {
            columns[index].visible = itemCondition(
                "columnsVisibleIf", of: element, item: columns[index].value, scope: scope)
        }
        let inner = inherited(element, scope: scope)
        for row in rows(of: element) {
            guard let id = idsByPlace[element.place + "/" + row.value] else { continue }
            let inner = rowScope(inner, row: row, of: element)
            var pairs: [(String, DefinitionDocument)] = [("id", .string(id)), ("kind", "choice")]
            let label =
                row.label.flatMap { text($0, at: element.place(of: "rows"), repeats: scope.repeats) }
                ?? .string(row.value)
            pairs.append(("label", label))
            pairs.append(("options", .list(columns.map(Self.optionDocument))))
            if let visible = ExpressionText.conjunction(inner.visible) { pairs.append(("visible", .string(visible))) }
            if element.bool("isAllRowRequired") == true || element.bool("eachRowRequired") == true {
                pairs.append(("required", .bool(true)))
            }
            if element.bool("eachRowUnique") == true {
                // survey-core's "Each row must have a unique value.", on each row that shares one.
                let others = rows(of: element).compactMap { idsByPlace[element.place + "/" + $0.value] }
                    .filter { $0 != id }.map { "$\(id) != $\($0)" }
                if !others.isEmpty {
                    let check = "$\(id) == null or " + Self.grouped(others)
                    let message =
                        text("eachRowUniqueError", of: element, repeats: scope.repeats)
                        ?? .string("Each row must have a unique value.")
                    pairs.append(("rules", .list([.object([("check", .string(check)), ("message", message)])])))
                }
            }
            if let readonly = readOnly(SurveyJSElement(.object([])), scope: inner) {
                pairs.append(("readonly", readonly))
            }
            dataPaths.append((id, name + "/" + row.value))
            fields.append(.object(pairs, at: SourcePlace(element.place(of: "rows"))))
        }
        return fields
    }

    /// A dropdown matrix: one field per row and column, of the column's cell type,
    /// each labelled "Row: Column" (within a dynamic panel's entry, where a row cannot
    /// be a section of its own).
    mutating func matrixDropdown(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        hideWithoutRows(element, scope: scope)
        var fields = headerNote(element, scope: scope)
        for row in matrixDropdownRows(element, scope: scope, labelledByRow: true) { fields += row.cells }
        return fields
    }

    /// A dropdown matrix's rows: each row's header (its text in every language) and
    /// its cells, a field per column of the column's cell type, labelled by the
    /// column ("Frequency") or, with `labelledByRow`, by row and column ("Paid Work:
    /// Frequency").
    mutating func matrixDropdownRows(
        _ element: SurveyJSElement, scope: Scope, labelledByRow: Bool
    ) -> [(header: DefinitionDocument, cells: [DefinitionDocument])] {
        guard let name = element.name else { return [] }
        let matrixScope = inherited(element, scope: scope)
        var result: [(header: DefinitionDocument, cells: [DefinitionDocument])] = []
        for column in element.elements("columns") where column.bool("isUnique") == true {
            guard let columnName = column.name else { continue }
            let cells = rows(of: element).compactMap { idsByPlace[element.place + "/" + $0.value + "/" + columnName] }
            for cell in cells { uniqueCells[cell] = cells.filter { $0 != cell } }
        }
        for row in rows(of: element) {
            let inner = rowScope(matrixScope, row: row, of: element)
            let rowLabel = row.label.flatMap { SurveyJSElement.scalarText($0) ?? $0["default"]?.text } ?? row.value
            let header: DefinitionDocument =
                row.label.flatMap { text($0, at: element.place(of: "rows"), repeats: scope.repeats) }
                ?? .string(Self.escapedBraces(row.value))
            var cells: [DefinitionDocument] = []
            for column in element.elements("columns") {
                guard let columnName = column.name,
                    let id = idsByPlace[element.place + "/" + row.value + "/" + columnName]
                else { continue }
                var cellScope = inner
                let columnCondition = itemCondition("columnsVisibleIf", of: element, item: columnName, scope: scope)
                if let columnCondition { cellScope.visible.append(columnCondition) }
                // survey-core keeps a cell's answer while its column is hidden (it clears a
                // hidden row's): in the data at completion.
                if scope.repeats.isEmpty, columnCondition != nil || column.has("visibleIf") {
                    keptWhenHidden.append(id)
                    if let rowShown = ExpressionText.conjunction(inner.visible) { keptWhile[id] = rowShown }
                }
                var pairs = cellPairs(column, matrix: element, id: id, scope: cellScope)
                let columnTitle = column.text("title") ?? columnName
                let label = labelledByRow ? "\(rowLabel): \(columnTitle)" : columnTitle
                pairs.insert(("label", .string(Self.escapedBraces(label))), at: 2)
                dataPaths.append((id, name + "/" + row.value + "/" + columnName))
                cells.append(.object(pairs, at: SourcePlace(column.place)))
            }
            result.append((header, cells))
        }
        return result
    }

    /// A matrix column's field: `id`, `kind`, then what the kind takes and the
    /// column's own properties.
    mutating func cellPairs(
        _ column: SurveyJSElement, matrix: SurveyJSElement, id: String, scope: Scope
    )
        -> [(String, DefinitionDocument)]
    {
        let type = (column.text("cellType") ?? matrix.text("cellType") ?? "dropdown").lowercased()
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
        // The column read as a question of its cell type, with the matrix's choices.
        var pairsOfColumn: [(String, DefinitionDocument)] = []
        if case .object(let written) = column.node.content {
            pairsOfColumn = written.map { ($0.key, $0.value) }
        }
        if !column.has("choices"), let choices = matrix["choices"] { pairsOfColumn.append(("choices", choices)) }
        pairsOfColumn.append(("type", .string(type)))
        let asQuestion = SurveyJSElement(.object(pairsOfColumn, at: column.node.place))
        if questionKind(asQuestion) == nil {
            report(
                .unsupportedConstruct(
                    "the matrix column '\(Self.shown(column.name ?? ""))'",
                    reason: "its cell type '\(Self.shown(type))'"),
                at: column.place)
            return pairs + [("kind", "note"), ("text", .string("Skipped: the column '\(column.name ?? "")'"))]
        }
        let kind = kindPairs(asQuestion, scope: scope)
        pairs += kind.filter { $0.0 != "label" }
        pairs += commonPairs(asQuestion, id: id, scope: scope)
        if matrix.bool("isAllRowRequired") == true, !pairs.contains(where: { $0.0 == "required" }), type != "expression"
        {
            pairs.append(("required", .bool(true)))
        }
        return pairs
    }

    /// A dynamic panel (its template's questions) or a dynamic matrix (its columns)
    /// as a repeat.
    mutating func dynamic(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        guard let name = element.name, let id = idsByPlace[element.place] else { return [] }
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
        _ = answerKey(name, id: id, repeats: scope.repeats, at: element.place)
        // A repeat's answers are under its id; SurveyJS's data uses the name.
        if name != id { dataPaths.append((id, name)) }
        pairs.append(("label", text("title", of: element, repeats: scope.repeats, missing: name) ?? .string(name)))
        var own = Scope(repeats: scope.repeats)
        if let visible = visibility(element, scope: scope) { pairs.append(("visible", .string(visible))) }
        own.readOnly = scope.readOnly
        let inner = Scope(repeats: scope.repeats + [id], visible: [], readOnly: own.readOnly)
        var fields: [DefinitionDocument] = []
        let outerDefaults = entryDefaults
        defer { entryDefaults = outerDefaults }
        let duplicate = element.text("keyDuplicationError") ?? "This value should be unique."
        var unique: [(name: String, laterOnly: Bool, message: String)] = []
        // A dynamic panel's `keyName` puts a later entry in error; a dynamic matrix's, every
        // row that shares the value (as a column's `isUnique` does).
        if let key = element.text("keyName"), !key.isEmpty {
            unique.append((key, element.type == "paneldynamic", duplicate))
        }
        for column in element.elements("columns") where column.bool("isUnique") == true {
            if let name = column.name { unique.append((name, false, duplicate)) }
        }
        uniqueInEntries[id] = unique
        entryDefaults = nil
        if case .object(let pairs)? = element[element.type == "paneldynamic" ? "defaultPanelValue" : "defaultRowValue"]?
            .content
        {
            entryDefaults = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        if element.type == "paneldynamic" {
            for child in element.elements("templateElements") { fields += entryItems(child, scope: inner) }
        } else {
            for column in element.elements("columns") {
                guard let columnID = idsByPlace[column.place], let columnName = column.name else { continue }
                var cell = cellPairs(column, matrix: element, id: columnID, scope: inner)
                if let key = answerKey(columnName, id: columnID, repeats: inner.repeats, at: column.place) {
                    cell.insert(("key", .string(key)), at: 1)
                }
                let title =
                    text("title", of: column, repeats: inner.repeats, missing: columnName) ?? .string(columnName)
                cell.insert(("label", title), at: min(2, cell.count))
                fields.append(.object(cell, at: SourcePlace(column.place)))
            }
        }
        if fields.isEmpty {
            // survey-core shows entries with nothing to answer in them (`[{}, {}]` in its data).
            let noteID = ids.makeID(from: id + "_empty")
            let what = element.type == "paneldynamic" ? "no questions" : "no columns"
            fields.append(
                .object(
                    [("id", .string(noteID)), ("kind", "note"), ("label", ""), ("text", .string("(\(what))"))],
                    at: SourcePlace(element.place)))
        }
        var options: [(String, DefinitionDocument)] = []
        let isPanel = element.type == "paneldynamic"
        let minimum = entryCount(element, isPanel ? "minPanelCount" : "minRowCount")
        let maximum = entryCount(element, isPanel ? "maxPanelCount" : "maxRowCount")
        // survey-core lowers the least to the most (`maxPanelCount` below `minPanelCount`).
        var least = minimum
        if let minimum, let maximum, maximum > 0 { least = min(minimum, maximum) }
        var most = maximum.flatMap { $0 > 0 ? $0 : nil }
        // A dynamic panel starts with panelCount entries (at least the minimum, at most
        // the maximum), each in survey-core's data even when empty. A dynamic matrix's
        // rowCount empty rows (2 by default) are not in its data until one is filled,
        // so here it starts with its minimum and rows are added with 'add'.
        var first = least ?? 0
        if isPanel, let start = entryCount(element, "panelCount") {
            first = min(max(start, least ?? 0), most ?? Self.mostPanels)
        }
        // A dynamic matrix's rows that start with a value (`defaultRowValue`, a column's
        // `defaultValue`) are in survey-core's data: it starts with its `rowCount` of them.
        let rowsHaveValues =
            !(entryDefaults?.isEmpty ?? true) || element.elements("columns").contains { $0.has("defaultValue") }
        if !isPanel, rowsHaveValues {
            first = min(max(entryCount(element, "rowCount") ?? 2, least ?? 0), most ?? Self.mostPanels)
        }
        // Entries that cannot be added (`allowAddPanel`, `allowAddRows: false`): as many as
        // survey-core shows; nor removed (`allowRemovePanel: false`): at least those.
        if isPanel, element.bool("allowAddPanel") == false { most = first }
        if !isPanel, element.bool("allowAddRows") == false {
            most = max(least ?? 0, min(entryCount(element, "rowCount") ?? 2, most ?? Self.mostPanels))
        }
        if isPanel, element.bool("allowRemovePanel") == false { least = max(least ?? 0, first) }
        if isPanel, let bound = element["bindings"].map(SurveyJSElement.init)?.text("panelCount"),
            let symbol = symbols[bound], symbol.repeats.isEmpty, [.number, .text, .choice].contains(symbol.kind)
        {
            // `bindings: { panelCount: q }`: the entries follow the question's number.
            let count = symbol.kind == .number ? "coalesce($\(symbol.id), 0)" : "coalesce(number($\(symbol.id)), 0)"
            options.append(("count", .string(count, at: SourcePlace(element.place(of: "bindings")))))
            options.append(("max", .number("\(most ?? Self.mostPanels)")))
        } else {
            if let least, least > 0 { options.append(("min", .number("\(least)"))) }
            if let most { options.append(("max", .number("\(most)"))) }
            if isPanel || rowsHaveValues, first > max(least ?? 0, 0) {
                options.append(("start", .number("\(first)")))
            }
        }
        let addKeys = isPanel ? ["addPanelText", "panelAddText"] : ["addRowText"]
        if let key = addKeys.first(where: element.has), let add = text(key, of: element, repeats: scope.repeats) {
            options.append(("addLabel", add))
        }
        if let title = element.text("templateTitle"),
            let label = template(
                title.replacingOccurrences(of: "{panelIndex}", with: "{index()}", options: .caseInsensitive),
                at: element.place(of: "templateTitle"), repeats: inner.repeats)
        {
            options.append(("entryLabel", .string(label)))
        }
        pairs.append(("repeat", options.isEmpty ? .bool(true) : .object(options)))
        pairs.append(("fields", .list(fields)))
        return [.object(pairs, at: SourcePlace(element.place))]
    }

    /// survey-core's most panels of a dynamic panel and rows of a dynamic matrix
    /// (`settings.panel.maxPanelCount`, `settings.matrix.maxRowCount`).
    static let mostPanels = 100, mostRows = 1_000

    /// A count of entries (`panelCount`, `maxRowCount`…) as survey-core takes it: a
    /// whole number from 0, at most its `mostPanels` or `mostRows`, a larger one read
    /// as that with a warning (`1e9` is 100 panels, not a billion); `nil` when absent or
    /// not a number.
    mutating func entryCount(_ element: SurveyJSElement, _ key: String) -> Int? {
        guard let number = element.number(key), !number.isNaN else { return nil }
        let most = element.type == "paneldynamic" ? Self.mostPanels : Self.mostRows
        guard number <= Double(most) else {
            report(
                .importNotice(
                    "'\(key)' is \(SurveyJSElement.formatted(number)); SurveyJS allows at most \(most), which it "
                        + "is read as"),
                at: element.place(of: key))
            return most
        }
        return Int(max(0, number.rounded(.down)))
    }

    /// The fields of an element inside a dynamic panel's entry: a panel's questions
    /// with its conditions joined to theirs.
    mutating func entryItems(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        guard element.type == "panel" else { return question(element, scope: scope) }
        let inner = inherited(element, scope: scope)
        var fields = headerNote(element, scope: scope)
        for child in Self.children(of: element) { fields += entryItems(child, scope: inner) }
        return fields
    }

    /// A panel's or composite question's scope for what it holds: its conditions added.
    /// A row's scope: the matrix's, with the row's `visibleIf`, else the matrix's
    /// `rowsVisibleIf` for it.
    mutating func rowScope(
        _ scope: Scope, row: (value: String, label: DefinitionDocument?, node: DefinitionDocument),
        of element: SurveyJSElement
    ) -> Scope {
        var inner = scope
        let item = SurveyJSElement(row.node)
        // A row's own `visibleIf` replaces `rowsVisibleIf`, as survey-core runs an item's
        // own condition instead of the common one.
        if item.isObject, let visible = translate("visibleIf", of: item, as: .condition, repeats: scope.repeats) {
            inner.visible.append(visible.text)
        } else if let condition = itemCondition("rowsVisibleIf", of: element, item: row.value, scope: scope) {
            inner.visible.append(condition)
        }
        return inner
    }

    /// `hideIfRowsEmpty`: the matrix's title is shown while one of its rows is (its rows
    /// hide themselves).
    mutating func hideWithoutRows(_ element: SurveyJSElement, scope: Scope) {
        guard element.bool("hideIfRowsEmpty") == true else { return }
        let conditions = rows(of: element).map { rowScope(Scope(repeats: scope.repeats), row: $0, of: element).visible }
        if conditions.isEmpty {
            whileChoicesOffered[element.place] = "false"
        } else if conditions.allSatisfy({ !$0.isEmpty }) {
            whileChoicesOffered[element.place] = conditions.map { "(" + $0.joined(separator: " and ") + ")" }
                .joined(separator: " or ")
        }
    }

    /// `rowsVisibleIf` or `columnsVisibleIf` for one row or column (`{item}`).
    mutating func itemCondition(_ key: String, of element: SurveyJSElement, item: String, scope: Scope) -> String? {
        guard let written = element.scalarText(key) else { return nil }
        return translate(
            written, at: element.place(of: key), as: .condition, repeats: scope.repeats, rule: .isLooselyTrue,
            item: item)?.text
    }

    mutating func inherited(_ element: SurveyJSElement, scope: Scope) -> Scope {
        var inner = scope
        if let visible = visibility(element, scope: Scope(repeats: scope.repeats)) { inner.visible.append(visible) }
        if element.bool("readOnly") == true { inner.readOnly.append("true") }
        if let enabled = translate("enableIf", of: element, as: .condition, repeats: scope.repeats, rule: .isNotFalse) {
            inner.readOnly.append("not (\(enabled.text))")
        }
        return inner
    }

    /// A composite question's or panel's title (and description) as a note, shown
    /// above its fields.
    mutating func headerNote(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        guard let title = text("title", of: element, repeats: scope.repeats) else { return [] }
        var pairs: [(String, DefinitionDocument)] = [
            ("id", .string(ids.makeID(from: (element.name ?? "panel") + "_title"))), ("kind", "note"), ("text", title),
        ]
        if let help = text("description", of: element, repeats: scope.repeats) { pairs.append(("help", help)) }
        if let visible = visibility(element, scope: scope) { pairs.append(("visible", .string(visible))) }
        return [.object(pairs, at: SourcePlace(element.place))]
    }
}
