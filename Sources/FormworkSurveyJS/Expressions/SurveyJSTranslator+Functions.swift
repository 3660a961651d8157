import Formwork

/// survey-core's functions (`functionsfactory.ts`): which are translated, and those of
/// values — `iif`, `sum`, `min`, `max`, `avg`, `count`, `round`, `trunc`,
/// `displayValue`. Dates are in SurveyJSTranslator+Dates.swift, the `…InArray`
/// functions in SurveyJSTranslator+Entries.swift.
extension SurveyJSWalk {
    /// survey-core's built-in functions, for "did you mean".
    static let functions = [
        "iif", "sum", "min", "max", "avg", "count", "round", "trunc", "age", "today", "currentDate", "dateDiff",
        "dateAdd", "year", "month", "day", "weekday", "getDate", "getYear", "currentYear", "diffDays", "sumInArray",
        "countInArray", "minInArray", "maxInArray", "avgInArray", "displayValue", "isDisplayMode",
        "isContainerReady", "propertyValue", "substring", "getComment",
    ]

    /// Why Formwork does not have a survey-core function (none now).
    static let unsupportedFunctions: [String: String] = [:]

    func call(
        _ name: String, _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        if let reason = Self.unsupportedFunctions[name] { throw unsupported(reason, at: offset) }
        switch name {
        case "iif": return try iif(arguments, at: offset)
        case "sum", "min", "max", "avg", "count": return try aggregate(name, arguments, at: offset)
        case "round", "trunc": return try rounded(name, arguments, at: offset)
        case "displayValue": return try displayValue(arguments, at: offset)
        case "substring": return try substring(arguments, at: offset)
        case "getComment": return try comment(arguments, at: offset)
        case "propertyValue": return try propertyValue(arguments, at: offset)
        case "isContainerReady": return try containerReady(arguments, at: offset)
        // Formwork shows no survey in display mode while it is filled.
        case "isDisplayMode": return .bool(false)
        case "sumInArray", "countInArray", "minInArray", "maxInArray", "avgInArray":
            return try inArray(name, arguments, at: offset)
        default:
            if let date = try dateCall(name, arguments, at: offset) { return date }
            // survey-core warns ("Unknown function name") and reads the call as undefined.
            if context.unknownIsEmpty { return .literal(.null) }
            let suggestion = Suggestions.closest(to: name, in: Self.functions).first
            throw TranslationError(
                .unknownFunction(name),
                message: "survey-core has no function '\(name)'"
                    + (Suggestions.didYouMean(suggestion) { "\($0)()" }.map { " (\($0))" } ?? ""),
                offset: offset)
        }
    }

    /// The translated arguments.
    func operands(_ arguments: [SurveyJSExpression]) throws(TranslationError) -> [SurveyJSOperand] {
        try arguments.map { argument throws(TranslationError) in try translate(argument) }
    }

    // MARK: Texts

    /// `substring(text, start, end)` as JavaScript's `String.substring`: positions
    /// truncated and kept within the text, swapped when `start` is after `end`; `''`
    /// when the first argument is not text or `start` is not a number. (Formwork
    /// counts characters where JavaScript counts UTF-16 units: they differ only past
    /// U+FFFF, in emoji.)
    private func substring(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard arguments.count >= 2 else { return .text("") }
        let text = try translate(arguments[0])
        guard [.text, .choice].contains(text.kind), text.literal != .null, Self.numericChoice(text) == nil else {
            return .text("")
        }
        func position(_ argument: SurveyJSExpression) throws(TranslationError) -> String? {
            let operand = try translate(argument)
            if operand.literal == .null { return nil }
            switch operand.kind {
            case .number: return operand.code
            case .text, .choice: return "number(\(operand.code))"
            case .null: return nil
            default: throw unsupported("substring() of a position that is not a number", at: argument.offset)
            }
        }
        guard let start = try position(arguments[1]) else { return .text("") }
        let source = "coalesce(\(text.code), '')"
        let fromStart = "substr(\(source), max(0, int(\(start))))"
        var code: String
        if arguments.count > 2, let end = try position(arguments[2]) {
            let (a, b) = ("int(\(start))", "int(\(end))")
            let between = "substr(\(source), max(0, min(\(a), \(b))), max(0, max(\(a), \(b))))"
            code = "if(\(end) == null, \(fromStart), \(between))"
        } else {
            code = fromStart
        }
        code = "if(\(start) == null, '', \(code))"
        return .call("coalesce", [code, "''"], kind: .text, mayBeNull: false)
    }

