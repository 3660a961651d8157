/// Where a value is in a list: what a rule needs to say that entries hold different
/// values (`occurrences($members.id, $id) == 1`, or, flagging only the later ones,
/// `index-of($members.id, $id) == index()`).
extension FunctionLibrary {
    static let occurrences: [FunctionDefinition] = [
        FunctionDefinition(
            name: "occurrences", signature: "occurrences(list, value)",
            summary: "how many elements of a list equal the value (0 for null)", arity: 2...2,
            check: listAndElement(returning: .number),
            evaluate: { arguments, _ in
                guard !arguments[1].isNull, case .list(let elements) = arguments[0] else { return 0 }
                return .number(Double(elements.filter { $0 == arguments[1] }.count))
            }),
        FunctionDefinition(
            name: "index-of", signature: "index-of(list, value)",
            summary: "the position, from 1, of the first element of a list equal to the value (null when none is)",
            arity: 2...2, check: listAndElement(returning: .number),
            evaluate: { arguments, _ in
                guard !arguments[1].isNull, case .list(let elements) = arguments[0],
                    let index = elements.firstIndex(of: arguments[1])
                else { return .null }
                return .number(Double(index + 1))
            }),
    ]

    /// A list, then a value of its elements' type.
    private static func listAndElement(
        returning result: ValueType
    ) -> @Sendable ([ValueType]) -> Result<ValueType, ArgumentMismatch> {
        { types in
            switch types[0] {
            case .list(let element):
                guard accepts(types[1], element) || element == .null else {
                    return .failure(ArgumentMismatch(index: 1, expected: element.description))
                }
                return .success(result)
            case .null: return .success(result)
            default: return .failure(ArgumentMismatch(index: 0, expected: "a list"))
            }
        }
    }
}
