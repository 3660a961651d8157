import Formwork
import Foundation

/// An application's question templates, expanded before a survey is read
/// (`formwork … --templates FILE`).
///
/// Some applications that show SurveyJS surveys keep reusable questions apart: a
/// top-level `questionTemplates` list (`[{ "name": "yesno", "type": "radiogroup",
/// "choices": […] }]`), named by an element's `questionTemplateName`, or survey-core's
/// own custom types (`ComponentCollection` definitions, `[{ "name": "nps", "questionJSON":
/// { "type": "rating", … } }]`), named by an element's `type`. survey-core drops such
/// elements when it is not given the definitions ("the property type is missing"), and
/// so does Formwork, with a warning. Given the definitions, each element is the
/// template with the element's own properties over it — as the oracle's
/// `--expand-question-templates` merges them — and placed where the element is.
///
/// ```swift
/// let templates = try SurveyJSTemplates(json: Array(data))
/// let expanded = templates.expanded(survey)   // `{"name": "smoker", "questionTemplateName": "yesno"}` is a radiogroup
/// ```
public struct SurveyJSTemplates: Sendable {
    /// Templates named by `questionTemplateName`, by name.
    var byName: [String: DefinitionDocument] = [:]
    /// Custom question types (`questionJSON`), by type name (lowercased).
    var types: [String: DefinitionDocument] = [:]

    /// No templates.
    public init() {}

    /// The templates of a JSON file: a list of templates or of component definitions,
    /// or an object with `questionTemplates` (a survey that carries its own), each
    /// named by `name`.
    ///
    /// - Throws: `DiagnosticList` when the file is not JSON or holds no such list.
    public init(json bytes: [UInt8], path: String = "<templates>") throws(DiagnosticList) {
        let root = try DefinitionDocument.placedJSON(bytes, path: path, limits: .default)
        var entries: [DefinitionDocument]
        switch root.content {
        case .list(let list): entries = list
        case .object:
            let element = SurveyJSElement(root)
            entries = element.list("questionTemplates") ?? element.list("components") ?? []
        default: entries = []
        }
        if case .object = root.content, entries.isEmpty, SurveyJSElement(root).name != nil { entries = [root] }
        guard !entries.isEmpty else {
            throw DiagnosticList(
                path: path, source: String(decoding: bytes, as: UTF8.self),
                diagnostics: [
                    Diagnostic(
                        .importError(
                            "no question templates in the file",
                            hint: "write a list of templates ([{\"name\": …, \"type\": …}]), of component "
                                + "definitions ([{\"name\": …, \"questionJSON\": {…}}]), "
                                + "or {\"questionTemplates\": […]}"
                        ),
                        at: nil)
                ])
        }
        for entry in entries {
            let element = SurveyJSElement(entry)
            guard element.isObject, let name = element.name else { continue }
            if let question = element["questionJSON"] {
                types[name.lowercased()] = question
            } else {
                byName[name] = .object(
                    Self.pairs(of: entry).filter { $0.key != "name" }.map { ($0.key, $0.value) }, at: entry.place)
            }
        }
    }

    /// The templates a survey carries itself (`questionTemplates`), if any.
    public init?(carriedBy survey: DefinitionDocument) {
        guard let list = SurveyJSElement(survey).list("questionTemplates"), !list.isEmpty else { return nil }
        self.init()
        for entry in list {
            guard let name = SurveyJSElement(entry).name else { continue }
            byName[name] = .object(
                Self.pairs(of: entry).filter { $0.key != "name" }.map { ($0.key, $0.value) }, at: entry.place)
        }
    }

    /// Whether there is any template.
    public var isEmpty: Bool { byName.isEmpty && types.isEmpty }

    /// `survey` with every element that names a template replaced by the template under
    /// its own properties (placed where the element is), and `questionTemplates` removed.
    public func expanded(_ survey: DefinitionDocument) -> DefinitionDocument {
        expand(survey, depth: 0, root: true)
    }

    private func expand(_ node: DefinitionDocument, depth: Int, root: Bool = false) -> DefinitionDocument {
        guard depth < 64 else { return node }
        switch node.content {
        case .list(let elements):
            return .list(elements.map { expand($0, depth: depth + 1) }, at: node.place)
        case .object:
            var pairs = Self.pairs(of: node)
            if root { pairs.removeAll { $0.key == "questionTemplates" } }
            let element = SurveyJSElement(node)
            var template: DefinitionDocument?
            if let name = element.text("questionTemplateName") {
                template = byName[name]
                if template != nil { pairs.removeAll { $0.key == "questionTemplateName" } }
            } else if let question = types[element.type.lowercased()] {
                template = question
                pairs.removeAll { $0.key.lowercased() == "type" }
            }
            if let template {
                let own = Set(pairs.map(\.key))
                let inherited = Self.pairs(of: Self.placed(template, at: node.place)).filter { !own.contains($0.key) }
                pairs = inherited + pairs
            }
            return .object(pairs.map { ($0.key, expand($0.value, depth: depth + 1)) }, at: node.place)
        default:
            return node
        }
    }

    static func pairs(of node: DefinitionDocument) -> [(key: String, value: DefinitionDocument)] {
        if case .object(let pairs) = node.content { return pairs }
        return []
    }

    /// A template's nodes placed where the element that names it is (a template from
    /// another file has no place in the survey).
    static func placed(_ node: DefinitionDocument, at place: SourcePlace?) -> DefinitionDocument {
        switch node.content {
        case .list(let elements): return .list(elements.map { placed($0, at: place) }, at: place)
        case .object(let pairs): return .object(pairs.map { ($0.key, placed($0.value, at: place)) }, at: place)
        default: return DefinitionDocument(node.content, place: place)
        }
    }
}