    /// `getComment('name')`: the question's comment (its "other" text or its comment
    /// area, `name-Comment` in the data); nothing for a question without one. With a
    /// second argument (a choice's own comment, which Formwork does not keep), its
    /// "other" choice's.
    private func comment(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard let first = arguments.first, case .text(let name)? = try translate(first).literal,
            let symbol = context.entry?(name + "-Comment") ?? context.name(name + "-Comment")
        else { return .literal(.null) }
        if arguments.count > 1, try translate(arguments[1]).literal != .text("other") { return .literal(.null) }
        return try read(symbol, asWritten: false, at: offset)
    }

    // MARK: Properties

    /// `propertyValue(name, property)`: survey-core's `question[property]`. `value` is
    /// the answer; `visible`/`isVisible`, `isRequired` and `readOnly`/`isReadOnly` what
    /// the question's `visibleIf`, `requiredIf` and `enableIf` make of them now (else
    /// what it sets, else survey-core's default); `title` its title as written (else its
    /// name), `name` its name; another property what the question's JSON gives (else
    /// empty). A name of no question reads as empty, as in survey-core.
    private func propertyValue(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard arguments.count == 2 else { return .literal(.null) }
        let named = try translate(arguments[0])
        guard case .text(let property)? = try translate(arguments[1]).literal else {
            throw unsupported(
                "propertyValue() of a property named by an answer (Formwork reads one written as text)", at: offset)
        }
        guard case .text(let name)? = named.literal else {
            // A question named by an answer: a condition property of whichever it names.
            guard ["visible", "isVisible", "isRequired", "readOnly", "isReadOnly"].contains(property),
                let table = context.properties, table.count <= Self.maximumNamedCases
            else {
                throw unsupported(
                    "propertyValue() of a question named by an answer, for '\(property)' (Formwork reads visible, "
                        + "isRequired and readOnly so, in a survey of at most \(Self.maximumNamedCases) questions)",
                    at: offset)
            }
            var cases: [(String, SurveyJSOperand)] = []
            for key in table.keys.sorted() {
                cases.append((key, try propertyValue(key, property, of: table[key]!, at: offset)))
            }
            // A name of no question reads as empty, as in survey-core.
            return try chosen(by: named, among: cases, otherwise: "null", at: offset)
        }
        guard let question = context.properties?[name] else { return .literal(.null) }
        return try propertyValue(name, property, of: question, at: offset)
    }

    /// The most pages, panels or questions a name computed from answers is compared with.
    static let maximumNamedCases = 64

    /// The condition whose name `name` is (a text operand) chooses: `if(name == 'a', …,
    /// if(name == 'b', …, otherwise))`.
    private func chosen(
        by name: SurveyJSOperand, among cases: [(String, SurveyJSOperand)], otherwise: String = "false",
        at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        let key = try text(name, at: offset).code
        var code = otherwise
        for (candidate, result) in cases.reversed() {
            let condition = result.kind == .bool ? result.code : "boolean(\(result.code))"
            code = "if(\(key) == \(ExpressionText.string(candidate)), \(condition), \(code))"
        }
        return SurveyJSOperand(code: code, kind: .bool, mayBeNull: otherwise == "null", symbol: nil)
    }

