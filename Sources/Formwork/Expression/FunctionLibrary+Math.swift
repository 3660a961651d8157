import Foundation

/// Exponentials, logarithms and trigonometry (angles in radians), as ODK's XPath
/// has them: each is null where its result is not a finite number (`log(0)`,
/// `asin(2)`), as `sqrt` is.
extension FunctionLibrary {
    static let math: [FunctionDefinition] =
        [
            unary("exp", "e to the power of the number", Foundation.exp),
            unary("exp10", "10 to the power of the number", { Foundation.pow(10, $0) }),
            unary("log", "the natural logarithm (null for 0 and below)", Foundation.log),
            unary("log10", "the base-10 logarithm (null for 0 and below)", Foundation.log10),
            unary("sin", "the sine of an angle in radians", Foundation.sin),
            unary("cos", "the cosine of an angle in radians", Foundation.cos),
            unary("tan", "the tangent of an angle in radians", Foundation.tan),
            unary("asin", "the angle in radians whose sine is the number (null outside -1…1)", Foundation.asin),
            unary("acos", "the angle in radians whose cosine is the number (null outside -1…1)", Foundation.acos),
            unary("atan", "the angle in radians whose tangent is the number", Foundation.atan),
        ] + [
            FunctionDefinition(
                name: "atan2", signature: "atan2(y, x)",
                summary: "the angle in radians of the point (x, y) from the x axis, from -π to π", arity: 2...2,
                check: numbers(returning: .number),
                evaluate: { arguments, _ in
                    guard let y = number(arguments[0]), let x = number(arguments[1]) else { return .null }
                    return finite(Foundation.atan2(y, x))
                }),
            FunctionDefinition(
                name: "pi", signature: "pi()", summary: "π, 3.141592653589793", arity: 0...0,
                check: { _ in .success(.number) }, evaluate: { _, _ in .number(Double.pi) }),
        ]

    /// `name(number)`: `compute` of a number, null where it is not finite.
    private static func unary(
        _ name: String, _ summary: String, _ compute: @escaping @Sendable (Double) -> Double
    ) -> FunctionDefinition {
        FunctionDefinition(
            name: name, signature: "\(name)(number)", summary: summary, arity: 1...1,
            check: numbers(returning: .number),
            evaluate: { arguments, _ in number(arguments[0]).map { finite(compute($0)) } ?? .null })
    }
}
