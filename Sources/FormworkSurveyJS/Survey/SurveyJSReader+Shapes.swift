import Formwork

/// The survey's structure checked before it is read: every list SurveyJS reads
/// (`pages`, `elements`, `choices`…) is a list, and every page, element, trigger and
/// validator in one is an object. SurveyJS drops what is not, silently; here each is
/// an error at its place, so that `"elements": 5` is not read as an empty page. A
/// flag or a number of another type (`"isRequired": "yes"`, `"rateMax": "x"`) is left
/// out, with a warning.
extension SurveyJSReader {
    /// Lists of objects, by key.
    static let objectLists: Set<String> = [
        "pages", "elements", "questions", "templateelements", "triggers", "calculatedvalues", "validators", "items",
    ]
    /// Lists of values or objects, by key (a choice is `"a"` or `{ "value": "a" }`).
    static let valueLists: Set<String> = ["choices", "columns", "rows", "ratevalues"]

    /// Properties that are true or false.
    static let flags: Set<String> = [
        "isrequired", "readonly", "visible", "showotheritem", "hasother", "shownoneitem", "hasnone", "showcommentarea",
        "hascomment", "multiselect", "includeintoresult", "isallrowrequired", "eachrowrequired", "caseinsensitive",
        "allowdigits", "showrefuseitem", "showdontknowitem",
    ]
    /// Properties that are numbers.
    static let numbers: Set<String> = [
        "ratemin", "ratemax", "ratestep", "ratecount", "maxlength", "minlength", "minvalue", "maxvalue", "mincount",
        "maxcount", "panelcount", "minpanelcount", "maxpanelcount", "rowcount", "minrowcount", "maxrowcount",
        "minselectedchoices", "maxselectedchoices", "maxsize", "step",
    ]

    /// What a property holds, by its lowercased name: one lookup per key.
    enum Shape: Equatable {
        case flag, number, objects, values
        /// A property survey-core does not have (`noneValue`): the value of its item.
        case fixedValue(String)
    }

    static let shapes: [String: Shape] = Dictionary(
        uniqueKeysWithValues: flags.map { ($0, Shape.flag) } + numbers.map { ($0, .number) }
            + objectLists.map { ($0, .objects) } + valueLists.map { ($0, .values) } + [
                ("nonevalue", .fixedValue("none")), ("refusevalue", .fixedValue("refused")),
                ("dontknowvalue", .fixedValue("dontknow")),
            ])

    /// Whether an element's pairs are a comment's or text's (whose `rows` is a height).
    static func isTextBox(_ pairs: [(String, DefinitionDocument)]) -> Bool {
        guard let type = pairs.first(where: { $0.0 == "type" })?.1.text?.lowercased() else { return false }
        return type == "comment" || type == "text"
    }

    /// A warning for a flag or number of another type.
    mutating func checkScalar(_ key: String, lowered: String, _ value: DefinitionDocument, at place: String) {
        let expected: String
        switch value.content {
        case .bool where Self.flags.contains(lowered), .number where Self.numbers.contains(lowered): return
        case .string(let text) where Self.flags.contains(lowered):
            guard !["true", "false"].contains(text.lowercased()) else { return }
            expected = "true or false"
        case .string(let text) where Self.numbers.contains(lowered):
            guard Double(text.trimmingCharacters(in: .whitespaces)) == nil else { return }
            expected = "a number"
        default:
            guard Self.flags.contains(lowered) || Self.numbers.contains(lowered) else { return }
            expected = Self.flags.contains(lowered) ? "true or false" : "a number"
        }
        let found = value.text.map { "\"\(Self.shown($0))\"" } ?? Self.describe(value)
        report(
            .importNotice("'\(Self.shown(key))' is \(expected), not \(found): it is left out"),
            at: value.place?.name ?? place)
    }

    mutating func checkShapes() {
        var pending: [(node: DefinitionDocument, depth: Int)] = [(survey.node, 0)]
        while let (node, depth) = pending.popLast() {
            guard depth < 64, case .object(let pairs) = node.content else { continue }
            let nodePlace = node.place?.name ?? "1:1"
            var inner: [DefinitionDocument] = []
            for (key, value) in pairs {
                let lowered = Self.lowercased(key)
                guard let shape = Self.shapes[lowered] else { continue }
                // A comment's `rows` is the height of its text box, a number: presentation.
                if lowered == "rows", case .number = value.content, Self.isTextBox(pairs) { continue }
                if case .fixedValue(let fixed) = shape {
                    report(
                        .importNotice(
                            "survey-core has no '\(Self.shown(key))' (it reports it as an unknown property): "
                                + "the item's value is '\(fixed)', as in survey-core"),
                        at: value.place?.name ?? nodePlace)
                    continue
                }
                guard shape == .objects || shape == .values else {
                    checkScalar(key, lowered: lowered, value, at: nodePlace)
                    continue
                }
                let objects = shape == .objects
                let place = value.place?.name ?? nodePlace
                guard case .list(let elements) = value.content else {
                    report(
                        .importError(
                            "'\(Self.shown(key))' must be a list, not \(Self.describe(value))",
                            hint: "write \"\(Self.shown(key))\": [ … ]"),
                        at: place)
                    continue
                }
                for element in elements where objects && !SurveyJSElement(element).isObject {
                    report(
                        .importError(
                            "each of '\(Self.shown(key))' must be an object ({ … }), not \(Self.describe(element))",
                            hint: nil),
                        at: element.place?.name ?? place)
                }
                inner += elements
            }
            pending += inner.reversed().map { ($0, depth + 1) }
        }
    }

    /// What a JSON value is, for a message.
    static func describe(_ node: DefinitionDocument) -> String {
        switch node.content {
        case .object: return "an object"
        case .list: return "a list"
        case .string: return "a text"
        case .number: return "a number"
        case .bool: return "true or false"
        default: return "null"
        }
    }
}