    /// `propertyValue(name, property)` of the question `name`, whose properties are `question`.
    private func propertyValue(
        _ name: String, _ property: String, of question: SurveyJSProperties, at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        switch property {
        case "value": return try variable(name, at: offset)
        case "name": return .literal(.text(name))
        case "title": return .literal(question.values["title"] ?? .text(name))
        case "visibleIf", "requiredIf", "enableIf":
            return .literal(question.conditions[property.lowercased()].map(SurveyJSValue.text) ?? .null)
        case "visible", "isVisible":
            return try propertyCondition(
                question.conditions["visibleif"], otherwise: question.values["visible"] ?? .bool(true))
        case "isRequired":
            return try propertyCondition(
                question.conditions["requiredif"], otherwise: question.values["isrequired"] ?? .bool(false))
        case "readOnly", "isReadOnly":
            return try propertyCondition(
                question.conditions["enableif"], otherwise: question.values["readonly"] ?? .bool(false),
                negated: true)
        default: return .literal(question.values[property.lowercased()] ?? .null)
        }
    }

    /// A condition of a question (`visibleIf`…) translated here, as survey-core sets a
    /// property from it (`negated`: an `enableIf` sets `readOnly`); `otherwise` without
    /// one, or with one it cannot read (survey-core ignores it).
    private func propertyCondition(
        _ written: String?, otherwise: SurveyJSValue, negated: Bool = false
    ) throws(TranslationError) -> SurveyJSOperand {
        let fallback = SurveyJSOperand.literal(otherwise)
        guard let written, context.propertyDepth < 4,
            let parsed = try? SurveyJSParser.parse(written)
        else { return fallback }
        var inner = context
        inner.propertyDepth += 1
        let walk = SurveyJSWalk(context: inner)
        let result = try walk.condition(try walk.translate(parsed), rule: .isTrue, at: parsed.offset)
        guard negated else { return result }
        return SurveyJSOperand(code: "not (\(result.code))", kind: .bool, mayBeNull: false, symbol: nil)
    }

    /// `isContainerReady(name)`: whether every question of the page, panel or dynamic
    /// panel `name` passes survey-core's checks now (`valid(…)`: required answers and
    /// rules; a question hidden by its own condition or read-only counts as ready, as
    /// survey-core skips it), every entry of a dynamic panel in it too. A name of no
    /// container reads as `false`, as in survey-core.
    private func containerReady(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard let first = arguments.first else { return .literal(.bool(false)) }
        guard arguments.count == 1 else {
            throw unsupported("isContainerReady() of one entry of a dynamic panel", at: offset)
        }
        let named = try translate(first)
        guard case .text(let name)? = named.literal else {
            // A container named by an answer: whichever it names.
            guard let table = context.containers, table.count <= Self.maximumNamedCases else {
                throw unsupported(
                    "isContainerReady() of a container named by an answer, in a survey of more than "
                        + "\(Self.maximumNamedCases) pages and panels", at: offset)
            }
            return try chosen(
                by: named, among: table.keys.sorted().map { ($0, containerReady(table[$0]!)) }, at: offset)
        }
        guard let container = context.containers?[name] else { return .literal(.bool(false)) }
        return containerReady(container)
    }

    /// Whether every field of `container` (every entry of its dynamic panels) is valid.
    private func containerReady(_ container: SurveyJSContainer) -> SurveyJSOperand {
        var parts: [String] = []
        let own = container.fields.filter { $0 != context.current?.id }
        if !own.isEmpty { parts.append("valid(" + own.map { "$" + $0 }.joined(separator: ", ") + ")") }
        for (repeatID, fields) in container.entries where !fields.isEmpty {
            parts.append("all($\(repeatID), valid(" + fields.map { "$" + $0 }.joined(separator: ", ") + "))")
        }
        guard !parts.isEmpty else { return .literal(.bool(true)) }
        return SurveyJSOperand(
            code: parts.count == 1 ? parts[0] : parts.map { "(\($0))" }.joined(separator: " and "), kind: .bool,
            mayBeNull: false, symbol: nil)
    }

    // MARK: iif

