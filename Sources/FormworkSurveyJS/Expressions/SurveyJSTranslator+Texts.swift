import Formwork

/// Texts with `{name}` placeholders (titles, descriptions, html, validators' texts),
/// and values as survey-core shows them in a text: a choice question's chosen
/// option's text, a multiple choice's joined by `, `, a boolean's `Yes` or `No`.
extension SurveyJSTranslator {
    /// A text with `{name}` placeholders as a Formwork text: literal text with
    /// `{expression}` parts (literal braces written `{{` and `}}`), each placeholder the
    /// value as survey-core shows it in a processed text.
    ///
    /// As survey-core's `TextPreProcessor`: a placeholder is the text between a `{`
    /// and the next `}` (a later `{` starts it again), trimmed, not empty and without
    /// `:`; one that names no question is left as written. An empty value shows as
    /// nothing.
    ///
    /// ```swift
    /// try SurveyJSTranslator.template("Hello {name}, you chose {plan}.", in: context)
    /// // "Hello {$name}, you chose {label($plan)}."
    /// ```
    ///
    /// - Throws: `TranslationError` `.unsupported` for a name Formwork cannot
    ///   show as survey-core does, at its offset in `text`.
    public static func template(_ text: String, in context: SurveyJSContext) throws(TranslationError) -> String {
        let characters = Array(text)
        var placeholders: [(start: Int, end: Int)] = []
        var start: Int?
        for (index, character) in characters.enumerated() {
            if character == "{" {
                start = index
            } else if character == "}" {
                if let open = start, index > open + 1, !characters[(open + 1)..<index].contains(":") {
                    placeholders.append((open, index))
                }
                start = nil
            }
        }
        var output = ""
        func literal(_ part: ArraySlice<Character>) {
            for character in part {
                switch character {
                case "{": output += "{{"
                case "}": output += "}}"
                default: output.append(character)
                }
            }
        }
        let walk = SurveyJSWalk(context: context)
        var index = 0
        for (open, close) in placeholders {
            literal(characters[index..<open])
            index = close + 1
            let name = String(characters[(open + 1)..<close]).trimmedForJavaScript
            guard !name.isEmpty else {
                literal(characters[open...close])
                continue
            }
            do {
                let shown = try walk.display(name, at: open)
                output += "{" + shown.code + "}"
            } catch {
                guard case .unknownReference = error.reason else { throw error }
                literal(characters[open...close])
            }
        }
        literal(characters[index...])
        return output
    }
}

extension SurveyJSWalk {
    /// `{name}` as survey-core shows it in a text: a choice's option's text
    /// (`label($q)`), a multiple choice's texts (`label($m)`, joined by `, ` where
    /// Formwork writes a list), a boolean's `Yes` or `No` (survey-core's English
    /// labels), a date and time as `YYYY-MM-DDTHH:MM`, `{panelIndex}` from 1.
    func display(_ name: String, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let index = try entryIndex(name, at: offset, inText: true) { return index }
        let operand = try variable(name, at: offset)
        let isQuestion = operand.symbol.map { operand.code == "$" + $0.id } ?? false
        if isQuestion, operand.symbol?.isCalculatedValue == true {
            // survey-core shows a calculated value without one as `{name}`.
            let shown = try text(try shownValue(operand, name: name, at: offset), at: offset)
            return .call(
                "if", ["\(operand.code) == null", ExpressionText.string("{\(name)}"), shown.code], kind: .text,
                mayBeNull: false)
        }
        return try shownValue(operand, name: name, at: offset)
    }

    /// A value as a text shows it (see `display`).
    private func shownValue(
        _ operand: SurveyJSOperand, name: String, at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        let isQuestion = operand.symbol.map { operand.code == "$" + $0.id } ?? false
        if let shown = operand.shown { return SurveyJSOperand(code: shown, kind: .text, mayBeNull: true, symbol: nil) }
        switch operand.kind {
        case .choice where isQuestion:
            return .call("label", [operand.code], kind: .text, mayBeNull: true)
        case .multichoice where isQuestion:
            return .call("label", [operand.code], kind: .multichoice, mayBeNull: true)
        case .bool:
            return .call(
                "if", [emptyCall(operand).code, "''", "if(\(operand.code), 'Yes', 'No')"], kind: .text, mayBeNull: false
            )
        case .dateTime:
            return try textOf(operand, at: offset)
        case .entries, .list:
            throw unsupported("{\(name)}: a dynamic panel's entries shown in a text", at: offset)
        default:
            return operand
        }
    }

    /// A value as text, for a `.text` use: as `String()` writes it, a list's values
    /// joined by `, `.
    func text(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        var result = try textOf(operand, separator: ", ", at: offset)
        result.kind = .text
        return result
    }
}
