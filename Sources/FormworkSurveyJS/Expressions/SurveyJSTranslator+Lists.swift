import Formwork

/// `contains`, `notcontains`, `anyof`, `allof` (and `noneof`, `anyof`'s negation)
/// as survey-core computes them (`OperandMaker.binaryFunctions`): on a list, whether
/// it holds a value (compared as `=` compares: ignoring case, numbers as numbers); on
/// anything else, whether its text holds the other's text, ignoring case.
extension SurveyJSWalk {
    /// `left contains right`.
    func contains(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if left.literal == .null || left.kind == .null { return .bool(false) }
        switch left.kind {
        case .multichoice, .array:
            if right.kind == .multichoice || right.kind.isEntries {
                throw unsupported("whether a list holds every value of another list", at: offsets.1)
            }
            let values = right.kind == .array ? right.elements : [right]
            if values.isEmpty { return negated(try isEmpty(left, at: offsets.0)) }
            return all(
                try values.map { value throws(TranslationError) in
                    try membership(left, value, at: offsets.1)
                })
        case .entries, .list:
            throw unsupported("a dynamic panel's entries searched with contains", at: offsets.0)
        default:
            return try textContains(left, right, at: offsets)
        }
    }

    /// `left notcontains right`: also true when `left` is empty and `right` is not.
    func notContains(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let rightIsEmpty = try isEmpty(right, at: offsets.1)
        if case .bool(true) = rightIsEmpty.literal {
            // Nothing to look for: survey-core finds it in no text and in no list.
            return .bool(left.kind == .multichoice || left.kind == .array)
        }
        let found = try contains(left, right, at: offsets)
        if [.multichoice, .array].contains(left.kind) { return negated(found) }
        guard right.literal == nil else {
            // A value that is false (0, false) is in no text; an empty text holds none.
            if let value = right.literal, !value.isTruthy { return negated(try truthy(left, at: offsets.0)) }
            return negated(found)
        }
        return all([negated(rightIsEmpty), negated(found)])
    }

    /// `left anyof right`.
    func anyOf(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        let (leftIsEmpty, rightIsEmpty) = (try isEmpty(left, at: offsets.0), try isEmpty(right, at: offsets.1))
        if case .bool(true) = rightIsEmpty.literal { return .bool(true) }
        if case .bool(true) = leftIsEmpty.literal { return .bool(false) }
        let test: SurveyJSOperand
        switch (left.kind, right.kind) {
        case (.multichoice, .array), (.array, .array):
            test = any(
                try right.elements.filter { !($0.literal?.isEmpty ?? false) }.map {
                    value throws(TranslationError) in try membership(left, value, at: offsets.1)
                })
        case (_, .multichoice), (_, .array):
            guard ![.multichoice, .array].contains(left.kind), !left.kind.isEntries else {
                throw unsupported("whether a list holds any value of another list", at: offsets.1)
            }
            let elements = right.kind == .array ? right.elements.filter { !($0.literal?.isEmpty ?? false) } : [right]
            test = any(
                try elements.map { element throws(TranslationError) in
                    right.kind == .array
                        ? try equality(left, element, at: offsets) : try membership(right, left, at: offsets.0)
                })
        case (.multichoice, _), (.array, _):
            test = try membership(left, right, at: offsets.1)
        default:
            // Neither is a list: whether the right's text holds the left's.
            test = try textContains(right, left, at: (offsets.1, offsets.0))
        }
        // survey-core: both empty → true; the left empty → false; the right empty → true.
        if left.literal == nil, left.kind != .array, right.literal == nil, right.kind != .array {
            return conditional(leftIsEmpty, rightIsEmpty, any([rightIsEmpty, test]), kind: .bool)
        }
        if right.literal == nil, right.kind != .array {
            return any([rightIsEmpty, all([negated(leftIsEmpty), test])])
        }
        // Written values: the test is false for an empty left, unless one is read from a question.
        guard right.elements.contains(where: { $0.literal == nil }) else { return test }
        return all([negated(leftIsEmpty), test])
    }

    /// `left allof right`.
    func allOf(
        _ left: SurveyJSOperand, _ right: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if right.kind == .array {
            guard !left.kind.isEntries else {
                throw unsupported("a dynamic panel's entries searched with allof", at: offsets.0)
            }
            return all(
                try right.elements.map { element throws(TranslationError) in
                    try contains(left, element, at: offsets)
                })
        }
        return try contains(left, right, at: offsets)
    }

    // MARK: Pieces

    /// Whether a multiple choice (or a written array) holds `value`, compared as `=`
    /// compares.
    func membership(
        _ list: SurveyJSOperand, _ value: SurveyJSOperand, at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        if list.kind == .array {
            return any(
                try list.elements.map { element throws(TranslationError) in
                    try equality(element, value, at: (offset, offset))
                })
        }
        if let written = value.literal {
            guard written != .null else { return .bool(false) }
            guard let options = list.symbol?.options, !options.isEmpty else {
                return comparison(.text(written.text), "in", list)
            }
            spend(options.count)
            let matching = options.filter { SurveyJSValue.equal(SurveyJSValue.text($0).converted, written) }
            return any(matching.map { comparison(.text($0), "in", list) })
        }
        switch value.kind {
        case .text, .choice: return comparison(value, "in", list)
        case .number, .bool: return comparison(.call("string", [value.code], kind: .text, mayBeNull: false), "in", list)
        default: throw unsupported("whether a multiple choice holds this value", at: offset)
        }
    }

    /// Whether the text of `whole` holds the text of `part`, ignoring case (survey-core
    /// finds nothing in an empty value, and looks for nothing that is false).
    func textContains(
        _ whole: SurveyJSOperand, _ part: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> SurveyJSOperand {
        if let value = part.literal, !value.isTruthy { return .bool(false) }
        if let value = whole.literal, value.isEmpty { return .bool(false) }
        let sought: SurveyJSOperand
        if let value = part.literal {
            sought = .text(value.text.lowercased())
        } else if part.kind == .array {
            let texts = part.elements.map { $0.literal.map { $0 == .null ? "" : $0.text } }
            guard texts.allSatisfy({ $0 != nil }) else {
                throw unsupported("an array of values not written in it, looked for in a text", at: offsets.1)
            }
            sought = .text(texts.map { $0! }.joined(separator: ",").lowercased())
        } else {
            sought = .call("lower", [try textOf(part, at: offsets.1).code], kind: .text, mayBeNull: true)
        }
        if case .text(let whole)? = whole.literal, case .text(let text)? = sought.literal {
            return .bool(whole.lowercased().contains(text))
        }
        let text: String
        if let value = whole.literal {
            text = ExpressionText.string(value.text.lowercased())
        } else {
            text = "lower(\(try textOf(whole, at: offsets.0).code))"
        }
        return .call("contains", [text, sought.code], kind: .bool, mayBeNull: false)
    }
}
