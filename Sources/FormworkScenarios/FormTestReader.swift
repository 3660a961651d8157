import Formwork

/// Reads a test file's tree into cases, collecting every problem of the case format
/// at its place (unknown keys and steps with "did you mean", wrong types, missing keys).
struct FormTestReader {
    var diagnostics: [Diagnostic] = []

    /// What the top level of a test file holds.
    struct Read {
        var form: FormTestName
        var now: LocalDateTime?
        var language: FormTestName?
        var values: FormTestName?
        var cases: [FormTestCase]
    }

    static let fileKeys = ["form", "now", "language", "values", "cases"]

    mutating func file(_ root: SyntaxNode) -> Read? {
        guard let pairs = mapping(root, key: nil, expected: "a mapping with 'form' and 'cases'") else { return nil }
        var form: FormTestName?
        var now: LocalDateTime?
        var language: FormTestName?
        var values: FormTestName?
        var cases: [FormTestCase] = []
        var sawCases = false
        for (keyNode, value) in unique(pairs) {
            let key = keyNode.scalarText ?? ""
            switch key {
            case "form": form = text(value, key: key)
            case "language": language = text(value, key: key)
            case "values": values = text(value, key: key)
            case "now":
                guard let written = text(value, key: key) else { continue }
                now = LocalDateTime(moment: written.text)
                if now == nil {
                    report(
                        "'now' must be a moment, YYYY-MM-DDTHH:MM[:SS] or YYYY-MM-DD, not '\(written.text)'",
                        hint: "for example 2025-01-15T12:00", at: value.location)
                }
            case "cases":
                sawCases = true
                guard let list = list(value, key: key, expected: "a list of cases") else { continue }
                cases = list.compactMap { testCase($0) }
            default: unknown(keyNode, in: "a test file", among: Self.fileKeys)
            }
        }
        if form == nil, diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.missingKey("form", context: "a test file"), at: root.location))
        }
        if !sawCases { diagnostics.append(Diagnostic(.missingKey("cases", context: "a test file"), at: root.location)) }
        guard let form else { return nil }
        return Read(form: form, now: now, language: language, values: values, cases: cases)
    }

    // MARK: Cases and steps

    mutating func testCase(_ node: SyntaxNode) -> FormTestCase? {
        guard let pairs = mapping(node, key: nil, expected: "a case: a mapping with 'name' and 'steps'") else {
            return nil
        }
        var name: String?
        var steps: [FormTestStep]?
        for (keyNode, value) in unique(pairs) {
            switch keyNode.scalarText ?? "" {
            case "name": name = text(value, key: "name")?.text
            case "steps":
                guard let list = list(value, key: "steps", expected: "a list of steps") else { continue }
                steps = list.compactMap { step($0) }
            default: unknown(keyNode, in: "a case", among: ["name", "steps"])
            }
        }
        guard let name else {
            diagnostics.append(Diagnostic(.missingKey("name", context: "a case"), at: node.location))
            return nil
        }
        guard let steps else {
            diagnostics.append(Diagnostic(.missingKey("steps", context: "a case"), at: node.location))
            return nil
        }
        return FormTestCase(name: name, location: node.location, steps: steps)
    }

    mutating func step(_ node: SyntaxNode) -> FormTestStep? {
        guard let pairs = mapping(node, key: nil, expected: "a step: a mapping such as 'set: { age: 3 }'") else {
            return nil
        }
        let pairsByKey = unique(pairs)
        let keys = pairsByKey.compactMap { $0.key.scalarText }
        // `submit` may carry the problems a refusal reports beside it.
        if keys.contains("submit") {
            for (keyNode, _) in pairsByKey where !["submit", "errors"].contains(keyNode.scalarText ?? "") {
                unknown(keyNode, in: "a submit step", among: ["submit", "errors"])
            }
            let submit = pairsByKey.first { $0.key.scalarText == "submit" }!.value
            let errors = pairsByKey.first { $0.key.scalarText == "errors" }.flatMap { self.errors($0.value) }
            guard let verdict = text(submit, key: "submit") else { return nil }
            switch verdict.text {
            case "accepted": return FormTestStep(.submit(accepted: true, errors: errors), at: node.location)
            case "refused": return FormTestStep(.submit(accepted: false, errors: errors), at: node.location)
            default:
                report(
                    "'submit' must be accepted or refused, not '\(verdict.text)'",
                    hint: Suggestions.didYouMean(verdict.text, among: ["accepted", "refused"]), at: submit.location)
                return nil
            }
        }
        guard pairsByKey.count == 1, let (keyNode, value) = pairsByKey.first else {
            if pairsByKey.isEmpty {
                report("a step needs one of " + Suggestions.quotedList(FormTestStep.keys), hint: nil, at: node.location)
            } else {
                report(
                    "a step does one thing: write '\(keys.joined(separator: "', '"))' as steps of their own",
                    hint: "each step is a list item: '- set: …' then '- expect: …'", at: pairsByKey[1].key.location)
            }
            return nil
        }
        guard let action = action(keyNode, value) else { return nil }
        return FormTestStep(action, at: keyNode.location)
    }

    mutating func action(_ keyNode: SyntaxNode, _ value: SyntaxNode) -> FormTestStep.Action? {
        let key = keyNode.scalarText ?? ""
        switch key {
        case "set":
            guard let pairs = mapping(value, key: key, expected: "a mapping of fields to values") else { return nil }
            return .set(unique(pairs).compactMap { pair in self.value(pair.value).map { (name(pair.key), $0) } })
        case "clear":
            if let elements = value.elements { return .clear(elements.compactMap { text($0, key: key) }) }
            return text(value, key: key).map { .clear([$0]) }
        case "toggle":
            guard value.pairs != nil else { return text(value, key: key).map { .toggle($0, option: nil) } }
            guard let (field, option) = onePair(value, usage: Self.toggleUsage), let option = text(option, key: key)
            else { return nil }
            return .toggle(name(field), option: option.text)
        case "add":
            guard value.pairs != nil else { return text(value, key: key).map { .add($0, position: nil) } }
            guard let (group, position) = onePair(value, usage: Self.addUsage),
                let position = number(position, key: key)
            else { return nil }
            return .add(name(group), position: position)
        case "remove":
            guard let written = text(value, key: key) else { return nil }
            return .remove(Self.entry(written))
        case "move": return move(value)
        case "language": return text(value, key: key).map { .language($0) }
        case "expect": return expectation(value).map { .expect($0) }
        case "errors":
            report(
                "'errors' goes in an 'expect' step, or beside 'submit: refused'",
                hint: "write '- expect: { errors: … }'", at: keyNode.location)
            return nil
        default:
            unknown(keyNode, in: "a case's steps", among: FormTestStep.keys)
            return nil
        }
    }

    /// `move: members[3] 1`, `move: members 3 1`, or `move: { members[3]: 1 }`.
    mutating func move(_ value: SyntaxNode) -> FormTestStep.Action? {
        if value.pairs != nil {
            guard let (entry, position) = onePair(value, usage: Self.moveUsage),
                let position = number(position, key: "move")
            else { return nil }
            return .move(name(entry), to: position)
        }
        if let written = value.scalarText {
            let words = written.split(separator: " ").map(String.init)
            if words.count == 2, let position = Int(words[1]) {
                return .move(FormTestName(words[0], at: value.location), to: position)
            }
            if words.count == 3, let number = Int(words[1]), let position = Int(words[2]) {
                return .move(FormTestName("\(words[0])[\(number)]", at: value.location), to: position)
            }
        }
        report(Self.moveUsage, hint: nil, at: value.location)
        return nil
    }

    static let toggleUsage = "'toggle' takes one field, or one field and its option ({ symptoms: fever })"
    static let addUsage = "'add' takes a repeat, or a repeat and a position ({ members: 1 })"
    static let moveUsage = "'move' takes an entry and a position: members[3] 1, members 3 1, or { members[3]: 1 }"

    /// The one pair of a mapping that must hold one (`{ members: 1 }`); else `usage` is reported.
    mutating func onePair(_ node: SyntaxNode, usage: String) -> (key: SyntaxNode, value: SyntaxNode)? {
        guard let pairs = node.pairs, pairs.count == 1 else {
            report(usage, hint: nil, at: node.location)
            return nil
        }
        return pairs[0]
    }

    /// `members 2` (as `remove` takes it at the prompt) is `members[2]`.
    static func entry(_ name: FormTestName) -> FormTestName {
        let words = name.text.split(separator: " ")
        guard words.count == 2, let number = Int(words[1]) else { return name }
        return FormTestName("\(words[0])[\(number)]", at: name.location)
    }

    // MARK: Nodes

    /// Pairs with duplicate keys reported (the later is dropped).
    mutating func unique(_ pairs: [(key: SyntaxNode, value: SyntaxNode)]) -> [(key: SyntaxNode, value: SyntaxNode)] {
        var seen: [String: Int] = [:]
        var kept: [(key: SyntaxNode, value: SyntaxNode)] = []
        for pair in pairs {
            let key = pair.key.scalarText ?? ""
            if let line = seen[key] {
                diagnostics.append(Diagnostic(.duplicateID(key, firstLine: line), at: pair.key.location))
                continue
            }
            seen[key] = pair.key.location.line
            kept.append(pair)
        }
        return kept
    }

    mutating func mapping(
        _ node: SyntaxNode, key: String?, expected: String
    ) -> [(key: SyntaxNode, value: SyntaxNode)]? {
        if let pairs = node.pairs { return pairs }
        diagnostics.append(
            Diagnostic(.wrongType(key: key, expected: expected, found: node.typeDescription), at: node.location))
        return nil
    }

    mutating func list(_ node: SyntaxNode, key: String, expected: String) -> [SyntaxNode]? {
        if let elements = node.elements { return elements }
        if node.isNullScalar { return [] }
        diagnostics.append(
            Diagnostic(.wrongType(key: key, expected: expected, found: node.typeDescription), at: node.location))
        return nil
    }

    mutating func text(_ node: SyntaxNode, key: String) -> FormTestName? {
        if let text = node.scalarText, !node.isNullScalar { return FormTestName(text, at: node.location) }
        diagnostics.append(
            Diagnostic(.wrongType(key: key, expected: "text", found: node.typeDescription), at: node.location))
        return nil
    }

    mutating func number(_ node: SyntaxNode, key: String) -> Int? {
        if let text = node.scalarText, let number = Int(text), number >= 1 { return number }
        diagnostics.append(
            Diagnostic(
                .wrongType(key: key, expected: "a position (1 is the first)", found: node.typeDescription),
                at: node.location))
        return nil
    }

    func name(_ node: SyntaxNode) -> FormTestName { FormTestName(node.scalarText ?? "", at: node.location) }

    /// A value: text, a list of texts, or null (empty).
    mutating func value(_ node: SyntaxNode) -> FormTestValue? {
        if node.isNullScalar { return .empty }
        if let text = node.scalarText { return .text(text) }
        if let elements = node.elements {
            var texts: [String] = []
            for element in elements {
                guard let text = element.scalarText, !element.isNullScalar else {
                    diagnostics.append(
                        Diagnostic(
                            .wrongType(key: nil, expected: "text in a list of values", found: element.typeDescription),
                            at: element.location))
                    return nil
                }
                texts.append(text)
            }
            return .list(texts)
        }
        diagnostics.append(
            Diagnostic(
                .wrongType(key: nil, expected: "a value (text, a list, or null)", found: node.typeDescription),
                at: node.location))
        return nil
    }

    mutating func names(_ node: SyntaxNode, key: String) -> [FormTestName] {
        if let elements = node.elements { return elements.compactMap { text($0, key: key) } }
        return text(node, key: key).map { [$0] } ?? []
    }

    mutating func report(_ message: String, hint: String?, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.invalidTest(message, hint: hint), at: location))
    }

    mutating func unknown(_ keyNode: SyntaxNode, in context: String, among keys: [String]) {
        let key = keyNode.scalarText ?? ""
        // "did you mean" for a near miss, else the keys there are.
        let problem: Problem =
            if let suggestion = Suggestions.closest(to: key, in: keys).first {
                .unknownKey(key, context: context, suggestion: suggestion)
            } else {
                .invalidTest(
                    "unknown key '\(key)' in \(context)",
                    hint: "the keys are " + Suggestions.quotedList(keys, conjunction: "and"))
            }
        diagnostics.append(Diagnostic(problem, at: keyNode.location, length: max(1, key.count)))
    }
}