    /// `iif(condition, then, else)`: `then` when the condition is truthy.
    private func iif(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError)
        -> SurveyJSOperand
    {
        guard arguments.count >= 2 else { return .literal(.null) }
        let test = try truthy(try translate(arguments[0]), at: arguments[0].offset)
        let then = try translate(arguments[1])
        let otherwise = arguments.count > 2 ? try translate(arguments[2]) : .literal(.null)
        let offsets = (arguments[1].offset, arguments.count > 2 ? arguments[2].offset : offset)
        let (a, b, kind) = try unified(then, otherwise, at: offsets)
        return conditional(test, a, b, kind: kind)
    }

    /// Two values one expression may give, in one Formwork kind: as they are when they
    /// have one; `null` (or `''`, read as `null`) as the other's; else both as text
    /// (read as numbers where they are numbers, as survey-core would).
    func unified(
        _ first: SurveyJSOperand, _ second: SurveyJSOperand, at offsets: (Int, Int)
    ) throws(TranslationError) -> (SurveyJSOperand, SurveyJSOperand, SurveyJSOperand.Kind) {
        // A numeric choice's answer is a number in survey-core (a rating's `3`).
        let first = Self.numericChoice(first) ?? first
        let second = Self.numericChoice(second) ?? second
        func nothing(_ operand: SurveyJSOperand) -> Bool { operand.literal == .null || operand.literal == .text("") }
        for (side, offset) in [(first, offsets.0), (second, offsets.1)]
        where side.kind.isEntries || side.kind == .array {
            throw unsupported("a list or a dynamic panel's entries as one of iif()'s values", at: offset)
        }
        switch (first.kind, second.kind) {
        case let (a, b) where a == b: return (first, second, a)
        case (.text, .choice), (.choice, .text): return (first, second, .text)
        case (.null, let kind), (let kind, .null): return (first, second, kind)
        case (let kind, _) where nothing(second) && kind != .text: return (first, .null(kind), kind)
        case (_, let kind) where nothing(first) && kind != .text: return (.null(kind), second, kind)
        default:
            var a = try textOf(first, at: offsets.0)
            var b = try textOf(second, at: offsets.1)
            (a.converts, b.converts) = (true, true)
            return (a, b, .text)
        }
    }

    // MARK: Aggregates

    /// `sum`, `min`, `max`, `avg`, `count` of their arguments, arrays' values one by
    /// one, empty values left out.
    private func aggregate(
        _ name: String, _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        var values: [SurveyJSOperand] = []
        var counted: [SurveyJSOperand] = []
        func add(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) {
            switch operand.kind {
            case .array:
                for element in operand.elements { try add(element, at: offset) }
            case .entries where name == "count", .multichoice where name == "count":
                counted.append(try count(operand))
            case .null: break
            case .number, .date, .dateTime, .time: values.append(operand)
            case .text, .choice:
                if operand.literal != nil, operand.literal?.toNumber.isNaN == false {
                    values.append(.number(operand.literal!.toNumber))
                    break
                }
                guard name != "count" else {
                    values.append(operand)
                    break
                }
                values.append(.call("number", [operand.code], kind: .number, mayBeNull: true))
            default:
                throw unsupported(
                    operand.kind == .bool
                        ? "\(name)() of a boolean (survey-core counts true as 1)"
                        : "\(name)() of a list's values (survey-core reads each value of several choices as "
                            + "a number; Formwork holds them as text)",
                    at: offset)
            }
        }
        for argument in arguments { try add(try translate(argument), at: argument.offset) }
        if name == "count" {
            let known = values.filter { $0.literal != nil && $0.literal != .null }.count
            let parts =
                counted
                + values.filter { $0.literal == nil }.map { value in
                    SurveyJSOperand.call("if", [emptyCall(value).code, "0", "1"], kind: .number, mayBeNull: false)
                }
            return parts.reduce(SurveyJSOperand.number(Double(known))) { total, part in
                if total.literal == .number(0) { return part }
                return SurveyJSOperand(
                    code: total.code(.additive) + " + " + part.code(.multiplicative), kind: .number, mayBeNull: false,
                    precedence: .additive)
            }
        }
        let kinds = Set(values.map { "\($0.kind)" })
        guard kinds.count <= 1 else { throw unsupported("\(name)() of numbers and dates together", at: offset) }
        let kind = values.first?.kind ?? .number
        if kind != .number, name == "sum" || name == "avg" {
            throw unsupported("\(name)() of dates (survey-core joins them as text)", at: offset)
        }
        if values.allSatisfy({ $0.literal != nil }) {
            return .literal(Self.aggregated(name, values.compactMap { $0.literal?.toNumber }))
        }
        let list = "[" + values.map(\.code).joined(separator: ", ") + "]"
        switch name {
        case "sum":
            return .call("sum", values.count == 1 ? [list] : values.map(\.code), kind: .number, mayBeNull: false)
        case "avg":
            return .call("coalesce", ["avg(\(list))", "0"], kind: .number, mayBeNull: false)
        default:
            var result = values.count == 1 ? values[0] : .call(name, [list], kind: kind, mayBeNull: true)
            result.mayBeNull = true
            return result
        }
    }

