import Formwork

extension XLSFormReader {
    /// A question's field (with its `_other` text field when it has `or_other`), or
    /// nothing for metadata given as inputs; a note saying what was skipped when it
    /// cannot be represented and `skipUnsupported` is set.
    mutating func question(
        _ node: XLSFormSurvey.Node, type: XLSFormType, repeats: [String], conditions: [String]
    ) -> [DefinitionDocument] {
        let unsupportedBefore = problems.unsupported.count
        groupsInEntry = repeats.isEmpty ? nil : node.groups.filter { !$0.isEmpty }.count
        defer { groupsInEntry = nil }
        let typePlace = SourcePlace(place("type", node.row), quote: node.row["type"])
        let current = XPathSymbol(id: node.id, type: Self.valueType(type), repeats: repeats)
        var pairs: [(String, DefinitionDocument)] = [("id", .string(node.id))]
        // A note has no answer, so no key (its element's path is in the submission layout).
        if let key = answerKey(node, repeats: repeats), type != .note { pairs.append(("key", .string(key))) }
        var extra: [DefinitionDocument] = []
        let kind = self.kind(of: node, type: type, repeats: repeats, place: typePlace)
        guard let kind else {
            return skipped(node, since: unsupportedBefore, current: current, repeats: repeats, conditions: conditions)
        }
        pairs.append(("kind", .string(kind.name)))
        let label = texts("label", of: node, repeats: repeats)
        switch kind.name {
        case "note": pairs.append(("text", label ?? .string(node.name)))
        case "calculate": break
        default: pairs.append(("label", label ?? .string(node.name)))
        }
        if let hint = texts("hint", of: node, repeats: repeats) { pairs.append(("help", hint)) }
        var visibility = conditions
        if let relevant = condition("relevant", of: node, current: current, repeats: repeats) {
            visibility.append(relevant)
        }
        if let visible = ExpressionText.conjunction(visibility) {
            let at = node.row["relevant"] == nil ? nil : cellPlace("relevant", node.row)
            pairs.append(("visible", .string(visible, at: at)))
        }
        pairs += kind.pairs
        if let list = kind.list {
            pairs.append(("options", options(list, of: node, repeats: repeats)))
        }
        if kind.answerable {
            pairs += answerKeys(node, kind: kind.name, current: current, repeats: repeats)
        } else if kind.name == "note" {
            pairs += blockingNoteKeys(node, current: current, repeats: repeats)
        }
        if Self.hasOther(type), let other = symbols[node.name + "_other"] {
            let otherKey = answerKey(node, name: node.name + "_other", repeats: repeats)
            let selected = kind.name == "multichoice" ? "'other' in $\(node.id)" : "$\(node.id) == 'other'"
            extra.append(
                .object(
                    [
                        ("id", .string(other.id)), ("kind", "text"), ("label", "Specify other."),
                        ("visible", .string(ExpressionText.conjunction(visibility + [selected])!)),
                    ] + (otherKey.map { key in key == other.id ? [] : [("key", .string(key))] } ?? []),
                    at: typePlace))
        }
        // With `skipUnsupported`, what could not be read (a constraint, a relevant, a
        // text's expression) is left out and the question stays, so what reads it still
        // works; without it, the form is refused anyway.
        return [.object(pairs, at: typePlace)] + extra
    }

    /// A note in place of a question whose kind cannot be represented (with
    /// `skipUnsupported`), shown where the question would be (its relevance kept);
    /// its name is skipped, so what reads it is skipped too.
    private mutating func skipped(
        _ node: XLSFormSurvey.Node, since first: Int, current: XPathSymbol, repeats: [String], conditions: [String]
    ) -> [DefinitionDocument] {
        guard skipUnsupported else { return [] }
        skippedNames.insert(node.name)
        let reasons = problems.unsupported[first...].map { "\($0.place?.name ?? ""): \($0.message)" }
        var pairs: [(String, DefinitionDocument)] = [
            ("id", .string(node.id)), ("kind", "note"),
            ("text", .string(Self.escapedTemplate("Skipped '\(node.name)': " + reasons.joined(separator: "; ")))),
        ]
        var visibility = conditions
        if let relevant = condition("relevant", of: node, current: current, repeats: repeats) {
            visibility.append(relevant)
        }
        if let visible = ExpressionText.conjunction(visibility) { pairs.append(("visible", .string(visible))) }
        return [.object(pairs, at: SourcePlace(place("type", node.row), quote: node.row["type"]))]
    }

