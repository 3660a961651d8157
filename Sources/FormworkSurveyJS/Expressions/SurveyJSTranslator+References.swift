import Formwork

/// `{name}`s: questions by name, `{panel.x}` and `{row.x}` in an entry,
/// `{q.prop}` (a multiple text item, a matrix cell), `{q[0].x}` (an entry by
/// position), `{q.length}`, `{panelIndex}`, `{rowIndex}`, `{item}`, and `{#q}` (the
/// answer as it is, numeric text not read as a number).
///
/// survey-core reads a name through its value getter: the longest name a question has
/// first (`{a.b.c}`, then `{a.b}` and its `c`…), an index `[n]` into an array
/// (negative from the end), `.length` of an array or a text. A name it cannot find
/// reads as empty; here it is an error, with the closest name when there is one.
extension SurveyJSWalk {
    /// `{written}`.
    func variable(_ written: String, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        var name = written
        var asWritten = false
        if name.count > 1, name.hasPrefix("#") {
            name.removeFirst()
            asWritten = true
        }
        if let item = context.item, name.lowercased() == "item", context.name(name) == nil {
            var literal = SurveyJSOperand.literal(asWritten ? .text(item) : SurveyJSValue.text(item).converted)
            literal.converts = !asWritten
            return literal
        }
        if let entryIndex = try entryIndex(name, at: offset) { return entryIndex }
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if path.count > 1, let entry = context.entry, ["panel", "row"].contains(path[0].lowercased()) {
            let member = path.dropFirst().joined(separator: ".")
            guard let symbol = entry(member) else {
                if context.unknownIsEmpty { return .literal(.null) }
                throw TranslationError(
                    .unknownReference(name, suggestion: nil),
                    message: "{\(written)}: the entry has no question '\(member)'", offset: offset)
            }
            return try read(symbol, asWritten: asWritten, at: offset)
        }
        if let symbol = context.name(name) { return try read(symbol, asWritten: asWritten, at: offset) }
        if name.hasPrefix("$") { return try property(String(name.dropFirst()), at: offset) }
        return try part(path, written: written, asWritten: asWritten, at: offset)
    }

    /// The question `symbol`, read from here.
    func read(
        _ symbol: SurveyJSSymbol, asWritten: Bool, at offset: Int
    ) throws(TranslationError)
        -> SurveyJSOperand
    {
        guard isReadable(symbol.repeats) else {
            throw unsupported(
                "'\(symbol.id)' is in each entry of '\(symbol.repeats.last!)': read it in its entry "
                    + "({panel.name}, {row.name}), by position ({name[0].question}) or through sumInArray() "
                    + "and the like",
                at: offset)
        }
        if let textID = symbol.otherTextID, symbol.kind == .choice {
            // `storeOthersAsComment: false`: the other text is the value survey-core reads.
            let id = symbol.id
            var operand = SurveyJSOperand(
                code: "if($\(id) == 'other', coalesce($\(textID), 'other'), $\(id))", kind: .text, mayBeNull: true,
                symbol: nil)
            operand.converts = !asWritten
            operand.shown = "label($\(id))"
            return operand
        }
        let kind = SurveyJSOperand.Kind(symbol.kind)
        var operand = SurveyJSOperand(code: "$" + symbol.id, kind: kind, mayBeNull: kind != .entries, symbol: symbol)
        operand.converts = (kind == .text || kind == .choice) && !asWritten
        return operand
    }

    /// Whether a question in the entries of `repeats` is one value here.
    func isReadable(_ repeats: [String]) -> Bool {
        repeats.count <= context.repeats.count && Array(context.repeats.prefix(repeats.count)) == repeats
    }

    /// `{panelIndex}` (from 0 in expressions, as survey-core has it) and `{rowIndex}`
    /// (from 1), in an entry.
    func entryIndex(
        _ name: String, at offset: Int, inText: Bool = false
    ) throws(TranslationError)
        -> SurveyJSOperand?
    {
        let lowered = name.lowercased()
        guard ["panelindex", "visiblepanelindex", "rowindex", "visiblerowindex"].contains(lowered),
            context.name(name) == nil
        else { return nil }
        guard !context.repeats.isEmpty else {
            if context.unknownIsEmpty { return .literal(.null) }
            throw TranslationError(
                .unknownReference(name, suggestion: nil),
                message: "{\(name)} is read only in a dynamic panel's or matrix's entry", offset: offset)
        }
        let fromZero = lowered.hasSuffix("panelindex") && !inText
        return SurveyJSOperand(
            code: fromZero ? "index() - 1" : "index()", kind: .number, mayBeNull: false,
            precedence: fromZero ? .additive : .primary)
    }

