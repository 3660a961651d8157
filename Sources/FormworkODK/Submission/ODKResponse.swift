import Formwork
import Foundation

/// Reads an ODK submission — the XForm instance ODK Collect sends to ODK Central, as
/// `ODKSubmission` writes it — as a response `ResponseValidator` checks: each element
/// found at a question's element path (the form's `submission` layout) is that
/// question's answer, a repeat's elements its entries, a group's element is entered;
/// `meta` (the instance id and name) is left out; any other element is reported as
/// unknown, at its line and column. Values are read as ODK writes them: a multiple
/// choice's values separated by spaces, times and dates with times with milliseconds
/// and a zone offset (read as the local time written), geopoints `lat lon alt acc`,
/// a switch (a Formwork form's) as `1` or `0`.
///
/// The root must be the form's: its name, its `id` (where it has one) and its
/// namespace. A submission whose root is in another namespace than the form's
/// `namespace` is another form's (`.otherForm`), as XML reads it: the namespace is
/// part of the element's name, so `<data xmlns="http://example.org/a" id="x">` is not
/// the instance of a form whose instance is in `http://example.org/b`, nor of one in
/// none, and a form in a namespace does not take a submission without it. A root in
/// the XForms namespace (`http://www.w3.org/2002/xforms`, where an XForm's instance
/// lies unless it declares its own) counts as in none, as JavaRosa leaves it out.
/// Other prefixes declared on the root (`xmlns:jr`) are not compared.
///
/// The document is read as XForms are (`XMLTree`): no document type, so no entity is
/// ever expanded or fetched; depth and size bounded.
///
/// ```swift
/// switch ODKResponse.read(data, definition: form) {
/// case .success(let response): print(ResponseValidator(definition: form).validate(response).isValid)
/// case .failure(let problem): print("submission.xml:\(problem)")
/// }
/// ```
public enum ODKResponse {
    /// The instance as a response tree, or the one problem that keeps it from being
    /// read (not XML, a document type, another form's instance).
    public static func read(_ data: Data, definition: FormDefinition) -> Result<ResponseNode, ResponseProblem> {
        let tree: XMLTree
        do {
            tree = try XMLTree(data)
        } catch {
            return .failure(
                ResponseProblem(.syntax(error.message), at: SourceLocation(line: error.line, column: error.column)))
        }
        let layout = ODKAnswerFormat.layout(of: definition)
        let root = tree.root
        let rootLocation = SourceLocation(line: root.line, column: root.column)
        let namespace = Self.namespace(of: root)
        if root.localName != layout.root || (root.attribute("id").map { $0 != layout.formID } ?? false)
            || Self.compared(namespace) != Self.compared(layout.namespace)
        {
            func element(_ name: String, _ namespace: String?, _ id: String?) -> String {
                "<" + name + (namespace.map { " xmlns=\"\($0)\"" } ?? "") + (id.map { " id=\"\($0)\"" } ?? "") + ">"
            }
            return .failure(
                ResponseProblem(
                    .otherForm(
                        found: element(root.localName, namespace, root.attribute("id")),
                        expected: element(layout.root, layout.namespace, layout.formID)),
                    at: rootLocation))
        }
        let reader = Reader(definition: definition, layout: layout)
        return .success(reader.mapping(of: root, scope: nil))
    }

