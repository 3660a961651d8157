import Foundation

/// A function of the condition language: its signature, its type rule and its
/// implementation. `if` and `matches` are compiled specially (lazy branches, a
/// pattern compiled once) but are described here like the others.
public struct FunctionDefinition: Sendable {
    /// The name as written in expressions.
    public let name: String
    /// The usage shown in hints, e.g. `round(number, digits)`.
    public let signature: String
    /// A one-line description for the ConditionLanguage article and `help`.
    public let summary: String
    /// How many arguments it takes.
    public let arity: ClosedRange<Int>
    /// The result type for the argument types, or the first argument that does not fit
    /// (its index and the expected type, in words).
    let check: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch>
    /// The implementation on evaluated arguments.
    let evaluate: @Sendable ([Value], LocalDate) -> Value
    /// For a function that writes numbers as text (`string`, `concat`, `join`): the
    /// implementation in the form's style (`FormDefinition.numbersInText`);
    /// `evaluate` is it in the plain style.
    private(set) var evaluateWritingNumbers: (@Sendable ([Value], NumbersInText) -> Value)?

    /// A function with its own type rule: `check` gives the result type for the argument
    /// types, or the first argument that does not fit; `evaluate` gets the arguments'
    /// values and today's date.
    public init(
        name: String, signature: String, summary: String, arity: ClosedRange<Int>,
        check: @escaping @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch>,
        evaluate: @escaping @Sendable ([Value], LocalDate) -> Value
    ) {
        self.name = name
        self.signature = signature
        self.summary = summary
        self.arity = arity
        self.check = check
        self.evaluate = evaluate
        self.evaluateWritingNumbers = nil
    }

    /// A function that writes numbers as text, in the style of the form it is
    /// evaluated in.
    init(
        name: String, signature: String, summary: String, arity: ClosedRange<Int>,
        check: @escaping @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch>,
        writingNumbers: @escaping @Sendable ([Value], NumbersInText) -> Value
    ) {
        self.init(
            name: name, signature: signature, summary: summary, arity: arity, check: check,
            evaluate: { arguments, _ in writingNumbers(arguments, .plain) })
        self.evaluateWritingNumbers = writingNumbers
    }
}

/// The sum of `numbers`; in survey-core's style (`NumbersInText.correctsDecimals`)
/// each partial sum corrected as survey-core's `sum()` corrects it.
private func correctedSum(_ numbers: [Double], _ style: NumbersInText) -> Double {
    guard style.correctsDecimals else { return numbers.reduce(0, +) }
    return numbers.reduce(0) { NumbersInText.javaScriptCorrected($0 + $1, $0, $1, multiplying: false) }
}

extension FunctionDefinition {
    /// A function with fixed parameter types, checked like the built-ins when a
    /// definition loads (arity, argument types; `null` is accepted everywhere and
    /// reaches `evaluate` as `.null`).
    ///
    /// ```swift
    /// let weekend = FunctionDefinition(name: "isWeekend", parameters: [.date], returns: .bool,
    ///                                  summary: "whether a date is a Saturday or Sunday") { arguments, _ in
    ///     guard case .date(let date) = arguments[0] else { return .null }
    ///     return .bool((date.daysSinceEpoch + 3) % 7 >= 5)   // 1970-01-01 was a Thursday
    /// }
    /// let functions = FunctionLibrary.builtIns.merging(["isWeekend": weekend]) { $1 }
    /// let form = try FormDefinition(yaml: text, functions: functions)
    /// ```
    public init(
        name: String, parameters: [ValueType], returns result: ValueType, summary: String,
        evaluate: @escaping @Sendable ([Value], LocalDate) -> Value
    ) {
        let signature = "\(name)(" + parameters.map(\.name).joined(separator: ", ") + ")"
        self.init(
            name: name, signature: signature, summary: summary, arity: parameters.count...parameters.count,
            check: { types in
                for (index, (type, expected)) in zip(types, parameters).enumerated()
                where !type.isCompatible(with: expected) {
                    return .failure(ArgumentMismatch(index: index, expected: expected.description))
                }
                return .success(result)
            },
            evaluate: evaluate)
    }
}

/// The argument of a call that does not fit its function.
public struct ArgumentMismatch: Error, Sendable {
    /// 0-based.
    public var index: Int
    /// What was expected, in words ("text or a list").
    public var expected: String

