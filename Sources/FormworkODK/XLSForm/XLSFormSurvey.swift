import Formwork

/// The `survey` sheet as a tree: questions, groups, repeats and loops, nested as their
/// `begin`/`end` rows say, each with its row (for its columns and its place).
///
/// Structure errors are collected, not thrown, so `check` reports them all: an `end`
/// without its `begin` (or closing the wrong kind), a `begin` never closed, a row with
/// a label but no type, a type that is not XLSForm's (with the closest one), a question
/// or repeat without a name.
struct XLSFormSurvey {
    /// A row of the survey: a question, or a group, repeat or loop with its rows.
    struct Node {
        enum Kind {
            case question(XLSFormType)
            case group
            case repeatGroup
            case loop(list: String)
        }

        var kind: Kind
        var row: XLSFormTable.Row
        /// The `name` cell (empty for an unnamed group).
        var name: String
        var children: [Node] = []
        /// Formwork's id, given by the reader.
        var id = ""
        /// The names of the groups around it, outermost first (for a key of its own
        /// when its name is used twice in one object of the answers).
        var groups: [String] = []
        /// For a loop's copies: the texts that replace the row's label (a choice's group)
        /// and `%(label)s` in its questions' texts (the choice's label, per language).
        var labelOverride: [(language: String?, text: String)]?
        var loopLabel: [(language: String?, text: String)] = []

        var isContainer: Bool {
            if case .question = kind { return false }
            return true
        }
    }

    let table: XLSFormTable
    private(set) var nodes: [Node] = []
    private(set) var problems: [XLSFormProblem] = []
    /// The instances `csv-external` and `xml-external` rows declare: id → file.
    private(set) var externalInstances: [String: String] = [:]

    init(_ table: XLSFormTable) {
        self.table = table
        /// Open containers, innermost last, each with the children read so far.
        var stack: [Node] = []
        func append(_ node: Node) {
            if stack.isEmpty { nodes.append(node) } else { stack[stack.count - 1].children.append(node) }
        }
        for row in table.rows {
            guard let typeCell = row["type"] else {
                if row["name"] != nil || !row.translations(of: "label").isEmpty {
                    report(row, "type", "a row with a name or label but no type: give it a type, or clear the row")
                }
                continue
            }
            let type = XLSFormType(typeCell)
            let name = row["name"] ?? ""
            switch type {
            case .beginGroup, .beginRepeat, .beginLoop:
                let kind: Node.Kind
                switch type {
                case .beginGroup: kind = .group
                case .beginRepeat: kind = .repeatGroup
                case .beginLoop(let list): kind = .loop(list: list)
                default: continue
                }
                if name.isEmpty, !(type == .beginGroup) {
                    report(row, "name", "'\(typeCell)' without a name: a repeat is named in the answers")
                }
                stack.append(Node(kind: kind, row: row, name: name))
            case .endGroup, .endRepeat, .endLoop:
                guard let open = stack.last else {
                    report(row, "type", "'\(typeCell)' without a 'begin' before it")
                    continue
                }
                let matches: Bool
                switch (open.kind, type) {
                case (.group, .endGroup), (.repeatGroup, .endRepeat), (.loop, .endLoop): matches = true
                default: matches = false
                }
                if !matches {
                    report(
                        row, "type",
                        "'\(typeCell)' closes '\(Self.beginWords(open.kind))' '\(open.name)' "
                            + "(\(table.reference(of: "type", in: open.row))): close it with "
                            + "'\(Self.endWords(open.kind))'")
                }
                stack.removeLast()
                append(open)
            case .externalInstance(let fileExtension):
                if name.isEmpty {
                    report(row, "name", "a '\(typeCell)' without a name: the name is the instance's, and its file's")
                } else {
                    externalInstances[name] = name + "." + fileExtension
                }
            case .unknown(let written, let suggestion):
                report(
                    row, "type",
                    "unknown question type '\(written)'"
                        + (Suggestions.didYouMean(suggestion).map { "; " + $0 } ?? ""))
            default:
                if name.isEmpty, case .note = type {
                    // pyxform names a note without one by its row.
                    append(Node(kind: .question(type), row: row, name: "generated_note_name_\(row.number)"))
                    continue
                }
                if name.isEmpty {
                    report(row, "name", "a '\(typeCell)' question without a name: the name is how answers are stored")
                    continue
                }
                append(Node(kind: .question(type), row: row, name: name))
            }
        }
        while let open = stack.popLast() {
            report(
                open.row, "type",
                "'\(Self.beginWords(open.kind))' '\(open.name)' is never closed: "
                    + "add an '\(Self.endWords(open.kind))' row"
            )
            append(open)
        }
    }

    /// Each loop as a group holding a group per choice of its list (named by the
    /// choice, labelled by it), as pyxform expands it; a loop over a list that does not
    /// exist is reported.
    mutating func expandLoops(_ choices: XLSFormChoices) {
        func expand(_ nodes: [Node]) -> [Node] {
            nodes.map { node in
                var node = node
                node.children = expand(node.children)
                guard case .loop(let list) = node.kind else { return node }
                guard let options = choices.lists[list] else {
                    report(node.row, "type", "'begin loop over \(list)': there is no choice list '\(list)'")
                    node.kind = .group
                    return node
                }
                let template = node.children
                node.kind = .group
                node.children = options.map { choice in
                    func substituted(_ nodes: [Node]) -> [Node] {
                        nodes.map { child in
                            var child = child
                            child.loopLabel = choice.labels
                            child.children = substituted(child.children)
                            return child
                        }
                    }
                    var group = Node(kind: .group, row: node.row, name: choice.name, children: substituted(template))
                    group.labelOverride = choice.labels.isEmpty ? [(nil, choice.name)] : choice.labels
                    return group
                }
                return node
            }
        }
        nodes = expand(nodes)
    }

    private mutating func report(_ row: XLSFormTable.Row, _ column: String, _ message: String) {
        problems.append(XLSFormProblem(place: table.reference(of: column, in: row), message: message))
    }

    static func beginWords(_ kind: Node.Kind) -> String {
        switch kind {
        case .group: return "begin group"
        case .repeatGroup: return "begin repeat"
        case .loop: return "begin loop"
        case .question: return "question"
        }
    }

    static func endWords(_ kind: Node.Kind) -> String {
        switch kind {
        case .group: return "end group"
        case .repeatGroup: return "end repeat"
        case .loop: return "end loop"
        case .question: return "question"
        }
    }
}
