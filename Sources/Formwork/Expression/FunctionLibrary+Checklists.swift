import Foundation

/// ODK's counting of conditions (`checklist`, `weighted-checklist`) and
/// `base64-decode`, computed as JavaRosa computes them.
extension FunctionLibrary {
    static let checklists: [FunctionDefinition] = [
        FunctionDefinition(
            name: "checklist", signature: "checklist(min, max, condition, …)",
            summary: "whether the number of conditions that hold is at least min and at most max (-1: no bound)",
            arity: 3...manyArguments, check: boundsThenFlags(pairs: false),
            evaluate: { arguments, _ in
                guard let min = number(arguments[0]), let max = number(arguments[1]) else { return false }
                let count = Double(arguments.dropFirst(2).filter { $0 == .bool(true) }.count)
                return .bool((min < 0 || count >= min) && (max < 0 || count <= max))
            }),
        FunctionDefinition(
            name: "weighted-checklist", signature: "weighted-checklist(min, max, condition, weight, …)",
            summary: "whether the weights of the conditions that hold add up to at least min (-1: no bound) and at "
                + "most max (as JavaRosa: -1 there is a bound no sum meets)",
            arity: 4...manyArguments, check: boundsThenFlags(pairs: true),
            evaluate: { arguments, _ in
                guard let min = number(arguments[0]), let max = number(arguments[1]) else { return false }
                var sum = 0.0
                var index = 2
                while index + 1 < arguments.count {
                    if arguments[index] == .bool(true) { sum += number(arguments[index + 1]) ?? 0 }
                    index += 2
                }
                return .bool(sum >= min && sum <= max)
            }),
        FunctionDefinition(
            name: "base64-decode", signature: "base64-decode(text)",
            summary: "the text whose base64 encoding this is, read as UTF-8 ('' when it is not base64)", arity: 1...1,
            check: texts(1),
            evaluate: { arguments, _ in
                guard case .string(let text) = arguments[0], let data = Data(base64Encoded: text) else {
                    return .string("")
                }
                return .string(String(decoding: data, as: UTF8.self))
            }),
    ]

    /// Two numbers, then conditions (with `pairs`, each followed by its weight, a
    /// number).
    static func boundsThenFlags(pairs: Bool) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            for index in 0..<2 where !accepts(types[index], .number) {
                return .failure(ArgumentMismatch(index: index, expected: "a number"))
            }
            if pairs, types.count % 2 != 0 {
                return .failure(ArgumentMismatch(index: types.count - 1, expected: "a weight after each condition"))
            }
            for (index, type) in types.enumerated().dropFirst(2) {
                let isWeight = pairs && (index - 2) % 2 == 1
                if !accepts(type, isWeight ? .number : .bool) {
                    return .failure(ArgumentMismatch(index: index, expected: isWeight ? "a number" : "a condition"))
                }
            }
            return .success(.bool)
        }
    }
}
