import Formwork

/// Questions read by `${name}`, by absolute paths (`/data/group/q`), relative paths
/// (`../q`, `current()/../q`), `.` and `current()`, and a choice row's columns in a
/// `choice_filter`; the repeats they are read across.
///
/// Repeats: a question held by the entries of repeats `R`, read where the expression
/// is in entries of repeats `C`, is read in the entries `R` and `C` share (their
/// common leading repeats: JavaRosa resolves the path in the context's entries, and
/// pyxform's relative paths go up to the nearest shared repeat). If that is all of
/// `R`, it is one value, `$id`; else it is a list over the repeats left:
/// `$members.age`, `$members.visits.date`. A repeat read as `${members}` in one of its
/// own entries is that entry alone (pyxform writes an absolute path, which JavaRosa
/// resolves to the entry), unless it is nested in a repeat the expression shares
/// (then pyxform's relative path reads every entry of the shared one).
extension XPathTranslation {
    /// `symbol`, read from here; `absolute` for an absolute path (no pyxform relative path).
    ///
    /// `sharing` limits the repeats shared to the first so many of the context's (a
    /// relative path that climbs out of the entries of the others, `../../rep` from
    /// within `rep`, reads every entry of them, as JavaRosa reads it).
    func read(
        _ symbol: XPathSymbol, absolute: Bool, at offset: Int, sharing: Int? = nil
    ) throws(TranslationError) -> XPathOperand {
        let here = sharing.map { Array(context.repeats.prefix($0)) } ?? context.repeats
        func shared(_ repeats: [String]) -> Int { zip(repeats, here).prefix { $0 == $1 }.count }
        if symbol.type == .repeatEntries {
            let path = symbol.repeats + [symbol.id]
            let enclosing = shared(symbol.repeats)
            let pinned = absolute || enclosing == 0 ? shared(path) : enclosing
            if pinned == path.count {
                return XPathOperand(code: "", kind: .entry, absence: .never, isNodeSet: true, readsAnswers: true)
            }
            return XPathOperand(
                code: "$" + path[pinned...].joined(separator: "."), kind: .entries, absence: .never, symbol: symbol,
                isNodeSet: true, readsAnswers: true)
        }
        let pinned = shared(symbol.repeats)
        let kind = symbol.type.operandKind
        guard pinned == symbol.repeats.count else {
            guard let kind else {
                throw unsupported("the group '\(symbol.id)' in each entry of '\(symbol.repeats.last!)'", at: offset)
            }
            return XPathOperand(
                code: "$" + (symbol.repeats[pinned...] + [symbol.id]).joined(separator: "."), kind: .list(kind),
                absence: .never, symbol: symbol, isNodeSet: true, readsAnswers: true)
        }
        guard let kind else {
            // A group or a note: its node has no value.
            var empty = XPathOperand.text("")
            empty.isNodeSet = true
            return empty
        }
        return XPathOperand(
            code: "$" + symbol.id, kind: kind, absence: kind == .bool ? .never : .empty, symbol: symbol,
            isNodeSet: true, readsAnswers: true)
    }

    /// `.`: the question the expression belongs to (a group's: no value).
    func current(at offset: Int) throws(TranslationError) -> XPathOperand {
        guard let current = context.current else {
            var empty = XPathOperand.text("")
            empty.isNodeSet = true
            return empty
        }
        return try read(current, absolute: false, at: offset)
    }

    /// A location path as written.
    func path(_ path: String, at offset: Int) throws(TranslationError) -> XPathOperand {
        if let row = context.row, !path.hasPrefix("/") {
            return try rowCell(path, columns: row.columns, at: offset)
        }
        if path == "." {
            // In a choice_filter, `.` is the choice's row (which has no value of its own);
            // `current()` is the question.
            if context.choiceColumns != nil {
                var row = XPathOperand.text("")
                row.isNodeSet = true
                return row
            }
            return try current(at: offset)
        }
        if Self.mayHoldAxes(path),
            path.contains("//") || path.contains("::") || path.contains("@") || path.contains("*")
        {
            throw unsupported("the path '\(path)' (axes, attributes, wildcards and '//' select nodes)", at: offset)
        }
        if path.hasPrefix("/") {
            guard let symbol = context.path(path) else {
                throw TranslationError(
                    .unknownReference(path, suggestion: nil), message: "'\(path)' names no question", offset: offset)
            }
            return try read(symbol, absolute: true, at: offset)
        }
        let steps = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if steps.count == 1, let columns = context.choiceColumns {
            // In a choice_filter, a name is a column of the choice's row (none: empty).
            return .text(columns[path] ?? "")
        }
        // In a choice_filter the context node is the choice's row: only `current()/…`
        // starts at the question.
        return try relative(steps, path: path, from: context.choiceColumns == nil ? context.node : nil, at: offset)
    }

