import Formwork

extension XLSFormReader {
    /// The context names resolve in: `${name}` by name, an absolute path by its last
    /// step (pyxform writes `${x}` as `/form/group/x`, and names are unique to be read),
    /// a relative path against `node` (the row's, `/form/group/q`), then as absolute.
    func context(
        current: XPathSymbol?, repeats: [String], node: String? = nil, choiceColumns: [String: String]? = nil
    ) -> XPathContext {
        let symbols = self.symbols
        let absolute = absoluteSymbols
        // Nothing is skipped in most forms: no sets to build.
        let hidden = skippedNames.isEmpty ? ambiguousNames : ambiguousNames.union(skippedNames)
        let skippedIDs = skippedNames.isEmpty ? [] : Set(skippedNames.compactMap { symbols[$0]?.id })
        let options = optionValues
        let tables = dataTableColumns
        let pathsByID = self.pathsByID
        @Sendable func byPath(_ path: String) -> XPathSymbol? {
            if let symbol = absolute[path] { return skippedIDs.contains(symbol.id) ? nil : symbol }
            let last = path.split(separator: "/").last.map(String.init) ?? ""
            return hidden.contains(last) ? nil : symbols[last]
        }
        return XPathContext(
            current: current, repeats: repeats,
            name: { name in name.hasPrefix("/") ? byPath(name) : hidden.contains(name) ? nil : symbols[name] },
            path: byPath, node: node,
            choiceColumns: choiceColumns, options: { options[$0.id] }, groupsInEntry: groupsInEntry, tables: tables,
            formVersion: settings.version ?? "", absolutePath: { pathsByID[$0] }, limits: limits)
    }

    /// An expression cell translated, or `nil` with the problem reported at the cell.
    mutating func translate(
        _ text: String, column: String, row: XLSFormTable.Row, use: ExpressionUse, current: XPathSymbol?,
        repeats: [String], choiceColumns: [String: String]? = nil, placeName: String? = nil
    ) -> TranslatedExpression? {
        calculation(
            text, column: column, row: row, use: use, current: current, repeats: repeats, choiceColumns: choiceColumns,
            placeName: placeName, keepingFirstValue: false)?.expression
    }

    /// A calculation cell translated (a whole `once(x)` is `x`, kept: see
    /// `XPathTranslator`), or `nil` with the problem reported at the cell.
    mutating func calculation(
        _ text: String, column: String, row: XLSFormTable.Row, use: ExpressionUse, current: XPathSymbol?,
        repeats: [String], choiceColumns: [String: String]? = nil, placeName: String? = nil, keepingFirstValue: Bool
    ) -> (expression: TranslatedExpression, keepsFirstValue: Bool)? {
        let context = context(
            current: current, repeats: repeats, node: nodePaths[row.number] ?? nil, choiceColumns: choiceColumns)
        let at = placeName ?? place(column, row)
        do {
            return try XPathTranslator.translate(text, as: use, in: context, keepingFirstValue: keepingFirstValue)
        } catch {
            switch error.reason {
            case .syntax, .unknownFunction:
                report(
                    .importError("cannot read the \(column): \(error.description)", hint: nil), at: at, quote: text)
            case .unknownReference(let name, let suggestion):
                let lastStep = name.split(separator: "/").last.map(String.init) ?? name
                if skippedNames.contains(name) || (name.hasPrefix("/") && skippedNames.contains(lastStep)) {
                    report(
                        .unsupportedConstruct("the \(column), reading ${\(name)},", reason: "'\(name)' is skipped"),
                        at: at, quote: text)
                } else if ambiguousNames.contains(name) {
                    report(
                        .importError(
                            "'${\(name)}' names more than one question",
                            hint: "rename one: a question read as ${name} needs a name no other question has"),
                        at: at, quote: text)
                } else {
                    let closest = suggestion ?? Suggestions.closest(to: name, in: Array(symbols.keys)).first
                    report(
                        .importError(
                            "'\(name)' names no question", hint: Suggestions.didYouMean(closest) { "'${\($0)}'" }),
                        at: at, quote: text)
                }
            case .unsupported:
                report(.unsupportedConstruct("the \(column)", reason: error.message), at: at, quote: text)
            }
            return nil
        }
    }

    /// A condition column (`relevant`, `required`, `read_only`) as a Formwork condition.
    mutating func condition(
        _ column: String, of node: XLSFormSurvey.Node, current: XPathSymbol?, repeats: [String]
    ) -> String? {
        guard let cell = node.row[column] else { return nil }
        // A spreadsheet boolean (TRUE, FALSE) is XPath's true() or false(), as pyxform reads it.
        if cell == "TRUE" || cell == "FALSE" { return cell.lowercased() }
        return translate(cell, column: column, row: node.row, use: .condition, current: current, repeats: repeats)?
            .text
    }

    /// `yes`/`true`/`true()` → true, `no`/`false`/`false()` → nil, else a condition.
    mutating func flag(
        _ column: String, of node: XLSFormSurvey.Node, current: XPathSymbol, repeats: [String]
    )
        -> DefinitionDocument?
    {
        guard let cell = node.row[column] else { return nil }
        let cellPlace = cellPlace(column, node.row)
        switch cell.lowercased() {
        case "yes", "true", "true()", "1": return .bool(true, at: cellPlace)
        case "no", "false", "false()", "0": return nil
        default:
            return condition(column, of: node, current: current, repeats: repeats).map { .string($0, at: cellPlace) }
        }
    }

    // MARK: Answer keys

