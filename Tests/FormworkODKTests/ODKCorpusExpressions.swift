import Foundation

@testable import Formwork
@testable import FormworkODK

/// The expressions of one corpus form, as both engines read them: Formwork's reader
/// (the workbook's cell, or the XForm's attribute as `XFormReader` passes it on)
/// translates each in the context the import gives it; JavaRosa evaluates what the
/// XForm says at the same node (the corpus XForm, or pyxform's conversion of the
/// workbook), matched by instance path.
struct ODKCorpusForm {
    /// `xlsform/NAME.xlsx` or `xforms/NAME.xml`.
    let name: String
    let form: FormDefinition
    /// The XForm JavaRosa reads.
    let xform: URL
    let model: XFormModel
    /// The expressions that both engines evaluate, each once.
    var items: [Item] = []
    /// The expressions left out, by why.
    var leftOut: [String: Int] = [:]

    /// One expression at its node.
    struct Item {
        /// `relevant`, `constraint`, `required`, `read_only`, `calculation`, `choice_filter`, `repeat_count`.
        let column: String
        /// The instance path of the node it belongs to (`/data/group/q`).
        let node: String
        /// As the form writes it (what Formwork translates).
        let source: String
        /// What JavaRosa evaluates, with `string()` around it.
        let xpath: String
        let use: ExpressionUse
        /// The repeats' Formwork ids, outermost first (where Formwork evaluates it: the
        /// first entry of each).
        let repeats: [String]
        /// JavaRosa's context: the first entry of each repeat (`/data/rep[1]`), or the node
        /// itself (indexed) where the paths could not be written from the entry.
        let context: String?
        /// The translation (one per choice row for a choice_filter), compiled.
        let compiled: [CompiledExpression]
        let type: ValueType
        /// For a choice_filter: each row's value.
        let choices: [String]
        /// Whether JavaRosa throws once a repeat it reads has two entries
        /// (`readsEveryEntryInPredicate`).
        let mayThrow: Bool

        var description: String { "\(column) of \(node): \(source)" }
    }

    /// The parts of an XForm the expressions are found in.
    struct XFormModel {
        var root = ""
        /// Each bind's attributes (local names), by its nodeset.
        var binds: [String: [String: String]] = [:]
        /// A select's itemset (`nodeset`, and the value's `ref`), by the control's ref.
        var itemsets: [String: (nodeset: String, value: String)] = [:]
        /// Each repeat's `jr:count`, by its nodeset.
        var counts: [String: String] = [:]
        var repeats: Set<String> = []
        /// Secondary instances read from files (`src`).
        var fileInstances: Set<String> = []

        init(_ tree: XMLTree) {
            let html = tree.root
            if let model = html.child(named: "head")?.child(named: "model") {
                for instance in model.children(named: "instance") {
                    if let id = instance.attribute("id") {
                        if instance.attribute("src") != nil { fileInstances.insert(id) }
                    } else if let primary = instance.children.first {
                        root = primary.localName
                    }
                }
                for bind in model.children(named: "bind") {
                    guard let nodeset = bind.attribute("nodeset") else { continue }
                    var attributes: [String: String] = [:]
                    for (key, value) in bind.attributes { attributes[String(key.split(separator: ":").last!)] = value }
                    binds[nodeset] = attributes
                }
            }
            func visit(_ element: XMLTree.Element, base: String) {
                var here = base
                if let ref = element.attribute("nodeset") ?? element.attribute("ref"), element.localName != "itemset",
                    element.localName != "value", element.localName != "label"
                {
                    here = ref.hasPrefix("/") ? ref : base + "/" + ref
                }
                if element.localName == "repeat" {
                    repeats.insert(here)
                    if let count = element.attribute("count") {
                        counts[here] = count.trimmingCharacters(in: .whitespaces)
                    }
                }
                if let itemset = element.child(named: "itemset"), let nodeset = itemset.attribute("nodeset") {
                    itemsets[here] = (nodeset, itemset.child(named: "value")?.attribute("ref") ?? "name")
                }
                for child in element.children { visit(child, base: here) }
            }
            if let body = html.child(named: "body") { visit(body, base: "/" + root) }
        }
    }

    /// Reads the form both ways: `nil` (with the reason) when it cannot be read.
    init(name: String, xform: URL, tree: XMLTree) throws {
        self.name = name
        self.xform = xform
        model = XFormModel(tree)
        let file = Corpus.root.appendingPathComponent(name)
        var reader: XLSFormReader
        if name.hasSuffix(".xml") {
            let converted = XFormReader(try XMLTree(Data(contentsOf: file)), fileName: file.lastPathComponent)
            reader = XLSFormReader(
                sheets: converted.sheets, fileName: name, skipUnsupported: false,
                instances: converted.secondaryInstances)
        } else {
            reader = XLSFormReader(workbook: try Workbook(contentsOf: file), fileName: name, skipUnsupported: false)
        }
        let document = reader.document()
        form = try FormDefinition(document: document, path: name, formats: .odk)
        collect(reader.nodes, reader: &reader, path: "/" + model.root, repeats: [], repeatPaths: [])
    }