    /// A Formwork kind with the keys it needs (`step`, `min`, a calculate's `value`),
    /// the choice list it takes options from, and whether a person answers it.
    struct KindMapping {
        var name: String
        var pairs: [(String, DefinitionDocument)] = []
        var list: String?
        var answerable = true
    }

    private mutating func kind(
        of node: XLSFormSurvey.Node, type: XLSFormType, repeats: [String], place typePlace: SourcePlace
    )
        -> KindMapping?
    {
        let appearance = node.row["appearance"]?.lowercased() ?? ""
        // What an XForm has that its reading found no XLSForm column for.
        if let reason = node.row["x_unsupported"] {
            report(.unsupportedConstruct("the question's choices", reason: reason), at: typePlace.name, quote: nil)
            return nil
        }
        if let notice = Self.screenAppearance(appearance, type: type) {
            report(.importNotice(notice), at: place("appearance", node.row), quote: node.row["appearance"])
        }
        if Self.parameters(node.row["parameters"])["randomize"]?.lowercased() == "true" {
            // Formwork offers a list's choices in one order; JavaRosa's shuffle is not kept.
            report(
                .importNotice("the choices are offered in the order written: Collect shuffles them (randomize=true)"),
                at: place("parameters", node.row), quote: node.row["parameters"])
        }
        if let calculation = node.row["calculation"], type != .calculate, type != .hidden, node.row["trigger"] == nil {
            return calculated(node, type: type, calculation: calculation, repeats: repeats, place: typePlace)
        }
        return baseKind(of: node, type: type, repeats: repeats, place: typePlace)
    }

    /// A question with a `calculation` (and no trigger). JavaRosa computes it whenever
    /// what it reads changes and again when the form is finished, so whatever the
    /// person typed, the submission holds the computed value: a `computed` field. One
    /// that reads nothing is computed once, when the form opens, and then the person's
    /// to change: the question keeps its kind and starts with that value.
    private mutating func calculated(
        _ node: XLSFormSurvey.Node, type: XLSFormType, calculation: String, repeats: [String],
        place typePlace: SourcePlace
    ) -> KindMapping? {
        let current = XPathSymbol(id: node.id, type: Self.valueType(type), repeats: repeats)
        let numeric = Self.valueType(type) == .number
        guard
            let (value, keeps) = self.calculation(
                calculation, column: "calculation", row: node.row, use: numeric ? .value : .text, current: current,
                repeats: repeats, keepingFirstValue: true)
        else { return nil }
        let text = numeric && value.type != .number ? "number(\(value.text))" : value.text
        let at = cellPlace("calculation", node.row)
        let once: [(String, DefinitionDocument)] = keeps ? [("once", .bool(true))] : []
        let computed = KindMapping(
            name: "computed", pairs: [("value", .string(text, at: at))] + once, answerable: false)
        if keeps { return computed }
        guard type != .note, var mapping = baseKind(of: node, type: type, repeats: repeats, place: typePlace),
            mapping.list == nil, node.row["default"] == nil
        else { return computed }
        guard fieldsRead(by: text, from: repeats).isEmpty,
            let literal = Self.literal(calculation, numeric: numeric) ?? Self.constant(text)
        else { return computed }
        mapping.pairs.append(("default", literal))
        return mapping
    }