    /// An aggregate of numbers known now.
    static func aggregated(_ name: String, _ numbers: [Double]) -> SurveyJSValue {
        let total = numbers.reduce(SurveyJSValue.number(0)) { computed(.plus, $0, .number($1)) }
        switch name {
        case "sum": return total
        case "avg": return numbers.isEmpty ? .number(0) : .number(total.toNumber / Double(numbers.count))
        case "min": return numbers.min().map { .number($0) } ?? .null
        default: return numbers.max().map { .number($0) } ?? .null
        }
    }

    // MARK: round, trunc

    /// `round(x, digits)` and `trunc(x, digits)`.
    private func rounded(
        _ name: String, _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError) -> SurveyJSOperand {
        guard let first = arguments.first else { return .literal(.null) }
        let value = try number(try translate(first), at: first.offset)
        var digits = 0.0
        if arguments.count > 1 {
            guard case .number(let written)? = try translate(arguments[1]).literal, written == written.rounded(),
                abs(written) <= 15
            else {
                throw unsupported(
                    "\(name)() to a number of decimals not written as a whole number", at: arguments[1].offset)
            }
            digits = written
        }
        if name == "round" {
            return .call(
                "round", [value.code] + (digits == 0 ? [] : [SurveyJSOperand.number(digits).code]), kind: .number,
                mayBeNull: true)
        }
        guard digits > 0 else { return .call("int", [value.code], kind: .number, mayBeNull: true) }
        let scale = SurveyJSOperand.number(pow10(digits)).code
        return SurveyJSOperand(
            code: "int(round(\(value.code(.multiplicative)) * \(scale), 6)) / \(scale)", kind: .number, mayBeNull: true,
            precedence: .multiplicative)
    }

    private func pow10(_ digits: Double) -> Double {
        (0..<Int(digits)).reduce(1.0) { total, _ in total * 10 }
    }

    /// An argument survey-core reads as a number (`Helpers.getNumber`); empty stays empty.
    func number(_ operand: SurveyJSOperand, at offset: Int) throws(TranslationError) -> SurveyJSOperand {
        if let value = operand.literal { return value == .null ? .null(.number) : .number(value.toNumber) }
        switch operand.kind {
        case .number: return operand
        case .text, .choice: return .call("number", [operand.code], kind: .number, mayBeNull: true)
        default: throw unsupported("this value read as a number", at: offset)
        }
    }

    // MARK: displayValue

    /// `displayValue('name')`: the question's value as survey-core shows it.
    private func displayValue(
        _ arguments: [SurveyJSExpression], at offset: Int
    ) throws(TranslationError)
        -> SurveyJSOperand
    {
        guard arguments.count == 1, case .literal(.text(let name), let at) = arguments[0] else {
            throw unsupported(
                "displayValue() with other than one question's name in quotes (a value to show is not translated)",
                at: offset)
        }
        // survey-core's display value is text: a checkbox's labels joined by ", ", '' unanswered.
        let shown = try display(name, at: at)
        return shown.kind == .multichoice ? try text(shown, at: at) : shown
    }
}
