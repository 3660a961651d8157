import Formwork

/// `sumInArray`, `countInArray`, `minInArray`, `maxInArray`, `avgInArray`: a
/// question's values over a dynamic panel's or matrix's entries, optionally only the
/// entries where a condition holds (`countInArray({items}, 'price', '{qty} > 1')`).
///
/// The condition (a text in quotes, or an expression survey-core writes back as one)
/// reads the entry's questions by their names, then the survey's; it is translated in
/// the entry, where Formwork's `count($items, condition)` reads it. Formwork has no
/// sum, minimum or average of the entries where a condition holds, so those are
/// unsupported.
extension SurveyJSWalk {
    func inArray(
        _ name: String, _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        let usage = "\(name)({panel}, 'question', 'condition')"
        guard (2...4).contains(arguments.count), case .variable(let written, let at) = arguments[0],
            case .literal(.text(let question), let questionOffset) = arguments[1]
        else {
            throw unsupported(
                "\(name)() takes a dynamic panel or matrix, a question's name and a condition: \(usage)", at: offset)
        }
        let panelName = written.hasPrefix("#") && written.count > 1 ? String(written.dropFirst()) : written
        let entries = try translate(arguments[0])
        guard entries.kind == .entries, let panel = entries.symbol else {
            throw unsupported("\(name)() of {\(written)}, which is not a dynamic panel or matrix", at: at)
        }
        guard let member = member(of: panel, named: panelName, question) else {
            throw TranslationError(
                .unknownReference(question, suggestion: nil),
                message: "'\(question)' is no question of the entries of {\(written)}", offset: questionOffset)
        }
        // A third text without { } < > = ! names the question min/maxInArray return.
        var conditionIndex = 2
        if arguments.count > 2, case .literal(.text(let returned), let returnedOffset) = arguments[2],
            returned.rangeOfCharacter(from: ["{", "}", "<", ">", "=", "!"]) == nil
        {
            conditionIndex = 3
            if returned != question, name == "minInArray" || name == "maxInArray" {
                throw unsupported("\(name)() returning another question of the entry found", at: returnedOffset)
            }
        }
        let condition =
            try conditionIndex < arguments.count
            ? entryCondition(arguments[conditionIndex], in: panel, named: panelName) : nil
        let list = "\(entries.code).\(member.id)"
        let kind = SurveyJSOperand.Kind(member.kind)
        if name == "countInArray" {
            let filled = negated(try isEmpty(try read(member, asWritten: false, inEntryOf: panel), at: questionOffset))
            let test = all([filled] + (condition.map { [$0] } ?? []))
            return .call("count", [entries.code, test.code], kind: .number, mayBeNull: false)
        }
        if condition != nil {
            throw unsupported(
                "\(name)() of the entries where a condition holds: Formwork counts them (countInArray) "
                    + "but has no sum, minimum or average of them",
                at: arguments[conditionIndex].offset)
        }
        guard kind == .number else {
            throw unsupported(
                "\(name)() of '\(question)', which is not a number question (survey-core reads numeric "
                    + "answers as numbers)",
                at: questionOffset)
        }
        switch name {
        case "sumInArray": return .call("sum", [list], kind: .number, mayBeNull: false)
        case "avgInArray": return .call("coalesce", ["avg(\(list))", "0"], kind: .number, mayBeNull: false)
        default: return .call(name == "minInArray" ? "min" : "max", [list], kind: .number, mayBeNull: true)
        }
    }

    /// `member` read in an entry of `panel`.
    private func read(
        _ member: SurveyJSSymbol, asWritten: Bool, inEntryOf panel: SurveyJSSymbol
    ) throws(TranslationError) -> SurveyJSOperand {
        let kind = SurveyJSOperand.Kind(member.kind)
        var operand = SurveyJSOperand(code: "$" + member.id, kind: kind, mayBeNull: true, symbol: member)
        operand.converts = (kind == .text || kind == .choice) && !asWritten
        return operand
    }

    /// The condition of an `…InArray` call, translated in an entry of `panel`.
    private func entryCondition(
        _ argument: SurveyJSExpression, in panel: SurveyJSSymbol, named panelName: String
    ) throws(TranslationError) -> SurveyJSOperand {
        let expression: SurveyJSExpression
        var shift = 0
        if case .literal(.text(let text), let offset) = argument {
            do {
                expression = try SurveyJSParser.parse(text)
            } catch {
                throw TranslationError(error.reason, message: error.message, offset: offset + 1 + error.offset)
            }
            shift = offset + 1
        } else {
            expression = argument
        }
        let lookup = context.name
        let repeats = panel.repeats + [panel.id]
        let member: @Sendable (String) -> SurveyJSSymbol? = { question in
            for candidate in [panelName + "." + question, question] {
                if let symbol = lookup(candidate), symbol.repeats == repeats { return symbol }
            }
            return nil
        }
        var inner = SurveyJSContext(
            repeats: repeats, name: { member($0) ?? lookup($0) }, entry: member, names: context.names,
            condition: .isLooselyTrue)
        inner.work = context.work
        let walk = SurveyJSWalk(context: inner)
        do {
            return try walk.condition(try walk.translate(expression), rule: .isLooselyTrue, at: expression.offset)
        } catch {
            throw TranslationError(error.reason, message: error.message, offset: shift + error.offset)
        }
    }
}
