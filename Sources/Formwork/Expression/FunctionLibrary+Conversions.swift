import Foundation

/// Conversions, n-ary text and arithmetic: `number`, `int`, `string`, `boolean`,
/// `coalesce`, `concat`, `pow`, `sqrt`.
extension FunctionLibrary {
    /// The most arguments an n-ary function takes (expressions are limited anyway).
    static let manyArguments = 1000

    static let conversions: [FunctionDefinition] = [numberConversion] + others

    /// `number(value)`.
    private static let numberConversion = FunctionDefinition(
        name: "number", signature: "number(value)",
        summary:
            "text read as a decimal number (null if it is not one), true 1, false 0, a date its days since 1970",
        arity: 1...1, check: scalar(.number),
        evaluate: { arguments, _ in
            switch arguments[0] {
            case .number: return arguments[0]
            case .bool(let flag): return .number(flag ? 1 : 0)
            case .date(let date): return .number(Double(date.daysSinceEpoch))
            case .string(let text):
                let trimmed = text.trimmed(.whitespaces)
                return PlainScalar.parseNumber(trimmed).map(finite) ?? .null
            default: return .null
            }
        })

    private static let others: [FunctionDefinition] = [
        FunctionDefinition(
            name: "numbers", signature: "numbers(list)",
            summary:
                "each element of a list read as number() reads it (null where it is not a number): "
                + "sum(numbers(lookup-all('prices', 'price')))",
            arity: 1...1,
            check: { types in
                if case .list = types[0] { return .success(.list(.number)) }
                return types[0] == .null
                    ? .success(.list(.number)) : .failure(ArgumentMismatch(index: 0, expected: "a list"))
            },
            evaluate: { arguments, today in
                guard case .list(let elements) = arguments[0] else { return .list([]) }
                return .list(elements.map { numberConversion.evaluate([$0], today) })
            }),
        FunctionDefinition(
            name: "int", signature: "int(value)",
            summary: "the number (or text read as one) without its fraction, toward zero: int(-3.7) is -3",
            arity: 1...1, check: scalar(.number),
            evaluate: { arguments, today in
                let converted = numberConversion.evaluate(arguments, today)
                guard case .number(let number) = converted else { return .null }
                return .number(number.rounded(.towardZero))
            }),
        FunctionDefinition(
            name: "string", signature: "string(value)",
            summary: "the value as text: 3, 'true', '2024-02-29', '14:30'; '' for null",
            arity: 1...1, check: scalar(.string),
            writingNumbers: { arguments, numbers in .string(text(of: arguments[0], numbers: numbers)) }),
        FunctionDefinition(
            name: "boolean", signature: "boolean(value)",
            summary: "false for null, 0, empty text and an empty list; true otherwise",
            arity: 1...1, check: { _ in .success(.bool) },
            evaluate: { arguments, _ in
                switch arguments[0] {
                case .null: return false
                case .bool: return arguments[0]
                case .number(let number): return .bool(number != 0 && !number.isNaN)
                case .string(let text): return .bool(!text.isEmpty)
                case .list(let elements): return .bool(!elements.isEmpty)
                default: return true
                }
            }),
        FunctionDefinition(
            name: "coalesce", signature: "coalesce(a, b, …)",
            summary: "the first argument that is not null or empty text (null if none is)",
            arity: 2...manyArguments,
            check: { types in
                var result = ValueType.null
                for (index, type) in types.enumerated() {
                    guard let unified = result.unified(with: type) else {
                        return .failure(ArgumentMismatch(index: index, expected: "\(result) like the others"))
                    }
                    result = unified
                }
                return .success(result)
            },
            evaluate: { arguments, _ in
                arguments.first { !$0.isNull && $0 != .string("") } ?? .null
            }),
        FunctionDefinition(
            name: "concat", signature: "concat(a, b, …)",
            summary: "the arguments as text, joined (null as ''; a list's elements one after another)",
            arity: 1...manyArguments, check: { _ in .success(.string) },
            writingNumbers: { arguments, numbers in
                .string(
                    arguments.map { argument in
                        if case .list(let elements) = argument {
                            return elements.map { text(of: $0, numbers: numbers) }.joined()
                        }
                        return text(of: argument, numbers: numbers)
                    }.joined())
            }),
        FunctionDefinition(
            name: "pow", signature: "pow(base, exponent)",
            summary: "base to the power of exponent (null when it overflows or is not a real number)",
            arity: 2...2, check: numbers(returning: .number),
            evaluate: { arguments, _ in
                guard let base = number(arguments[0]), let exponent = number(arguments[1]) else { return .null }
                return finite(Foundation.pow(base, exponent))
            }),
        FunctionDefinition(
            name: "sqrt", signature: "sqrt(number)",
            summary: "the square root (null for a negative number)", arity: 1...1, check: numbers(returning: .number),
            evaluate: { arguments, _ in number(arguments[0]).map { finite($0.squareRoot()) } ?? .null }),
    ]

    /// A function of one scalar (not a list, geopoint or entries) returning `result`.
    static func scalar(_ result: ValueType) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            switch types[0] {
            case .list, .entries: return .failure(ArgumentMismatch(index: 0, expected: "one value, not a list"))
            default: return .success(result)
            }
        }
    }

    /// A function whose every argument is a number.
    static func numbers(returning result: ValueType) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            for (index, type) in types.enumerated() where !accepts(type, .number) {
                return .failure(ArgumentMismatch(index: index, expected: "a number"))
            }
            return .success(result)
        }
    }

    /// A value as `string()` writes it: numbers in the form's style (`numbers`),
    /// booleans `true`/`false`, dates and times ISO 8601, a geopoint ODK's way (its
    /// parts as Java doubles where the form's numbers are Java's: `1.0 2.5 0.0 0.0`),
    /// null as ''.
    static func text(of value: Value, numbers: NumbersInText) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return numbers.text(number)
        case .string(let text): return text
        case .geopoint(let point):
            // JavaRosa writes each part as a Java double (`4.0`), the missing ones 0.0.
            guard numbers == .java else { return point.odkText }
            return [point.latitude, point.longitude, point.altitude ?? 0, point.accuracy ?? 0]
                .map(NumbersInText.javaDouble).joined(separator: " ")
        case .dateTime(let moment): return moment.description
        case .list(let elements): return elements.map { text(of: $0, numbers: numbers) }.joined(separator: " ")
        default: return value.plainText
        }
    }
}