    /// `{$q.panelCount}`, `{$q.rowCount}`: how many entries; other element properties
    /// are not answers.
    private func property(_ name: String, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        let path = name.split(separator: ".").map(String.init)
        if path.count == 2, ["panelcount", "rowcount"].contains(path[1].lowercased()),
            let symbol = context.name(path[0]), symbol.kind == .entries
        {
            return try count(try read(symbol, asWritten: false, at: offset))
        }
        throw unsupported("{$\(name)}: a property of a survey element, which Formwork does not keep", at: offset)
    }

    /// `{q.part}`, `{q[0].x}`, `{q.length}`: a part of a question's value.
    private func part(
        _ path: [String], written: String, asWritten: Bool, at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        let (head, index) = Self.indexed(path[0])
        guard let base = context.name(head) else {
            if context.unknownIsEmpty { return .literal(.null) }
            let suggestion = Suggestions.closest(to: head, in: context.names).first
            let hint = Suggestions.didYouMean(suggestion) { "{\($0)}" }.map { "; " + $0 } ?? ""
            throw TranslationError(
                .unknownReference(head, suggestion: suggestion),
                message: "{\(written)}: the survey has no question '\(head)'\(hint)", offset: offset)
        }
        let operand = try read(base, asWritten: false, at: offset)
        let rest = Array(path.dropFirst())
        switch (operand.kind, index, rest.map { $0.lowercased() }) {
        case (.entries, nil, ["length"]), (.multichoice, nil, ["length"]):
            return try count(operand)
        case (.text, nil, ["length"]) where operand.symbol?.holdsNumbers == true:
            return .call("count", [Self.numbersHeld(operand.code)], kind: .number, mayBeNull: false)
        case (.text, let index?, []) where operand.symbol?.holdsNumbers == true:
            let list = Self.numbersHeld(operand.code)
            return nth(list, index, of: list, kind: .number)
        case (.text, nil, ["length"]):
            return .call("len", [operand.code], kind: .number, mayBeNull: false)
        case (.multichoice, let index?, []):
            var element = nth(operand.code, index, of: operand.code, kind: .text)
            element.converts = !asWritten
            return element
        case (.entries, let index?, let names) where names.count == 1:
            guard let member = member(of: base, named: head, rest[0]) else {
                throw TranslationError(
                    .unknownReference(rest[0], suggestion: nil),
                    message: "{\(written)}: '\(head)' has no question '\(rest[0])' in its entries", offset: offset)
            }
            let kind = SurveyJSOperand.Kind(member.kind)
            guard ![.entries, .multichoice].contains(kind) else {
                throw unsupported("{\(written)}: a list in an entry, read by position", at: offset)
            }
            var element = nth(operand.code + "." + member.id, index, of: operand.code, kind: kind)
            element.symbol = member
            element.converts = (kind == .text || kind == .choice) && !asWritten
            return element
        default:
            throw unsupported(
                "{\(written)}: Formwork reads no part '\(rest.joined(separator: "."))' of '\(head)'"
                    + (index != nil && rest.isEmpty ? " (an entry as a whole)" : ""),
                at: offset)
        }
    }

    /// The numbers a text of numbers separated by commas holds (a range slider's).
    static func numbersHeld(_ text: String) -> String {
        "numbers(words(translate(\(text), ',', ' ')))"
    }

    /// The `index`-th value (from 0; negative from the end) of a list, `null` past it.
    private func nth(_ list: String, _ index: Int, of entries: String, kind: SurveyJSOperand.Kind) -> SurveyJSOperand {
        let position = index >= 0 ? String(index + 1) : "count(\(entries)) - \(-index - 1)"
        let written = index == -1 ? "count(\(entries))" : position
        return .call("nth", [list, written], kind: kind, mayBeNull: true)
    }

    /// A question of a dynamic panel's or matrix's entries: `panel.question` or
    /// `question`, whose innermost repeat is the panel's.
    func member(of entries: SurveyJSSymbol, named name: String, _ question: String) -> SurveyJSSymbol? {
        for candidate in [name + "." + question, question] {
            if let symbol = context.name(candidate), symbol.repeats == entries.repeats + [entries.id] { return symbol }
        }
        return nil
    }

    /// `count($q)`: a dynamic panel's entries, a multiple choice's values.
    func count(_ operand: SurveyJSOperand) throws(TranslationError) -> SurveyJSOperand {
        .call("count", [operand.code], kind: .number, mayBeNull: false)
    }

    /// `name[3]` as `("name", 3)`; `(name, nil)` without an index.
    static func indexed(_ segment: String) -> (String, Int?) {
        guard segment.hasSuffix("]"), let open = segment.lastIndex(of: "[") else { return (segment, nil) }
        let inside = String(segment[segment.index(after: open)..<segment.index(before: segment.endIndex)])
        guard let number = SurveyJSValue.number(in: inside), number == number.rounded(), abs(number) < 1e9 else {
            return (segment, nil)
        }
        return (String(segment[..<open]), Int(number))
    }
}