    // MARK: Finding the expressions

    /// Functions whose value depends on the device, the moment or chance.
    static let deviceFunctions = [
        "pulldata(", "now()", "today()", "uuid(", "random(", "randomize(", "version(", "property(",
    ]

    /// The columns of a node that hold expressions, with the bind attribute JavaRosa
    /// keeps each in.
    static let columns: [(column: String, attribute: String, use: ExpressionUse)] = [
        ("relevant", "relevant", .condition), ("constraint", "constraint", .condition),
        ("required", "required", .condition), ("read_only", "readonly", .condition),
        ("calculation", "calculate", .value),
    ]

    /// `required` and `read_only` cells that are flags, not expressions.
    static let flags: Set<String> = ["yes", "no", "true", "false", "true()", "false()", "1", "0"]

    private mutating func collect(
        _ nodes: [XLSFormSurvey.Node], reader: inout XLSFormReader, path: String, repeats: [String],
        repeatPaths: [String]
    ) {
        for node in nodes {
            let here = node.name.isEmpty ? path : path + "/" + node.name
            switch node.kind {
            case .question(let type):
                reader.groupsInEntry = repeats.isEmpty ? nil : node.groups.filter { !$0.isEmpty }.count
                let current = XPathSymbol(id: node.id, type: XLSFormReader.valueType(type), repeats: repeats)
                for (column, attribute, use) in Self.columns {
                    // A calculation with a trigger is set when its trigger changes (a setvalue).
                    if column == "calculation", node.row["trigger"] != nil { continue }
                    add(
                        column, attribute: attribute, use: use, of: node, at: here, current: current, repeats: repeats,
                        repeatPaths: repeatPaths, reader: &reader)
                }
                if node.row["choice_filter"] != nil {
                    choiceFilter(
                        node, type: type, at: here, repeats: repeats, repeatPaths: repeatPaths, reader: &reader)
                }
                reader.groupsInEntry = nil
            case .group, .loop:
                add(
                    "relevant", attribute: "relevant", use: .condition, of: node, at: here, current: nil,
                    repeats: repeats, repeatPaths: repeatPaths, reader: &reader)
                collect(node.children, reader: &reader, path: here, repeats: repeats, repeatPaths: repeatPaths)
            case .repeatGroup:
                add(
                    "relevant", attribute: "relevant", use: .condition, of: node, at: here, current: nil,
                    repeats: repeats, repeatPaths: repeatPaths, reader: &reader)
                if let cell = node.row["repeat_count"] {
                    repeatCount(cell, of: node, at: here, repeats: repeats, repeatPaths: repeatPaths, reader: &reader)
                }
                collect(
                    node.children, reader: &reader, path: here, repeats: repeats + [node.id],
                    repeatPaths: repeatPaths + [here])
            }
        }
    }

    private mutating func leave(_ reason: String) { leftOut[reason, default: 0] += 1 }