    /// The namespace the root's name is in (its prefix's, else its `xmlns`); `nil` for
    /// none.
    static func namespace(of element: XMLTree.Element) -> String? {
        let parts = element.name.split(separator: ":", maxSplits: 1)
        let declared = parts.count == 2 ? element.attributes["xmlns:" + parts[0]] : element.attributes["xmlns"]
        return declared.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A namespace as roots are compared: the XForms namespace (an XForm instance's
    /// unless it declares its own, which JavaRosa leaves out of submissions) as none.
    static func compared(_ namespace: String?) -> String? {
        namespace == "http://www.w3.org/2002/xforms" ? nil : namespace
    }

    /// The instance's id (`meta/instanceID`, as the form's layout places it), if it
    /// has one: a cleaned submission keeps it.
    public static func instanceID(in data: Data, definition: FormDefinition) -> String? {
        guard let tree = try? XMLTree(data) else { return nil }
        guard let path = ODKAnswerFormat.layout(of: definition).instanceID else { return nil }
        var element: XMLTree.Element? = tree.root
        for step in path.split(separator: "/") { element = element?.child(named: String(step)) }
        return element.map(\.text).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Element paths to fields and repeats, per scope (the form, or a repeat's entries).
    struct Reader {
        let definition: FormDefinition
        let layout: SubmissionLayout
        /// By scope (`-1`: the form): element path → field index.
        var fields: [Int: [String: Int]] = [:]
        /// By scope: element path → repeat index.
        var repeats: [Int: [String: Int]] = [:]
        /// By scope: the paths of the groups around fields and repeats.
        var groups: [Int: Set<String>] = [:]

        init(definition: FormDefinition, layout: SubmissionLayout) {
            self.definition = definition
            self.layout = layout
            for field in definition.fields {
                let path = layout.paths[field.id] ?? field.key ?? field.id
                fields[field.repeatIndex ?? -1, default: [:]][path] = field.index
                addGroups(of: path, in: field.repeatIndex ?? -1)
            }
            for group in definition.repeats {
                let path = layout.paths[group.id] ?? group.id
                repeats[group.parent ?? -1, default: [:]][path] = group.index
                addGroups(of: path, in: group.parent ?? -1)
            }
            for group in layout.groups {
                let scope = group.repeatID.flatMap { definition.repeatGroup($0)?.index } ?? -1
                addGroups(of: group.path + "/x", in: scope)
            }
        }

        private mutating func addGroups(of path: String, in scope: Int) {
            var steps = path.split(separator: "/").dropLast()
            while !steps.isEmpty {
                groups[scope, default: []].insert(steps.joined(separator: "/"))
                steps.removeLast()
            }
        }

        func mapping(of element: XMLTree.Element, scope: Int?) -> ResponseNode {
            var pairs: [(key: String, keyLocation: SourceLocation, value: ResponseNode)] = []
            visit(element.children, prefix: "", scope: scope ?? -1, into: &pairs)
            return .mapping(pairs, at: location(of: element))
        }

        private func location(of element: XMLTree.Element) -> SourceLocation {
            SourceLocation(line: element.line, column: element.column)
        }

        private func visit(
            _ children: [XMLTree.Element], prefix: String, scope: Int,
            into pairs: inout [(key: String, keyLocation: SourceLocation, value: ResponseNode)]
        ) {
            var index = 0
            while index < children.count {
                let child = children[index]
                let path = prefix + child.localName
                index += 1
                if scope == -1, path == layout.instanceID {
                    continue  // the instance's id: the server's, not an answer
                } else if let field = fields[scope]?[path] {
                    pairs.append((definition.fields[field].id, location(of: child), value(of: child, field: field)))
                } else if let repeatIndex = repeats[scope]?[path] {
                    var entries = [mapping(of: child, scope: repeatIndex)]
                    while index < children.count, children[index].localName == child.localName {
                        entries.append(mapping(of: children[index], scope: repeatIndex))
                        index += 1
                    }
                    pairs.append(
                        (
                            definition.repeats[repeatIndex].id, location(of: child),
                            .list(entries, at: location(of: child))
                        ))
                } else if groups[scope]?.contains(path) == true {
                    // Its attributes that are fields' (`meta/entity/@id`), then its elements.
                    for (name, text) in child.attributes.sorted(by: { $0.key < $1.key }) {
                        guard let field = fields[scope]?[path + "/@" + name] else { continue }
                        let at = location(of: child)
                        pairs.append(
                            (definition.fields[field].id, at, text.isEmpty ? .empty(at: at) : .text(text, at: at)))
                    }
                    visit(child.children, prefix: path + "/", scope: scope, into: &pairs)
                } else if scope == -1, prefix.isEmpty, child.localName == "meta" {
                    continue  // the instance's id and name: the server's, not answers
                } else if scope == -1, layout.instanceID?.hasPrefix(path + "/") == true {
                    visit(child.children, prefix: path + "/", scope: scope, into: &pairs)
                } else {
                    pairs.append((path, location(of: child), .text(child.text, at: location(of: child))))
                }
            }
        }

        /// An answer as ODK writes it, as Formwork reads it.
        private func value(of element: XMLTree.Element, field: Int) -> ResponseNode {
            let at = location(of: element)
            guard element.children.isEmpty else {
                return .text("<" + element.children.map(\.localName).joined(separator: ">, <") + ">", at: at)
            }
            let text = element.text
            guard !text.isEmpty else { return .empty(at: at) }
            switch definition.fields[field].kind {
            case .multichoice, .rank:
                return .list(text.split(whereSeparator: \.isWhitespace).map { .text(String($0), at: at) }, at: at)
            case .time where text.count > 8:
                return .text(String(text.prefix(8)), at: at)
            case .datetime where text.count > 19:
                return .text(String(text.prefix(19)), at: at)
            case .switch where text == "1" || text == "0":
                return .word(text == "1" ? "true" : "false", at: at)  // as ODKSubmission writes a switch
            default:
                return .text(text, at: at)
            }
        }
    }
}