    /// The argument at `index` (from 0) does not fit; `expected` says what would, in words.
    public init(index: Int, expected: String) {
        self.index = index
        self.expected = expected
    }
}

/// The built-in functions.
public enum FunctionLibrary {
    /// Every built-in function, by name.
    public static let builtIns: [String: FunctionDefinition] = Dictionary(
        uniqueKeysWithValues: (definitions + conversions + math + dates + [label, valid] + lookups + odk + xpathText
            + checklists + geo + digests + chance + occurrences)
            .map {
                ($0.name, $0)
            })

    /// `usage` text of a built-in, for hints.
    static func signature(of name: String) -> String? { builtIns[name]?.signature }

    static func accepts(_ type: ValueType, _ allowed: ValueType...) -> Bool {
        type == .null || allowed.contains(type)
    }

    static func isList(_ type: ValueType) -> Bool {
        if case .list = type { return true }
        return type == .null
    }

    static func number(_ value: Value) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// A function's number: `NaN` is null; an infinity is kept here, and made null
    /// where the form does not keep infinities (`NumbersInText.javaArithmetic`).
    static func finite(_ number: Double) -> Value { number.isNaN ? .null : .number(number) }

    static let definitions: [FunctionDefinition] = [
        FunctionDefinition(
            name: "empty", signature: "empty(value)", summary: "true for null, empty text and an empty list",
            arity: 1...1, check: { _ in .success(.bool) },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .null: return true
                case .string(let text): return .bool(text.isEmpty)
                case .list(let elements): return .bool(elements.isEmpty)
                default: return false
                }
            }),
        FunctionDefinition(
            name: "len", signature: "len(text or list)", summary: "the number of characters or elements (0 for null)",
            arity: 1...1,
            check: { types in
                accepts(types[0], .string) || isList(types[0])
                    ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "text or a list"))
            },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .string(let text): return .number(Double(text.count))
                case .list(let elements): return .number(Double(elements.count))
                default: return 0
                }
            }),
        FunctionDefinition(
            name: "count", signature: "count(list) or count($repeat, condition)",
            summary:
                "the number of elements (0 for null); of a repeat's entries, or of those where the condition holds",
            arity: 1...1,
            check: { types in
                isList(types[0]) ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a list"))
            },
            evaluate: { arguments, _ in
                if case .list(let elements) = arguments[0] { return .number(Double(elements.count)) }
                return 0
            }),
        FunctionDefinition(
            name: "contains", signature: "contains(text, part) or contains(list, element)",
            summary: "whether text contains a part (case-sensitive) or a list an element",
            arity: 2...2,
            check: { types in
                switch (types[0], types[1]) {
                case (.string, let part) where accepts(part, .string): return .success(.bool)
                case (.list(let element), let item) where element.isCompatible(with: item): return .success(.bool)
                case (.null, _): return .success(.bool)
                case (.string, _): return .failure(ArgumentMismatch(index: 1, expected: "text"))
                case (.list(let element), _): return .failure(ArgumentMismatch(index: 1, expected: element.description))
                default: return .failure(ArgumentMismatch(index: 0, expected: "text or a list"))
                }
            },
            evaluate: { arguments, _ in
                switch (arguments[0], arguments[1]) {
                case (_, .null): return false
                case let (.string(text), .string(part)): return .bool(part.isEmpty || text.contains(part))
                case let (.list(elements), item): return .bool(elements.contains(item))
                default: return false
                }
            }),
        FunctionDefinition(
            name: "matches", signature: "matches(text, 'pattern')",
            summary: "whether the whole text matches a regular expression (false for null)",
            arity: 2...2,
            check: { types in
                guard accepts(types[0], .string) else { return .failure(ArgumentMismatch(index: 0, expected: "text")) }
                guard types[1] == .string else {
                    return .failure(ArgumentMismatch(index: 1, expected: "a pattern in quotes"))
                }
                return .success(.bool)
            },
            evaluate: { _, _ in .null }),  // compiled specially with the pattern
        FunctionDefinition(
            name: "lower", signature: "lower(text)", summary: "the text in lower case", arity: 1...1,
            check: textToText, evaluate: { arguments, _ in mapText(arguments[0]) { $0.lowercased() } }),
        FunctionDefinition(
            name: "upper", signature: "upper(text)", summary: "the text in upper case", arity: 1...1,
            check: textToText, evaluate: { arguments, _ in mapText(arguments[0]) { $0.uppercased() } }),
        FunctionDefinition(
            name: "trim", signature: "trim(text)", summary: "the text without leading and trailing white space",
            arity: 1...1, check: textToText,
            evaluate: { arguments, _ in mapText(arguments[0]) { $0.trimmed(.whitespacesAndNewlines) } }),
        FunctionDefinition(
            name: "if", signature: "if(condition, then, else)",
            summary: "then when the condition is true, else otherwise (only the chosen branch is evaluated)",
            arity: 3...3,
            check: { types in
                guard accepts(types[0], .bool) else {
                    return .failure(ArgumentMismatch(index: 0, expected: "a boolean"))
                }
                guard let type = types[1].unified(with: types[2]) else {
                    return .failure(ArgumentMismatch(index: 2, expected: "\(types[1]) like the second argument"))
                }
                return .success(type)
            },
            evaluate: { arguments, _ in arguments[0].isTrue ? arguments[1] : arguments[2] }),  // compiled lazily
        FunctionDefinition(
            name: "today", signature: "today()", summary: "today's date", arity: 0...0,
            check: { _ in .success(.date) }, evaluate: { _, today in .date(today) }),
        FunctionDefinition(
            name: "age", signature: "age(date)", summary: "whole years from the date until today (null for null)",
            arity: 1...1,
            check: { types in
                accepts(types[0], .date) ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a date"))
            },
            evaluate: { arguments, today in
                if case .date(let date) = arguments[0] { return .number(Double(date.wholeYears(until: today))) }
                return .null
            }),
        FunctionDefinition(
            name: "round", signature: "round(number, digits)",
            summary: "the number rounded half away from zero to digits decimals (default 0)",
            arity: 1...2,
            check: { types in
                for (index, type) in types.enumerated() where !accepts(type, .number) {
                    return .failure(ArgumentMismatch(index: index, expected: "a number"))
                }
                return .success(.number)
            },
            evaluate: { arguments, _ in
                guard let value = number(arguments[0]) else { return .null }
                let digits = arguments.count > 1 ? number(arguments[1]) : 0
                guard let digits, digits == digits.rounded(), abs(digits) <= 15 else { return .null }
                let scale = pow(10, digits)
                return finite((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
            }),
        FunctionDefinition(
            name: "date", signature: "date('YYYY-MM-DD')",
            summary: "the date written as text (null if it is not a date)",
            arity: 1...1,
            check: { types in
                accepts(types[0], .string) ? .success(.date) : .failure(ArgumentMismatch(index: 0, expected: "text"))
            },
            evaluate: { arguments, _ in
                if case .string(let text) = arguments[0], let date = LocalDate(text) { return .date(date) }
                return .null
            }),
        FunctionDefinition(
            name: "min", signature: "min(a, b, …) or min(list)",
            summary:
                "the smaller of numbers, dates or times (null if one is null); the smallest of a list (nulls left out)",
            arity: 1...manyArguments, check: orderedPairOrList,
            evaluate: { arguments, _ in
                arguments.count == 1 ? extreme(arguments[0], smaller: true) : pickAll(arguments, smaller: true)
            }),
        FunctionDefinition(
            name: "max", signature: "max(a, b, …) or max(list)",
            summary:
                "the larger of numbers, dates or times (null if one is null); the largest of a list (nulls left out)",
            arity: 1...manyArguments, check: orderedPairOrList,
            evaluate: { arguments, _ in
                arguments.count == 1 ? extreme(arguments[0], smaller: false) : pickAll(arguments, smaller: false)
            }),
        FunctionDefinition(
            name: "sum", signature: "sum(list of numbers) or sum(a, b, …)",
            summary: "the sum of the numbers in a list, or of the arguments (nulls left out; 0 for none)",
            arity: 1...manyArguments,
            check: { types in types.count == 1 ? listOfNumbers(types) : numbers(returning: .number)(types) },
            writingNumbers: { arguments, style in
                let all = arguments.count == 1 ? numbers(in: arguments[0]) : arguments.compactMap(number)
                return finite(correctedSum(all, style))
            }),
        FunctionDefinition(
            name: "avg", signature: "avg(list of numbers)",
            summary: "the mean of the numbers in a list (nulls left out; null for none)", arity: 1...1,
            check: listOfNumbers,
            writingNumbers: { arguments, style in
                let numbers = numbers(in: arguments[0])
                return numbers.isEmpty ? .null : finite(correctedSum(numbers, style) / Double(numbers.count))
            }),
        FunctionDefinition(
            name: "any", signature: "any($repeat, condition)",
            summary: "whether the condition holds in some entry of a repeat: any($members, $age < 5)", arity: 2...2,
            check: { _ in .failure(ArgumentMismatch(index: 0, expected: "the entries of a repeat")) },
            evaluate: { _, _ in .null }),
        FunctionDefinition(
            name: "all", signature: "all($repeat, condition)",
            summary: "whether the condition holds in every entry of a repeat (true for none)", arity: 2...2,
            check: { _ in .failure(ArgumentMismatch(index: 0, expected: "the entries of a repeat")) },
            evaluate: { _, _ in .null }),
        FunctionDefinition(
            name: "index", signature: "index()", summary: "the position (from 1) of the entry the expression is in",
            arity: 0...0, check: { _ in .success(.number) }, evaluate: { _, _ in .null }),
        FunctionDefinition(
            name: "abs", signature: "abs(number)", summary: "the absolute value", arity: 1...1,
            check: { types in
                accepts(types[0], .number)
                    ? .success(.number) : .failure(ArgumentMismatch(index: 0, expected: "a number"))
            },
            evaluate: { arguments, _ in number(arguments[0]).map { .number(abs($0)) } ?? .null }),
    ]

    static let textToText: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> = { types in
        accepts(types[0], .string) ? .success(.string) : .failure(ArgumentMismatch(index: 0, expected: "text"))
    }

    static let orderedPair: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> = { types in
        guard accepts(types[0], .number, .date, .time, .dateTime) else {
            return .failure(ArgumentMismatch(index: 0, expected: "a number or a date"))
        }
        var type = types[0]
        for index in types.indices.dropFirst() {
            guard let unified = type.unified(with: types[index]), accepts(unified, .number, .date, .time, .dateTime)
            else {
                return .failure(
                    ArgumentMismatch(index: index, expected: type == .null ? "a number or a date" : type.description))
            }
            type = unified
        }
        return .success(type)
    }

    static func mapText(_ value: Value, _ transform: (String) -> String) -> Value {
        if case .string(let text) = value { return .string(transform(text)) }
        return .null
    }

    static let orderedPairOrList: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> = { types in
        guard types.count == 1 else { return orderedPair(types) }
        switch types[0] {
        case .list(let element) where accepts(element, .number, .date, .time, .dateTime): return .success(element)
        case .null: return .success(.null)
        default: return .failure(ArgumentMismatch(index: 0, expected: "a list of numbers or dates, or two values"))
        }
    }

    static let listOfNumbers: @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> = { types in
        switch types[0] {
        case .list(let element) where accepts(element, .number): return .success(.number)
        case .null: return .success(.number)
        default: return .failure(ArgumentMismatch(index: 0, expected: "a list of numbers"))
        }
    }

    /// The numbers of a list, nulls left out.
    static func numbers(in list: Value) -> [Double] {
        guard case .list(let elements) = list else { return [] }
        return elements.compactMap(number)
    }

    /// The smallest or largest number or date of a list, nulls left out.
    static func extreme(_ list: Value, smaller: Bool) -> Value {
        guard case .list(let elements) = list else { return .null }
        var best: Value = .null
        for element in elements where !element.isNull {
            if best.isNull {
                best = element
                continue
            }
            let picked = pick([best, element], smaller: smaller)
            if !picked.isNull { best = picked }
        }
        return best
    }

    static func pick(_ arguments: [Value], smaller: Bool) -> Value {
        guard let order = Semantics.order(arguments[0], arguments[1]) else { return .null }
        return (order <= 0) == smaller ? arguments[0] : arguments[1]
    }

    /// The smallest or largest of the arguments; null if one is null.
    static func pickAll(_ arguments: [Value], smaller: Bool) -> Value {
        var best = arguments[0]
        for argument in arguments.dropFirst() {
            best = pick([best, argument], smaller: smaller)
            if best.isNull { return .null }
        }
        return best
    }
}