    /// Why an expression is left out before translating it, if it is.
    private func reasonToLeaveOut(_ texts: [String]) -> String? {
        let lowered = texts.joined(separator: " ").lowercased().replacingOccurrences(of: " ", with: "")
        if let function = Self.deviceFunctions.first(where: { lowered.contains($0) }) {
            return "needs the device: \(function.prefix { $0 != "(" })()"
        }
        for id in model.fileInstances where lowered.contains("instance('\(id.lowercased())')") {
            return "reads a file: instance('…') from a file"
        }
        return nil
    }

    /// Translates for Formwork; `nil` after counting why it cannot.
    private mutating func translate(
        _ source: String, use: ExpressionUse, current: XPathSymbol?, repeats: [String],
        choiceColumns: [String: String]?,
        reader: XLSFormReader
    ) -> (CompiledExpression, ValueType)? {
        let context = reader.context(current: current, repeats: repeats, choiceColumns: choiceColumns)
        do {
            let translated = try XPathTranslator.translate(source, as: use, in: context)
            do {
                let environment = form.environment.inScope(repeats.last.flatMap { form.repeatIndex[$0] })
                return (try CompiledExpression(translated.text, environment: environment), translated.type)
            } catch {
                leave("Formwork does not compile its translation: \(translated.text): \(error)")
                return nil
            }
        } catch {
            switch error.reason {
            case .unsupported: leave("Formwork cannot represent it: \(error.message)")
            case .unknownReference: leave("reads a question Formwork skips (unsupported)")
            case .syntax, .unknownFunction: leave("Formwork cannot read it")
            }
            return nil
        }
    }

    /// JavaRosa's context for an expression at `node` in these repeats: the first entry
    /// of each (absolute paths in the expression), or the node itself.
    static func context(repeatPaths: [String], node: String?) -> String? {
        var reference = ""
        var previous = ""
        for path in repeatPaths {
            reference += path.dropFirst(previous.count) + "[1]"
            previous = path
        }
        if let node {
            reference += node.dropFirst(previous.count)
            return reference
        }
        return repeatPaths.isEmpty ? nil : reference
    }

    /// An item, with JavaRosa's expression written from the entry where it can be.
    private mutating func append(
        column: String, node: String, base: String, source: String, xpath: String, use: ExpressionUse,
        repeats: [String], repeatPaths: [String], compiled: [CompiledExpression], type: ValueType,
        choices: [String] = [], wrap: (String) -> String
    ) {
        let rewritten = ODKCorpusForm.absolute(xpath, at: base, repeats: model.repeats)
        let context =
            rewritten == nil
            ? Self.context(repeatPaths: repeatPaths, node: base) : Self.context(repeatPaths: repeatPaths, node: nil)
        let item = Item(
            column: column, node: node, source: source, xpath: wrap(rewritten ?? xpath), use: use, repeats: repeats,
            context: context, compiled: compiled, type: type, choices: choices,
            mayThrow: Self.readsEveryEntryInPredicate(rewritten ?? xpath, repeats: model.repeats))
        if items.contains(where: { $0.xpath == item.xpath && $0.context == item.context && $0.use == item.use }) {
            leave("the same expression at the same place (counted once)")
            return
        }
        items.append(item)
    }

    private mutating func add(
        _ column: String, attribute: String, use: ExpressionUse, of node: XLSFormSurvey.Node, at path: String,
        current: XPathSymbol?, repeats: [String], repeatPaths: [String], reader: inout XLSFormReader
    ) {
        guard let source = node.row[column] else { return }
        if ["required", "read_only"].contains(column), Self.flags.contains(source.lowercased()) { return }
        if use == .condition, source == "TRUE" || source == "FALSE" { return }
        guard let xpath = model.binds[path]?[attribute] else {
            leave("not in the XForm at its path (\(column))")
            return
        }
        if let reason = reasonToLeaveOut([source, xpath]) { return leave(reason) }
        guard
            let (compiled, type) = translate(
                source, use: use, current: current, repeats: repeats, choiceColumns: nil, reader: reader)
        else { return }
        append(
            column: column, node: path, base: path, source: source, xpath: xpath, use: use, repeats: repeats,
            repeatPaths: repeatPaths, compiled: [compiled], type: type,
            wrap: { use == .condition ? "boolean(\($0))" : $0 })
    }

    private mutating func repeatCount(
        _ cell: String, of node: XLSFormSurvey.Node, at path: String, repeats: [String], repeatPaths: [String],
        reader: inout XLSFormReader
    ) {
        guard let count = model.counts[path] else { return leave("not in the XForm at its path (repeat_count)") }
        // pyxform writes an expression as a calculate beside the repeat (`rep_count`).
        var base = path
        var xpath = count
        if let calculate = model.binds[count]?["calculate"] {
            base = count
            xpath = calculate
        }
        if let reason = reasonToLeaveOut([cell, xpath]) { return leave(reason) }
        let symbol = XPathSymbol(id: node.id, type: .repeatEntries, repeats: repeats)
        guard
            let (compiled, type) = translate(
                cell, use: .value, current: symbol, repeats: repeats, choiceColumns: nil, reader: reader)
        else { return }
        append(
            column: "repeat_count", node: path, base: base, source: cell, xpath: xpath, use: .value,
            repeats: repeats, repeatPaths: repeatPaths, compiled: [compiled], type: type, wrap: { $0 })
    }

    private mutating func choiceFilter(
        _ node: XLSFormSurvey.Node, type: XLSFormType, at path: String, repeats: [String], repeatPaths: [String],
        reader: inout XLSFormReader
    ) {
        let filter = node.row["choice_filter"]!
        let list: String
        switch type {
        case .selectOne(let name, _), .selectMultiple(let name, _), .rank(let name): list = name
        default: return leave("a choice_filter on a select from a file")
        }
        guard let itemset = model.itemsets[path] else { return leave("not in the XForm at its path (choice_filter)") }
        if let reason = reasonToLeaveOut([filter, itemset.nodeset]) { return leave(reason) }
        guard let choices = reader.choices.lists[list] else { return leave("a choice_filter on a list Formwork lacks") }
        let current = XPathSymbol(
            id: node.id, type: XLSFormReader.valueType(.selectOne(list: list, orOther: false)), repeats: repeats)
        var compiled: [CompiledExpression] = []
        var type = ValueType.bool
        for choice in choices {
            var columns = choice.properties
            columns["name"] = choice.name
            columns["label"] = choice.labels.first?.text ?? ""
            guard
                let (one, oneType) = translate(
                    filter, use: .condition, current: current, repeats: repeats, choiceColumns: columns,
                    reader: reader)
            else { return }
            compiled.append(one)
            type = oneType
        }
        append(
            column: "choice_filter", node: path, base: path, source: filter, xpath: itemset.nodeset, use: .condition,
            repeats: repeats, repeatPaths: repeatPaths, compiled: compiled, type: type, choices: choices.map(\.name),
            wrap: { "join(' ', \($0)/\(itemset.value))" })
    }

    // MARK: Paths

    /// Whether a predicate in `xpath` has an absolute path into a repeat: JavaRosa reads
    /// it in every entry (a predicate's paths are not read from the context), so it
    /// throws (`XPathTypeMismatchException`) once the repeat has two entries.
    static func readsEveryEntryInPredicate(_ xpath: String, repeats: Set<String>) -> Bool {
        guard let tokens = try? XPathLexer.tokens(xpath) else { return false }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftBracket: depth += 1
            case .rightBracket: depth -= 1
            case .path(let path) where depth > 0 && path.hasPrefix("/"):
                if index > 0, [.rightParenthesis, .rightBracket].contains(tokens[index - 1].kind) { continue }
                if repeats.contains(where: { path.hasPrefix($0 + "/") }) { return true }
            default: break
            }
        }
        return false
    }

    /// `xpath` with `current()` (anywhere) and `.`, `..` and relative paths (outside
    /// predicates) written as absolute paths from `node`, so JavaRosa can evaluate it
    /// from the entry around `node` (where an absolute path's repeat steps are that
    /// entry's) with other expressions of the entry; `nil` where a path would mean
    /// something else from there: it leaves an entry and comes back into its repeat
    /// (all entries, from the node; the one, from the entry), or cannot be read.
    static func absolute(_ xpath: String, at node: String, repeats: Set<String>) -> String? {
        guard let tokens = try? XPathLexer.tokens(xpath) else { return nil }
        let characters = Array(xpath)
        func resolve(_ relative: Substring) -> String? {
            var steps = node.split(separator: "/").map(String.init)
            var left: Set<String> = []
            for step in relative.split(separator: "/", omittingEmptySubsequences: false) {
                switch step {
                case ".": continue
                case "..":
                    guard steps.count > 1 else { return nil }
                    let path = "/" + steps.joined(separator: "/")
                    if repeats.contains(path) { left.insert(path) }
                    steps.removeLast()
                case "", "*": return nil
                default:
                    guard !step.hasPrefix("@"), !step.contains("::") else { return nil }
                    steps.append(String(step))
                    if left.contains("/" + steps.joined(separator: "/")) { return nil }
                }
            }
            return "/" + steps.joined(separator: "/")
        }
        // In a predicate, JavaRosa reads an absolute path into a repeat in every entry.
        func inRepeat(_ path: String) -> Bool { repeats.contains { path.hasPrefix($0 + "/") || path == $0 } }
        var replacements: [(range: Range<Int>, text: String)] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .leftBracket: depth += 1
            case .rightBracket: depth -= 1
            case .function("current"):
                guard index + 2 < tokens.count, tokens[index + 1].kind == .leftParenthesis,
                    tokens[index + 2].kind == .rightParenthesis
                else { return nil }
                let end = tokens[index + 2].offset + 1
                if index + 3 < tokens.count, case .path(let path) = tokens[index + 3].kind, path.hasPrefix("/"),
                    tokens[index + 3].offset == end
                {
                    guard let absolute = resolve(path.dropFirst()), depth == 0 || !inRepeat(absolute) else {
                        return nil
                    }
                    replacements.append((token.offset..<(end + path.count), absolute))
                    index += 4
                    continue
                }
                guard depth == 0 || !inRepeat(node) else { return nil }
                replacements.append((token.offset..<end, node))
                index += 3
                continue
            case .path(let path) where depth == 0 && !path.hasPrefix("/"):
                guard let absolute = resolve(Substring(path)) else { return nil }
                replacements.append((token.offset..<(token.offset + path.count), absolute))
            default: break
            }
            index += 1
        }
        var result = characters
        for (range, text) in replacements.reversed() { result.replaceSubrange(range, with: Array(text)) }
        return String(result)
    }
}