    /// The ids of the fields a translated expression reads that a trigger can name:
    /// fields of the same entry or of the entries and form around it.
    func fieldsRead(by expression: String, from repeats: [String]) -> [String] {
        var seen = Set<String>()
        var ids: [String] = []
        let scalars = Array(expression.unicodeScalars)
        var index = 0
        let byID = Dictionary(symbols.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "$" else { continue }
            var end = index + 1
            while end < scalars.count,
                scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end])
                    || scalars[end] == "_"
            {
                end += 1
            }
            let id = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            if end < scalars.count, scalars[end] == "." { continue }
            if let symbol = byID[id], symbol.type != .repeatEntries, repeats.starts(with: symbol.repeats),
                seen.insert(id).inserted
            {
                ids.append(id)
            }
        }
        return ids
    }

    /// A translated calculation that reads nothing and does not depend on the moment
    /// (`concat('a', 'b')`), computed once as JavaRosa does when the form opens.
    static func constant(_ expression: String) -> DefinitionDocument? {
        guard !["today(", "now(", "uuid(", "random(", "randomize("].contains(where: expression.contains),
            let compiled = try? CompiledExpression(expression, environment: ExpressionEnvironment(fields: []))
        else { return nil }
        switch compiled.evaluate(EvaluationContext(today: .today()) { _ in .null }) {
        case .string(let text): return .string(text)
        case .number(let number): return .number(JSONText.encode(.number(number)))
        default: return nil
        }
    }

    /// A calculation that is a literal (`'text'`, `12`) as a default value.
    static func literal(_ calculation: String, numeric: Bool) -> DefinitionDocument? {
        let trimmed = calculation.trimmed(.whitespaces)
        if numeric { return Double(trimmed) != nil ? .number(trimmed) : nil }
        guard trimmed.count >= 2, let quote = trimmed.first, quote == "'" || quote == "\"", trimmed.last == quote,
            !trimmed.dropFirst().dropLast().contains(quote)
        else { return nil }
        return .string(String(trimmed.dropFirst().dropLast()))
    }

    private mutating func baseKind(
        of node: XLSFormSurvey.Node, type: XLSFormType, repeats: [String], place typePlace: SourcePlace
    ) -> KindMapping? {
        let appearance = node.row["appearance"]?.lowercased() ?? ""
        switch type {
        case .text, .barcode, .phoneNumber:
            return KindMapping(
                name: "text", pairs: appearance.contains("multiline") ? [("multiline", .bool(true))] : [])
        case .integer: return KindMapping(name: "number", pairs: [("step", .number("1"))])
        case .decimal: return KindMapping(name: "number")
        case .range: return rangeKind(node)
        case .date: return KindMapping(name: "date")
        case .time: return KindMapping(name: "time")
        case .dateTime: return KindMapping(name: "datetime")
        case .geopoint: return KindMapping(name: "geopoint")
        case .geotrace, .geoshape:
            let shape = type == .geoshape
            report(
                .importNotice(
                    "a \(shape ? "shape" : "line") is drawn on a map in Collect: here its points are typed as ODK "
                        + "writes them ('latitude longitude altitude accuracy; …', "
                        + (shape ? "at least 4, closed)" : "at least 2)")
                ),
                at: typePlace.name, quote: typePlace.quote)
            return KindMapping(name: "text", pairs: [("format", .string(shape ? "geoshape" : "geotrace"))])
        case .note: return KindMapping(name: "note", answerable: false)
        case .acknowledge:
            return KindMapping(
                name: "choice", pairs: [("options", .list([.object([("value", "OK"), ("label", "OK")])]))])
        case .media("background-audio"):
            return unrecorded(
                "background audio is not recorded at a terminal: its element is left empty", at: typePlace)
        case .media: return KindMapping(name: "file")
        case .selectOne(let list, _), .selectExternal(let list):
            return KindMapping(name: "choice", list: list)
        case .selectMultiple(let list, _): return KindMapping(name: "multichoice", list: list)
        case .rank(let list): return KindMapping(name: "rank", list: list)
        case .calculate, .hidden:
            return calculateKind(node, repeats: repeats)
        case .selectFromFile(let file, let multiple):
            // Its choices were read from the file with the form (`mediaChoices`).
            return KindMapping(name: multiple ? "multichoice" : "choice", list: file)
        case .metadata("start"), .metadata("end"):
            return KindMapping(name: "calculate", pairs: [("value", "now()")], answerable: false)
        case .metadata("today"):
            return KindMapping(name: "calculate", pairs: [("value", "today()")], answerable: false)
        case .metadata("audit"):
            return unrecorded(
                "an audit log is not recorded at a terminal: the submission's meta/audit is left empty "
                    + "(Collect would attach the log)", at: typePlace)
        case .metadata("background-geopoint"):
            return unrecorded(
                "the device's location when the question it follows changes is not recorded at a terminal: "
                    + "it is left empty", at: typePlace)
        case .metadata("start-geopoint"):
            return unrecorded(
                "the device's location when the form starts is not recorded at a terminal: it is left empty",
                at: typePlace)
        case .metadata(let name):
            report(
                .unsupportedConstruct("metadata '\(name)'", reason: "the device records it; there is nothing to ask"),
                at: typePlace.name, quote: typePlace.quote)
            return nil
        case .unsupported(let name, let reason):
            report(.unsupportedConstruct("'\(name)'", reason: reason), at: typePlace.name, quote: typePlace.quote)
            return nil
        case .unknown, .beginGroup, .endGroup, .beginRepeat, .endRepeat, .beginLoop, .endLoop, .externalInstance:
            return nil
        }
    }

    /// What a media appearance made on a phone's screen (a signature, a drawing, an
    /// annotated image) is at a terminal: a file answer, the path of an image made
    /// elsewhere; the warning that says so. (`ex:` is not one: it offers another app
    /// to fill the answer, and Collect lets the person type it when there is none, as
    /// at a terminal.)
    static func screenAppearance(_ appearance: String, type: XLSFormType) -> String? {
        let words = appearance.split(separator: " ").map(String.init)
        guard case .media = type else { return nil }
        for word in ["signature", "draw", "annotate"] where words.contains(word) {
            let made = [
                "signature": "a signature is made", "draw": "a drawing is made", "annotate": "an image is annotated",
            ][
                word]!
            return "\(made) on the screen in Collect: here the answer is the path of an image file"
        }
        return nil
    }

    private mutating func rangeKind(_ node: XLSFormSurvey.Node) -> KindMapping {
        var parameters: [String: String] = ["start": "1", "end": "10", "step": "1"]
        for pair in (node.row["parameters"] ?? "").split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmed(.whitespaces) }
            if parts.count == 2 { parameters[parts[0].lowercased()] = parts[1] }
        }
        let parametersPlace = cellPlace("parameters", node.row)
        var pairs: [(String, DefinitionDocument)] = []
        for (key, parameter) in [("min", "start"), ("max", "end"), ("step", "step")] {
            let value = parameters[parameter]!
            if Double(value) != nil {
                pairs.append((key, .number(value, at: parametersPlace)))
            } else {
                report(
                    .importError(
                        "range parameter \(parameter)=\(value) is not a number", hint: "write start=1 end=10 step=1"),
                    at: parametersPlace.name, quote: parametersPlace.quote)
            }
        }
        // ODK's range runs from start to end whichever is larger.
        if let low = Double(parameters["start"]!), let high = Double(parameters["end"]!), low > high, pairs.count == 3 {
            pairs[0].0 = "max"
            pairs[1].0 = "min"
        }
        return KindMapping(name: "number", pairs: pairs)
    }

    private mutating func calculateKind(_ node: XLSFormSurvey.Node, repeats: [String]) -> KindMapping? {
        let current = XPathSymbol(id: node.id, type: .text, repeats: repeats)
        if let calculation = node.row["calculation"] {
            // A boolean stays one (JavaRosa writes it 1 or 0, and reads it as true or false),
            // and a number one (summed, compared as a number).
            let use: ExpressionUse
            switch symbols[node.name].flatMap({ $0.id == node.id ? $0.type : nil }) {
            case .boolean?: use = .condition
            case .number?: use = .value
            default: use = .text
            }
            guard
                let (value, keeps) = self.calculation(
                    calculation, column: "calculation", row: node.row, use: use, current: current, repeats: repeats,
                    keepingFirstValue: true)
            else {
                // Skipped: the value is left empty, so what reads it still works.
                guard skipUnsupported else { return nil }
                return KindMapping(name: "calculate", pairs: [("value", "''")], answerable: false)
            }
            let once: [(String, DefinitionDocument)] = keeps ? [("once", .bool(true))] : []
            return KindMapping(
                name: "calculate",
                pairs: [("value", .string(value.text, at: cellPlace("calculation", node.row)))] + once,
                answerable: false)
        }
        // A `hidden` question, or a calculate without a calculation: its default, or empty.
        let literal = ExpressionText.string(node.row["default"] ?? "")
        return KindMapping(
            name: "calculate", pairs: [("value", .string(literal, at: cellPlace("default", node.row)))],
            answerable: false)
    }

    func cellPlace(_ column: String, _ row: XLSFormTable.Row) -> SourcePlace {
        SourcePlace(place(column, row), quote: row[column])
    }

    /// A blocking note's `required`: JavaRosa refuses to finish while a required note
    /// is relevant (it never has an answer). Its constraint never applies (JavaRosa
    /// checks a constraint on an answer only), which `check` says.
    mutating func blockingNoteKeys(
        _ node: XLSFormSurvey.Node, current: XPathSymbol, repeats: [String]
    ) -> [(String, DefinitionDocument)] {
        let pairs = requiredKeys(node, current: current, repeats: repeats)
        if let constraint = node.row["constraint"] {
            report(
                .importNotice(
                    "a note's constraint never applies: JavaRosa checks a constraint on an answer, and a note "
                        + "has none"),
                at: place("constraint", node.row), quote: constraint)
        }
        return pairs
    }

    /// What a device records and a terminal cannot (an audit log, background audio, the
    /// location at the start): an element left empty, as a submission without it has
    /// it, and a warning saying so.
    private mutating func unrecorded(_ notice: String, at place: SourcePlace) -> KindMapping {
        report(.importNotice(notice), at: place.name, quote: place.quote)
        return KindMapping(name: "calculate", pairs: [("value", "null")], answerable: false)
    }
}