    /// `required`, `constraint`, `default`, `read_only` and `trigger` of a question a
    /// person answers.
    mutating func answerKeys(
        _ node: XLSFormSurvey.Node, kind: String, current: XPathSymbol, repeats: [String]
    ) -> [(String, DefinitionDocument)] {
        var pairs = requiredKeys(node, current: current, repeats: repeats)
        if let constraint = node.row["constraint"],
            let check = translate(
                constraint, column: "constraint", row: node.row, use: .condition, current: current, repeats: repeats)
        {
            let message =
                texts("constraint_message", of: node, repeats: repeats) ?? .string("Sorry, this response is invalid!")
            pairs.append(
                (
                    "rules",
                    .list(
                        [
                            .object([
                                ("check", .string(Self.answeredOnly(check.text, id: node.id))), ("message", message),
                            ])
                        ],
                        at: cellPlace("constraint", node.row))
                ))
        }
        if let readonly = flag("read_only", of: node, current: current, repeats: repeats) {
            pairs.append(("readonly", readonly))
        }
        if let cell = node.row["default"], let value = defaultValue(cell, kind: kind, node: node) {
            pairs.append(("default", value))
        }
        if let trigger = node.row["trigger"] {
            pairs += recalculation(trigger, node: node, kind: kind, current: current, repeats: repeats)
        }
        return pairs
    }

    /// `required` and its `requiredMessage`, as the question's row gives them.
    mutating func requiredKeys(
        _ node: XLSFormSurvey.Node, current: XPathSymbol, repeats: [String]
    ) -> [(String, DefinitionDocument)] {
        guard let required = flag("required", of: node, current: current, repeats: repeats) else { return [] }
        var pairs: [(String, DefinitionDocument)] = [("required", required)]
        if node.row["required_message"] != nil || !node.row.translations(of: "required_message").isEmpty {
            pairs.append(("requiredMessage", texts("required_message", of: node, repeats: repeats)!))
        }
        return pairs
    }

    /// A constraint as a Formwork rule: JavaRosa checks it only when the question has an
    /// answer (an empty one is `required`'s to judge), while a rule always holds.
    static func answeredOnly(_ check: String, id: String) -> String { "empty($\(id)) or (\(check))" }

    /// A literal default, typed for the kind; an expression default is not supported.
    private mutating func defaultValue(_ cell: String, kind: String, node: XLSFormSurvey.Node) -> DefinitionDocument? {
        let at = cellPlace("default", node.row)
        if cell.contains("${") || (cell.contains("(") && !["today()", "now()"].contains(cell)) {
            report(
                .unsupportedConstruct(
                    "a default computed from an expression",
                    reason: "Formwork's defaults are values (and today() or now() for dates and times)"),
                at: at.name, quote: cell)
            return nil
        }
        switch kind {
        case "number":
            guard Double(cell) != nil else {
                report(.importError("default '\(cell)' is not a number", hint: nil), at: at.name, quote: cell)
                return nil
            }
            return .number(cell, at: at)
        case "choice", "multichoice", "rank":
            // A default that is not one of the choices leaves the question unanswered
            // in JavaRosa (pyxform accepts it): so here, with a warning.
            let written = cell.split(separator: " ").map(String.init)
            let options = optionValues[node.id].map(Set.init)
            let kept = written.filter { options?.contains($0) ?? true }
            if kept.count < written.count {
                let dropped = written.filter { !kept.contains($0) }.map { "'\($0)'" }.joined(separator: ", ")
                report(
                    .importNotice(
                        "the default \(dropped) is not one of the question's choices: it is left out, "
                            + "as JavaRosa leaves it"),
                    at: at.name, quote: cell)
            }
            if kind == "choice" { return kept.count == 1 ? .string(kept[0], at: at) : nil }
            return kept.isEmpty ? nil : .list(kept.map { .string($0) }, at: at)
        default:
            return .string(cell, at: at)
        }
    }

    /// `trigger`: when the named questions change, the question takes its
    /// `calculation` (empty without one), and can still be edited.
    private mutating func recalculation(
        _ trigger: String, node: XLSFormSurvey.Node, kind: String, current: XPathSymbol, repeats: [String]
    ) -> [(String, DefinitionDocument)] {
        let at = cellPlace("trigger", node.row)
        var on: [DefinitionDocument] = []
        for name in Self.references(in: trigger) {
            guard let symbol = context(current: current, repeats: repeats).name(name) else {
                report(.importError("trigger '${\(name)}' names no question", hint: nil), at: at.name, quote: trigger)
                continue
            }
            on.append(.string(symbol.id))
        }
        guard !on.isEmpty else {
            report(.importError("a trigger names its question as ${name}", hint: nil), at: at.name, quote: trigger)
            return []
        }
        var value = "null"
        if let calculation = node.row["calculation"] {
            let numeric = kind == "number"
            guard
                let translated = translate(
                    calculation, column: "calculation", row: node.row, use: numeric ? .value : .text,
                    current: current, repeats: repeats)
            else { return [] }
            value = numeric && translated.type != .number ? "number(\(translated.text))" : translated.text
        }
        return [
            (
                "recalculate",
                .object([("on", .list(on)), ("value", .string(value))], at: cellPlace("calculation", node.row))
            )
        ]
    }

    /// The names of `${name}` references in a text, in order.
    static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            names.append(String(rest[start.upperBound..<end]).trimmed(.whitespaces))
            rest = rest[rest.index(after: end)...]
        }
        return names
    }
}
