import Formwork

/// The survey's structure checked before it is read: every list SurveyJS reads
/// (`pages`, `elements`, `choices`…) is a list, and every page, element, trigger and
/// validator in one is an object. SurveyJS drops what is not, silently; here each is
/// an error at its place, so that `"elements": 5` is not read as an empty page.
extension SurveyJSReader {
    /// Lists of objects, by key.
    static let objectLists: Set<String> = [
        "pages", "elements", "questions", "templateelements", "triggers", "calculatedvalues", "validators", "items",
    ]
    /// Lists of values or objects, by key (a choice is `"a"` or `{ "value": "a" }`).
    static let valueLists: Set<String> = ["choices", "columns", "rows", "ratevalues"]

    mutating func checkShapes() {
        var pending: [(node: DefinitionDocument, depth: Int)] = [(survey.node, 0)]
        while let (node, depth) = pending.popLast() {
            guard depth < 64, case .object(let pairs) = node.content else { continue }
            var inner: [DefinitionDocument] = []
            for (key, value) in pairs {
                let lowered = key.lowercased()
                let objects = Self.objectLists.contains(lowered)
                guard objects || Self.valueLists.contains(lowered) else { continue }
                let place = value.place?.name ?? SurveyJSElement(node).place
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