    /// `../q`, `../../q`, `./q`, `../group/q` (pyxform writes a reference within a
    /// repeat's entry so): resolved against `node` (the context's, where the path is
    /// read from the bound node) as XPath resolves it and read as that absolute path
    /// (`../age` from `/data/g/d` is `/data/g/age`, whatever other `age` the form has);
    /// without a node, the question of its last step's name, as `${q}` reads it.
    func relative(
        _ steps: [String], path: String, from node: String?, at offset: Int
    ) throws(TranslationError) -> XPathOperand {
        let up = steps.prefix { $0 == ".." || $0 == "." }.count
        let groups = steps.dropFirst(up).dropLast()
        guard let name = steps.last, !name.isEmpty, name != "..", name != "." else {
            throw unsupported(
                "the path '\(path)' (only '.', and '../name' or '../group/name' to another question, are read)",
                at: offset)
        }
        if !steps.prefix(up).contains(".."), let current = context.current, current.type != .none,
            current.type != .repeatEntries
        {
            // A path down from a question (`null`, `./x`) names a child it does not
            // have: XPath's empty node-set, '' (and NaN as a number), as JavaRosa reads it.
            var empty = XPathOperand.text("")
            empty.isNodeSet = true
            return empty
        }
        guard steps.count > 1 || (context.entryFilter != nil && node != nil) else {
            throw unsupported(
                "'\(path)' is a path to a child of the question, which has none (write ${\(path)} for the question)",
                at: offset)
        }
        if let node, let resolved = Self.resolve(steps, against: node) {
            guard let symbol = context.path(resolved) else {
                throw TranslationError(
                    .unknownReference(resolved, suggestion: nil), message: "'\(path)' (\(resolved)) names no question",
                    offset: offset)
            }
            // The repeats whose entry the path stays in (it climbs to `top`).
            let top = Self.resolve(Array(steps.prefix(up)), against: node) ?? "/"
            let sharing = context.repeats.prefix { id in
                guard let entry = context.absolutePath(id) else { return true }
                return top == entry || top.hasPrefix(entry + "/")
            }.count
            return try read(symbol, absolute: false, at: offset, sharing: sharing)
        }
        guard groups.allSatisfy({ context.name($0)?.type == XPathValueType.none }) else {
            throw unsupported(
                "the path '\(path)' (only '.', and '../name' or '../group/name' to another question, are read)",
                at: offset)
        }
        guard let symbol = context.name(name) else {
            throw TranslationError(
                .unknownReference(name, suggestion: nil), message: "'\(name)' names no question", offset: offset)
        }
        return try read(symbol, absolute: false, at: offset)
    }

    /// The absolute path `steps` lead to from `node` (`..` its parent, `.` itself);
    /// `nil` when they climb above the instance's root.
    static func resolve(_ steps: [String], against node: String) -> String? {
        var path = node.split(separator: "/").map(String.init)
        for step in steps {
            switch step {
            case "", ".": continue
            case "..":
                guard path.count > 1 else { return nil }
                path.removeLast()
            default: path.append(step)
            }
        }
        return "/" + path.joined(separator: "/")
    }

    /// A path after a filter expression: `current()/../q`.
    func step(_ base: XPathExpression, _ path: String, at offset: Int) throws(TranslationError) -> XPathOperand {
        switch base {
        case .call("current", let arguments, _) where arguments.isEmpty:
            let steps = path.split(separator: "/").map(String.init)
            if steps.allSatisfy({ $0 == "." }) { return try current(at: offset) }
            return try relative(steps, path: "current()" + path, from: context.node, at: offset)
        case .call("instance", _, let at):
            throw unsupported("the path '\(path)' in an instance (its rows are read as /root/item)", at: at)
        case .reference(let name, let at):
            // `${group}/q`: the path continues the question's or group's own.
            guard let symbol = context.name(name), let basePath = context.absolutePath(symbol.id) else {
                throw TranslationError(
                    .unknownReference(name, suggestion: nil), message: "'\(name)' names no question", offset: at)
            }
            let steps = path.split(separator: "/").map(String.init)
            guard let resolved = Self.resolve(steps, against: basePath), let target = context.path(resolved) else {
                throw TranslationError(
                    .unknownReference("${\(name)}\(path)", suggestion: nil),
                    message: "'${\(name)}\(path)' names no question", offset: offset)
            }
            return try read(target, absolute: true, at: offset)
        default:
            throw unsupported("the path '\(path)' after an expression", at: offset)
        }
    }

    /// Throws unless `operand` is one value (not a repeat's list or entries).
    func single(_ operand: XPathOperand, at offset: Int) throws(TranslationError) {
        switch operand.kind {
        case .list:
            throw unsupported(
                "'\(operand.symbol?.id ?? "")' is read as one value but is in each entry of a repeat "
                    + "(JavaRosa reads it only while there is one entry): use sum(), count(), max(), min(), "
                    + "join() or indexed-repeat()",
                at: offset)
        case .entries, .entry:
            throw unsupported(
                "the repeat '\(operand.symbol?.id ?? "")' is read as a value (only count() reads a repeat)", at: offset)
        default:
            return
        }
    }
}

extension XPathTranslation {
    /// Whether a path's bytes hold `//`, `::`, `@` or `*`; without them Foundation's
    /// searches for those (which go through `NSString`) cannot find them either: none
    /// has a canonical equivalent.
    static func mayHoldAxes(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "*"): return true
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"): return true
            case UInt8(ascii: ":") where previous == UInt8(ascii: ":"): return true
            default: previous = byte
            }
        }
        return false
    }
}

extension XPathValueType {
    /// How an operand of this type is read; `nil` for a question without a value.
    var operandKind: XPathOperand.Kind? {
        switch self {
        case .text: return .text
        case .choice: return .choice
        case .multichoice: return .multichoice
        case .number: return .number
        case .date: return .date
        case .time: return .time
        case .dateTime: return .dateTime
        case .geopoint: return .geopoint
        case .boolean: return .bool
        case .repeatEntries, .none: return nil
        }
    }
}
