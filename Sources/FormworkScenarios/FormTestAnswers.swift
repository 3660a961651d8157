import Formwork
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The answers as the form's own format writes them (Formwork's JSON, an ODK
/// submission's XML, SurveyJS's data), read back as leaves by path, so that `answers:`
/// compares what another system would receive: `household/age`, `members[1]/name`.
struct FormTestAnswers {
    /// A leaf: its path from the root (positions from 1 on repeated elements), and
    /// its text or texts.
    struct Leaf {
        var path: String
        var value: FormTestValue
    }

    private(set) var leaves: [Leaf] = []

    /// The answers `session` would submit now, in its form's format.
    init(_ session: FormSession) {
        let format = session.definition.answerFormat ?? FormworkAnswerFormat()
        let text = format.write(session, options: AnswerWriting(pretty: false))
        let bytes = Array(text.utf8)
        // JSON (Formwork's answers, SurveyJS's data) or XML (an ODK submission).
        if text.first == "{" || text.first == "[" {
            if let (root, _) = try? SyntaxLoader.load(bytes, path: "<answers>") { collect(root, path: "") }
        } else {
            leaves = XMLLeaves.read(bytes)
        }
    }

    private mutating func collect(_ node: SyntaxNode, path: String) {
        switch node.content {
        case .mapping(let pairs):
            for (key, value) in pairs { collect(value, path: Self.join(path, key.scalarText ?? "")) }
        case .sequence(let elements):
            if elements.allSatisfy({ $0.scalarText != nil }) {
                leaves.append(Leaf(path: path, value: .list(elements.compactMap(\.scalarText))))
            } else {
                for (index, element) in elements.enumerated() { collect(element, path: path + "[\(index + 1)]") }
            }
        case .scalar(let text, _):
            leaves.append(Leaf(path: path, value: node.isNullScalar && !node.isQuoted ? .empty : .text(text)))
        }
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "/" + name }

    /// The leaves `key` names: by its whole path (`.` or `/` between names, positions
    /// optional where there is one entry), else by its last name where only one leaf
    /// has it.
    func leaves(named key: String, root: String?) -> [Leaf] {
        var wanted = key.replacingOccurrences(of: ".", with: "/")
        if let root, wanted.hasPrefix("/" + root + "/") { wanted.removeFirst(root.count + 2) }
        if wanted.hasPrefix("/") { wanted.removeFirst() }
        let exact = leaves.filter { $0.path == wanted }
        if !exact.isEmpty { return exact }
        let bare = leaves.filter { Self.withoutPositions($0.path) == wanted }
        if !bare.isEmpty { return bare }
        return leaves.filter { $0.path.split(separator: "/").last.map(String.init) == wanted }
    }

    /// `members[1]/name` → `members/name`.
    static func withoutPositions(_ path: String) -> String {
        path.split(separator: "/").map { FormTestNames.split($0).name }.joined(separator: "/")
    }

    /// Whether a leaf's value is the one expected (text for text, numbers by value,
    /// `a b` for a list of a and b).
    static func matches(_ expected: FormTestValue, _ found: FormTestValue) -> Bool {
        switch (expected, found) {
        case (.empty, .empty): return true
        case (.empty, .text(let text)): return text.isEmpty
        case (.empty, .list(let texts)): return texts.isEmpty
        case (.text(let want), .text(let have)):
            if want == have { return true }
            if let a = Double(want), let b = Double(have) { return a == b }
            return false
        case (.list(let want), .list(let have)): return want == have
        case (.list(let want), .text(let have)): return want == have.split(separator: " ").map(String.init)
        case (.text(let want), .list(let have)): return have == [want] || have.joined(separator: " ") == want
        default: return false
        }
    }
}

/// The leaves of an XML document (elements without child elements), by path from
/// its root; repeated elements numbered from 1.
private final class XMLLeaves: NSObject, XMLParserDelegate {
    private var stack: [(name: String, text: String, hasChildren: Bool, counts: [String: Int])] = []
    private(set) var leaves: [FormTestAnswers.Leaf] = []

    static func read(_ bytes: [UInt8]) -> [FormTestAnswers.Leaf] {
        let reader = XMLLeaves()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        _ = parser.parse()
        return reader.leaves
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        var name = elementName
        if !stack.isEmpty {
            stack[stack.count - 1].hasChildren = true
            let count = (stack[stack.count - 1].counts[elementName] ?? 0) + 1
            stack[stack.count - 1].counts[elementName] = count
            if count > 1 { name += "[\(count)]" }
        }
        stack.append((name, "", false, [:]))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard let element = stack.popLast() else { return }
        // Elements seen twice under one parent are numbered: the first is `name[1]`
        // once a second comes.
        if element.name.hasSuffix("[2]") {
            let bare = String(element.name.dropLast(3))
            let prefix = (stack.dropFirst().map(\.name) + [bare]).joined(separator: "/")
            for index in leaves.indices
            where leaves[index].path == prefix || leaves[index].path.hasPrefix(prefix + "/") {
                leaves[index].path = prefix + "[1]" + leaves[index].path.dropFirst(prefix.count)
            }
        }
        guard !element.hasChildren, !stack.isEmpty else { return }
        let path = stack.dropFirst().map(\.name) + [element.name]
        leaves.append(FormTestAnswers.Leaf(path: path.joined(separator: "/"), value: .text(element.text)))
    }
}
